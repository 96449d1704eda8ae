"""Text drawn by text_art.py: one-line labels, and paragraphs broken greedily at spaces
and after hyphens, bold lead-ins in their own font and colour, measured against the box."""

from __future__ import annotations

import dataclasses
import re

import pytest

from rulepress.cards.art import FONTS, MM, Box
from rulepress.cards.compose import PrintSettings
from rulepress.cards.decks.buttonmen import deck
from rulepress.cards.font_metrics import metrics
from rulepress.cards.layout import Face
from rulepress.cards.make import make_item
from rulepress.cards.measure import UndrawableText
from rulepress.cards.text_art import draw_line, draw_paragraphs

SIZE, LEADING, GAP = 7.5, 9.0, 1.2 * MM
WHITE, GOLD = (1.0, 1.0, 1.0), (1.0, 0.843, 0.416)
WEIGHT = {name: weight for weight, name in FONTS.items()}
RUN = re.compile(r"([\d.]+ [\d.]+ [\d.]+) rg BT (/\w+) ([\d.]+) Tf 1 0 0 1 ([\d.-]+) ([\d.-]+) Tm "
                 r"<([0-9A-F]+)> Tj ET")


def runs(ops: str) -> list[dict]:
    return [{"ink": ink, "weight": WEIGHT[font], "x": float(x), "y": float(y),
             "text": bytes.fromhex(glyphs).decode("utf-16-be")}
            for ink, font, _, x, y, glyphs in RUN.findall(ops)]


def lines(ops: str) -> list[str]:
    """The text of each line, top first (runs on one baseline joined)."""
    by_baseline: dict[float, str] = {}
    for run in runs(ops):
        by_baseline[run["y"]] = by_baseline.get(run["y"], "") + run["text"]
    return [by_baseline[y] for y in sorted(by_baseline, reverse=True)]


def width(text: str, weight: str = "regular") -> float:
    return metrics(weight).width(text, SIZE)


SWING = [("Swing.", True), (" A Swing die's size is chosen by its owner from the range its "
                            "letter allows.", False)]
SPEED = [("Speed (z).", True), (" A Speed die can also make a Speed attack, an upside-down "
                                "Skill attack.", False)]


def test_a_line_sits_at_the_top_left_of_its_box_and_reports_when_too_wide():
    box = Box(20, 100, 100, 10)
    art = draw_line("50 States", box, 6.5, 7.8, (0.8, 0.93, 0.87))
    [run] = runs(art.ops)
    assert (run["x"], run["text"], art.over) == (20, "50 States", 0)
    assert box.top - 7.8 < run["y"] < box.top  # within the first line
    assert run["ink"] == "0.800 0.930 0.870"  # in the box's own colour
    assert draw_line("a set name far too long for its box", Box(0, 100, 30, 10), 6.5, 7.8,
                     (0, 0, 0)).over > 10


def test_paragraphs_break_greedily_and_stack_one_line_height_apart():
    box = Box(10, 300, 56 * MM, 60 * MM)
    art = draw_paragraphs([SWING, SPEED], box, SIZE, LEADING, WHITE, GOLD, GAP)
    found = lines(art.ops)
    assert " ".join(found) == ("Swing. A Swing die's size is chosen by its owner from the range "
                               "its letter allows. Speed (z). A Speed die can also make a Speed "
                               "attack, an upside-down Skill attack.")
    assert all(width(line) <= box.width + 1 for line in found)  # (bold is a little wider)
    for line, following in zip(found, found[1:]):  # greedy: the next word did not fit
        if not line.endswith("allows."):  # the end of a paragraph
            assert width(line + " " + following.split(" ")[0]) > box.width
    baselines = sorted({run["y"] for run in runs(art.ops)}, reverse=True)
    steps = [round(a - b, 2) for a, b in zip(baselines, baselines[1:])]
    assert set(steps) == {LEADING, round(LEADING + GAP, 2)}  # the gap between paragraphs
    assert art.over == 0


def test_bold_lead_ins_use_the_bold_font_and_their_own_colour():
    art = draw_paragraphs([SWING], Box(0, 300, 200, 100), SIZE, LEADING, WHITE, GOLD, GAP)
    first, second = runs(art.ops)[:2]
    assert (first["text"], first["weight"], first["ink"]) == ("Swing.", "bold", "1.000 0.843 0.416")
    assert second["weight"] == "regular" and second["ink"] == "1.000 1.000 1.000"
    assert second["x"] == pytest.approx(first["x"] + width("Swing.", "bold"), abs=0.01)
    assert art.chars["bold"] == "".join(sorted(set("Swing.")))
    assert set(art.chars["regular"]) == set(SWING[1][0])


def test_words_break_after_a_hyphen_between_letters_only():
    words = [("upside-down", False)]
    narrow = Box(0, 300, width("upside-") + 1, 100)
    assert lines(draw_paragraphs([words], narrow, SIZE, LEADING, WHITE, GOLD, GAP).ops) == \
        ["upside-", "down"]
    minus = [("roll -2 dice", False)]
    assert lines(draw_paragraphs([minus], Box(0, 300, width("roll -") + 1, 100), SIZE, LEADING,
                                 WHITE, GOLD, GAP).ops) == ["roll", "-2", "dice"]


def test_white_space_collapses_as_in_css():
    paragraph = [("  Bold.", True), ("   lots \n of\tspace  ", False), (" ", False)]
    art = draw_paragraphs([paragraph], Box(0, 300, 400, 100), SIZE, LEADING, WHITE, GOLD, GAP)
    assert lines(art.ops) == ["Bold. lots of space"]


def test_text_past_its_box_is_reported_and_still_drawn():
    paragraphs = [SWING, SPEED] * 4
    box = Box(0, 300, 56 * MM, 12 * MM)
    art = draw_paragraphs(paragraphs, box, SIZE, LEADING, WHITE, GOLD, GAP)
    assert art.over > 20  # millimetres past the box's bottom
    assert " ".join(lines(art.ops)).count("Swing.") == 4
    wide = draw_paragraphs([[("Antidisestablishmentarianism", False)]], Box(0, 300, 40, 100),
                           SIZE, LEADING, WHITE, GOLD, GAP)
    assert wide.over > 10 and lines(wide.ops) == ["Antidisestablishmentarianism"]


def test_a_character_the_card_font_cannot_draw_stops_the_build_with_its_name(root, catalog):
    buttons = deck(root, catalog)
    card = buttons.cards[0]
    for text, code in (("Kanji (\u6f22)", "6F22"), ("Grin (\U0001F600)", "1F600")):
        front = Face("button", {**card.front.fields, "undescribed": text})
        one = dataclasses.replace(buttons, cards=[dataclasses.replace(card, front=front)])
        with pytest.raises(UndrawableText, match=rf"card {card.key}: .*cannot draw .*U\+{code}"):
            make_item(one, PrintSettings("a4"), workers=1)


def test_paragraphs_are_set_as_large_as_their_box_holds_measured_not_counted():
    from rulepress.cards.art import Box
    from rulepress.cards.text_art import Fit, fit_paragraphs

    box = Box(0, 100, 150, 60)  # pt
    short = [[("Swing.", True), (" Its size is chosen by its owner.", False)]]
    shown, size = fit_paragraphs(short, box, 9.0, 10.8, 3.0, Fit(6.0))
    assert shown == short and size == 9.0  # a short text stays at the largest size
    long = [[("Word ", False)] * 60]
    shown, size = fit_paragraphs(long, box, 9.0, 10.8, 3.0, Fit(6.0))
    assert 6.0 <= size < 9.0
    at = draw_paragraphs(long, box, size, size * 1.2, WHITE, WHITE, 3.0)
    above = draw_paragraphs(long, box, size + 0.25, (size + 0.25) * 1.2, WHITE, WHITE, 3.0)
    def height(art, size):  # lines drawn x line height
        return len({r["y"] for r in runs(art.ops)}) * size * 1.2
    # the largest step that fits, counted from the drawing
    assert height(at, size) <= 60 < height(above, size + 0.25)


def test_what_does_not_fit_at_the_floor_is_named_in_a_closing_line():
    from rulepress.cards.art import Box
    from rulepress.cards.text_art import Fit, fit_paragraphs

    box = Box(0, 100, 150, 40)
    paragraphs = [[(f"Skill{n}.", True), (" text " * (5 + 10 * (n == 2)), False)]
                  for n in range(6)]
    fit = Fit(6.0, tuple(f"Skill{n}" for n in range(6)), ("Also:", ": see the site."))
    shown, size = fit_paragraphs(paragraphs, box, 9.0, 10.8, 3.0, fit)
    assert size >= 6.0 and shown[-1][0] == ("Also:", True)
    named = shown[-1][1][0]
    assert "Skill2" in named and named.endswith(": see the site.")  # the longest goes first
    assert all(p[0][0] not in named for p in shown[:-1])  # each skill once
