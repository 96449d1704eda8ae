"""Recipes drawn by recipe_art.py: set in lines that break between dice, centred,
measured against their box, drawn as real text in the card font."""

from __future__ import annotations

import re

from rulepress.cards.art import FONTS, MM, Box
from rulepress.cards.font_metrics import metrics
from rulepress.cards.notation import recipe_marks
from rulepress.cards.recipe_art import FRAME_INK, draw_recipe

LETTERS = {"z": "speed", "s": "shadow", "p": "poison"}
SIZE, LEADING = 11.0, 23.1  # 11 pt text, line-height 2.1


def texts(ops: str) -> list[tuple[float, float, str]]:
    """(x, baseline, text) of every text run."""
    found = re.findall(r"Tf 1 0 0 1 ([\d.-]+) ([\d.-]+) Tm <([0-9A-F]+)> Tj", ops)
    return [(float(x), float(y), bytes.fromhex(h).decode("utf-16-be")) for x, y, h in found]


def test_one_line_is_centred_in_its_box():
    box = Box(10, 200, 160, 60)
    art = draw_recipe(recipe_marks("(4) (20)", LETTERS), box, SIZE, LEADING)
    runs = texts(art.ops)
    assert [t for _, _, t in runs] == ["4", "20"]
    font = metrics()
    width = font.width("4", SIZE) + SIZE + font.width("20", SIZE)  # an em between dice
    assert abs(runs[0][0] - (box.x + (box.width - width) / 2)) < 0.01
    assert runs[0][1] == runs[1][1] and art.over == 0
    assert art.chars == {"regular": "024"}


def test_lines_break_between_dice_and_stack_downwards():
    art = draw_recipe(recipe_marks("p(10) p(12) p(20) p(20) p(30)", LETTERS),
                      Box(0, 300, 30 * MM, 80 * MM), SIZE, LEADING)
    runs = texts(art.ops)
    baselines = sorted({y for _, y, _ in runs}, reverse=True)
    assert len(baselines) > 1
    assert all(abs((a - b) - LEADING) < 0.01 for a, b in zip(baselines, baselines[1:]))
    for letter, number in zip(runs[0::2], runs[1::2]):  # a die's letter stays with it
        assert letter[2] == "p" and letter[1] == number[1]


def test_a_recipe_taller_than_its_box_is_reported_not_clipped():
    dice = recipe_marks(" ".join(["(20)"] * 30), LETTERS)
    assert draw_recipe(dice, Box(0, 300, 40 * MM, 100 * MM), SIZE, LEADING).over == 0
    art = draw_recipe(dice, Box(0, 300, 40 * MM, 10 * MM), SIZE, LEADING)
    assert art.over > 10  # millimetres past the box's bottom
    assert len(texts(art.ops)) == 30  # every die is still drawn


def test_marks_draw_frames_bolts_bars_and_fractions():
    art = draw_recipe(recipe_marks("z(12) s(8) (4/20)", LETTERS), Box(0, 300, 160, 60),
                      SIZE, LEADING)
    red = " ".join(f"{c:.3f}" for c in FRAME_INK["speed"])
    assert f"{red} RG" in art.ops  # the Speed frame
    assert f"{red} rg" in art.ops and " h f" in art.ops  # its bolt
    assert art.ops.count(" re f") == 2  # Shadow's bar over the 8, the fraction's bar
    assert [t for _, _, t in texts(art.ops)] == ["12", "8", "4", "20"]
    assert f"BT {FONTS['regular']} " in art.ops
