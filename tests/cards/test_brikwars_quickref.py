"""The BrikWars quick reference: both sides of one sheet, on A4 and Letter, with the book's
numbers taken from the data (minifig and Hero stats, the weapon table, the modifiers)."""

from __future__ import annotations

import re

import pytest

from pdftools import page_sizes, page_texts, run
from rulepress.cards.compose import PrintSettings
from rulepress.cards.make import make
from rulepress.data.load import load_catalog

SIZES = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}


@pytest.fixture(scope="module")
def sheets(root, tmp_path_factory):
    catalog = load_catalog(root)
    folder = tmp_path_factory.mktemp("quickref")
    out = {}
    for paper in SIZES:
        path = folder / f"brikwars-quickref-{paper}.pdf"
        path.write_bytes(make(root, catalog, "brikwars-quickref", PrintSettings(paper),
                              folder / "cache").pdf)
        out[paper] = path
    return out


@pytest.mark.parametrize("paper", list(SIZES))
def test_both_sides_of_one_sheet(sheets, paper):
    sizes = page_sizes(sheets[paper])
    assert len(sizes) == 2
    assert all(s == pytest.approx(SIZES[paper], abs=0.01) for s in sizes)


@pytest.mark.parametrize("paper", list(SIZES))
def test_the_sheet_holds_every_part_with_the_book_values(sheets, paper):
    text = re.sub(r"\s+", " ", " ".join(page_texts(sheets[paper])))
    for part in ("The turn", "Movement", "Making an attack", "Modifiers", "Close combat",
                 "Damage against armor", "The dice"):
        assert part in text
    # table rows, read in layout order: Chapter 2 (L381-391), Chapter 6 (L933),
    # Chapter 3 (L445, L463; the rifle's 1d6+1 at L653), Chapter 5 (L781)
    rows = run("pdftotext", "-layout", str(sheets[paper]), "-")
    for row in (r'Minifig d6 5" 4 4', r'Hero d10 7" 2d6 11', r'Horse d6 10" 1d6 7',
                r"Two-Handed Weapon L 4 4 CC 2S", r'Long-Ranged Weapon M 5 3 10" 1d6\+1',
                r"Firing blind -5 skill",
                # no fixed value on purpose: "varies", as the Thrown Object's card says
                r'Thrown Object — varies varies 3" varies'):
        assert re.search(row.replace(" ", r"\s+"), rows), row
