"""The print page is made from the manifest the print step hands over, never from a file,
and a site step with no manifest handed to it is an error, not an empty print page."""

from __future__ import annotations

import pytest

from rulepress.handoff import Handoff, MissingHandoff, PrintFile, PrintManifest
from rulepress.website.print_page import listing, print_pages


def entry(paper: str, part: str = "", cards: int = 9) -> PrintFile:
    stem = "buttonmen-cards" + (f"-{part.lower()}" if part else "")
    return PrintFile("buttonmen-cards", "Button Men cards", "buttonmen", "all the buttons",
                     paper, f"{stem}-{paper}.pdf", cards, 4, 12, (), part)


def test_a_site_step_without_a_handed_manifest_fails():
    with pytest.raises(MissingHandoff, match="print step's manifest"):
        Handoff().print_manifest()


def test_the_print_page_lists_what_it_was_handed(tmp_path):
    files = (entry("a4"), entry("letter"), entry("a4", "Soldiers", 1),
             entry("letter", "Soldiers", 1))
    for e in files:
        (tmp_path / e.file).write_bytes(b"%PDF-1.7 " + e.file.encode())
    pages = print_pages(PrintManifest(tmp_path, files))
    assert pages["print/buttonmen-cards-soldiers-letter.pdf"].endswith(b"soldiers-letter.pdf")
    text = pages["print.md"]
    assert "[A4](print/buttonmen-cards-a4.pdf) (12 KB, 4 pages)" in text
    assert "| **Soldiers** | 1 card |" in text and "one PDF a set" in text
    assert "(1 set)" in text and "made without" not in text


def test_a_build_without_pdfs_says_so():
    text = listing(PrintManifest.none_made())
    assert "made without its PDFs" in text and "| PDF |" not in text


def test_the_button_men_deck_is_split_into_one_deck_a_set(root, catalog):
    from rulepress.cards.make import product
    from rulepress.cards.step import unique_slug

    deck = product(root, catalog, "buttonmen-cards")
    sets = deck.sections()
    assert deck.split and len(sets) == len({b.set or "no set"
                                            for b in catalog.all("buttonmen.button")})
    soldiers = deck.section("Soldiers")
    members = [b for b in catalog.all("buttonmen.button") if b.set == "Soldiers"]
    assert [c.name for c in soldiers.cards] == [b.name for b in members]
    assert {c.front.fields["of"] for c in soldiers.cards} == {len(members)}
    taken: set[str] = set()
    assert unique_slug("1999 Rare / Promo", taken) == "1999-rare-promo"
    assert unique_slug("1999 rare promo", taken) == "1999-rare-promo-2"
