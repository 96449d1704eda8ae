"""Calculator pages: a form, a pre-computed default answer, and the engine in the browser.

Each calculator is a spec: its fields, a request template ("$field" stands for
the field's value) and how to show the answer. At build time the default
request is answered by the same `answer()` the browser will run, so the page
shows a real answer at first paint; calculators.js then asks the engine worker
(Pyodide) whenever an input changes, and keeps the inputs in the URL.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from html import escape
from pathlib import Path
from typing import Any

from ..data.catalog import Catalog
from ..engine.query import answer
from ..problems import BuildError

FOLDER = "calculators"
Pages = dict[str, str | bytes]


@dataclass(frozen=True)
class Column:
    """One column of a "rows" field (e.g. a player's power); blank means "not given"."""

    name: str
    label: str
    kind: str  # "number", "select", "checkbox" or "text"
    options: tuple[tuple[str, str], ...] = ()  # for selects; ("", "?") allows a blank
    numeric: bool = False  # a select whose values are numbers
    options_from: str | None = None  # fill the select from a kind of data, e.g. "evilrobots.bot"


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    kind: str  # "text", "number", "checkbox", "select", "multi", "swing" or "rows"
    default: Any
    help: str = ""
    options: tuple[tuple[str, str], ...] = ()  # (value, label) for selects and multis
    options_from: tuple[str, ...] = ()  # add choices from kinds of data, e.g. ("brikwars.item",)
    optional: bool = False  # blank means "leave it out of the request"
    low: int | None = None  # numbers; for "rows", the fewest rows
    high: int | None = None  # numbers; for "rows", the most rows
    columns: tuple[Column, ...] = ()  # for "rows": a list of objects, one per row


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
    """The request for these field values (the JS does the same substitution); a key whose
    value is None (a blank optional field) is left out."""
    if isinstance(template, str) and template.startswith("$"):
        return values[template[1:]]
    if isinstance(template, dict):
        filled = {k: fill(v, values) for k, v in template.items()}
        return {k: v for k, v in filled.items() if v is not None}
    if isinstance(template, list):
        return [fill(v, values) for v in template]
    return template


TEAMS = (("", "?"), ("Good", "Good"), ("Evil", "Evil"), ("Neutral", "Neutral"))
# Power cards run 1-9; PlusBot's +3 is the robot's effect, not a card.
POWERS = (("", "?"), *((str(n), str(n)) for n in range(1, 10)))

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
        id="brikwars-attack",
        game="brikwars",
        title="BrikWars attack",
        summary="The chance that an attack hits and kills: pick the attacker, weapon and target "
                "from the rulebook's data, or give the dice yourself (what you type wins over "
                "the data). Modifiers, Overskill and the dice options follow the book; where "
                "the book is unclear, each reading is an option.",
        fields=(
            Field("attacker", "Attacker", "select", "marksman", optional=True,
                  options=(("", "(use the Skill die below)"),),
                  options_from=("brikwars.specialist", "brikwars.unit")),
            Field("skill", "Skill die", "select", None, optional=True,
                  options=(("", "(the attacker's)"), *((d, d) for d in
                                                       ("d4", "d6", "d8", "d10", "d12")))),
            Field("weapon", "Weapon", "select", "long-ranged-weapon", optional=True,
                  options=(("", "(use Use and Damage below)"),),
                  options_from=("brikwars.item", "brikwars.scaled_weapon")),
            Field("weapon_size", "Weapon size (size-scaled weapons)", "number", None,
                  optional=True, low=1, high=6),
            Field("use", "Use rating", "number", None, optional=True, low=1, high=20,
                  help="blank: the weapon's"),
            Field("damage", "Damage", "text", None, optional=True,
                  help="blank: the weapon's; e.g. 1d6+1, S+2, 2d10 Exp"),
            Field("target", "Target", "select", "minifig", optional=True,
                  options=(("", "(use the Armor below)"),),
                  options_from=("brikwars.unit", "brikwars.specialist")),
            Field("armor", "Armor", "text", None, optional=True,
                  help="blank: the target's; a number or a roll such as 2d6"),
            Field("modifiers", "Modifiers", "multi", [], options_from=("brikwars.modifier",)),
            Field("overskill", "Spend an Overskill on", "select", "damage",
                  options=(("none", "nothing"), ("damage", "damage (one more damage die)"),
                           ("skill", "the roll, when it would miss"),
                           ("best", "whichever helps most"))),
            Field("bonus_dice", "Bonus dice on a top face", "checkbox", True),
            Field("depth", "Bonus dice per die, at most", "number", 4, low=0, high=12),
            Field("d10_as_2d6", "Roll each d10 as 2d6-2", "checkbox", False),
        ),
        request={"game": "brikwars", "op": "attack", "attacker": "$attacker", "skill": "$skill",
                 "weapon": "$weapon", "weapon_size": "$weapon_size", "use": "$use",
                 "damage": "$damage", "target": "$target", "armor": "$armor",
                 "modifiers": "$modifiers", "overskill": "$overskill",
                 "bonus_dice": "$bonus_dice", "depth": "$depth", "d10_as_2d6": "$d10_as_2d6"},
        view="bw_attack",
        notes="Damage must be more than the Armor to kill. The rules behind every option are "
              "on [BrikWars dice rules](../brikwars/dice.md), and every field of the request on "
              "[BrikWars queries](../reference/query-brikwars.md).",
    ),
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
        id="quikwars-roll",
        game="dice",
        title="QuikWars roll",
        summary="QuikWars uses six-sided dice only, and every 6 adds another die to the roll, "
                "for as long as sixes keep coming. Here is the exact distribution of any "
                "number of them.",
        fields=(Field("expr", "Roll", "text", "2d6", help="e.g. 1d6, 3d6+1"),
                Field("depth", "Extra dice per die, at most", "number", 8, low=0, high=40,
                      help="longer chains are cut; the answer says how much that touches")),
        request={"game": "dice", "op": "distribution", "expr": "$expr", "rules": "quikwars",
                 "depth": "$depth"},
        view="distribution",
    ),
    Calculator(
        id="buttonmen-odds",
        game="buttonmen",
        title="Who goes first, and what can capture",
        summary="Two recipes and their swing sizes give the exact chance that each player goes "
                "first (Trip and Stinger dice do not count), and for each pair of dice the "
                "chance that, after the opening roll, one can capture the other.",
        fields=(Field("my_recipe", "My recipe", "text", "s(X) t(4) (6) (10) (20)"),
                Field("my_swing", "My swing sizes", "swing", {"X": 8}),
                Field("their_recipe", "Their recipe", "text", "(4) (8) (10) (12) (12)"),
                Field("their_swing", "Their swing sizes", "swing", {})),
        request={"game": "buttonmen", "op": "odds",
                 "players": [{"recipe": "$my_recipe", "swing": "$my_swing"},
                             {"recipe": "$their_recipe", "swing": "$their_swing"}]},
        view="bm_odds",
    ),
    Calculator(
        id="buttonmen-trip",
        game="buttonmen",
        title="Trip attack",
        summary="A Trip attack rolls the Trip die and its target; the target is captured when "
                "the Trip die shows at least as much. The exact chance, or why the attack is "
                "not allowed.",
        fields=(Field("attacker", "Trip die", "text", "t(6)"),
                Field("defender", "Target die", "text", "(4,4)")),
        request={"game": "buttonmen", "op": "attack", "type": "trip",
                 "attackers": [{"recipe": "$attacker"}], "defenders": [{"recipe": "$defender"}]},
        view="attack",
    ),
    Calculator(
        id="friend-computer",
        game="buttonmen",
        title="Friend Computer builder",
        summary="Every Friend Computer recipe its rules allow against an opponent's recipe: an "
                "option die of its own size or 20 for each opposing swing, option or twin die, "
                "a printed skill for each other skill die, at most two of each.",
        fields=(Field("opponent", "Opponent's recipe", "text", "s(U) z(U) %(U) n(U) g(U) t(U)"),),
        request={"game": "buttonmen", "op": "friend_computer", "opponent": "$opponent"},
        view="friend_computer",
    ),
    Calculator(
        id="evilrobots-round-odds",
        game="evilrobots",
        title="Which team will win this round?",
        summary="Enter what you know at the table: a player's power, team, both or neither. "
                "Everything unknown is random (power cards from the cards not shown, teams "
                "from the coin rule), and the answer is each team's exact chance to win.",
        fields=(Field("players", "Players", "rows",
                      [{"power": 7, "team": "Good"}, {"team": "Evil"}, {}, {}], low=3, high=9,
                      columns=(Column("power", "Power", "select", POWERS, numeric=True),
                               Column("team", "Team", "select", TEAMS))),),
        request={"game": "evilrobots", "op": "round_odds", "players": "$players"},
        view="odds",
        extra={"key": "odds"},
    ),
    Calculator(
        id="evilrobots-score",
        game="evilrobots",
        title="Round scorer",
        summary="Who won the round and who scores: team totals with every robot's effect "
                "(PlusBot, NegativeBot, BadBot, BetBot, MiseryBot, ScaredyBot), the winners' "
                "pool and each robot's bonus points.",
        fields=(Field("points", "Points card", "number", 6, low=1, high=9),
                Field("players", "Players", "rows",
                      [{"name": "Ann", "power": 4, "team": "Good", "robot": "plusbot"},
                       {"name": "Bo", "power": 9, "team": "Evil", "negated": True},
                       {"name": "Cy", "power": 2, "team": "Evil", "robot": "miserybot"}],
                      low=1, high=9,
                      columns=(Column("name", "Name", "text"),
                               Column("power", "Power", "select", POWERS[1:], numeric=True),
                               Column("team", "Team", "select", TEAMS[1:]),
                               Column("robot", "Robot", "select", options_from="evilrobots.bot"),
                               Column("negated", "NegativeBot picked", "checkbox"),
                               Column("revealed_more", "Showed more than power", "checkbox"))),),
        request={"game": "evilrobots", "op": "score_round", "points": "$points",
                 "players": "$players"},
        view="er_score",
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
        pages[f"{FOLDER}/{calc.id}.md"] = _page(_with_options(calc, catalog), request, response)
        rows.append(f"| [{calc.title}]({calc.id}.md) | {_game_name(calc.game)} | "
                    f"{calc.summary.split('. ')[0].rstrip('.')}. |")
    pages[f"{FOLDER}/index.md"] = (
        "# Calculators\n\nExact odds, worked out in your browser by the same rules engine that "
        "`rulepress query` runs. Each page opens with an answer for its default inputs; change "
        "any input and the engine (Python in a Web Worker) answers in a moment. The inputs are "
        "kept in the address, so a link reproduces the answer.\n\n"
        "| Calculator | Game | What it answers |\n| --- | --- | --- |\n" + "\n".join(rows) + "\n")
    return pages


def _data_options(catalog: Catalog, kinds: tuple[str, ...], calc: Calculator,
                  name: str) -> tuple[tuple[str, str], ...]:
    records = [r for kind in kinds for r in catalog.all(kind)]
    if not records:
        raise BuildError(f"calculator {calc.id}: no {', '.join(kinds)} records for '{name}'")
    return tuple((r.id, r.name) for r in records)


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
    if f.kind == "rows":
        # calculators.js draws the rows (one per player) from the spec and the URL.
        control = (f'<div class="rp-rows" id="{ident}" data-name="{f.name}" role="group" '
                   f'aria-label="{escape(f.label)}"></div>')
    elif f.kind == "swing":
        text = ", ".join(f"{k}={v}" for k, v in f.default.items())
        control = (f'<input type="text" {common} value="{escape(text)}" autocomplete="off" '
                   'spellcheck="false" placeholder="e.g. X=8, U=16">')
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
        control = (f'<input type="text" {common} value="{escape(value)}" '
                   'autocomplete="off" spellcheck="false">')
    help_text = f'<small class="rp-calc__help">{escape(f.help)}</small>' if f.help else ""
    return (f'<div class="rp-calc__field" data-field="{f.name}">{label}{control}{help_text}'
            f'<small class="rp-calc__msg" id="{ident}-msg"></small></div>')
