"""SuperNatural dice (rulebook Chapter D).

An SN die's Bonus Dice are of its own type and are not optional (L3293-3294): a
d8 that shows 8 adds another d8, and so on. An SN die (bonus dice too) that shows 1
becomes a Fumble Die handed to an opponent and adds nothing to its Aspect (L3295-3297).
What the opponent does with it is a free choice, not worked out. A Blessing rolls an
SN die beside the target's Skill die and keeps the better; a Curse keeps the worse; either
needs an SN die at least as large as the target's die (L3441-3443).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..dice.dist import Dist

# same-type bonus dice per SuperNatural die, at most (the calculator's bound too)
SN_MAX_DEPTH = 12


@lru_cache(maxsize=128)  # a pure table of (die, depth); a Dist is never changed in place
def sn_die(sides: int, depth: int) -> Dist:
    """What one SN die adds to its Aspect, with its mandatory same-type bonus dice, cut
    after `depth` of them. A die (natural or bonus) that shows 1 adds nothing: it is a
    Fumble Die, handed to an opponent (L3295)."""
    chain = Dist.constant(0)
    for _ in range(depth + 1):
        # faces 2..sides-1 count `chain.total` times each, a 1 (0) too; the top face adds
        # the rest of the chain: counts over 0..sides + chain.high
        t = chain.total
        dense = [0] * (sides + chain.high + 1)
        dense[0] = t  # a 1 fumbles and adds nothing to the Aspect
        for face in range(2, sides):
            dense[face] = t
        start = sides + chain.low
        for i, count in enumerate(chain.counts):
            dense[start + i] += count
        chain = Dist(0, dense)
    return chain


def fumble_chance(sides: int, depth: int) -> Fraction:
    """P(one SN die or one of its bonus dice shows 1): each die of the chain fumbles with
    1/sides, and the chain goes on only past a top face: the sum of (1/sides)^(k+1) for
    k = 0..depth, which is (s^(depth+1) - 1) / ((s - 1) s^(depth+1))."""
    whole = sides ** (depth + 1)
    if sides == 1:
        return Fraction(depth + 1)
    return Fraction(whole - 1, (sides - 1) * whole)


def sn_roll(dice: int, sides: int, depth: int) -> tuple[Dist, Fraction, Fraction]:
    """(what `dice` SN dice add to the Aspect, P(at least one Fumble), the chance a chain
    was cut), the chances worked out in integers."""
    one = sn_die(sides, depth)
    chance = fumble_chance(sides, depth)
    num, den = chance.numerator, chance.denominator
    fumble = Fraction(den ** dice - (den - num) ** dice, den ** dice)
    whole = sides ** (depth + 1)
    cut = Fraction(whole ** dice - (whole - 1) ** dice, whole ** dice)
    return one.times(dice), fumble, cut


def blessed(skill: Dist, sides: int, depth: int, curse: bool = False) -> Dist:
    """The kept die of a Blessing (the better) or a Curse (the worse). An SN die whose
    natural roll is a 1 fumbles to an opponent and takes no part: the Skill die stands."""
    sn = sn_die(sides, depth).condition(lambda v: v != 0)  # its natural die did not fumble
    kept = skill.minimum(sn) if curse else skill.maximum(sn)
    return Dist.mixture([(1, skill), (sides - 1, kept)])
