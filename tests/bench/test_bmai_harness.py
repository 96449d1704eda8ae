"""bench/bmai_vs_rulepress.py: its game loop, BMAI turns, resume and tables, without BMAI.

The engine side is the plain-dice stand-in (bmai_plain_round.py, same interface as the
coming rulepress.engine.buttonmen.round_play and .policies); BMAI is a stand-in script
that answers in BMAI's format with the first Power attack it finds (or a chosen answer).
"""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bmai import adapter, matchups, notation, protocol  # noqa: E402
import bmai_plain_round as plain  # noqa: E402
import bmai_vs_rulepress as bench  # noqa: E402

FIRST_POWER = """
lines = text.splitlines()
if 'getaction' in lines:
    with open(LOG, 'a') as f:
        f.write('decision\\n')
    n0 = int(lines[2].split()[2])
    mine = [int(d.split(':')[1]) for d in lines[3:3 + n0]]
    n1 = int(lines[3 + n0].split()[2])
    theirs = [int(d.split(':')[1]) for d in lines[4 + n0:4 + n0 + n1]]
    move = next(((i, j) for i, a in enumerate(mine) for j, t in enumerate(theirs)
                 if a >= t), None)
    print('action')
    print('pass' if move is None else 'power\\n%d\\n%d' % move)
"""


def fake_bmai(tmp_path: Path, body: str) -> Path:
    script = tmp_path / "fake-bmai"
    log = tmp_path / "decisions.log"
    script.write_text(f"#!{sys.executable}\nimport sys\nLOG = {str(log)!r}\n"
                      f"text = sys.stdin.read()\n{body}\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def decisions(tmp_path: Path) -> int:
    log = tmp_path / "decisions.log"
    return len(log.read_text().splitlines()) if log.exists() else 0


AVIS = matchups.by_id("avis-hammer")


def test_rounds_between_policies_are_seeded_and_play_only_listed_moves(monkeypatch):
    listed = []
    real = plain.apply_move

    def checked(state, move):
        assert any(adapter.same_move(move, m) for m in plain.legal_moves(state))
        listed.append(move["type"])
        return real(state, move)

    monkeypatch.setattr(plain, "apply_move", checked)
    runs = [bench.play_round(plain, plain, AVIS, seed, ("maximize", "random"), None)
            for seed in (3, 3, 4)]
    assert runs[0]["points"] == runs[1]["points"] and runs[0]["moves"] == runs[1]["moves"]
    assert all(r["points"] in (0.0, 0.5, 1.0) for r in runs)
    assert "power" in listed or "skill" in listed


def test_bmai_turns_go_through_the_adapter_and_its_moves_are_checked(tmp_path):
    binary = fake_bmai(tmp_path, FIRST_POWER)
    got = bench.play_round(plain, plain, AVIS, 5, ("maximize", protocol.Settings(ply=1)),
                           binary)
    assert "points" in got, got
    assert decisions(tmp_path) == len(got["cpu_ms"][1]) > 0
    assert len(got["ms"][0]) + len(got["ms"][1]) == got["moves"]


def test_a_bmai_move_the_engine_does_not_list_voids_the_game(tmp_path):
    # all five dice on their die 0: not a legal Skill attack at this seed's first BMAI turn
    binary = fake_bmai(tmp_path, "if 'getaction' in text:\n"
                                 "    print('action\\nskill\\n0 1 2 3 4\\n0')")
    got = bench.play_round(plain, plain, AVIS, 5, (protocol.Settings(ply=1), "maximize"),
                           binary)
    assert "void" in got and "does not list" in got["void"]
    assert got["bmai_input"].startswith("game 1\nfight\nplayer 0 5 ")


def test_the_position_bmai_gets_is_the_movers_view_with_engine_scores():
    state = plain.new_round(AVIS.sides[0].request(), AVIS.sides[1].request(), 9)
    state = plain.apply_move(state, plain.choose_move(state, "maximize", None))
    mover = adapter.whose_turn(state)
    position = adapter.position_from_state(state)
    assert position.players[0].dice == tuple(notation.die_text(d) for d in state.live[mover])
    assert position.players[1].dice == tuple(notation.die_text(d)
                                             for d in state.live[1 - mover])
    assert position.players[0].score == state.scores[mover]
    assert sum(p.score for p in position.players) == sum(state.scores)


def test_strength_table_resumes_from_its_log(tmp_path, capsys, monkeypatch):
    binary = fake_bmai(tmp_path, FIRST_POWER)
    out = tmp_path / "strength.jsonl"
    monkeypatch.setattr(bench.matchups, "STRENGTH", (AVIS,))
    bench.strength(plain, plain, binary, "maximize", [1], 2, set(), out)
    first = decisions(tmp_path)
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(g["seed"], g["seat"]) for g in games] == [(1, 0), (1, 1), (2, 0), (2, 1)]
    table = capsys.readouterr().out
    assert "avis-hammer" in table and "all" in table and "W-D-L" in table
    bench.strength(plain, plain, binary, "maximize", [1], 2, set(), out)
    assert decisions(tmp_path) == first  # nothing replayed
    assert len(out.read_text().splitlines()) == 4


def test_agreement_table_reads_bmai_from_the_fixture(capsys):
    bench.agreement(plain, plain, 30, {"tanya-tony", "tie-d4"})
    table = capsys.readouterr().out
    rows = [line for line in table.splitlines() if line.startswith(("tanya-tony", "tie-d4"))]
    assert len(rows) == 2 and "0.8054" in rows[0] and "0.6247" in rows[1]


def test_the_engine_plays_bmai_through_the_same_loop(tmp_path):
    """The script's real engine side (bench/bmai/engine_side.py): a whole round against the
    stand-in BMAI, every BMAI move listed by the engine, our moves legal."""
    round_play, policies = bench.load_engine()
    binary = fake_bmai(tmp_path, FIRST_POWER)
    got = bench.play_round(round_play, policies, AVIS, 7,
                           ("maximize", protocol.Settings(ply=1)), binary)
    assert "points" in got and got["points"] in (0.0, 0.5, 1.0), got
    assert decisions(tmp_path) == len(got["cpu_ms"][1]) > 0
    again = bench.play_round(round_play, policies, AVIS, 7,
                             ("maximize", protocol.Settings(ply=1)), binary)
    assert again["points"] == got["points"] and again["moves"] == got["moves"]
