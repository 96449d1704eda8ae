"""The list of data kinds on the data reference page, made from the registry.

content/reference/data.md holds the line `<!-- rulepress: data kinds -->`; the build puts
a table there with one row per kind in rulepress.data.kinds.KINDS (its key, its files, what
its records are and whether the engine reads them), so the page never lists fewer kinds
than the data has.
"""

from __future__ import annotations

import re

from ..data.kinds import KINDS, Kind

MARKER = re.compile(r"^<!-- rulepress: data kinds -->[ \t]*$", re.M)
PAGE = "reference/data.md"


def _cell(text: str) -> str:
    """Table cell text: a `|` would end the cell, a line break the row."""
    return text.replace("|", "\\|").replace("\n", " ")


def kind_row(kind: Kind) -> str:
    engine = "yes" if kind.engine else "no"
    return (f"| `{kind.key}` | `{_cell(kind.files)}` | {_cell(kind.about)} | {engine} |")


def kinds_table() -> str:
    head = ["| Kind | File | Records | Engine |", "| --- | --- | --- | --- |"]
    return "\n".join(head + [kind_row(kind) for kind in KINDS])


def place_kinds(pages: dict[str, str | bytes]) -> dict[str, str]:
    """The data reference page with its marker line replaced by the table of kinds."""
    body = pages.get(PAGE)
    if body is None:
        return {}
    text = body.decode("utf-8") if isinstance(body, bytes) else body
    if not MARKER.search(text):
        return {}
    return {PAGE: MARKER.sub(lambda m: kinds_table(), text)}
