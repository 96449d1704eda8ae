"""Entity pages: one renderer module per game, each turning records into pages.

A renderer module has FOLDERS ({kind key: page folder}) and `pages(ctx)`,
returning {markdown path: text}. `entity_pages` is the page maker that runs
them all with one shared Links table, so any page may link to any entity.
"""

from __future__ import annotations

from pathlib import Path

from ...data.catalog import Catalog
from ...handoff import PrintManifest
from . import brikwars, brikwars_data, buttonmen, evilrobots
from .context import Context

RENDERERS = (buttonmen, evilrobots, brikwars, brikwars_data)


def entity_pages(project: Path, catalog: Catalog,
                 prints: PrintManifest) -> dict[str, str | bytes]:
    ctx = Context.create(project, catalog, RENDERERS, prints.files)
    pages: dict[str, str | bytes] = {}
    for renderer in RENDERERS:
        pages.update(renderer.pages(ctx))
    return {path: _unsearched_tables(text) for path, text in pages.items()}


# Parts of an entity page kept out of the search index. Tables: the index joins their
# cells without spaces ("SetWest Side Designernot given"), and every cell made the page
# match words it only lists. The print links and the source note are the same on
# hundreds of pages (as are the links to the index and the compare page, excluded in the
# templates); a drawn recipe is glyphs ("8 10 12 20 X"), not words. The page's own
# sentences stay searchable, and a smaller index is ready sooner after search is opened.
UNSEARCHED = (("<table>", "<table data-search-exclude>"),
              ('<p class="rp-print">', '<p class="rp-print" data-search-exclude>'),
              ('<div class="rp-source">', '<div class="rp-source" data-search-exclude>'),
              ('<p class="rp-recipe">', '<p class="rp-recipe" data-search-exclude>'))


def _unsearched_tables(text: str | bytes) -> str | bytes:
    if isinstance(text, bytes):
        return text
    for plain, unsearched in UNSEARCHED:
        text = text.replace(plain, unsearched)
    return text
