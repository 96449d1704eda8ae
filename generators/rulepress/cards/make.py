"""Make one printable product (a deck or a quick reference) as PDF bytes."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..data.catalog import Catalog
from . import pdf as pdf_module
from .docinfo import About, stamped
from .compose import PrintSettings, compose
from .decks import BUILDERS
from .decks.quickref import Document
from .impose import impose, page_count
from .layout import Deck, Overflow
from .pdf import Rendered, chrome_html, faces_html, page_html, plain_html, render_htmls
from .sheets import SheetError, sheet_layout

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
    seconds: float = 0.0  # set by make_item; make_many renders several products at once
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
    made = make_many([(item, settings)], cache_dir, workers)[0]
    made.seconds = time.perf_counter() - started
    return made


def make_many(items: list[tuple[Deck | Document, PrintSettings]],
              cache_dir: Path | None = None, workers: int | None = None) -> list[Made]:
    """Several products in one pass: every HTML document of all of them is rendered by
    one pool of workers (a document two products share, once), then each is imposed."""
    plans = [plan(item, settings, cache_dir) for item, settings in items]
    htmls = list(dict.fromkeys(html for p in plans for html in p.htmls))
    rendered = dict(zip(htmls, render_htmls(htmls, cache_dir, workers)))
    return [p.finish([rendered[html] for html in p.htmls]) for p in plans]


@dataclass
class Plan:
    """A product's HTML documents, and what turns their renders into its PDF."""

    htmls: list[str]
    finish: Callable[[list[Rendered]], Made]


def plan(item: Deck | Document, settings: PrintSettings, cache_dir: Path | None) -> Plan:
    if isinstance(item, Document):
        html = page_html(item.template, settings.paper, fields=item.fields)

        def finish_document(results: list[Rendered]) -> Made:
            [result] = results
            about = About(item.title, item.description, item.game, duplex=settings.duplex)
            return _made(item, stamped(result.pdf, about), result.overflows,
                         pages=page_count(result.pdf), chunks=1, cached_chunks=int(result.cached))
        return Plan([html], finish_document)
    return _plan_deck(item, settings, cache_dir)


def _plan_deck(deck: Deck, settings: PrintSettings, cache_dir: Path | None) -> Plan:
    card = deck.card_size or settings.card
    deck = deck.for_size(card)
    # a fold-over card is its two faces, one above the other
    layout = sheet_layout(settings.paper, settings.bleed,
                          (card[0], 2 * card[1]) if deck.fold else card)
    composition = compose(deck, layout, settings)
    numbered = list(enumerate(composition.faces))
    face_htmls = [faces_html(numbered[i:i + FACES_PER_CHUNK], deck.title, deck.css)
                  for i in range(0, len(numbered), FACES_PER_CHUNK)]
    chrome = chrome_html(layout, composition.sheets, deck.title, settings.duplex)
    plain = plain_html(layout, composition.pages, deck.title) if composition.pages else None
    htmls = [*face_htmls, chrome, *([plain] if plain else [])]
    pages = len(composition.sheets) + len(composition.pages)
    # the finished PDF is cached too, keyed on every input of the imposition (the
    # imposition code included: see pdf.OUTPUT_CODE)
    about = about_deck(deck, settings)
    whole = "\n".join(["imposed", repr(about), repr(layout), repr(composition.sheets),
                       repr(composition.pages), repr(composition.outline), *htmls])
    hit = pdf_module.cache_get(cache_dir, whole)
    if hit is not None:
        def finish_cached(results: list[Rendered]) -> Made:
            return _made(deck, hit.pdf, hit.overflows, cards=composition.cards, pages=pages,
                         chunks=len(htmls), cached_chunks=len(htmls))
        return Plan([], finish_cached)

    def finish_deck(results: list[Rendered]) -> Made:
        faces = results[:len(face_htmls)]
        labels: list[Overflow] = []
        pdf = impose(layout, composition, faces, results[len(faces)].pdf,
                     results[-1].pdf if plain else None, about, labels)
        overflows = sorted(set(face_overflows(composition, faces) + labels))
        pdf_module.cache_put(cache_dir, whole, Rendered(pdf, overflows, []))
        return _made(deck, pdf, overflows, cards=composition.cards, pages=pages,
                     chunks=len(htmls), cached_chunks=sum(r.cached for r in results))
    return Plan(htmls, finish_deck)


def face_overflows(composition, faces: list[Rendered]) -> list[Overflow]:
    """Overflowing boxes of rendered faces, under the key of every card that shows them."""
    return sorted({Overflow(key, o.box, o.over_mm, o.small_pt)
                   for r in faces for o in r.overflows
                   for key in composition.users.get(int(o.card), [o.card])})


BACKS_SAID = {"full": "a sheet of backs after each sheet of fronts",
              "none": "printed without backs (fronts only)",
              "light": "a sheet of backs, printed light with little ink, after each sheet "
                       "of fronts"}


def about_deck(deck: Deck, settings: PrintSettings) -> About:
    """What the deck's PDF holds: the deck's description, and how its backs print."""
    two_sided = deck.duplex and not deck.fold and settings.backs != "none"
    said = [deck.description] if deck.description else []
    if two_sided and settings.one_back_sheet:
        said.append("one sheet of each back design after the fronts"
                    + (", printed light" if settings.backs == "light" else ""))
    elif deck.duplex and not deck.fold:
        said.append(BACKS_SAID[settings.backs])
    return About(deck.title, "; ".join(said), deck.game, icons=deck.icons,
                 duplex=settings.duplex if two_sided else "")


def _made(item: Deck | Document, pdf: bytes, overflows: list[Overflow], **counts) -> Made:
    return Made(item.name, item.title, item.game, item.description, pdf, overflows, **counts)


__all__ = ["make", "make_item", "make_many", "Made", "PrintSettings", "SheetError",
           "UnknownProduct", "BUILDERS"]
