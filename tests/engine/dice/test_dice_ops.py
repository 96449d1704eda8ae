"""The "dice" query ops: exact answers as "n/d" strings, errors that name the field."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rulepress.engine.query import answer


def ask(**body):
    return answer({"game": "dice", **body}, {})


def test_distribution_of_the_issue_example():
    r = ask(op="distribution", expr="3d6+2", bonus_dice=True)
    assert r["ok"]
    assert sum(Fraction(p) for _, p in r["pmf"]) == 1
    assert Fraction(r["truncated_mass"]) == 1 - (1 - Fraction(1, 6 ** 9)) ** 3
    assert r["p_crit_fail"] == "1/216"


def test_probability_of_the_issue_example():
    r = ask(op="probability", expr="2d6", bonus_dice=True, at_least=5)
    assert r["p"] == "5/6"  # (2d6 with bonus dice) > 4, exact at any depth


def test_skill_roll_crit_fail_never_succeeds():
    r = ask(op="probability", expr="1d6-2", at_least=0, crit_fail="fail", bonus_dice=False)
    assert r["p"] == "5/6"


def test_heroic_feat_odds_from_the_book():
    """L1019: 7/12 with one die (1-1 counted as a tie)."""
    r = ask(op="compare", a="1d6", b="1d6", bonus_dice=False, crit_fail="ignore")
    assert Fraction(r["p_a_higher"]) + Fraction(r["p_tie"]) == Fraction(7, 12)


def test_keep_and_bonus_means():
    assert ask(op="keep", dice=4, sides=6, keep=3)["mean"] == "15869/1296"
    means = {m["die"]: m["with_bonus_dice"] for m in ask(op="bonus_means")["means"]}
    assert means == {"d4": "10/3", "d6": "21/5", "d8": "201/40", "d10": "148/25",
                     "d12": "137/20"}


def test_quikwars_preset():
    r = ask(op="probability", expr="2d6", rules="quikwars", above=4)
    assert r["p"] == "5/6" and r["p_crit_fail"] == "1/36"
    assert ask(op="probability", expr="1d10", rules="quikwars", above=4)["error"]["field"] == "expr"


def test_errors_name_the_field():
    assert ask(op="distribution", expr="3d")["error"]["field"] == "expr"
    assert ask(op="distribution", expr="3d6", depth=99)["error"]["field"] == "depth"
    assert ask(op="probability", expr="3d6")["error"]["field"] == "at_least"
    assert ask(op="distribution", expr="S", skill="d7")["error"]["field"] == "skill"


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.sampled_from([4, 6, 8, 10, 12]), st.integers(-8, 8),
       st.booleans(), st.integers(0, 3))
def test_every_distribution_sums_to_exactly_one(n, sides, mod, bonus, penalty):
    r = ask(op="distribution", expr=f"{n}d{sides}{mod:+d}", bonus_dice=bonus, depth=3,
            penalty=penalty)
    assert sum(Fraction(p) for _, p in r["pmf"]) == 1
