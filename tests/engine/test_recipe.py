"""Recipe notation: every die kind parses; every error names its column."""

from __future__ import annotations

import pytest

from rulepress.engine.buttonmen.recipe import Part, RecipeError, parse_recipe


def test_aysez_six_swing_dice_each_with_one_skill():
    dice = parse_recipe("s(U) z(U) %(U) n(U) g(U) t(U)")
    assert [(d.kind, d.swing, d.skills) for d in dice] == [
        ("swing", "U", (letter,)) for letter in "sz%ngt"]
    assert [d.column for d in dice] == [1, 6, 11, 16, 21, 26]


def test_every_die_kind():
    fixed, option, twin, mixed, wild, plasma, after = parse_recipe(
        "(4) (4/20) (X,X) (6,X) (C) p{hs,H}(12) (X)!?")
    assert (fixed.kind, fixed.sides) == ("fixed", 4)
    assert (option.kind, option.options) == ("option", (4, 20))
    assert twin.twin == (Part(swing="X"), Part(swing="X"))
    assert mixed.twin == (Part(sides=6), Part(swing="X"))
    assert wild.kind == "wildcard"
    assert plasma.skills == ("p",) and plasma.plasma == (("h", "s"), ("H",))
    assert after.skills == ("!", "?") and after.swing == "X"


def test_extra_spaces_are_allowed():
    assert len(parse_recipe("  (4)   (8)  ")) == 2


@pytest.mark.parametrize("recipe, column, words", [
    ("(4) (8", 7, "never closed"),
    ("(4) 8", 5, "has no size in parentheses"),
    ("(4)(8)", 4, "only one pair of parentheses"),
    ("(4) ()", 6, "empty parentheses"),
    ("(4) (4/8/12)", 6, "exactly two sizes"),
    ("(4) (X,Y)", 6, "one letter"),
    ("(4) (100)", 6, "larger than 99"),
    ("(4) (ab)", 6, "not a die size"),
    ("(4) ss(6)", 6, "given twice"),
    ("(4) (4/x)", 8, "not a die size"),
])
def test_errors_name_the_column(recipe, column, words):
    with pytest.raises(RecipeError) as info:
        parse_recipe(recipe)
    assert info.value.column == column
    assert words in info.value.message
