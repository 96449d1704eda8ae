"""The build's print step: every PDF, A4 and Letter, written to build/print/.

The step runs before the website and returns its manifest (handoff.PrintManifest);
build.py hands that to the website step, whose print page lists and copies the
PDFs (website/print_page.py). The website never imports this package.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import time
from pathlib import Path

from ..data.catalog import Catalog
from ..handoff import PrintFile, PrintManifest
from ..progress import Progress
from ..project import cache_folder as project_cache
from .compose import PrintSettings
from .decks.army import page_cards
from .decks import BUILDERS
from .layout import Deck, overflow_report
from .make import make_many, product
from .pdf import prune_cache
from .sheets import PAPERS


def unique_slug(text: str, taken: set[str]) -> str:
    """A file-name part for `text` (lower-case letters, digits and hyphens), not in `taken`."""
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "set"
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base}-{number}", number + 1
    taken.add(slug)
    return slug


def staging(project: Path) -> Path:
    return project / "build" / "print"


CACHE_VARIABLE = "RULEPRESS_PRINT_CACHE"


def cache_folder(project: Path) -> Path:
    """Rendered-chunk cache (entries keyed on their exact HTML)."""
    return project_cache(project, "print", CACHE_VARIABLE)


def build_print(project: Path, catalog: Catalog, site_dir: Path,
                progress: Progress) -> PrintManifest:
    started = time.time()
    folder = staging(project)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    items, files, parts = [], [], []
    for name in BUILDERS:
        item = product(project, catalog, name)
        if item is None:
            progress(f"      {name}: no data yet, skipped")
            continue
        for paper in PAPERS:
            items.append((item, PrintSettings(paper)))
            files.append(f"{name}-{paper}.pdf")
            parts.append("")
        if isinstance(item, Deck) and item.split:  # and a PDF for each set
            taken: set[str] = set()
            for section in item.sections():
                stem = unique_slug(section, taken)
                for paper in PAPERS:
                    items.append((item.section(section), PrintSettings(paper)))
                    files.append(f"{name}-{stem}-{paper}.pdf")
                    parts.append(section)
    rendering = time.perf_counter()
    # one pass for everything: both cores stay busy, and A4 and Letter share their faces
    made_all = make_many(items, cache_folder(project))
    progress(f"      {len(made_all)} PDFs in {time.perf_counter() - rendering:.1f} s")
    manifest = []
    for file, part, (_, settings), made in zip(files, parts, items, made_all):
        (folder / file).write_bytes(made.pdf)
        manifest.append(PrintFile(made.name, made.title, made.game, made.description,
                                  settings.paper, file, made.cards, made.pages,
                                  round(len(made.pdf) / 1024),
                                  tuple(str(o) for o in made.overflows), part))
        if part:
            continue  # one line for all the parts, below
        cached = f", {made.cached_chunks}/{made.chunks} documents cached" if made.chunks else ""
        progress(f"      {file}: {made.cards or '-'} cards, {made.pages} pages{cached}")
        if made.overflows:
            progress(overflow_report(made.overflows))
    if any(parts):
        size = sum(e.kb for e in manifest if e.part)
        progress(f"      {sum(bool(p) for p in parts)} PDFs of single sets, {size} KB")
    # for people and tests to read; the website gets the manifest in memory, not this file
    (folder / "manifest.json").write_text(
        json.dumps([dataclasses.asdict(entry) for entry in manifest], indent=1),
        encoding="utf-8")
    # entries unused for an hour go; a shorter limit could pull an entry from under a
    # build running at the same time on a shared cache
    prune_cache(cache_folder(project), older_than=started - 3600)
    # the army builder page prints the same stat cards in the browser: their faces,
    # stylesheets and sheet grids go to the website step with the manifest
    return PrintManifest(folder, tuple(manifest), army_cards=page_cards(project, catalog))
