"""What a calculator is: its fields, its request template and how its answer is shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
    kind: str  # "text", "number", "checkbox", "select", "multi", "swing", "sizes",
    # "choices" or "rows" ("sizes": whole numbers in order, written "4, 12", e.g. the option
    # dice's chosen sizes; "choices": words in order, written "z, sp", e.g. the skills chosen
    # for each plasma die; both are lists in the request; "dice": dice with what they show,
    # written "(6)=3 (X=12)=5", a list of {recipe, sides, value} in the request)
    default: Any
    help: str = ""
    options: tuple[tuple[str, str], ...] = ()  # (value, label) for selects and multis
    options_from: tuple[str, ...] = ()  # add choices from kinds of data, e.g. ("brikwars.item",)
    optional: bool = False  # blank means "leave it out of the request"
    low: int | None = None  # numbers; for "rows", the fewest rows
    high: int | None = None  # numbers; for "rows", the most rows
    columns: tuple[Column, ...] = ()  # for "rows": a list of objects, one per row
    # (an earlier field, its values for which this one counts): otherwise it is switched
    # off in the form (a box unticked) and left out of the request
    applies: tuple[str, tuple[str, ...]] | None = None


@dataclass(frozen=True)
class Calculator:
    id: str
    game: str
    title: str
    summary: str  # one paragraph of Markdown
    fields: tuple[Field, ...]
    request: dict  # template; "$name" strings are replaced by field values
    view: str  # how the answer is shown: a key of VIEWS in calculators/answer-views.js
    notes: str = ""  # Markdown shown under the calculator
    extra: dict = field(default_factory=dict)  # options for the view
    # (pattern of an error's JSON path, the form field it is shown beside), first match wins;
    # an error about a top-level key goes beside the field that fills it without this
    errors: tuple[tuple[str, str], ...] = ()
    # (pattern, plain words) replacing the engine's request words in messages beside a field
    words: tuple[tuple[str, str], ...] = ()
    # "Roll it" rolls the question in the browser (roll/calculator-roll.js): the engine's
    # roll_plan request for a dice expression, brikwars roll_plan with the calculator's
    # request as its "question" for a BrikWars rule (its rolls in order, each with how to
    # read it), or {"buttons": [{label, recipe, swing, options}]} for Button Men buttons'
    # opening rolls; None: no roll of its own
    roll: dict | None = None


def applied(fields: tuple[Field, ...], values: dict[str, Any]) -> dict[str, Any]:
    """The values with every field that does not apply set to None (left out), as the
    page's script does."""
    out = dict(values)
    for f in fields:
        if f.applies and str(out.get(f.applies[0])) not in f.applies[1]:
            out[f.name] = None
    return out


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
