"""Gather every page of the site as {path: text or bytes}; nothing is written here.

Each page maker takes (project, catalog) and returns some pages; `collect_pages`
runs them all. To add pages (entity pages, exported data for a page's script),
write a maker and list it in PAGE_MAKERS. Keeping generation in plain Python
(not an MkDocs plugin) lets the same Markdown tree build with MkDocs,
ProperDocs or Zensical.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping

from ..data.catalog import Catalog
from ..data.schema import schema_texts
from ..handoff import PrintManifest
from .evilrobots_applet import applet_pages
from .site_app import site_app_pages
from .figures import place_figures
from .army_builder import army_pages
from .calculators import calculator_pages
from .compare import compare_pages
from .data_kinds import place_kinds
from .home import HOME, home_page
from .play_page import play_pages
from .print_page import print_pages
from .render import entity_pages
from .sources_page import sources_page

Pages = dict[str, str | bytes]
PageMaker = Callable[[Path, Catalog], Mapping[str, str | bytes]]


def content_pages(project: Path, catalog: Catalog) -> Pages:
    """The hand-written pages and assets under content/, as they are (the home page gets
    its pictures from home_page), except that a rules page's figure markers become the
    figures drawn from the data (website/figures.py), and the data reference page gets its
    list of kinds from the registry (website/data_kinds.py)."""
    content = project / "content"
    pages: Pages = {relative: path.read_bytes() for path in sorted(content.rglob("*"))
                    if path.is_file() and (relative := path.relative_to(content).as_posix())
                    != HOME}
    markdown = {path: body.decode("utf-8") for path, body in pages.items()
                if path.endswith(".md") and isinstance(body, bytes) and b"rulepress: figure" in body}
    pages.update(place_figures(markdown, catalog))
    pages.update(place_kinds(pages))
    return pages


def schema_files(project: Path, catalog: Catalog) -> Pages:
    """The JSON Schema of every data file, published under schema/."""
    return {f"schema/{name}": text for name, text in schema_texts().items()}


PAGE_MAKERS: tuple[PageMaker, ...] = (content_pages, home_page, schema_files, sources_page,
                                      calculator_pages, applet_pages, compare_pages,
                                      site_app_pages, play_pages)


def _print_page(project: Path, catalog: Catalog, prints: PrintManifest) -> Pages:
    return print_pages(prints)


# makers that list or link the PDFs also take the print step's manifest (handed over by
# build.py: the site reads no manifest file and imports nothing of the cards package)
PRINT_MAKERS: tuple[Callable[[Path, Catalog, PrintManifest], Pages], ...] = (
    entity_pages, _print_page, army_pages)


def collect_pages(project: Path, catalog: Catalog, prints: PrintManifest) -> Pages:
    pages: Pages = {}
    makers: list[PageMaker] = [*PAGE_MAKERS, *(partial_maker(m, prints) for m in PRINT_MAKERS)]
    for maker in makers:
        made = maker(project, catalog)
        clash = sorted(set(made) & set(pages))
        if clash:
            raise ValueError(f"{maker.__name__} makes pages that already exist: {clash[:3]}")
        pages.update(made)
    return pages


def partial_maker(maker: Callable[[Path, Catalog, PrintManifest], Pages],
                  prints: PrintManifest) -> PageMaker:
    def made(project: Path, catalog: Catalog) -> Pages:
        return maker(project, catalog, prints)
    made.__name__ = maker.__name__  # a clash names the maker
    return made


def write_pages(pages: Pages, folder: Path) -> None:
    for relative, body in pages.items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(body, bytes):
            target.write_bytes(body)
        else:
            target.write_text(body, encoding="utf-8")
