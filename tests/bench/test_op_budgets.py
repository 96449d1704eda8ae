"""bench/op_budgets.py: its request finder reads the estimate an op passes to refuse_over,
grows a request's size fields up to the op's refusal, and tells an unpriced op apart.
No timing is asserted: the bench measures time, the tests only its bookkeeping."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import op_budgets  # noqa: E402


@pytest.fixture(scope="module")
def probe():
    return op_budgets.Probe()


def test_growths_cover_numbers_dice_and_lists():
    request = {"game": "brikwars", "op": "combined", "depth": 3,
               "attackers": [{"damage": "2d6", "use": 3}] * 2}
    grown = {where: setter(2.0) for where, setter in op_budgets.growths(request)}
    assert grown["depth"]["depth"] == 6
    assert len(grown["attackers(list)"]["attackers"]) == 4
    assert [a["damage"] for a in grown["attackers/*/damage(dice)"]["attackers"]] == ["4d6"] * 2
    assert request["depth"] == 3 and len(request["attackers"]) == 2  # the original is kept


def test_probe_records_the_estimate_and_the_refusal(probe, engine_data):
    small = probe.run({"game": "dice", "op": "keep", "dice": 3, "sides": 6, "keep": 2},
                      engine_data, cap=None)
    assert small.ok and small.accepted and small.steps is not None and small.steps > 0
    big = probe.run({"game": "dice", "op": "keep", "dice": 200, "sides": 1000, "keep": 100},
                    engine_data, cap=None)
    assert not big.ok and big.refused and big.steps > op_budgets_limit()


def op_budgets_limit() -> float:
    from rulepress.engine import budget
    return budget.MAX_STEPS


def test_finder_grows_to_just_under_the_refusal(probe, engine_data, monkeypatch):
    from rulepress.engine import budget
    monkeypatch.setattr(budget, "MAX_STEPS", 20_000)  # a small budget: a quick search
    start = {"game": "dice", "op": "keep", "dice": 3, "sides": 6, "keep": 2}
    found = op_budgets.find(probe, engine_data, [("dice", "keep")], per_op=1, grow_cpu=1e9,
                            cap=None, requests=[start])[("dice", "keep")]
    assert found and all(r.ok and not r.refused for r in found)
    heaviest = max(r.steps or 0 for r in found)
    assert op_budgets_limit() / 2 < heaviest <= op_budgets_limit()


def test_every_op_is_listed(probe):
    names = {(o.game, o.name) for o in probe.ops}
    assert ("dice", "keep") in names and any(g == "brikwars" for g, _ in names)
    assert op_budgets.by_op(op_budgets.bound_cases())  # the BrikWars bound cases are read
