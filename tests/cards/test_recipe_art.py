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
    assert [t for _, _, t in texts(art.ops)] == ["12", "s", "8", "4", "20"]  # Shadow's s
    assert f"BT {FONTS['regular']} " in art.ops


def _polygons(ops: str) -> list[list[tuple[float, float]]]:
    """Every filled polygon ("x y m x y l ... h f") as its points."""
    found = []
    for path in re.findall(r"rg ((?:[\d.-]+ [\d.-]+ [ml] ?)+)h f", ops):
        nums = [float(v) for v in re.findall(r"[\d.-]+", path)]
        found.append(list(zip(nums[0::2], nums[1::2])))
    return found


def test_a_trip_strike_is_a_slash_no_digit_stroke_hides():
    """A level strike lay on a 4's crossbar (and the middle of 3, 5, 8): the strike
    falls from top left to bottom right, across the whole number and past its top and
    bottom, as thick as a digit's stroke, on one digit and on two."""
    font = metrics()
    for size in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "20"):
        box = Box(0, 300, 160, 60)
        art = draw_recipe(recipe_marks(f"t({size})", {"t": "trip"}), box, SIZE, LEADING)
        [(x, baseline, text)] = texts(art.ops)
        assert text == size
        [slash] = _polygons(art.ops)
        (lx, ly_top), (rx, ry_top), (_, ry_bottom), (_, ly_bottom) = slash
        width = font.width(size, SIZE)
        assert lx < x and rx > x + width  # past both ends of the number
        assert ly_top > ry_top + 0.5 * SIZE  # it falls steeply to the right
        # its middle line starts above the digits' tops and ends below the baseline
        assert (ly_top + ly_bottom) / 2 > baseline + font.cap_height * SIZE
        assert (ry_top + ry_bottom) / 2 < baseline
        thick = ly_top - ly_bottom
        run, rise = rx - lx, ly_top - ry_top
        across = thick * run / (run * run + rise * rise) ** 0.5
        assert across >= 0.08 * SIZE  # about a DejaVu digit's stroke (0.09 em)
        # at the crossbar's height (about a third of a 4) it covers only a sliver of
        # the number's width, where a level line covered all of it
        assert thick * run / rise < 0.5 * width + 0.1 * SIZE


def test_skill_letters_and_fractions_never_drop_below_the_6_pt_floor():
    art = draw_recipe(recipe_marks("p(10) (4/20)", LETTERS), Box(0, 300, 160, 60), 7.0, 14.7)
    sizes = [float(v) for v in re.findall(r" ([\d.]+) Tf ", art.ops)]
    assert min(sizes) == 6.0  # 0.7 em letters and 0.62 em fractions of 7 pt, raised to 6
    assert max(sizes) == 7.0
