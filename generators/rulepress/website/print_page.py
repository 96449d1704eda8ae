"""The site's print page (print.md) and its PDFs, from the manifest the print step
handed over (handoff.PrintManifest): this module never reads the print folder's
manifest and never imports the cards package.

Every link is checked by `mkdocs build --strict`, and the PDFs land in site/print/.
"""

from __future__ import annotations

from pathlib import Path

from ..handoff import PrintFile, PrintManifest
from .templating import data_text

PAPERS = {"a4": "A4", "letter": "US Letter"}
INTRO = Path(__file__).parent / "templates" / "print-intro.md"


def print_pages(prints: PrintManifest) -> dict[str, str | bytes]:
    """print.md listing every PDF the print step made, plus the PDFs themselves."""
    pages: dict[str, str | bytes] = {f"print/{e.file}": prints.pdf(e) for e in prints.files}
    pages["print.md"] = listing(prints)
    return pages


def listing(prints: PrintManifest) -> str:
    lines = [INTRO.read_text(encoding="utf-8").rstrip(), ""]
    if not prints.made:
        lines.append("This build of the site was made without its PDFs; `rulepress build` "
                     "makes them.")
        return "\n".join(lines) + "\n"
    wholes = [e for e in prints.files if not e.part]
    lines += _table(wholes, "PDF", lambda e: e.title, _what)
    parts: dict[str, list[PrintFile]] = {}
    for entry in prints.files:
        if entry.part:
            parts.setdefault(entry.name, []).append(entry)
    for name, entries in parts.items():
        title = next((e.title for e in wholes if e.name == name), name)
        sets = len({e.part for e in entries})
        lines += ["", f"## {title}, one PDF a set", "",
                  f"The same cards as the whole deck above, a PDF for each set "
                  f"({sets} set{'s' if sets != 1 else ''})."
                  " Each card's number counts the cards of its set.", ""]
        lines += _table(entries, "set", lambda e: e.part,
                        lambda e: f"{e.cards} card{'s' if e.cards != 1 else ''}")
    return "\n".join(lines) + "\n"


def _what(entry: PrintFile) -> str:
    what = entry.description or entry.title
    if not entry.cards:
        return what
    return what + f" ({entry.cards} card{'s' if entry.cards != 1 else ''})"


def _table(entries: list[PrintFile], head: str, label, what) -> list[str]:
    lines = [f"| {head} | what is in it | A4 | US Letter |", "| --- | --- | --- | --- |"]
    rows: dict[tuple[str, str], dict[str, PrintFile]] = {}
    for entry in entries:
        rows.setdefault((entry.name, entry.part), {})[entry.paper] = entry
    for papers in rows.values():
        first = next(iter(papers.values()))
        links = [(f"[{PAPERS[p]}](print/{papers[p].file}) ({papers[p].kb} KB, "
                  f"{papers[p].pages} page{'s' if papers[p].pages != 1 else ''})"
                  if p in papers else "—") for p in PAPERS]
        lines.append(f"| **{_cell(label(first))}** | {_cell(what(first))} | "
                     + " | ".join(links) + " |")
    return lines


def _cell(text: str) -> str:
    """Data text in a Markdown table cell: shown as text, never read as markup."""
    return data_text(text).replace("|", "&#124;")
