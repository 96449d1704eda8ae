"""Cards render through html_tree and templates/ua.css (faster than WeasyPrint's own
HTML5 parser and full browser defaults). Both paths must give the same pages: a tag a
template starts using without a default in ua.css, or a parse difference, shows here."""

from __future__ import annotations

import hashlib
import re
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest
import tinyhtml5

from rulepress.cards import html_tree
from rulepress.cards.compose import FOLD_CARD, PrintSettings, compose
from rulepress.cards.decks import BUILDERS
from rulepress.cards.decks.quickref import Document
from rulepress.cards.make import product
from rulepress.cards.pdf import card_layout, chrome_html, faces_html, plain_html
from rulepress.cards.sheets import POKER, sheet_layout


def _sample_htmls(root, catalog, bleed: float) -> list[tuple[str, str]]:
    """For every deck: its chrome and plain pages and one face of each template."""
    out = []
    for name in BUILDERS:
        deck = product(root, catalog, name)
        if deck is None or isinstance(deck, Document) or (bleed and deck.fold):
            continue
        layout = sheet_layout("a4", bleed, FOLD_CARD if deck.fold else POKER)
        composition = compose(deck, layout, PrintSettings("a4", bleed))
        richest: dict[str, tuple[int, object]] = {}
        for index, use in enumerate(composition.faces):
            # per template, the face with the most content (the most markup to parse)
            best = richest.get(use.face.template)
            if best is None or len(repr(use.face.fields)) > len(repr(best[1].face.fields)):
                richest[use.face.template] = (index, use)
        out.append((f"{name} faces", faces_html(list(richest.values()), name)))
        out.append((f"{name} chrome", chrome_html(layout, composition.sheets, name)))
        if composition.pages:
            out.append((f"{name} pages", plain_html(layout, composition.pages, name)))
    return out


def _pages(pdf: bytes, folder: Path) -> list[str]:
    (folder / "x.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "50", "-png", str(folder / "x.pdf"), str(folder / "p")],
                   check=True)
    pages = sorted(folder.glob("p*.png"))
    digests = [hashlib.sha256(p.read_bytes()).hexdigest() for p in pages]
    for path in [*pages, folder / "x.pdf"]:
        path.unlink()
    return digests


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_fast_path_draws_the_same_pages_as_weasyprints_parser(root, catalog, tmp_path, bleed):
    for label, html in _sample_htmls(root, catalog, bleed):
        standard = _pages(card_layout(html, fast=False).write_pdf(), tmp_path)
        fast = _pages(card_layout(html).write_pdf(), tmp_path)
        assert standard and fast == standard, f"{label} (bleed {bleed}) differs"


def test_tree_matches_the_html5_parser_on_card_markup(root, catalog):
    for label, html in _sample_htmls(root, catalog, 0.0):
        ours = ElementTree.tostring(html_tree.parse(html), encoding="unicode")
        theirs = ElementTree.tostring(tinyhtml5.parse(html, namespace_html_elements=False),
                                      encoding="unicode")
        # HTML5 moves the white space around <head> and after </body>, and keeps
        # xmlns declarations as attributes; nothing else may differ
        assert _plain(ours) == _plain(theirs), label


def _plain(tree_text: str) -> str:
    without_xmlns = re.sub(r'\s(xmlns:ns\d+|ns\d+:xmlns(:\w+)?)="[^"]*"', "", tree_text)
    return "".join(without_xmlns.split())
