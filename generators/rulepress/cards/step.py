"""The build's print step (every PDF, A4 and Letter) and the site page that links them.

The step runs before the website: it writes the PDFs and a manifest to
build/print/, and the page maker `print_pages` hands them to MkDocs with
content/print.md's generated listing, so every link is checked by
`mkdocs build --strict` and the PDFs land in site/print/.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from ..data.catalog import Catalog
from ..progress import Progress
from ..project import cache_folder as project_cache
from .compose import PrintSettings
from .decks.army import page_cards
from .decks import BUILDERS
from .layout import overflow_report
from .make import make_many, product
from .pdf import prune_cache
from .sheets import PAPERS

PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
ARMY_CARDS = "army-cards.json"  # read by website/army_builder.py from build/print/


def staging(project: Path) -> Path:
    return project / "build" / "print"


CACHE_VARIABLE = "RULEPRESS_PRINT_CACHE"


def cache_folder(project: Path) -> Path:
    """Rendered-chunk cache (entries keyed on their exact HTML)."""
    return project_cache(project, "print", CACHE_VARIABLE)


def build_print(project: Path, catalog: Catalog, site_dir: Path, progress: Progress) -> None:
    started = time.time()
    folder = staging(project)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    items, files = [], []
    for name in BUILDERS:
        item = product(project, catalog, name)
        if item is None:
            progress(f"      {name}: no data yet, skipped")
            continue
        for paper in PAPERS:
            items.append((item, PrintSettings(paper)))
            files.append(f"{name}-{paper}.pdf")
    rendering = time.perf_counter()
    # one pass for everything: both cores stay busy, and A4 and Letter share their faces
    made_all = make_many(items, cache_folder(project))
    progress(f"      {len(made_all)} PDFs in {time.perf_counter() - rendering:.1f} s")
    manifest = []
    for file, (_, settings), made in zip(files, items, made_all):
        (folder / file).write_bytes(made.pdf)
        manifest.append({"name": made.name, "title": made.title, "game": made.game,
                         "description": made.description, "paper": settings.paper,
                         "file": file, "cards": made.cards, "pages": made.pages,
                         "kb": round(len(made.pdf) / 1024),
                         "overflows": [str(o) for o in made.overflows]})
        cached = f", {made.cached_chunks}/{made.chunks} documents cached" if made.chunks else ""
        progress(f"      {file}: {made.cards or '-'} cards, {made.pages} pages{cached}")
        if made.overflows:
            progress(overflow_report(made.overflows))
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    # the army builder page draws the same stat cards in the browser: handed over as data
    (folder / ARMY_CARDS).write_text(json.dumps(page_cards(project, catalog),
                                                ensure_ascii=False), encoding="utf-8")
    # entries unused for an hour go; a shorter limit could pull an entry from under a
    # build running at the same time on a shared cache
    prune_cache(cache_folder(project), older_than=started - 3600)


def print_pages(project: Path, catalog: Catalog) -> dict[str, str | bytes]:
    """print.md listing every PDF the print step made, plus the PDFs themselves."""
    folder = staging(project)
    manifest_file = folder / "manifest.json"
    manifest = (json.loads(manifest_file.read_text(encoding="utf-8"))
                if manifest_file.is_file() else [])
    pages: dict[str, str | bytes] = {f"print/{e['file']}": (folder / e["file"]).read_bytes()
                                     for e in manifest}
    pages["print.md"] = _listing(project, manifest)
    return pages


def _listing(project: Path, manifest: list[dict]) -> str:
    intro = Path(__file__).parent / "templates" / "print-intro.md"
    lines = [intro.read_text(encoding="utf-8").rstrip() if intro.is_file()
             else "# Print and play", ""]
    if not manifest:
        lines.append("The PDFs are made by `rulepress build`; this build made none.")
        return "\n".join(lines) + "\n"
    lines += ["| PDF | what is in it | A4 | US Letter |", "| --- | --- | --- | --- |"]
    by_name: dict[str, dict[str, dict]] = {}
    for entry in manifest:
        by_name.setdefault(entry["name"], {})[entry["paper"]] = entry
    for name, papers in by_name.items():
        first = next(iter(papers.values()))
        what = first["description"] or first["title"]
        if first["cards"]:
            what += f" ({first['cards']} cards)"
        links = [(f"[{PAPER_NAMES[p]}](print/{papers[p]['file']}) ({papers[p]['kb']} KB, "
                  f"{papers[p]['pages']} pages)" if p in papers else "—") for p in PAPERS]
        lines.append(f"| **{first['title']}** | {what} | " + " | ".join(links) + " |")
    return "\n".join(lines) + "\n"
