"""A {value: chance} table as an answer writes it: its rows and its mean."""

from __future__ import annotations

from fractions import Fraction

from ...dice.dist import Dist
from ...exact import fraction_text


def chance_rows(d: dict[int, Fraction]) -> list[list]:
    """[[value, chance as text], ...] in value order, impossible values left out."""
    return [[k, fraction_text(v)] for k, v in sorted(d.items()) if v]


def table_mean(d: dict[int, Fraction]) -> Fraction:
    """The mean of a {value: chance} table."""
    return sum((k * p for k, p in d.items()), Fraction(0))


def chance_table(dist: Dist) -> dict[int, Fraction]:
    """A distribution as a {value: chance} table."""
    return {v: Fraction(c, dist.total) for v, c in dist.items() if c}
