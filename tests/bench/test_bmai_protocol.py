"""bench/bmai: BMAI's text protocol and notation, without BMAI.

Answers are parsed from text in the shape BMAI prints (BMC_Parser::SendAttack and friends);
running a binary is checked with a small stand-in script that answers like BMAI does,
including its way of failing (the message on stdout, exit status 1).
"""

from __future__ import annotations

import os
import stat
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bmai import matchups, notation, protocol  # noqa: E402
from rulepress.engine.buttonmen.dice import Die  # noqa: E402

HEADER = ("BMAI: the Button Men AI\nVersion: v3.0-51-g1fcb826\np0 s31.0 Dice (0)4:1 (0)10:1\n"
          "stats 2/5-100/400/0.50 Time: 0.000000 s Sim: 10\n")


def answer(*lines: str, best: str = "") -> str:
    return HEADER + best + "action\n" + "".join(line + "\n" for line in lines)


def test_position_text_follows_the_parser_layout():
    position = protocol.Position((protocol.Player(("4:1", "10:1"), Fraction(63, 2)),
                                  protocol.Player(("z20:20", "p20:2"), 40)))
    assert position.text() == ("game 1\nfight\nplayer 0 2 31.5\n4:1\n10:1\n"
                               "player 1 2 40\nz20:20\np20:2\n")


def test_scores_are_written_as_bmai_reads_them():
    assert protocol.score_text(Fraction(55, 2)) == "27.5"
    assert protocol.score_text(12) == "12"
    assert protocol.score_text(-7.5) == "-7.5"
    assert protocol.score_text(Fraction(-4)) == "-4"


def test_settings_lines_for_the_shared_ai_and_for_one_player():
    bagels = protocol.Settings()
    assert bagels.lines() == ["ply 2", "max_sims 100", "min_sims 5", "maxbranch 400"]
    assert protocol.Settings(ply=1).lines(0) == ["ply 0 1", "max_sims 0 100", "min_sims 0 5",
                                                 "maxbranch 0 400"]
    assert bagels.common() == ["seed 1", "surrender off", "debugply 1"]
    text = protocol.decision_text(protocol.Position((protocol.Player(("4:1",)),
                                                     protocol.Player(("4:2",)))), bagels)
    assert text.endswith("maxbranch 400\ngetaction\n")
    assert "sims 1" not in text.replace("max_sims", "").replace("min_sims", "")


@pytest.mark.parametrize("lines, move", [
    (["pass"], {"type": "pass", "attackers": [], "targets": []}),
    (["surrender"], {"type": "surrender", "attackers": [], "targets": []}),
    (["power", "2", "0"], {"type": "power", "attackers": [2], "targets": [0]}),
    (["skill", "3 0 1", "1"], {"type": "skill", "attackers": [0, 1, 3], "targets": [1]}),
    (["speed", "0", "2 1"], {"type": "speed", "attackers": [0], "targets": [1, 2]}),
    (["trip", "1", "0"], {"type": "trip", "attackers": [1], "targets": [0]}),
    (["power", "0", "1", "swing X 12"],
     {"type": "power", "attackers": [0], "targets": [1], "turbo": {"swing": "X", "sides": 12}}),
    (["skill", "0 1", "0", "option 1 8"],
     {"type": "skill", "attackers": [0, 1], "targets": [0], "turbo": {"die": 1, "sides": 8}}),
])
def test_every_kind_of_answer_becomes_a_neutral_move(lines, move):
    assert protocol.parse_move(answer(*lines)) == move


def test_the_estimate_is_read_from_the_top_level_best_move_line():
    best = ("l2 p1 best move (66.0 points, 44.0% win) attack power\n"
            "l1 p0 best move (83.0 points, 55.3% win) attack skill - (0)4:1 + (0)10:1\n")
    assert protocol.parse_estimate(answer("skill", "0 1", "1", best=best)) == \
        pytest.approx(0.553)
    assert protocol.parse_estimate(answer("pass")) is None


@pytest.mark.parametrize("bad", [HEADER, answer("power", "0"), answer("poke", "0", "0"),
                                 answer("power", "0", "1", "swing X"),
                                 answer("power", "a", "1")])
def test_an_answer_in_an_unknown_shape_is_an_error_not_a_guess(bad):
    with pytest.raises(protocol.BmaiError):
        protocol.parse_move(bad)


def test_swing_answers_list_each_letter_and_option_die():
    assert protocol.parse_sizes(answer("swing X 10", "swing V 6", "option 3 20")) == \
        {"swing": {"X": 10, "V": 6}, "options": {3: 20}}
    assert protocol.parse_sizes(answer("pass")) == {"swing": {}, "options": {}}


@pytest.mark.parametrize("die, text", [
    (Die((20,), ("p",), 2), "p20:2"),
    (Die((12,), ("?",), 5, swing="X", kind="swing"), "X?-12:5"),
    (Die((10,), ("z", "!"), 4, swing="X", kind="swing"), "zX!-10:4"),
    (Die((8,), (), 3, kind="option", options=(4, 8)), "4/8-8:3"),
    (Die((5, 5), (), 7, swing="X", kind="twin", swing_halves=(True, True)), "(X,X)-5:7"),
    (Die((6, 4), ("s",), 2, swing="X", kind="twin", swing_halves=(False, True)),
     "s(6,X)-4:2"),
    (Die((4, 4), ("p",), 4, kind="twin"), "p(4,4):4"),
    (Die((34,), ("o", "m")), "om34"),
])
def test_engine_dice_in_bmai_notation(die, text):
    assert notation.die_text(die) == text


def test_button_rules_bmai_can_play_become_die_marks():
    assert notation.die_text(Die((6,), ("s",), 3), notation.button_marks("no-skill-attacks")) \
        == "s~6:3"
    assert notation.button_marks("skill-immune") == "I"
    assert notation.button_marks(None) == ""
    with pytest.raises(notation.NotInBmai):
        notation.button_marks("slow")


@pytest.mark.parametrize("die", [Die((6,), ("F",), 3), Die((20,), ("#",), 3),
                                 Die((20,), (), 3, kind="wildcard")])
def test_dice_bmai_does_not_have_are_refused_by_name(die):
    with pytest.raises(notation.NotInBmai, match="BMAI has no"):
        notation.die_text(die)


def test_skills_bmai_reads_but_does_not_play_are_reported():
    assert notation.ignored_skills("+D") == [notation.PARSED_NOT_PLAYED["+"],
                                            notation.PARSED_NOT_PLAYED["D"]]
    assert notation.ignored_skills("ps") == []


def test_recipes_become_preround_dice_with_their_sizes_locked():
    assert notation.recipe_dice("(4) (4/8) z(X)? (X,X) rn(R)", {"X": 10}, [8]) == \
        ("4", "4/8-8", "zX?-10", "(X,X)-10", "rnR")
    with pytest.raises(notation.NotInBmai, match="4 or 8"):
        notation.recipe_dice("(4/8)", {}, [6])


def test_every_matchup_converts_and_locks_every_size():
    for m in matchups.ALL:
        for side in m.sides:
            for die in notation.recipe_dice(side.recipe, side.swing, list(side.options)):
                needs_size = any(c in die for c in "PQRSTUVWXYZ/")
                assert not needs_size or "-" in die, (m.id, die)


def fake_bmai(tmp_path: Path, body: str) -> Path:
    """An executable that reads stdin and answers like BMAI (a Python script)."""
    script = tmp_path / "fake-bmai"
    script.write_text(f"#!{sys.executable}\nimport sys\ntext = sys.stdin.read()\n{body}\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_a_binary_is_run_and_its_move_parsed(tmp_path):
    binary = fake_bmai(tmp_path, "assert 'getaction' in text and text.endswith('quit\\n')\n"
                                 "print('l1 p0 best move (9.0 points, 45.0% win) x')\n"
                                 "print('action'); print('skill'); print('1 0'); print('0')")
    position = protocol.Position((protocol.Player(("4:1", "10:1")),
                                  protocol.Player(("20:2",))))
    decision = protocol.get_action(binary, position, protocol.Settings(ply=1))
    assert decision.move == {"type": "skill", "attackers": [0, 1], "targets": [0]}
    assert decision.estimate == pytest.approx(0.45)
    assert decision.seconds >= 0 and decision.cpu_seconds >= 0


def test_bmai_stopping_on_bad_input_is_reported_with_its_message(tmp_path):
    binary = fake_bmai(tmp_path, "print('unrecognized command: sims 150'); sys.exit(1)")
    with pytest.raises(protocol.BmaiError, match="unrecognized command: sims 150"):
        protocol.run(binary, "game\n")


def test_playfair_and_compare_results_are_counted(tmp_path):
    fair = fake_bmai(tmp_path, "\n".join(
        f"print('P{p} stats: initiative P{i} games {g} wins {w} losses {g - w} percent 1%')"
        for p, i, g, w in ((0, 0, 6, 4), (0, 1, 4, 1), (1, 1, 4, 3), (1, 0, 6, 2))))
    position = protocol.Position((protocol.Player(("4",)), protocol.Player(("4",))),
                                 phase="preround")
    got = protocol.playfair(fair, position, 10)
    assert (got["wins"], got["losses"]) == (5, 5)
    assert got["by_initiative"] == {"p0_first": {"wins": 4, "losses": 2},
                                    "p1_first": {"wins": 1, "losses": 3}}
    with pytest.raises(protocol.BmaiError, match="counted 10 games, asked for 12"):
        protocol.playfair(fair, position, 12)
    over = fake_bmai(tmp_path, "assert 'ai 0 2' in text and 'ply 1 2' in text\n"
                               "print('matches over 7 - 3')")
    got = protocol.compare(over, position, 10, (protocol.Settings(ply=1),
                                                 protocol.Settings(ply=2)))
    assert (got["wins"], got["losses"]) == (7, 3)


def test_a_missing_binary_names_how_to_get_one(tmp_path, monkeypatch):
    monkeypatch.delenv(protocol.ENV_VAR, raising=False)
    with pytest.raises(protocol.BmaiError, match="build BMAI from its own README"):
        protocol.find_binary(None)
    with pytest.raises(protocol.BmaiError, match="not an executable"):
        protocol.find_binary(str(tmp_path / "nothing"))
    binary = fake_bmai(tmp_path, "pass")
    monkeypatch.setenv(protocol.ENV_VAR, str(binary))
    assert protocol.find_binary(None) == binary
    assert os.access(protocol.find_binary(str(binary)), os.X_OK)
