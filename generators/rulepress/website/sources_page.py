"""The "Sources and decisions" page, generated from the data and the content pages.

It lists every value that is not simply stated in a source: each fact the data
marks `recovered` or `inferred` (with its note), each unknown value (with its
reason), and every rules decision that a content page writes down under a
"Decisions" heading, with a link back to it.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

from ..data.catalog import Catalog, Entry
from ..data.models.common import Fact, Model
from ..icons import credit
from .evilrobots_applet import site_icons
from .links import page_url
from .render import RENDERERS
from .render.context import Context
from .templating import render

PAGE = "reference/sources.md"
_DECISIONS = re.compile(r"^(#{2,3}) +(.*decision.*)$", re.IGNORECASE | re.MULTILINE)
_BULLET_TITLE = re.compile(r"^\*\*(.+?)\*\*\s*(.*)$", re.DOTALL)
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


@dataclass
class ValueRow:
    record: str  # HTML: the record's name, linked when it has a page
    field: str
    value: str
    how: str  # "recovered", "inferred" or "unknown"
    why: str
    source: str


def sources_page(project: Path, catalog: Catalog) -> dict[str, str]:
    ctx = Context.create(project, catalog, RENDERERS)
    rows = [row for entry in catalog.iter_entries() if entry.kind.key != "source"
            for row in _value_rows(ctx, entry)]
    order = {"recovered": 0, "inferred": 1, "unknown": 2}
    rows.sort(key=lambda r: (order[r.how], r.record.lower(), r.field))
    counts = {how: sum(r.how == how for r in rows) for how in order}
    conflicts = [row for entry in catalog.iter_entries() for row in _conflicts(ctx, entry)]
    return {PAGE: render("sources.md.j2", rows=rows, counts=counts, conflicts=conflicts,
                         sources=catalog.all("source"),
                         icons=credit(icons) if (icons := site_icons(catalog)) else "",
                         decisions=_decisions(project / "content"))}


def _label(ctx: Context, entry: Entry) -> str:
    """The record's name as HTML, linked to its page when it has one."""
    record = entry.record
    name = getattr(record, "name", None) or getattr(record, "title", None) or record.id
    if entry.kind.key in ctx.links.folders:
        url = page_url(PAGE, ctx.links.page(entry.kind.key, record.id, on=PAGE))
        return f'<a href="{url}">{_esc(name)}</a> <small>({entry.kind.key})</small>'
    return f"{_esc(name)} <small>({entry.kind.key})</small>"


def _conflicts(ctx: Context, entry: Entry) -> list[dict]:
    """Where the source gives two values for one thing: every reading, and our choice."""
    return [{"record": _label(ctx, entry), "field": c.field, "chosen": str(c.chosen),
             "why": c.why, "option": c.option,
             "readings": "; ".join(f"{r.value} ({r.source.seed}, "
                                   f"{_where(r.source)})"
                                   for r in c.readings)}
            for c in getattr(entry.record, "conflicts", None) or []]


def _value_rows(ctx: Context, entry: Entry) -> list[ValueRow]:
    record = entry.record
    label = _label(ctx, entry)
    cite = _cite(record.source)
    rows = [ValueRow(label, field, "unknown", "unknown", reason, cite)
            for field, reason in record.unknown.items()]
    for path, fact in _facts(record, ""):
        if fact.value is None:
            rows.append(ValueRow(label, path, "unknown", "unknown", fact.reason or "", cite))
        elif fact.obtained in ("recovered", "inferred"):
            rows.append(ValueRow(label, path, str(fact.value), fact.obtained, fact.note or "",
                                 _cite(fact.source) if fact.source else cite))
    return rows


def _facts(value, path: str):
    """Every Fact inside a record, with its field path such as "base_dice[2].printed_skill"."""
    if isinstance(value, Fact):
        yield path, value
    elif isinstance(value, Model):
        for name in type(value).model_fields:
            yield from _facts(getattr(value, name), f"{path}.{name}" if path else name)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _facts(item, f"{path}[{i}]")


def _where(source) -> str:
    return f"lines {source.lines}" if source.lines else f"section “{source.section}”"


def _cite(source) -> str:
    return f"<code>{_esc(source.seed)}</code>, {_esc(_where(source))}"


def _decisions(content: Path) -> list[dict]:
    """The bullets under every "Decisions…" heading of the hand-written pages."""
    found = []
    for path in sorted(content.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        relative = path.relative_to(content).as_posix()
        for match in _DECISIONS.finditer(text):
            level = len(match.group(1))
            rest = text[match.end():]
            stop = re.search(rf"^#{{1,{level}}} ", rest, re.MULTILINE)
            section = rest[:stop.start()] if stop else rest
            anchor = _anchor(match.group(2))
            for bullet in re.split(r"^- ", section, flags=re.MULTILINE)[1:]:
                bullet = " ".join(bullet.split())
                titled = _BULLET_TITLE.match(bullet)
                title, body = (titled.group(1), titled.group(2)) if titled else ("", bullet)
                url = posixpath.relpath(relative, "reference") + f"#{anchor}"
                found.append({"page": relative, "url": url, "title": title.rstrip(".").strip(),
                              "text": _LINK.sub(r"\1", body)})
    return found


def _anchor(heading: str) -> str:
    """The id Python-Markdown's toc extension gives a heading."""
    slug = re.sub(r"[^\w\s-]", "", heading.lower()).strip()
    return re.sub(r"[-\s]+", "-", slug)


def _esc(text: str) -> str:
    return escape(str(text))
