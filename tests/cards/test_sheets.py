"""Sheet geometry: poker cards centred on A4 and Letter, backs mirrored, marks outside the
cards and at least 5 mm inside the paper, the note clear of the marks."""

from __future__ import annotations

import pytest

from rulepress.cards.sheets import PAPERS, POKER, SheetError, sheet_layout


@pytest.mark.parametrize("paper, grid", [("a4", (3, 3)), ("letter", (3, 2))])
def test_poker_cards_centred_on_each_paper(paper, grid):
    layout = sheet_layout(paper)
    assert (layout.cols, layout.rows) == grid
    width, height = PAPERS[paper]
    xs, ys = layout.cut_lines()
    assert xs[0] == pytest.approx(width - xs[-1])  # as much paper left as right
    assert ys[0] == pytest.approx(height - ys[-1])
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([POKER[0]] * grid[0])
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([POKER[1]] * grid[1])


def test_a4_margins_match_the_measured_layout():
    layout = sheet_layout("a4")
    assert layout.cut_lines()[0] == pytest.approx([10.5, 73.5, 136.5, 199.5])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_back_lands_behind_its_front_after_a_long_edge_flip(paper):
    layout = sheet_layout(paper)
    for front, back in zip(layout.slots(), layout.slots(back=True)):
        # flipping on the long edge maps x on the back to width - x on the front
        assert layout.width - (back.x + back.width) == pytest.approx(front.x, abs=1e-9)
        assert back.y == pytest.approx(front.y)


def test_back_offset_moves_backs_and_their_marks_only():
    layout = sheet_layout("a4")
    plain = layout.slots(back=True)
    moved = layout.slots(back=True, offset=(0.5, -0.3))
    assert [m.x - p.x for m, p in zip(moved, plain)] == pytest.approx([0.5] * len(plain))
    assert [m.y - p.y for m, p in zip(moved, plain)] == pytest.approx([-0.3] * len(plain))
    assert layout.slots(offset=(0.5, -0.3)) == layout.slots()  # fronts stay put
    shifted = layout.marks((0.5, 0))
    assert [m.x1 - p.x1 for m, p in zip(shifted, layout.marks())] == pytest.approx(
        [0.5] * len(shifted))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_marks_stay_outside_every_card_and_on_the_paper(paper, bleed):
    layout = sheet_layout(paper, bleed)
    cards = [slot.outer for slot in layout.slots()]
    marks = layout.marks()
    xs, ys = layout.cut_lines()
    assert len(marks) == 2 * (len(xs) + len(ys))  # both ends of every cut
    for mark in marks + layout.fold_marks():  # where home printers still print
        assert 5 <= min(mark.x1, mark.x2) and max(mark.x1, mark.x2) <= layout.width - 5
        assert 5 <= min(mark.y1, mark.y2) and max(mark.y1, mark.y2) <= layout.height - 5
        assert max(abs(mark.x2 - mark.x1), abs(mark.y2 - mark.y1)) >= 3
        for x, y, w, h in cards:
            inside_x = x < (mark.x1 + mark.x2) / 2 < x + w
            inside_y = y < (mark.y1 + mark.y2) / 2 < y + h
            assert not (inside_x and inside_y)
    lowest = max(max(m.y1, m.y2) for m in marks)
    assert lowest < layout.note_top < layout.height - 2.5  # the note clears the marks


def test_bleed_keeps_each_card_whole_so_fewer_fit():
    a4, letter = sheet_layout("a4", 3), sheet_layout("letter", 3)
    assert (a4.cols, a4.rows) == (2, 2)
    assert (letter.cols, letter.rows) == (2, 2)
    slot = a4.slots()[0]
    assert slot.outer == pytest.approx((slot.x - 3, slot.y - 3, 69, 94))
    xs, _ = a4.cut_lines()
    assert len(xs) == 4  # two cuts between neighbours: each keeps its bleed


@pytest.mark.parametrize("paper, bleed, message", [
    ("a3", 0, "unknown paper 'a3'"), ("a4", 12, "outside 0-10 mm"), ("a4", -1, "outside")])
def test_impossible_settings_are_refused_with_a_reason(paper, bleed, message):
    with pytest.raises(SheetError, match=message):
        sheet_layout(paper, bleed)
