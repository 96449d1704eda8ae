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
