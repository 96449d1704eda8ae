"""Button Men dice on cards: what a card carries for each die (the one definition's
drawing, notation/buttonmen.py) and how recipe_art.py draws it, read back from the PDF
operators: frames nest as written, Turbo and Mood follow the size, Select's S is bold,
Null and Shadow write n and s, Stinger has its cube."""

from __future__ import annotations

import re

from rulepress.cards.art import FONTS, Box
from rulepress.cards.notation import recipe_marks, skill_ids_in, unknown_letters
from rulepress.cards.recipe_art import CUBE_INK, FRAME_INK, draw_recipe

LETTERS = {"s": "shadow", "z": "speed", "t": "trip", "n": "null", "g": "stinger",
           "c": "chance", "%": "radioactive", "p": "poison", "S": "select", "!": "turbo",
           "?": "mood"}
SIZE, LEADING = 11.0, 23.1


def ink(rgb) -> str:
    return " ".join(f"{c:.3f}" for c in rgb)


def runs(ops: str) -> list[tuple[str, float, str]]:
    """(font, x, text) of every text run, in drawing order."""
    found = re.findall(r"BT (/\w+) [\d.]+ Tf 1 0 0 1 ([\d.-]+) [\d.-]+ Tm <([0-9A-F]+)> Tj",
                       ops)
    return [(f, float(x), bytes.fromhex(h).decode("utf-16-be")) for f, x, h in found]


def art(recipe: str):
    return draw_recipe(recipe_marks(recipe, LETTERS), Box(0, 300, 160, 60), SIZE, LEADING)


def test_frames_nest_in_the_written_order():
    """Caligari's zn(12): Speed is written first, so its frame is the outer one (drawn
    first, and wider)."""
    ops = art("zn(12)").ops
    rings = re.findall(r"([\d.]+ [\d.]+ [\d.]+) RG [\d.]+ w ([\d.-]+) ([\d.-]+) m ([\d.-]+)",
                       ops)
    assert [r[0] for r in rings] == [ink(FRAME_INK["speed"]), ink(FRAME_INK["null"])]
    assert float(rings[0][1]) < float(rings[1][1])  # the outer frame starts further left
    assert [t for _, _, t in runs(art("nz(12)").ops)] == ["n", "12"]
    reversed_rings = re.findall(r"([\d.]+ [\d.]+ [\d.]+) RG", art("nz(12)").ops)
    assert reversed_rings == [ink(FRAME_INK["null"]), ink(FRAME_INK["speed"])]


def test_null_and_shadow_write_their_letters():
    assert [t for _, _, t in runs(art("n(10)").ops)] == ["n", "10"]
    assert [t for _, _, t in runs(art("s(8)").ops)] == ["s", "8"]
    assert [t for _, _, t in runs(art("z(8) t(4) g(6)").ops)] == ["8", "4", "6"]


def test_turbo_and_mood_follow_the_size():
    for recipe, mark in (("(X)!", "!"), ("!(X)", "!"), ("(X)?", "?"), ("!p(V)", "!")):
        found = runs(art(recipe).ops)
        letters = [x for _, x, t in found if t == mark]
        size = [x for _, x, t in found if t in "XV"]
        assert letters and size and letters[0] > size[0], recipe


def test_select_is_a_bold_capital_and_shadow_a_plain_small_letter():
    [(select_font, _, select)] = [r for r in runs(art("S(X)").ops) if r[2] == "S"]
    [(shadow_font, _, shadow)] = [r for r in runs(art("s(X)").ops) if r[2] == "s"]
    assert select_font == FONTS["bold"] and shadow_font == FONTS["regular"]
    assert art("S(X)").chars == {"regular": "X", "bold": "S"}


def test_stinger_draws_a_cube_outline_behind_its_size():
    ops = art("g(6)").ops
    cube = ops.index(f"{ink(CUBE_INK)} RG")
    assert cube < ops.index("<0036> Tj")  # under the 6
    assert ops.index(f"{ink(FRAME_INK['stinger'])} RG") < cube  # inside the blue frame
    path = re.search(rf"{ink(CUBE_INK)} RG [\d.]+ w 1 j 1 J (.*?) S Q", ops).group(1)
    assert path.count(" m") == 3 and path.count(" l") == 9  # a hexagon and three edges
    assert f"{ink(CUBE_INK)} RG" not in art("z(6) n(6)").ops


def test_a_recipe_that_does_not_parse_is_shown_as_written():
    [die] = recipe_marks("s((8)", LETTERS)
    assert die["size"] == "s((8)" and die["before"] == [] and die["frames"] == []


def test_skills_in_first_use_order_include_die_types():
    assert skill_ids_in("s(8) (4/20) z(X) s(6)", LETTERS) == ["shadow", "option", "speed",
                                                              "swing"]
    assert skill_ids_in("(C) z(C)", LETTERS) == ["wildcard", "speed"]
    assert unknown_letters("q(6) B(8) s(4)", LETTERS) == ["B", "q"]
