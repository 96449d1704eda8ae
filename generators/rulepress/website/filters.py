"""View-models for index tables that can be sorted and filtered in the browser.

A table row carries its filter values as data attributes (`data-skill="shadow
speed"`); each facet lists the values that occur, with counts, as tri-state
chips (ignore / must have / must not have). The scripts in
site_overrides/assets/javascripts/index-tables/ do the sorting and filtering;
nothing is fetched, the whole table is in the page.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field


def slug(value: object) -> str:
    """A value as one token for a data attribute: lower case, no spaces."""
    text = re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")
    return text or "none"


@dataclass
class Facet:
    key: str  # the data attribute, e.g. "skill" -> data-skill
    label: str
    values: list[tuple[str, str, int]] = field(default_factory=list)  # (token, label, count)
    numeric: bool = False  # a min/max range rather than chips


@dataclass
class Row:
    cells: list[str]  # HTML for each cell
    sort: list[str]  # sort key for each cell ("" = the cell's text)
    attrs: dict[str, str]  # facet key -> space-separated tokens (or a number)


def facet_from_rows(key: str, label: str, rows: list[Row], labels: dict[str, str],
                    order: list[str] | None = None) -> Facet:
    """Chips for every token that occurs in the rows' `key` attribute, with counts."""
    counts = Counter(token for row in rows for token in row.attrs.get(key, "").split())
    def shown(token: str) -> str:
        return labels.get(token, token)
    tokens = order if order is not None else sorted(counts, key=lambda t: shown(t).lower())
    return Facet(key, label, [(t, labels.get(t, t), counts[t]) for t in tokens if counts[t]])
