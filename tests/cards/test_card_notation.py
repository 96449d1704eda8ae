"""Recipes drawn in button notation: marks replace letters where printed buttons do."""

from __future__ import annotations

import pytest

from rulepress.cards.notation import recipe_html, skill_ids_in, unknown_letters

LETTERS = {"s": "shadow", "z": "speed", "t": "trip", "n": "null", "g": "stinger",
           "c": "chance", "%": "radioactive", "p": "poison"}


@pytest.mark.parametrize("recipe, expected", [
    ("s(8)", '<span style="text-decoration: overline">8</span>'),
    ("t(4)", '<span style="text-decoration: line-through">4</span>'),
    ("st(6)", "text-decoration: overline line-through"),
    ("z(12)", '<span class="frame speed"><svg class="bolt"'),
    ("n(10)", '<span class="frame null">10</span>'),
    ("g(6)", '<span class="frame stinger">6</span>'),
    ("c(20)", "<small>\u00a9</small>20"),
    ("%(4)", "<small>%</small>4"),
    ("(4/20)", '<span class="frac">4<br>20</span>'),
    ("p(X)", "<small>p</small>X"),
    ("(4,4)", "4,4"),
])
def test_each_drawn_skill(recipe, expected):
    assert expected in recipe_html(recipe, LETTERS)


def test_drawn_skills_lose_their_letter_and_frames_nest():
    html = recipe_html("zn(6)", LETTERS)
    assert "<small>" not in html  # both are drawn, so no letters remain
    assert html.index("frame speed") < html.index("frame null")


def test_a_letter_stays_on_the_line_of_its_framed_die():
    # a line may break between text and a framed die; the die span forbids it (cards.css)
    html = recipe_html("pz(6) p(8)", LETTERS)
    assert html.startswith('<span class="die"><small>p</small><span class="frame speed">')
    assert html.endswith("\u2003<small>p</small>8")  # plain text breaks only at spaces


def test_a_framed_fraction_gets_a_frame_tall_enough_for_it():
    assert 'class="frame speed tall"' in recipe_html("z(4/20)", LETTERS)
    assert "tall" not in recipe_html("z(20)", LETTERS)


def test_plain_dice_are_plain_text_separated_by_em_spaces():
    assert recipe_html("(4) (8) (X)", LETTERS) == "4\u20038\u2003X"


def test_a_recipe_that_does_not_parse_is_shown_as_written():
    assert "s((8)" in recipe_html("s((8)", LETTERS)


def test_skills_in_first_use_order_include_die_types():
    assert skill_ids_in("s(8) (4/20) z(X) s(6)", LETTERS) == ["shadow", "option", "speed",
                                                              "swing"]
    assert unknown_letters("q(6) B(8) s(4)", LETTERS) == ["B", "q"]
