"""Calculator pages: a form, a pre-computed default answer, and the engine in the browser.

Each calculator is a spec: its fields, a request template ("$field" stands for
the field's value) and how to show the answer. At build time the default
request is answered by the same `answer()` the browser will run, so the page
shows a real answer at first paint; calculators.js then asks the engine worker
(Pyodide) whenever an input changes, and keeps the inputs in the URL.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from ..data.catalog import Catalog
from ..engine.query import answer
from ..problems import BuildError

FOLDER = "calculators"
Pages = dict[str, str | bytes]


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    kind: str  # "text", "number", "checkbox" or "select"
    default: Any
    help: str = ""
    options: tuple[tuple[str, str], ...] = ()  # (value, label) for selects
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Calculator:
    id: str
    game: str
    title: str
    summary: str  # one paragraph of Markdown
    fields: tuple[Field, ...]
    request: dict  # template; "$name" strings are replaced by field values
    view: str  # "odds", "probability", "distribution" or "table"
    notes: str = ""  # Markdown shown under the calculator
    extra: dict = field(default_factory=dict)  # options for the view


def fill(template: Any, values: dict[str, Any]) -> Any:
    """The request for these field values (the JS does the same substitution)."""
    if isinstance(template, str) and template.startswith("$"):
        return values[template[1:]]
    if isinstance(template, dict):
        return {k: fill(v, values) for k, v in template.items()}
    if isinstance(template, list):
        return [fill(v, values) for v in template]
    return template


ROLL_FIELDS = (
    Field("rules", "Rules", "select", "brikwars",
          options=(("brikwars", "BrikWars"), ("quikwars", "QuikWars (d6 only, sixes explode)"),
                   ("plain", "Plain dice"))),
    Field("bonus_dice", "Bonus dice on a top face", "checkbox", True),
    Field("depth", "Bonus dice per die, at most", "number", 8, low=0, high=40,
          help="deeper chains are cut; the answer reports how much probability that touches"),
    Field("d10_as_2d6", "Roll each d10 as 2d6-2", "checkbox", False),
)
ROLL_REQUEST = {"rules": "$rules", "bonus_dice": "$bonus_dice", "depth": "$depth",
                "d10_as_2d6": "$d10_as_2d6"}

CALCULATORS: tuple[Calculator, ...] = (
    Calculator(
        id="dice-roll",
        game="dice",
        title="Dice roll",
        summary="The exact distribution of any roll: several terms such as `2d6 + 1d10 + 3`, any "
                "die size, with BrikWars' bonus dice, critical failures and floor at zero, or "
                "QuikWars' exploding sixes.",
        fields=(Field("expr", "Roll", "text", "3d6+2", help="e.g. 2d6+1d10+3, 1d10 Exp, 4d6-2"),
                *ROLL_FIELDS),
        request={"game": "dice", "op": "distribution", "expr": "$expr", **ROLL_REQUEST},
        view="distribution",
        notes="A natural roll where every die shows 1 is a critical failure: a damage roll "
              "deals 0. See [Dice queries](../reference/query-dice.md) for every option.",
    ),
    Calculator(
        id="dice-target",
        game="dice",
        title="Chance to reach a number",
        summary="The exact chance that a roll reaches a target, for example a Skill roll "
                "against a Use rating or damage against an Armor value.",
        fields=(Field("expr", "Roll", "text", "1d6", help="e.g. 1d6+2, 2d10"),
                Field("at_least", "Needs at least", "number", 4, low=-1000, high=100000),
                Field("crit_fail", "When every die shows 1", "select", "fail",
                      options=(("fail", "it fails (a Skill roll)"),
                               ("zero", "it counts as 0 (a damage roll)"),
                               ("ignore", "nothing special"))),
                *ROLL_FIELDS),
        request={"game": "dice", "op": "probability", "expr": "$expr", "at_least": "$at_least",
                 "crit_fail": "$crit_fail", **ROLL_REQUEST},
        view="probability",
    ),
    Calculator(
        id="evilrobots-allegiance",
        game="evilrobots",
        title="Starting allegiance",
        summary="The chance that a player starts the round Good, Evil or Neutral, from the "
                "coin rule in the data: flip a fair coin twice; two heads is Good, two tails "
                "Evil, one of each Neutral.",
        fields=(Field("rule", "Coin rule", "select", "coin-flips",
                      options=(("coin-flips", "Two coin flips"),)),),
        request={"game": "evilrobots", "op": "allegiance_odds", "rule": "$rule"},
        view="odds",
        extra={"key": "odds"},
    ),
    Calculator(
        id="buttonmen-recipe",
        game="buttonmen",
        title="Recipe reader",
        summary="Type a Button Men recipe to see each die: its kind, its size or swing letter, "
                "and its skill letters. A recipe that does not parse is answered with the column "
                "where it goes wrong.",
        fields=(Field("recipe", "Recipe", "text", "s(U) z(U) %(U) n(U) g(U) t(U)",
                      help="e.g. (4) (8) (10/20) t(X) (6,6)"),),
        request={"game": "buttonmen", "op": "parse", "recipe": "$recipe"},
        view="table",
        extra={"key": "dice", "columns": ["text", "kind", "sides", "swing", "options", "twin",
                                          "skills"]},
    ),
)


def calculator_pages(project: Path, catalog: Catalog) -> Pages:
    """One page per calculator, plus the calculators index page."""
    data = catalog.engine_data()
    pages: Pages = {}
    rows = []
    for calc in CALCULATORS:
        defaults = {f.name: f.default for f in calc.fields}
        request = fill(calc.request, defaults)
        response = answer(request, data)
        if not response.get("ok"):
            raise BuildError(f"calculator {calc.id}: the default request {request} fails: "
                             f"{response['error']['message']}")
        pages[f"{FOLDER}/{calc.id}.md"] = _page(calc, request, response)
        rows.append(f"| [{calc.title}]({calc.id}.md) | {_game_name(calc.game)} | "
                    f"{calc.summary.split('. ')[0].rstrip('.')}. |")
    pages[f"{FOLDER}/index.md"] = (
        "# Calculators\n\nExact odds, worked out in your browser by the same rules engine that "
        "`rulepress query` runs. Each page opens with an answer for its default inputs; change "
        "any input and the engine (Python in a Web Worker) answers in a moment. The inputs are "
        "kept in the address, so a link reproduces the answer.\n\n"
        "| Calculator | Game | What it answers |\n| --- | --- | --- |\n" + "\n".join(rows) + "\n")
    return pages


def _game_name(game: str) -> str:
    return {"buttonmen": "Button Men", "evilrobots": "Evil Robots", "brikwars": "BrikWars",
            "dice": "Dice"}.get(game, game)


def _page(calc: Calculator, request: dict, response: dict) -> str:
    spec = {"id": calc.id, "view": calc.view, "extra": calc.extra, "request": calc.request,
            "fields": [asdict(f) for f in calc.fields],
            "default": {"request": request, "response": response}}
    form = "\n".join(_field_html(f) for f in calc.fields)
    # "<" inside a JSON script would let the text end the script tag early.
    spec_json = json.dumps(spec, separators=(",", ":")).replace("<", "\\u003c")
    return f"""---
template: calculator.html
---

# {calc.title}

{calc.summary}

<div class="rp-calc" data-calc="{calc.id}">
<form class="rp-calc__form" novalidate>
{form}
</form>
<div class="rp-calc__status" role="status" aria-live="polite"></div>
<div class="rp-calc__result" aria-live="polite"></div>
<script type="application/json" class="rp-calc__spec">{spec_json}</script>
</div>

{calc.notes}
"""


def _field_html(f: Field) -> str:
    ident = f"rp-{f.name}"
    label = f'<label for="{ident}">{escape(f.label)}</label>'
    common = f'id="{ident}" name="{f.name}" aria-describedby="{ident}-msg"'
    if f.kind == "select":
        options = "".join(f'<option value="{escape(v)}"{" selected" if v == f.default else ""}>'
                          f"{escape(text)}</option>" for v, text in f.options)
        control = f"<select {common}>{options}</select>"
    elif f.kind == "checkbox":
        control = f'<input type="checkbox" {common}{" checked" if f.default else ""}>'
    elif f.kind == "number":
        bounds = "".join(f' {k}="{v}"' for k, v in (("min", f.low), ("max", f.high))
                         if v is not None)
        control = f'<input type="number" inputmode="numeric" {common} value="{f.default}"{bounds}>'
    else:
        control = (f'<input type="text" {common} value="{escape(str(f.default))}" '
                   'autocomplete="off" spellcheck="false">')
    help_text = f'<small class="rp-calc__help">{escape(f.help)}</small>' if f.help else ""
    return (f'<div class="rp-calc__field" data-field="{f.name}">{label}{control}{help_text}'
            f'<small class="rp-calc__msg" id="{ident}-msg"></small></div>')
