"""The list of every file of the site, with sizes, for "Keep the whole site on this device"
(content/offline-copy.md, assets/javascripts/offline/keep-everything.js).

Written last, once the compressed copies exist, so each size is what the browser downloads
(the .br copy when there is one) beside what the device keeps (the file itself: the offline
worker keeps inflated bytes). The calculators' engine is not listed file by file: the page
starts the engine, whose worker fetches exactly its files, and the list gives only their
size (those engine/bundle.json names). The print-and-play PDFs are listed apart: taking
them is a choice. A page is listed by its address ("brikwars/dice/"), as it is opened.
"""

from __future__ import annotations

import json
from pathlib import Path

LIST = "offline/site-files.json"
LEFT_OUT = (".br", ".gz", ".map")
NOT_LISTED = ("offline-sw.js", "pyodide/", "engine/",
              "assets/javascripts/offline/service-worker.js", LIST)


def _sizes(site: Path, path: Path) -> tuple[int, int]:
    """(bytes downloaded, bytes kept) of one file."""
    kept = path.stat().st_size
    packed = path.with_name(path.name + ".br")
    return (min(kept, packed.stat().st_size) if packed.is_file() else kept), kept


def _address(name: str) -> str:
    if name == "index.html":
        return ""
    return name[:-len("index.html")] if name.endswith("/index.html") else name


def _engine_files(site: Path) -> list[str]:
    """The files the engine's worker fetches (the packed copy where there is one)."""
    bundle_path = site / "engine" / "bundle.json"
    if not bundle_path.is_file():
        return []
    bundle = json.loads(bundle_path.read_text(encoding="utf-8"))
    entries = [bundle.get("worker"), bundle.get("wheel"), bundle.get("snapshot"),
               bundle.get("data"), *bundle.get("runtime", {}).values()]
    return [(e.get("packed") or e)["url"].split("?")[0] for e in entries
            if isinstance(e, dict) and "url" in e]


def write_site_list(site: Path) -> dict:
    """Writes the list into the site; returns it."""
    pages: list[list] = []
    prints: list[list] = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if name.endswith(LEFT_OUT) or name.startswith(NOT_LISTED):
            continue
        sent, kept = _sizes(site, path)
        (prints if name.startswith("print/") and not name.endswith(".html") else pages).append(
            [_address(name), sent, kept])
    engine = [_sizes(site, site / name) for name in _engine_files(site)
              if (site / name).is_file()]
    listing = {"files": pages, "print": prints,
               "engine": {"sent": sum(s for s, _ in engine), "kept": sum(k for _, k in engine)}}
    (site / LIST).parent.mkdir(parents=True, exist_ok=True)
    (site / LIST).write_text(json.dumps(listing, separators=(",", ":")), encoding="utf-8")
    return listing
