"""The whole notation against the data's letters: codes and columns of every refusal."""

from __future__ import annotations

import pytest

from rulepress.engine.buttonmen.recipe import RecipeError, check_recipe, parse_recipe

SKILLS = set("sztng%c?&!pH h".replace(" ", ""))
SWINGS = set("PRSTUVWXYZ")


def test_markers_after_the_die_and_braces_after_parentheses():
    mood, mad, turbo, plasma = parse_recipe("(X)? (Y)& !(Z) (8){s,z}")
    assert (mood.skills, mad.skills, turbo.skills) == (("?",), ("&",), ("!",))
    assert plasma.plasma == (("s",), ("z",)) and plasma.sides == 8


def test_double_spaces_between_dice_are_one_separator():
    assert [d.column for d in check_recipe("(4)  (8)", SKILLS, SWINGS)] == [1, 6]


@pytest.mark.parametrize("recipe, code, column", [
    ("", "empty-recipe", 1),
    ("   ", "empty-recipe", 1),
    ("(4) @(8)", "unknown-skill", 5),
    ("(4) s@(8)", "unknown-skill", 6),
    ("(4) (8)@", "unknown-skill", 8),
    ("(4) p{hs,Hx}(12)", "unknown-skill", 11),
    ("(4) (Q)", "unknown-swing", 5),
    ("(4) (6,Q)", "unknown-swing", 5),
    ("(4) (8", "syntax", 7),
])
def test_refusals_name_their_code_and_column(recipe, code, column):
    with pytest.raises(RecipeError) as info:
        check_recipe(recipe, SKILLS, SWINGS)
    assert (info.value.code, info.value.column) == (code, column)


def test_the_first_fault_from_the_left_wins():
    with pytest.raises(RecipeError) as info:
        check_recipe("@(4) (Q) x(8)", SKILLS, SWINGS)
    assert (info.value.code, info.value.column) == ("unknown-skill", 1)
