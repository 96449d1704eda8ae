"""Show a value with how it was obtained: stated values plainly, others marked.

A `recovered` or `inferred` value carries a small label whose tooltip is the
data's note; an unknown value says "unknown" with the reason. The full list is
on the Sources and decisions page.
"""

from __future__ import annotations

from html import escape

from ..data.models.common import Fact
from ..notation.brikwars import MARKS, WORDS, blank_kind, blank_reason


def fact_html(fact: Fact | None, unknown_reason: str = "", suffix: str = "") -> str:
    if fact is None:
        reason = unknown_reason or "not given"
        return f'<span class="rp-fact rp-unknown" title="{escape(reason)}">unknown</span>'
    if fact.value is None:
        return (f'<span class="rp-fact rp-unknown" title="{escape(fact.reason or "")}">'
                f"unknown</span>")
    value = escape(_plain(fact.value)) + suffix
    if fact.obtained == "stated":
        return value
    note = escape(fact.note or "", quote=True)
    return (f'{value} <span class="rp-fact rp-{fact.obtained}" title="{note}">'
            f"{fact.obtained}</span>")


def fact_value(fact: Fact | None):
    return None if fact is None else fact.value


def _plain(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def blank_html(record, name: str) -> str:
    """A BrikWars record's null field as the cards show it ("?", "—" or "varies",
    notation/brikwars.py), in words, with the data's reason."""
    kind = blank_kind(record, name)
    words = MARKS[kind] + ("" if WORDS[kind] == MARKS[kind] else " " + WORDS[kind])
    reason = blank_reason(record, name)
    css = "rp-fact rp-unknown" if kind == "lost" else "rp-fact"
    return (f'<span class="{css}">{escape(words)}</span>'
            + (f": {escape(reason)}" if reason else ""))


def value_or_blank(record, name: str, suffix: str = "") -> str:
    """A BrikWars Fact field: its value with how it was obtained, or its blank."""
    value = getattr(record, name)
    return blank_html(record, name) if value is None else fact_html(value, suffix=suffix)
