"""Links from entity pages to a calculator with the entity filled in.

A link carries its inputs in the address, written as the calculator's script writes them
(assets/javascripts/calculators/request.js, paramText), and the build asks the engine the
request the page will send: a link whose answer would be an error is left out, so every
link opens on an answer.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any
from urllib.parse import quote, urlencode

from .answers import answer
from .calculators.model import Calculator, applied, fill
from .calculators.pages import dice_text
from .calculators.specs import CALCULATORS
from .links import page_url

BY_ID: dict[str, Calculator] = {c.id: c for c in CALCULATORS}


def calculator_request(calc_id: str, values: dict[str, Any]) -> dict:
    """The request the calculator sends for these inputs (the others at their defaults)."""
    calc = BY_ID[calc_id]
    unknown = set(values) - {f.name for f in calc.fields}
    if unknown:
        raise KeyError(f"calculator {calc_id} has no field {sorted(unknown)}")
    chosen = applied(calc.fields, {f.name: values.get(f.name, f.default) for f in calc.fields})
    return fill(calc.request, chosen)


def calculator_link(from_page: str, calc_id: str, values: dict[str, Any],
                    engine_data: dict, probe: dict | None = None) -> str | None:
    """The relative address of the calculator with these inputs, or None when the engine
    would not answer them (the page would open on an error). `probe`, a cheaper request
    that reads the same inputs, may stand in for the calculator's own (Button Men's odds
    table takes a tenth of a second a button; its recipe check a millisecond)."""
    calc = BY_ID[calc_id]
    request = calculator_request(calc_id, values)
    if not answer(probe or request, engine_data).get("ok"):
        return None
    params = {f.name: _url_text(f.kind, values[f.name]) for f in calc.fields
              if f.name in values and values[f.name] != f.default}
    query = urlencode(params, quote_via=quote, safe="")
    target = page_url(from_page, f"calculators/{calc_id}.md")
    return target + ("?" + query if query else "")


def links_html(links: list[tuple[str, str | None]]) -> str:
    """A line of links ("Work it out: A · B"), the ones that exist; "" when none does."""
    shown = [f'<a href="{escape(href)}">{escape(text)}</a>' for text, href in links if href]
    if not shown:
        return ""
    # navigation, not content: kept out of the search index ("first" would find every button)
    return f'<p class="rp-calc-links" data-search-exclude>Work it out: {" · ".join(shown)}</p>'


def _url_text(kind: str, value: Any) -> str:
    """One input as calculators/request.js (paramText) writes it into the address."""
    if kind == "rows":
        return json.dumps(value, separators=(",", ":"))
    if kind in ("multi", "choices"):
        return ",".join(value)
    if kind == "sizes":
        return ",".join(str(n) for n in value)
    if kind == "swing":
        return ",".join(f"{k}={n}" for k, n in value.items())
    if kind == "checkbox":
        return "1" if value else "0"
    if kind == "dice":
        return dice_text(value)
    return "" if value is None else str(value)


def play_link(from_page: str, recipe: str, swing: dict[str, int]) -> str:
    """The Play page (website/play_page.py) with this button or recipe as mine: its address
    as the page's script reads it (the computer keeps its default button)."""
    from .play_page import FIELDS, PAGE
    defaults = {f.name: f.default for f in FIELDS}
    params = {"mine": recipe}
    if swing != defaults["my_swing"]:
        params["my_swing"] = _url_text("swing", swing)
    query = urlencode(params, quote_via=quote, safe="")
    return page_url(from_page, PAGE) + "?" + query

