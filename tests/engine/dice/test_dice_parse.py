"""The dice-expression parser: terms, tags, the Skill die, and errors with a column."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulepress.engine.dice.parse import ParseError, parse


@pytest.mark.parametrize("text, canonical, dice", [
    ("3d6+2", "3d6 + 2", 3),
    ("17d6 + 23d10 + 0937", "17d6 + 23d10 + 937", 40),
    ("2S", "2S", 2),
    ("S+2", "S + 2", 1),
    ("1d10 Exp", "1d10 Exp", 1),
    ("2d6 Piercing + 1d4 Fire", "2d6 Piercing + 1d4 Fire", 3),
    ("1d10+1d4 Explosion", "1d10 + 1d4 Exp", 2),
    ("1d6-100", "1d6 - 100", 1),
    ("d20", "1d20", 1),
    ("2D6 - 1d4", "2d6 - 1d4", 3),
    ("7", "7", 0),
])
def test_parses(text, canonical, dice):
    expr = parse(text)
    assert expr.text() == canonical
    assert expr.dice_count() == dice
    assert parse(expr.text()) == expr  # the canonical text parses back to the same thing


@pytest.mark.parametrize("text, column, words", [
    # the message names the text typed, so a form can show it without the column
    ("3d", 3, "'3d' needs a die size, like 3d6"),
    ("2d6 +", 6, "'+' at the end needs a term after it"),
    ("3x6", 2, "'3x' is not a die"),
    ("2d6 Frie", 5, "did you mean Fire"),
    ("d0", 2, "at least 1 side"),
    ("3d6 4d6", 5, "'+', '-' or the end"),
    ("", 1, "dice term"),
    ("2d6 * 3", 5, "'+', '-' or the end"),
    ("1001d6", 5, "at most 1000"),
])
def test_errors_name_column_and_expected_token(text, column, words):
    with pytest.raises(ParseError) as info:
        parse(text)
    assert info.value.column == column
    assert words in info.value.message


def test_skill_die_is_filled_in():
    assert parse("2S+1").with_skill(10).text() == "2d10 + 1"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789dDS+- xEpFire", max_size=25))
def test_parser_never_crashes(text):
    try:
        parse(text)
    except ParseError as exc:
        assert 1 <= exc.column <= len(text) + 1
