"""Rolls too big to answer exactly are refused at once, with the reason, not run for minutes."""

from __future__ import annotations

import pytest

from rulepress.engine.dice.parse import parse
from rulepress.engine.dice.roll import MAX_ANSWER_DIGITS, RollRules, TooBig, answer_digits, roll
from rulepress.engine.query import answer


@pytest.mark.parametrize("expr, depth", [("1000d6", 0), ("100d10", 8), ("1000d20", 40)])
def test_huge_rolls_are_refused_with_the_field(expr, depth):
    out = answer({"game": "dice", "op": "distribution", "expr": expr, "depth": depth}, {})
    assert out["ok"] is False and out["error"]["field"] == "expr"
    assert "too big to work out exactly" in out["error"]["message"]


@pytest.mark.parametrize("expr", ["30d6", "60d6", "20d12", "4d10+2d8+1d4"])
def test_ordinary_rolls_stay_under_the_limit(expr):
    assert answer_digits(list(parse(expr).terms), RollRules()) <= MAX_ANSWER_DIGITS


def test_brikwars_ops_refuse_too(engine_data):
    out = answer({"game": "brikwars", "op": "attack", "skill": "d6", "use": 3,
                  "damage": "900d10", "armor": "4"}, engine_data)
    assert out["ok"] is False and "too big" in out["error"]["message"]


def test_the_estimate_grows_with_the_answer():
    small = answer_digits(list(parse("10d6").terms), RollRules(depth=2))
    large = answer_digits(list(parse("20d6").terms), RollRules(depth=2))
    assert 3 * small < large < 5 * small  # twice the dice: twice the totals and digits
    with pytest.raises(TooBig):
        roll(parse("1000d6"), RollRules(bonus_dice=False))
