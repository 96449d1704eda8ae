"""Make one printable product (a deck or a quick reference) as PDF bytes."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from ..data.catalog import Catalog
from . import pdf as pdf_module
from .compose import FOLD_CARD, PrintSettings, compose
from .decks import BUILDERS
from .decks.quickref import Document
from .impose import impose, page_count
from .layout import Deck, Overflow
from .pdf import chrome_html, faces_html, page_html, plain_html, render_htmls
from .sheets import POKER, SheetError, sheet_layout

FACES_PER_CHUNK = 60  # enough to share work between two cores; a cache hit saves a chunk


class UnknownProduct(ValueError):
    pass


@dataclass
class Made:
    name: str
    title: str
    game: str
    description: str
    pdf: bytes
    overflows: list[Overflow] = field(default_factory=list)
    cards: int = 0  # card fronts printed (0 for a quick reference)
    pages: int = 0
    seconds: float = 0.0
    cached_chunks: int = 0
    chunks: int = 0


def product(project: Path, catalog: Catalog, name: str) -> Deck | Document | None:
    if name not in BUILDERS:
        raise UnknownProduct(f"no deck or sheet called '{name}'; choose from: "
                             f"{', '.join(BUILDERS)}")
    return BUILDERS[name](project, catalog)


def make(project: Path, catalog: Catalog, name: str, settings: PrintSettings,
         cache_dir: Path | None = None, workers: int | None = None) -> Made | None:
    """The product's PDF; None when its game has no data yet. Raises SheetError."""
    item = product(project, catalog, name)
    if item is None:
        return None
    return make_item(item, settings, cache_dir, workers)


def make_item(item: Deck | Document, settings: PrintSettings, cache_dir: Path | None = None,
              workers: int | None = None) -> Made:
    started = time.perf_counter()
    if isinstance(item, Document):
        html = page_html(item.template, settings.paper, fields=item.fields)
        [(pdf, overflows)] = render_htmls([html], cache_dir, workers)
        made = Made(item.name, item.title, item.game, item.description, pdf, overflows,
                    pages=page_count(pdf), chunks=1,
                    cached_chunks=pdf_module.LAST_CACHED)
    else:
        made = _make_deck(item, settings, cache_dir, workers)
    made.seconds = time.perf_counter() - started
    return made


def _make_deck(deck: Deck, settings: PrintSettings, cache_dir: Path | None,
               workers: int | None) -> Made:
    layout = sheet_layout(settings.paper, settings.bleed, FOLD_CARD if deck.fold else POKER)
    composition = compose(deck, layout, settings)
    numbered = list(enumerate(composition.faces))
    htmls = [faces_html(numbered[i:i + FACES_PER_CHUNK], deck.title)
             for i in range(0, len(numbered), FACES_PER_CHUNK)]
    htmls.append(chrome_html(layout, composition.sheets, deck.title))
    if composition.pages:
        htmls.append(plain_html(layout, composition.pages, deck.title))
    # the finished PDF is cached too, keyed on every input of the imposition
    whole = "\n".join(["imposed with pikepdf", repr(layout), repr(composition.sheets),
                       repr(composition.pages), *htmls])
    hit = pdf_module.cache_get(cache_dir, whole)
    if hit is not None:
        pages = len(composition.sheets) + len(composition.pages)
        return Made(deck.name, deck.title, deck.game, deck.description, hit[0], hit[1],
                    composition.cards, pages, chunks=len(htmls), cached_chunks=len(htmls))
    if len(numbered) <= FACES_PER_CHUNK:
        workers = 1  # starting worker processes costs more than one chunk saves
    results = render_htmls(htmls, cache_dir, workers)
    cached = pdf_module.LAST_CACHED
    face_results = results[:len(htmls) - (2 if composition.pages else 1)]
    chrome = results[len(face_results)][0]
    plain = results[-1][0] if composition.pages else None
    pdf = impose(layout, composition, [r[0] for r in face_results], chrome, plain)
    overflows = sorted({Overflow(key, o.box, o.over_mm)
                        for r in face_results for o in r[1]
                        for key in composition.users.get(int(o.card), [o.card])})
    pdf_module.cache_put(cache_dir, whole, (pdf, overflows))
    pages = len(composition.sheets) + len(composition.pages)
    return Made(deck.name, deck.title, deck.game, deck.description, pdf, overflows,
                composition.cards, pages, chunks=len(htmls), cached_chunks=cached)


__all__ = ["make", "make_item", "Made", "PrintSettings", "SheetError", "UnknownProduct",
           "BUILDERS"]
