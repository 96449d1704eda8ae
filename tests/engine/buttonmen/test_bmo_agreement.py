"""rulepress against Button Men Online's own engine, on pinned cases (no PHP needed).

tests/fixtures/buttonmen/bmo/*.jsonl hold seeded random cases and what BMO's engine
(buttonmen-dev/buttonmen, the commit in meta.json) answered; scripts/bmo/ made them.
Every case must agree, or be a documented seed-over-BMO choice, or be listed in
known_disagreements.json under its cause. Each listed cause is a strict xfail, and a
listed case that now agrees fails `test_known_list_is_current`, so the list can only
shrink: after an engine fix, run `python scripts/bmo/run.py check --update-known`.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures" / "buttonmen" / "bmo"
sys.path.insert(0, str(ROOT / "scripts" / "bmo"))

import agree  # noqa: E402
from rulepress.engine.buttonmen.random_recipe import DEALERS  # noqa: E402

KNOWN: dict[str, list[str]] = json.loads(
    (FIXTURES / "known_disagreements.json").read_text(encoding="utf-8"))
KNOWN_IDS = {i: group for group, ids in KNOWN.items() for i in ids}
# Only recipes can differ on purpose (unknown letters refused, Plasma and Select played
# as the seeds say); every other category has a BMO option where the seeds differ.
DOCUMENTED_OK = {"parse", "validate"}


@pytest.fixture(scope="module")
def verdicts(engine_data) -> dict[str, list]:
    agree._DATA = engine_data
    return agree.check_all(FIXTURES)


def test_fixtures_are_pinned_to_one_bmo_commit():
    meta = json.loads((FIXTURES / "meta.json").read_text(encoding="utf-8"))
    assert meta["source"] == "github.com/buttonmen-dev/buttonmen"
    assert len(meta["commit"]) == 40
    counts = {cat: len(agree.load(FIXTURES, cat)) for cat in agree.CATEGORIES}
    assert sum(counts.values()) > 5000 and min(counts.values()) > 100, counts


@pytest.mark.parametrize("cat", agree.CATEGORIES)
def test_agrees_with_bmo(verdicts, cat):
    wrong = []
    for v in verdicts[cat]:
        assert v.verdict in ("agree", "documented", "disagree")
        if v.verdict == "documented":
            assert cat in DOCUMENTED_OK, v.case["id"]
        if v.verdict == "disagree" and v.case["id"] not in KNOWN_IDS:
            wrong.append((v.case["id"], v.cause, v.requests[-1:] and v.requests[-1]))
    assert not wrong, f"{len(wrong)} new disagreements with BMO, e.g. {wrong[:3]}"


def test_known_list_is_current(disagreeing):
    fixed = sorted(set(KNOWN_IDS) - disagreeing)
    assert not fixed, (f"{len(fixed)} listed cases now agree with BMO (e.g. {fixed[:5]}): "
                       "run `python scripts/bmo/run.py check --update-known`")


@pytest.fixture(scope="module")
def disagreeing(verdicts) -> set[str]:
    return {v.case["id"] for vs in verdicts.values() for v in vs if v.verdict == "disagree"}


def _test_id(group: str) -> str:
    return re.sub(r"[^A-Za-z0-9+#%&?!^`|:,.=()-]+", "_", group)[:120]


@pytest.mark.parametrize("group", [pytest.param(g, marks=pytest.mark.xfail(strict=True),
                                                id=_test_id(g)) for g in sorted(KNOWN)])
def test_known_disagreement(disagreeing, group):
    still = [i for i in KNOWN[group] if i in disagreeing]
    assert not still, f"{len(still)} cases still disagree with BMO: {still[:5]}"


# ---- what the fixtures added for issue 30 hold (test_buttonmen_button_skills.py asks the
# engine the same questions directly) ------------------------------------------------------

def fixtures(cat):
    return [{"case": r["case"], "bmo": r["bmo"]} for r in agree.load(FIXTURES, cat)]


def test_bmo_gives_no_reroll_to_the_player_first_in_its_fixtures():
    first = [r for r in fixtures("chance") if r["bmo"].get("first")]
    assert len(first) >= 100  # BMO's REACT_TO_INITIATIVE asked player 0 nothing
    assert all(r["bmo"]["rerolls"] == [] and not r["bmo"]["asked"] for r in first)


def test_first_turn_fixtures_hold_mighty_and_weak_dice():
    rows = fixtures("first_turn")
    assert len(rows) >= 100
    mighty_or_weak = [r for r in rows if any(
        c in r["case"]["mine"][i]["recipe"].split("(")[0] for i in r["case"]["att"] for c in "Hh")]
    assert len(mighty_or_weak) >= 100  # (Turbo may have dropped the letter from a few)
    split = [r for r in mighty_or_weak if any("%" in d["recipe"] for d in
                                              r["case"]["mine"] + r["case"]["theirs"])]
    assert len(split) >= 40


def test_bmo_deals_the_same_recipes_from_the_same_draws():
    rows = [r for r in fixtures("button_recipe") if "raw" in r["case"]]
    assert {r["case"]["button"] for r in rows} == set(DEALERS)
    for row in rows:
        queue = list(row["case"]["raw"])
        recipe = DEALERS[row["case"]["button"]](
            lambda low, high: low + queue.pop(0) % (high - low + 1))
        assert recipe == row["bmo"]["recipe"], row["case"]["id"]
