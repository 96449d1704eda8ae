"""What the figures know, asked where it is declared: the rules engine's JSON door for
every number a rule works out, the catalog for every stat. A figure types no rule number
of its own; it only chooses which example to draw."""

from __future__ import annotations

from fractions import Fraction

from ..engine.query import answer
from ..problems import BuildError


def ask(data: dict, figure: str, request: dict) -> dict:
    """The engine's answer to a BrikWars request; a refusal stops the build naming the
    figure, since a figure drawn from a wrong answer would mislead."""
    response = answer({"game": "brikwars", **request}, data)
    if not response.get("ok"):
        raise BuildError(f"figure {figure}: the rules engine refused {request}: "
                         f"{response.get('error', {}).get('message')}")
    return response


def record(catalog, figure: str, kind: str, record_id: str):
    found = catalog.get(kind, record_id)
    if found is None:
        raise BuildError(f"figure {figure} draws {kind} '{record_id}', which the data "
                         f"lacks: add it back to data/brikwars/ or change the figure")
    return found


def value(fact):
    """A stat that may be a Fact: its value."""
    return getattr(fact, "value", fact)


def chance(text: str, short: bool = False) -> str:
    """'851/1000' -> '85.1% (851/1000)': a rounded percentage with the exact fraction.
    `short` (for the picture; the description always says the fraction) leaves out a
    fraction too long to read at a glance."""
    p = Fraction(text)
    exact = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    if short and len(exact) > 9:
        return f"{float(p) * 100:.1f}%"
    return f"{float(p) * 100:.1f}% ({exact})"


def number(x) -> str:
    """3 -> '3', 2.5 -> '2½', '1/2' -> '½': how the book writes inches and levels."""
    f = Fraction(str(x))
    whole, part = divmod(f, 1)
    halves = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}
    if part == 0:
        return str(int(whole))
    if part in halves:
        return (str(int(whole)) if whole else "") + halves[part]
    return f"{float(f):g}"


def inches(x) -> str:
    return f'{number(x)}"'
