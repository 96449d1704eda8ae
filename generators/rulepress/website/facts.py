"""Show a value with how it was obtained: stated values plainly, others marked.

A `recovered` or `inferred` value carries a small label whose tooltip is the
data's note; an unknown value says "unknown" with the reason. The full list is
on the Sources and decisions page.
"""

from __future__ import annotations

from html import escape

from ..data.models.common import Fact


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
