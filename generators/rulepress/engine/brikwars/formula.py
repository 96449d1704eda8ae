"""Chapter 8 size formulas such as 'Size*4+2', evaluated safely for a given Size.

A tiny parser (numbers, Size or XSize, + - *, brackets) instead of eval(), so
data can never run code and a bad formula gets a clear message.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..dice.parse import DiceTerm, Expr, parse

_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z]+)|([-+*/()]))")


class FormulaError(ValueError):
    pass


def evaluate(formula: str, size: Fraction | int,
             names: dict[str, Fraction] | None = None) -> Fraction:
    """The value of `formula` with Size (and XSize) set to `size`; `names` gives other
    variables (SL, Move, ...) for the creation cost rules."""
    tokens, pos = [], 0
    formula = formula.strip()
    while pos < len(formula):
        match = _TOKEN.match(formula, pos)
        if not match:
            raise FormulaError(f"column {pos + 1}: expected a number, a name, + - * / or "
                               f"brackets in '{formula}'")
        tokens.append(match.group(match.lastindex or 0))
        pos = match.end()
    values = {"Size": Fraction(size), "XSize": Fraction(size), **(names or {})}
    value, rest = _sum(tokens, values)
    if rest:
        raise FormulaError(f"unexpected '{rest[0]}' in '{formula}'")
    return value


def _sum(tokens: list[str], size: dict[str, Fraction]) -> tuple[Fraction, list[str]]:
    value, tokens = _product(tokens, size)
    while tokens and tokens[0] in "+-":
        op, (right, tokens) = tokens[0], _product(tokens[1:], size)
        value = value + right if op == "+" else value - right
    return value, tokens


def _product(tokens: list[str], size: dict[str, Fraction]) -> tuple[Fraction, list[str]]:
    value, tokens = _atom(tokens, size)
    while tokens and tokens[0] in "*/":
        op, (right, tokens) = tokens[0], _atom(tokens[1:], size)
        if op == "/" and right == 0:
            raise FormulaError("division by zero")
        value = value * right if op == "*" else value / right
    return value, tokens


def _atom(tokens: list[str], size: dict[str, Fraction]) -> tuple[Fraction, list[str]]:
    if not tokens:
        raise FormulaError("the formula ends too early")
    head, rest = tokens[0], tokens[1:]
    if head == "(":
        value, rest = _sum(rest, size)
        if not rest or rest[0] != ")":
            raise FormulaError("a bracket is not closed")
        return value, rest[1:]
    if head == "-":
        value, rest = _atom(rest, size)
        return -value, rest
    if head in size:
        return size[head], rest
    if head[0].isdigit():
        return Fraction(head), rest
    raise FormulaError(f"unknown name or symbol '{head}'")


def scaled_damage(damage: str, size: int) -> Expr:
    """'1d6' at Size 3 is '3d6'; 'S' is '3S': the dice count grows with Size."""
    expr = parse(damage)
    return Expr(tuple(DiceTerm(t.count * size, t.sides, t.sign, t.tag) for t in expr.terms),
                expr.modifier)


def scaled_stats(weapon: dict, size: int) -> dict:
    """One row of a size-scaled weapon's table: cost, Use, Range and Damage at `size`."""
    def value(field: str):
        text = weapon.get(field)
        if text is None:
            return None
        number = evaluate(text, size)
        return int(number) if number.denominator == 1 else float(number)

    damage = weapon.get("damage") or {}
    dice = damage.get("value")
    if dice is not None and weapon.get("damage_scales", True):
        dice = scaled_damage(dice, size).text()
    return {"size": size, "cost_cp": value("cost_cp"), "use": value("use"),
            "range": value("range"), "damage": dice}
