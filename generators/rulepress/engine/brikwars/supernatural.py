"""SuperNatural dice (rulebook Chapter D).

An SN die's Bonus Dice are of its own type and are not optional (L3293-3294): a
d8 that shows 8 adds another d8, and so on. A natural 1 on an SN die becomes a
Fumble Die handed to an opponent (L3295-3297). A Blessing rolls an SN die beside
the target's Skill die and keeps the better; a Curse keeps the worse; either
needs an SN die at least as large as the target's die (L3441-3443).
"""

from __future__ import annotations

from fractions import Fraction

from ..dice.dist import Dist


def sn_die(sides: int, depth: int) -> Dist:
    """One SN die with its mandatory same-type bonus dice, cut after `depth` of them."""
    chain = Dist.constant(0)
    for _ in range(depth + 1):
        t = chain.total
        counts = {face: t for face in range(1, sides)}
        for value, count in chain.items():
            counts[sides + value] = counts.get(sides + value, 0) + count
        chain = Dist.from_counts(counts)
    return chain


def sn_roll(dice: int, sides: int, depth: int) -> tuple[Dist, Fraction, Fraction]:
    """(total of `dice` SN dice, P(at least one Fumble), the chance a chain was cut)."""
    one = sn_die(sides, depth)
    fumble = 1 - Fraction(sides - 1, sides) ** dice
    cut = 1 - (1 - Fraction(1, sides) ** (depth + 1)) ** dice if depth else Fraction(0)
    return one.times(dice), fumble, cut


def blessed(skill: Dist, sn: Dist, curse: bool = False) -> Dist:
    """The kept die of a Blessing (the better) or a Curse (the worse)."""
    return skill.minimum(sn) if curse else skill.maximum(sn)
