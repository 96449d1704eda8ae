"""--duplex short: backs laid out for a flip over the sheet's short (top) edge, each turned
half a turn, and the PDF asks the viewer for that flip. Read back from the PDF with pikepdf."""

from __future__ import annotations

import io
import re

import pikepdf
import pytest

from rulepress.cards.compose import PrintSettings, compose
from rulepress.cards.make import make_item, product
from rulepress.cards.sheets import PAPERS, sheet_layout

PT = 72 / 25.4
PLACED = re.compile(r"q (-?1) 0 0 (-?1) ([\d.]+) ([\d.]+) cm /F(\d+)")


def placed(page) -> list[tuple[bool, float, float]]:
    """(turned, left, bottom) of each placed face's rectangle, in pt, in drawing order."""
    out = []
    for a, d, x, y, face in PLACED.findall(page.Contents.read_bytes().decode("ascii")):
        turned = a == "-1" and d == "-1"
        w, h = 63 * PT, 88 * PT  # a poker card, no bleed
        x, y = float(x), float(y)
        out.append((turned, x - w if turned else x, y - h if turned else y))
    return out


@pytest.fixture(scope="module")
def robots(root, catalog):
    deck = product(root, catalog, "evilrobots-cards")
    return deck.only([c.name for c in deck.cards[:3]])  # one row of a Letter sheet


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_lands_behind_its_front(robots, flip):
    settings = PrintSettings("letter", duplex=flip)
    made = make_item(robots, settings, workers=1)
    layout = sheet_layout("letter")
    sheets = compose(robots, layout, settings).sheets
    assert [s.kind for s in sheets] == ["front", "back"]  # backs drawn in the fronts' order
    width, height = (v * PT for v in PAPERS["letter"])
    with pikepdf.open(io.BytesIO(made.pdf)) as pdf:
        assert pdf.Root.ViewerPreferences.Duplex == pikepdf.Name(
            "/DuplexFlipShortEdge" if flip == "short" else "/DuplexFlipLongEdge")
        fronts, backs = placed(pdf.pages[0]), placed(pdf.pages[1])
    assert len(fronts) == len(backs) == 3
    w, h = 63 * PT, 88 * PT
    for (turned, x, y), (back_turned, bx, by) in zip(fronts, backs):
        assert not turned and back_turned == (flip == "short")
        if flip == "long":  # over the long edge: x mirrors, y stays
            assert bx == pytest.approx(width - x - w, abs=0.01) and by == pytest.approx(y, abs=0.01)
        else:  # over the short edge: y mirrors, x stays
            assert by == pytest.approx(height - y - h, abs=0.01) and bx == pytest.approx(x, abs=0.01)
            assert by != pytest.approx(y)  # one row of two: the back is on the other one


def test_an_unknown_flip_is_refused():
    from rulepress.cards.sheets import SheetError

    with pytest.raises(SheetError, match="long, short"):
        sheet_layout("a4").slots(back=True, flip="sideways")
