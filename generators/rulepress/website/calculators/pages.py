"""Calculator pages: the form, the spec as JSON, and the build-time answer for the defaults."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, replace
from html import escape
from pathlib import Path
from typing import Any

from ...data.catalog import Catalog
from ..answers import answer
from ...problems import BuildError
from .model import Calculator, Column, Field, applied, fill
from .specs import CALCULATORS

FOLDER = "calculators"
Pages = dict[str, str | bytes]


def calculator_pages(project: Path, catalog: Catalog) -> Pages:
    """One page per calculator, plus the calculators index page."""
    data = catalog.engine_data()
    pages: Pages = {}
    rows = []
    for calc in CALCULATORS:
        defaults = applied(calc.fields, {f.name: f.default for f in calc.fields})
        request = fill(calc.request, defaults)
        response = answer(request, data)
        if not response.get("ok"):
            raise BuildError(f"calculator {calc.id}: the default request {request} fails: "
                             f"{response['error']['message']}")
        if calc.roll and "op" in calc.roll:  # "Roll it" asks the engine for its plan
            plan = answer(fill(calc.roll, defaults), data)
            if not plan.get("ok"):
                raise BuildError(f"calculator {calc.id}: the default roll request fails: "
                                 f"{plan['error']['message']}")
        pages[f"{FOLDER}/{calc.id}.md"] = _page(_with_options(calc, catalog), request, response)
        rows.append(f"| [{calc.title}]({calc.id}.md) | {_game_name(calc.game)} | "
                    f"{calc.summary.split('. ')[0].rstrip('.')}. |")
    pages[f"{FOLDER}/index.md"] = (
        "# Calculators\n\nExact odds, worked out in your browser by the same rules engine that "
        "`rulepress query` runs. Each page opens with an answer for its default inputs; change "
        "any input and the engine (Python in a Web Worker) answers in a moment. The inputs are "
        "kept in the address, so a link reproduces the answer.\n\n"
        "| Calculator | Game | What it answers |\n| --- | --- | --- |\n" + "\n".join(rows) + "\n"
        "\n[Compare records side by side](compare.md): two to four buttons with who goes "
        "first, weapons, specialists, robots.\n")
    return pages


def _data_options(catalog: Catalog, kinds: tuple[str, ...], calc: Calculator,
                  name: str) -> tuple[tuple[str, str], ...]:
    """(id, label) per record; an id in two kinds (a unit and a specialist) is listed once,
    the first kind's, and a name shared by different ids says which kind each is."""
    records: dict[str, tuple[str, Any]] = {}
    for kind in kinds:
        for record in catalog.all(kind):
            records.setdefault(record.id, (kind, record))
    if not records:
        raise BuildError(f"calculator {calc.id}: no {', '.join(kinds)} records for '{name}'")
    names = [r.name for _, r in records.values()]
    return tuple((ident, r.name if names.count(r.name) == 1 else
                  f"{r.name} ({kind.split('.')[-1].replace('_', ' ')})")
                 for ident, (kind, r) in records.items())


def _with_options(calc: Calculator, catalog: Catalog) -> Calculator:
    """Fill selects that take their choices from the data (e.g. the robots)."""
    def resolve(column: Column) -> Column:
        if not column.options_from:
            return column
        records = catalog.all(column.options_from)
        if not records:
            raise BuildError(f"calculator {calc.id}: no {column.options_from} records for "
                             f"the column '{column.name}'")
        options = (("", "none"), *((r.id, r.name) for r in records))
        return replace(column, options=options)
    fields = tuple(replace(f, columns=tuple(resolve(c) for c in f.columns),
                           options=f.options + (_data_options(catalog, f.options_from, calc,
                                                              f.name) if f.options_from else ()))
                   for f in calc.fields)
    return replace(calc, fields=fields)


def _game_name(game: str) -> str:
    return {"buttonmen": "Button Men", "evilrobots": "Evil Robots", "brikwars": "BrikWars",
            "dice": "Dice"}.get(game, game)


def _page(calc: Calculator, request: dict, response: dict) -> str:
    spec = {"id": calc.id, "view": calc.view, "extra": calc.extra, "request": calc.request,
            "errors": calc.errors, "words": calc.words, "roll": calc.roll,
            # a text field's suggestions are in its <datalist>, not repeated in the spec
            "fields": [{**asdict(f), "options": []} if f.kind == "text" else asdict(f)
                       for f in calc.fields],
            "default": {"request": request, "response": response}}
    form = "\n".join(_field_html(f) for f in calc.fields)
    # "<" inside a JSON script would let the text end the script tag early.
    spec_json = json.dumps(spec, separators=(",", ":")).replace("<", "\\u003c")
    # The bar under the form stays at the foot of the screen while the answer is out of
    # sight (a phone shows the form alone): the answer in one line, a link down to it and
    # the status ("Working it out…").
    return f"""---
template: calculator.html
---

# {calc.title}

{calc.summary}

<div class="rp-calc" data-calc="{calc.id}">
<form class="rp-calc__form" novalidate>
{form}
</form>
<div class="rp-calc__bar">
<p class="rp-calc__summary" hidden><span class="rp-calc__line"></span> <a class="rp-calc__jump" href="#rp-answer">Full answer</a></p>
<div class="rp-calc__status" role="status" aria-live="polite"></div>
</div>
<div class="rp-calc__result" id="rp-answer" aria-live="polite"></div>
<script type="application/json" class="rp-calc__spec">{spec_json}</script>
</div>

{calc.notes}
"""


def dice_text(dice: list[dict]) -> str:
    """Dice with what they show as a "dice" field writes them (calculators/request.js,
    diceText): "(6)=3 (X=12)=5"; a die without a value (a captured one) as its recipe."""
    out = []
    for d in dice:
        written = (re.sub(r"\(([A-Z])\)", rf"(\1={d['sides']})", d["recipe"], count=1)
                   if d.get("sides") else d["recipe"])
        out.append(written if d.get("value") is None else f"{written}={d['value']}")
    return " ".join(out)


def _field_html(f: Field) -> str:
    ident = f"rp-{f.name}"
    label = f'<label for="{ident}">{escape(f.label)}</label>'
    common = f'id="{ident}" name="{f.name}" aria-describedby="{ident}-msg"'
    if f.kind == "rows":
        # calculators/player-rows.js draws the rows (one per player) from the spec and the URL.
        control = (f'<div class="rp-rows" id="{ident}" data-name="{f.name}" role="group" '
                   f'aria-label="{escape(f.label)}"></div>')
    elif f.kind == "swing":
        text = ", ".join(f"{k}={v}" for k, v in f.default.items())
        control = (f'<input type="text" {common} value="{escape(text)}" autocomplete="off" '
                   'spellcheck="false" placeholder="e.g. X=8, U=16">')
    elif f.kind == "dice":
        control = (f'<input type="text" {common} value="{escape(dice_text(f.default))}" '
                   'autocomplete="off" autocapitalize="off" spellcheck="false">')
    elif f.kind == "sizes":
        text = "" if f.default is None else ", ".join(str(n) for n in f.default)
        control = (f'<input type="text" {common} value="{escape(text)}" autocomplete="off" '
                   'inputmode="numeric" spellcheck="false">')
    elif f.kind == "choices":
        text = "" if f.default is None else ", ".join(f.default)
        control = (f'<input type="text" {common} value="{escape(text)}" autocomplete="off" '
                   'autocapitalize="off" spellcheck="false">')
    elif f.kind == "select":
        chosen = "" if f.default is None else f.default
        options = "".join(f'<option value="{escape(v)}"{" selected" if v == chosen else ""}>'
                          f"{escape(text)}</option>" for v, text in f.options)
        control = f"<select {common}>{options}</select>"
    elif f.kind == "multi":
        boxes = "".join(f'<label class="rp-multi__item"><input type="checkbox" name="{f.name}" '
                        f'value="{escape(v)}"{" checked" if v in f.default else ""}> '
                        f"{escape(text)}</label>" for v, text in f.options)
        control = f'<div class="rp-multi" id="{ident}" role="group">{boxes}</div>'

    elif f.kind == "checkbox":
        control = f'<input type="checkbox" {common}{" checked" if f.default else ""}>'
    elif f.kind == "number":
        bounds = "".join(f' {k}="{v}"' for k, v in (("min", f.low), ("max", f.high))
                         if v is not None)
        value = "" if f.default is None else f.default
        control = f'<input type="number" inputmode="numeric" {common} value="{value}"{bounds}>'
    else:
        value = "" if f.default is None else str(f.default)
        # a text field with choices from the data suggests them as the reader types
        # (the browser's own completion): a Button Men field takes a button's name
        suggest = f' list="{ident}-list"' if f.options else ""
        names = "".join(f'<option value="{escape(text)}"></option>' for _, text in f.options)
        control = (f'<input type="text" {common} value="{escape(value)}" '
                   f'autocomplete="off" spellcheck="false"{suggest}>'
                   + (f'<datalist id="{ident}-list">{names}</datalist>' if f.options else ""))
    help_text = f'<small class="rp-calc__help">{escape(f.help)}</small>' if f.help else ""
    return (f'<div class="rp-calc__field" data-field="{f.name}">{label}{control}{help_text}'
            f'<small class="rp-calc__msg" id="{ident}-msg"></small></div>')
