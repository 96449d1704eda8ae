"""Exact numbers at the edge of the engine: Fractions to and from JSON strings."""

from __future__ import annotations

from fractions import Fraction


def fraction_text(value: Fraction | int) -> str:
    """Fraction(1, 4) -> "1/4"; whole numbers print without a denominator ("0", "1")."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def probability_json(value: Fraction | int) -> dict:
    """A probability as the exact fraction plus a float for display."""
    value = Fraction(value)
    return {"p": fraction_text(value), "float": float(value)}
