"""Entity pages: one renderer module per game, each turning records into pages.

A renderer module has FOLDERS ({kind key: page folder}) and `pages(ctx)`,
returning {markdown path: text}. `entity_pages` is the page maker that runs
them all with one shared Links table, so any page may link to any entity.
"""

from __future__ import annotations

from pathlib import Path

from ...data.catalog import Catalog
from . import brikwars, brikwars_data, buttonmen, evilrobots
from .context import Context

RENDERERS = (buttonmen, evilrobots, brikwars, brikwars_data)


def entity_pages(project: Path, catalog: Catalog) -> dict[str, str | bytes]:
    ctx = Context.create(project, catalog, RENDERERS)
    pages: dict[str, str | bytes] = {}
    for renderer in RENDERERS:
        pages.update(renderer.pages(ctx))
    return {path: _unsearched_tables(text) for path, text in pages.items()}


def _unsearched_tables(text: str | bytes) -> str | bytes:
    """Keeps an entity page's tables out of the search index: the index joins their
    cells without spaces ("SetWest Side Designernot given"), and a table's every cell
    made a page match words it only lists; the page's sentences stay searchable."""
    return text.replace("<table>", "<table data-search-exclude>") if isinstance(text, str) \
        else text
