"""Seeded draws with exact weights: every random choice of the round player goes through here,
so a seed gives the same round on the command line and in the browser (both run CPython's
Mersenne Twister: `random.Random(seed)`)."""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from random import Random


def pick(rng: Random, weights: list[Fraction] | list[int]) -> int:
    """An index drawn with chance proportional to its weight, using whole numbers only."""
    if len(weights) == 1:
        return 0
    scale = lcm(*(Fraction(w).denominator for w in weights))
    ticks = [int(Fraction(w) * scale) for w in weights]
    roll = rng.randrange(sum(ticks))
    for i, t in enumerate(ticks):
        if roll < t:
            return i
        roll -= t
    return len(ticks) - 1
