"""Gather every page of the site as {path: text or bytes}; nothing is written here.

Each page maker takes (project, catalog) and returns some pages; `collect_pages`
runs them all. To add pages (entity pages, exported data for a page's script),
write a maker and list it in PAGE_MAKERS. Keeping generation in plain Python
(not an MkDocs plugin) lets the same Markdown tree build with MkDocs,
ProperDocs or Zensical.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..cards.step import print_pages
from ..data.catalog import Catalog
from ..data.schema import schema_texts
from .evilrobots_applet import applet_pages
from .army_builder import army_pages
from .calculators import calculator_pages
from .home import HOME, home_page
from .render import entity_pages
from .sources_page import sources_page

Pages = dict[str, str | bytes]
PageMaker = Callable[[Path, Catalog], Pages]


def content_pages(project: Path, catalog: Catalog) -> Pages:
    """The hand-written pages and assets under content/, as they are (the home page gets
    its pictures from home_page)."""
    content = project / "content"
    return {relative: path.read_bytes() for path in sorted(content.rglob("*"))
            if path.is_file() and (relative := path.relative_to(content).as_posix()) != HOME}


def schema_files(project: Path, catalog: Catalog) -> Pages:
    """The JSON Schema of every data file, published under schema/."""
    return {f"schema/{name}": text for name, text in schema_texts().items()}


PAGE_MAKERS: tuple[PageMaker, ...] = (content_pages, home_page, schema_files, entity_pages,
                                      sources_page, calculator_pages, applet_pages,
                                      print_pages, army_pages)


def collect_pages(project: Path, catalog: Catalog) -> Pages:
    pages: Pages = {}
    for maker in PAGE_MAKERS:
        made = maker(project, catalog)
        clash = sorted(set(made) & set(pages))
        if clash:
            raise ValueError(f"{maker.__name__} makes pages that already exist: {clash[:3]}")
        pages.update(made)
    return pages


def write_pages(pages: Pages, folder: Path) -> None:
    for relative, body in pages.items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(body, bytes):
            target.write_bytes(body)
        else:
            target.write_text(body, encoding="utf-8")
