"""No card text nearer a trim edge than 1/8 in (3.175 mm), the safe area print shops ask
for: measured on the rendered faces of every deck at every card size it is made for,
each distinct face once, from the boxes pdftotext gives every word (font boxes, a little
larger than the ink, so the measure errs on the safe side)."""

from __future__ import annotations

import html
import re
import subprocess

import pytest

from pdftools import PT_PER_MM, run
from rulepress.cards.decks import BUILDERS
from rulepress.cards.layout import CardTooSmall, Deck
from rulepress.cards.make import product
from rulepress.cards.pod import pod_pdf
from rulepress.cards.services import SAFE_MM, SERVICES
from rulepress.cards.sheets import CARD_SIZES
from rulepress.cards.step import cache_folder

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                  r"(.*?)</word>")
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)


def too_near(pdf_path, bleed_mm: float = 0.0) -> list[str]:
    """Every word nearer a trim edge than SAFE_MM, on pages that are faces with `bleed_mm`
    of bleed round the trim."""
    out = run("pdftotext", "-bbox", str(pdf_path), "-")
    found = []
    for number, (width, height, words) in enumerate(PAGE.findall(out), start=1):
        for x0, y0, x1, y1, text in WORD.findall(words):
            gaps = (float(x0), float(y0), float(width) - float(x1), float(height) - float(y1))
            gap = min(gaps) / PT_PER_MM - bleed_mm  # from the trim edge
            if gap < SAFE_MM - 0.005:
                side = ("left", "top", "right", "bottom")[gaps.index(min(gaps))]
                found.append(f"page {number}: '{html.unescape(text)}' {gap:.2f}"
                             f" mm from the {side} edge")
    return found


def text_ink_too_near(pdf_path, bleed_mm: float, folder, dpi: int = 150) -> list[str]:
    """The same measure on the ink: each page rendered by Ghostscript with its text and
    without it (-dFILTERTEXT); where they differ is text. For a file whose fonts
    Ghostscript wrote again (a CMYK file), where pdftotext's boxes follow the new fonts'
    metrics rather than the glyphs."""
    from PIL import Image, ImageChops

    found = []
    for name, extra in (("with", []), ("without", ["-dFILTERTEXT"])):
        subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=png16m",
                        f"-r{dpi}", *extra, f"-sOutputFile={folder}/{name}-%03d.png",
                        str(pdf_path)], check=True)
    pages = sorted(folder.glob("with-*.png"))
    assert pages
    for number, page in enumerate(pages, start=1):
        with Image.open(page) as inked, \
                Image.open(folder / page.name.replace("with", "without")) as bare:
            text = ImageChops.difference(inked.convert("RGB"), bare.convert("RGB")).convert("L")
            box = text.point(lambda v: 255 if v > 24 else 0).getbbox()
            if box is None:
                continue
            width, height = inked.size
            gaps = (box[0], box[1], width - box[2], height - box[3])
            gap = min(gaps) * 25.4 / dpi - bleed_mm
            if gap < SAFE_MM - 25.4 / dpi:  # within a pixel of it
                side = ("left", "top", "right", "bottom")[gaps.index(min(gaps))]
                found.append(f"page {number}: text ink {gap:.2f} mm from the {side} edge")
    return found


DECKS = [name for name in BUILDERS if not name.endswith("quickref")]


@pytest.mark.parametrize("name", DECKS)
def test_every_face_keeps_its_text_inside_the_safe_area(root, catalog, name, tmp_path):
    deck = product(root, catalog, name)
    assert isinstance(deck, Deck)
    sizes = ["poker"] if deck.card_size else list(CARD_SIZES)
    checked = 0
    for size in sizes:
        try:  # no bleed: each page is one trimmed face
            made, _ = pod_pdf(deck, SERVICES["generic"], size, 0.0, cache_folder(root),
                              pages_once=True)
        except CardTooSmall:
            continue  # the deck refuses this size (a BrikWars table on a mini card)
        path = tmp_path / f"{size}.pdf"
        path.write_bytes(made.pdf)
        assert too_near(path) == [], f"{name} at {size}"
        checked += 1
    assert checked  # every deck is checked at one size at least


def test_the_measure_finds_text_near_the_edge(root, catalog, tmp_path, monkeypatch):
    """The check itself: the old layout's serial line, 2.2 mm above the bottom, fails it."""
    import rulepress.cards.pdf as pdf

    old = pdf._cards_css_text()
    monkeypatch.setattr(pdf, "_cards_css_text", lambda: old + "\n.serial { bottom: 2.2mm; }")
    pdf._card_stylesheet.cache_clear()
    try:
        deck = product(root, catalog, "evilrobots-cards")
        small = Deck(deck.name, deck.title, deck.game, deck.cards[:1])
        made, _ = pod_pdf(small, SERVICES["generic"], "poker", 0.0, pages_once=True)
        path = tmp_path / "near.pdf"
        path.write_bytes(made.pdf)
        assert any("from the bottom edge" in line and "robot" in line
                   for line in too_near(path))
    finally:
        pdf._card_stylesheet.cache_clear()
