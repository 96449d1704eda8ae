"""tests/fixtures/bmai: BMAI's pinned answers are whole, consistent and mean what they say.

The fixture is BMAI's Maximize-vs-Maximize win count per match-up (bench/bmai_pin.py). Here:
its provenance is complete; each row is the match-up bench/bmai/matchups.py lists, sent to
BMAI as that code would send it today; the counts and intervals add up; and on plain dice
a stand-in written from BMAI's source (bmai_plain_round.py, seeded) lands inside the
combined intervals, while the one match-up chosen to show BMAI's initiative-tie rule holds
the exact value that rule gives.
"""

from __future__ import annotations

import json
import random
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bmai import matchups, stats  # noqa: E402
import bmai_pin  # noqa: E402
import bmai_plain_round as plain  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "bmai" / "maximize.json"
PINNED = json.loads(FIXTURE.read_text(encoding="utf-8"))
ROWS = {row["id"]: row for row in PINNED["matchups"]}


def test_provenance_names_bmai_commit_build_and_method():
    about = PINNED["bmai"]
    assert re.fullmatch(r"[0-9a-f]{40}", about["commit"])
    assert about["version_line"].startswith("v3.0-") and about["commit"][:7] in \
        about["version_line"]
    assert about["repository"].startswith("pappde/bmai")
    assert "playfair N 1 1" in PINNED["about"] and "Wilson" in PINNED["interval"]


def test_every_matchup_is_pinned_as_the_bench_lists_it():
    assert list(ROWS) == [m.id for m in matchups.ALL]
    for m in matchups.ALL:
        row = ROWS[m.id]
        for key, side in zip(("mine", "theirs"), m.sides):
            pinned = {k: v for k, v in row[key].items() if k != "name"}
            assert pinned == side.request(), (m.id, key)
        sent = bmai_pin.preround(m).text().splitlines()
        assert row["bmai_input"][:len(sent)] == sent, m.id
        assert row["bmai_input"][len(sent):] == [f"seed {row['seed']}",
                                                  f"playfair {row['games']} 1 1"]
        assert row["strength"] == m.strength and row["rule_differences"] == m.note


def test_counts_and_intervals_add_up():
    for row in PINNED["matchups"]:
        assert row["wins"] + row["losses"] == row["games"] >= 2000
        split = row["by_initiative"]
        assert sum(s["wins"] for s in split.values()) == row["wins"]
        assert sum(s["losses"] for s in split.values()) == row["losses"]
        assert row["p_win_decisive"] == round(row["wins"] / row["games"], 5)
        lo, hi = stats.wilson(row["wins"], row["games"])
        assert row["wilson95"] == [round(lo, 5), round(hi, 5)]
        assert Fraction(row["rulepress_initiative_full_tie"]) >= 0


def test_the_strength_ladder_has_its_six_matchups():
    assert [r["id"] for r in PINNED["matchups"] if r["strength"]] == \
        ["avis-hammer", "bauer-stark", "karl-iago", "niles-avis", "hammer-bauer", "stark-karl"]


def test_the_tie_matchup_holds_bmai_rule_exactly():
    """Two d4s: the higher roll captures; BMAI gives equal rolls to player 0, so 5/8."""
    row = ROWS["tie-d4"]
    lo, hi = row["wilson95"]
    assert lo <= 5 / 8 <= hi
    assert not lo <= 1 / 2 <= hi  # BMO's random tie-break gives exactly 1/2
    assert row["rulepress_initiative_full_tie"] == "1/4"


def play(m: matchups.Matchup, rounds: int, tie: str) -> tuple[int, int]:
    wins = losses = 0
    for seed in range(rounds):
        state = plain.new_round(m.sides[0].request(), m.sides[1].request(), seed, tie)
        rng = random.Random(seed)
        while not plain.is_over(state):
            state = plain.apply_move(state, plain.choose_move(state, "maximize", rng))
        winner = plain.result(state)["winner"]
        wins += winner == "mine"
        losses += winner == "theirs"
    return wins, losses


@pytest.mark.parametrize("ident", ["tanya-tony", "avis-hammer-x4", "stark-karl"])
def test_bmai_rules_read_from_its_source_reproduce_its_answers(ident):
    """Seeded, so the same every run: 1,500 rounds of the stand-in's Maximize (BMAI's move
    order and tie rule) agree with BMAI's pinned rate within the combined intervals."""
    wins, losses = play(matchups.by_id(ident), 1500, "player0")
    ours = wins / (wins + losses)
    row = ROWS[ident]
    assert stats.agree(ours, stats.wilson(wins, wins + losses), row["p_win_decisive"],
                       tuple(row["wilson95"])), (ours, row["p_win_decisive"])


def test_the_stand_in_with_bmo_tie_rule_shows_the_difference():
    m = matchups.by_id("tie-d4")
    bmai_rule = play(m, 4000, "player0")
    bmo_rule = play(m, 4000, "random")
    assert stats.agree(bmai_rule[0] / 4000, stats.wilson(*bmai_rule[:1], 4000),
                       ROWS["tie-d4"]["p_win_decisive"], tuple(ROWS["tie-d4"]["wilson95"]))
    assert not stats.agree(bmo_rule[0] / 4000, stats.wilson(bmo_rule[0], 4000),
                           ROWS["tie-d4"]["p_win_decisive"], tuple(ROWS["tie-d4"]["wilson95"]))
    assert abs(bmo_rule[0] / 4000 - 0.5) < 0.03


def test_wilson_interval_matches_known_values():
    lo, hi = stats.wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    assert stats.wilson(0, 10)[0] == 0.0 and stats.wilson(10, 10)[1] == pytest.approx(1.0)
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_ply_one_against_ply_two_adds_up():
    """tests/fixtures/bmai/ply.json: BMAI ply 1 against ply 2 on the strength match-ups."""
    doc = json.loads((FIXTURE.parent / "ply.json").read_text(encoding="utf-8"))
    assert doc["bmai"]["commit"] == PINNED["bmai"]["commit"]
    assert doc["settings"] == {"max_sims": 100, "min_sims": 5, "maxbranch": 400}
    strength = [m.id for m in matchups.ALL if m.strength]
    assert [r["id"] for r in doc["matchups"]] == strength
    for row in doc["matchups"]:
        assert row["games"] == 2 * row["games_per_seat"] == 20 * len(row["seeds"])
        assert row["ply1_wins"] == row["ply1_wins_as_first"] + row["ply1_wins_as_second"]
        lo, hi = stats.wilson(row["ply1_wins"], row["games"])
        assert row["wilson95"] == [round(lo, 4), round(hi, 4)]
    total = doc["all"]
    assert total["games"] == sum(r["games"] for r in doc["matchups"]) >= 1200
    assert total["ply1_wins"] == sum(r["ply1_wins"] for r in doc["matchups"])
