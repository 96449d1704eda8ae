"""Rules that read "each individual die" (Grinding L1417, Burning L1836): two readings.

`with_bonus_dice` (our default): a natural die is judged on its total with its own bonus
dice, so a d4's 4 plus a bonus d4 may beat a Structure Level of 4. `each_die`: every die
rolled, natural or bonus, is judged on its own face (a bonus die is one more die of the
roll), so no d4 ever beats a Structure Level of 4, and a bonus die can count on its own.
"""

from __future__ import annotations

from typing import Callable

from ..dice.dist import Dist
from ..dice.roll import RollRules, bonus_sides

DIE_READINGS = ("with_bonus_dice", "each_die")


def each_face(sides: int, rules: RollRules, score: Callable[[int], int]) -> Dist:
    """The sum of `score(face)` over one natural die and its chain of bonus dice, each
    die on its own face less the per-die penalty (L782); the chain is cut after
    `rules.depth` bonus dice, the cut die counting its face as usual."""
    p = rules.penalty
    q = p if rules.penalty_on_bonus_dice else 0
    chain: Dist | None = None  # what a bonus die adds, with its own chain
    if rules.bonus_dice and sides != 1:
        b = bonus_sides(sides)
        chain = Dist.constant(0)
        for _ in range(rules.depth):
            below = chain
            chain = Dist.mixture([(1, Dist.constant(score(f - q)) + below if f == b
                                   else Dist.constant(score(f - q))) for f in range(1, b + 1)])
        if rules.depth == 0:
            chain = None
    parts = []
    for f in range(1, sides + 1):
        own = Dist.constant(score(f - p))
        parts.append((1, own + chain if f == sides and chain is not None else own))
    return Dist.mixture(parts)
