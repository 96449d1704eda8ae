"""The roll plan (what the pages' dice roller follows) plays the rules of the exact answers:
every way of rolling by the plan, counted, gives the engine's own distribution and chance of
a Critical Failure."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulepress.engine.dice.parse import parse
from rulepress.engine.dice.plan import roll_plan
from rulepress.engine.dice.roll import RollRules, roll
from rulepress.engine.query import answer


def die_outcomes(plan: dict, sides: int, natural: bool,
                 depth: int) -> list[tuple[int, int, Fraction]]:
    """(value, face shown, chance) of one die rolled by the plan, its bonus dice cut after
    `depth` (the cut die counts its face, as the exact answers do)."""
    out = []
    penalty = plan["penalty"] if natural or plan["penalty_on_bonus_dice"] else 0
    bonus = plan["bonus"].get(str(sides))
    for face in range(1, sides + 1):
        p = Fraction(1, sides)
        if bonus and face == bonus["on"] and depth > 0:
            for value, _, q in die_outcomes(plan, bonus["die"], False, depth - 1):
                out.append((face - penalty + value, face, p * q))
        else:
            out.append((face - penalty, face, p))
    return out


def follow(plan: dict, depth: int) -> tuple[dict[int, Fraction], Fraction]:
    """Every total of rolling by the plan with its chance, and the Critical Failure chance."""
    states = {(plan["modifier"], True): Fraction(1)}  # (total, every added die on the face)
    face = plan["critical_failure"]["face"]
    for term in plan["terms"]:
        for _ in range(term["count"]):
            nxt: dict = {}
            for (total, all_face), p in states.items():
                for value, shown, q in die_outcomes(plan, term["sides"], True, depth):
                    key = (total + term["sign"] * value,
                           all_face and (term["sign"] < 0 or shown == face))
                    nxt[key] = nxt.get(key, 0) + p * q
            states = nxt
    totals: dict[int, Fraction] = {}
    crit = Fraction(0)
    for (total, all_face), p in states.items():
        total = max(total, 0) if plan["floor"] else total
        totals[total] = totals.get(total, 0) + p
        crit += p if all_face else 0
    return totals, crit


@pytest.mark.parametrize("text, rules", [
    ("1d6+1", RollRules(depth=3)),
    ("2d4 - 1d6", RollRules(depth=2)),
    ("1d10 Exp + 2", RollRules(depth=2, d10_as_2d6=True)),
    ("2d6", RollRules(depth=2, penalty=1)),
    ("2d6", RollRules(depth=2, penalty=2, penalty_on_bonus_dice=False)),
    ("3d8 - 2", RollRules(bonus_dice=False, floor=False)),
])
def test_rolling_by_the_plan_gives_the_exact_answer(text, rules):
    plan = roll_plan(parse(text), rules, "zero")
    totals, crit = follow(plan, rules.depth)
    exact = roll(parse(text), rules)
    assert totals == dict(exact.totals().pmf())
    assert crit == exact.p_crit()


def test_the_plan_names_the_bonus_dice_and_the_critical_failure():
    plan = answer({"game": "dice", "op": "roll_plan", "expr": "1d4 + 1d8"}, {})["plan"]
    assert plan["bonus"] == {"4": {"on": 4, "die": 4}, "8": {"on": 8, "die": 6},
                             "6": {"on": 6, "die": 6}}
    assert plan["critical_failure"] == {"face": 1, "counts": "zero"}
    plain = answer({"game": "dice", "op": "roll_plan", "expr": "2d6", "rules": "plain"}, {})
    assert plain["plan"]["bonus"] == {} and plain["plan"]["critical_failure"]["counts"] == "ignore"
    bad = answer({"game": "dice", "op": "roll_plan", "expr": "3d"}, {})
    assert not bad["ok"] and bad["error"]["field"] == "expr"
