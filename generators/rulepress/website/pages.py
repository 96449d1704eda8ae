"""Gather every page of the site as {path: text or bytes}; nothing is written here.

Hand-written pages come from content/; the JSON Schemas are published under
schema/. Keeping generation in plain Python (not an MkDocs plugin) lets the same
Markdown tree build with MkDocs, ProperDocs or Zensical.
"""

from __future__ import annotations

from pathlib import Path

from ..data.catalog import Catalog
from ..data.schema import schema_texts

Pages = dict[str, str | bytes]


def collect_pages(project: Path, catalog: Catalog) -> Pages:
    pages: Pages = {}
    content = project / "content"
    for path in sorted(content.rglob("*")):
        if path.is_file():
            pages[path.relative_to(content).as_posix()] = path.read_bytes()
    for name, text in schema_texts().items():
        pages[f"schema/{name}"] = text
    return pages


def write_pages(pages: Pages, folder: Path) -> None:
    for relative, body in pages.items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(body, bytes):
            target.write_bytes(body)
        else:
            target.write_text(body, encoding="utf-8")
