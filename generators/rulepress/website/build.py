"""Build the website (Markdown tree + MkDocs) into a given folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ..data.catalog import Catalog
from ..handoff import PrintManifest
from ..logs import warnings_from
from ..problems import BuildError
from ..progress import Progress
from . import answers
from .dice_marks import mark_dice
from .module_preloads import module_preloads
from .pages import collect_pages, write_pages
from .previews import write_previews
from .search_index import search_aliases, tune_search_index
from .vendor import copy_vendored


def build_website(project: Path, catalog: Catalog, site_dir: Path, progress: Progress,
                  prints: PrintManifest) -> None:
    """Write the Markdown tree to build/docs, then let MkDocs build it into `site_dir`.
    `prints`: what the print step made (PrintManifest.none_made() for a site without)."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    docs = project / "build" / "docs"
    shutil.rmtree(docs, ignore_errors=True)
    with answers.kept(project):  # the engine's answers, kept for the next build
        pages = collect_pages(project, catalog, prints)
    write_pages(pages, docs)
    progress(f"      {len(pages)} source files; building with MkDocs")
    _mkdocs_build(project, docs, site_dir)
    copy_vendored(project, site_dir)
    _no_cdn(site_dir)
    progress(f"      {mark_dice(site_dir)} dice expressions on the BrikWars pages to roll")
    lost = tune_search_index(site_dir, search_aliases(catalog))
    if lost:
        raise BuildError("search aliases name pages or headings the site does not have: "
                         + ", ".join(lost) + " (data/<game>/search_aliases.yaml)")
    progress(f"      {write_previews(site_dir)} preview cards of record pages")


# Material's script loads two things from a CDN when a page needs them: a ResizeObserver
# polyfill (browsers from before 2020) and Mermaid (no page has a diagram). Nothing may
# come from another host, so the copies in the site name a path of the site that holds
# nothing: an old browser goes without the polyfill rather than asking unpkg.com.
CDN_PREFIX = b"https://unpkg.com/"
NO_CDN = b"./no-cdn/"


def _no_cdn(site_dir: Path) -> None:
    for path in sorted((site_dir / "assets" / "javascripts").glob("bundle.*")):
        body = path.read_bytes()
        if CDN_PREFIX in body:
            path.write_bytes(body.replace(CDN_PREFIX, NO_CDN))


def _mkdocs_build(project: Path, docs: Path, site_dir: Path) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    with warnings_from("mkdocs") as messages:
        try:
            config = load_config(str(project / "mkdocs.yml"), docs_dir=str(docs),
                                 site_dir=str(site_dir), strict=True)
            config["extra"]["module_preloads"] = module_preloads(project)
            build(config)
        except MkDocsException as exc:
            detail = "\n".join(messages) or str(exc)
            raise BuildError(f"MkDocs failed:\n{detail}") from None
