"""Recipes marked in button notation: marks replace letters where printed buttons do."""

from __future__ import annotations

import pytest

from rulepress.cards.notation import recipe_marks, skill_ids_in, unknown_letters

LETTERS = {"s": "shadow", "z": "speed", "t": "trip", "n": "null", "g": "stinger",
           "c": "chance", "%": "radioactive", "p": "poison"}


def marks(recipe: str) -> dict:
    [die] = recipe_marks(recipe, LETTERS)
    return die


@pytest.mark.parametrize("recipe, expected", [
    ("s(8)", {"pre": "", "core": "8", "lines": ["over"], "frames": []}),
    ("t(4)", {"pre": "", "core": "4", "lines": ["through"], "frames": []}),
    ("st(6)", {"pre": "", "core": "6", "lines": ["over", "through"], "frames": []}),
    ("z(12)", {"pre": "", "core": "12", "lines": [], "frames": ["speed"]}),
    ("n(10)", {"pre": "", "core": "10", "lines": [], "frames": ["null"]}),
    ("g(6)", {"pre": "", "core": "6", "lines": [], "frames": ["stinger"]}),
    ("c(20)", {"pre": "\u00a9", "core": "20", "lines": [], "frames": []}),
    ("%(4)", {"pre": "%", "core": "4", "lines": [], "frames": []}),
    ("(4/20)", {"pre": "", "frac": [4, 20], "lines": [], "frames": []}),
    ("p(X)", {"pre": "p", "core": "X", "lines": [], "frames": []}),
    ("(4,4)", {"pre": "", "core": "4,4", "lines": [], "frames": []}),
])
def test_each_drawn_skill(recipe, expected):
    assert marks(recipe) == expected


def test_drawn_skills_lose_their_letter_and_frames_nest_outermost_first():
    assert marks("nz(6)") == {"pre": "", "core": "6", "lines": [], "frames": ["speed", "null"]}
    assert marks("pz(6)")["pre"] == "p"  # an undrawn skill keeps its letter


def test_plain_dice_are_plain_sizes():
    assert [m["core"] for m in recipe_marks("(4) (8) (X)", LETTERS)] == ["4", "8", "X"]


def test_a_recipe_that_does_not_parse_is_shown_as_written():
    assert recipe_marks("s((8)", LETTERS) == [{"pre": "", "core": "s((8)", "frames": [],
                                                "lines": []}]


def test_skills_in_first_use_order_include_die_types():
    assert skill_ids_in("s(8) (4/20) z(X) s(6)", LETTERS) == ["shadow", "option", "speed",
                                                              "swing"]
    assert unknown_letters("q(6) B(8) s(4)", LETTERS) == ["B", "q"]
