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

from ..dice.dist import Dist

# same-type bonus dice per SuperNatural die, at most (the calculator's bound too)
SN_MAX_DEPTH = 12


def sn_die(sides: int, depth: int) -> Dist:
    """What one SN die adds to its Aspect, with its mandatory same-type bonus dice, cut
    after `depth` of them. A die (natural or bonus) that shows 1 adds nothing: it is a
    Fumble Die, handed to an opponent (L3295)."""
    chain = Dist.constant(0)
    for _ in range(depth + 1):
        t = chain.total
        counts = {face: t for face in range(2, sides)}
        counts[0] = t  # a 1 fumbles and adds nothing to the Aspect
        for value, count in chain.items():
            counts[sides + value] = counts.get(sides + value, 0) + count
        chain = Dist.from_counts(counts)
    return chain


def fumble_chance(sides: int, depth: int) -> Fraction:
    """P(one SN die or one of its bonus dice shows 1): each die of the chain fumbles with
    1/sides, and the chain goes on only past a top face."""
    return sum((Fraction(1, sides) ** (k + 1) for k in range(depth + 1)), Fraction(0))


def sn_roll(dice: int, sides: int, depth: int) -> tuple[Dist, Fraction, Fraction]:
    """(what `dice` SN dice add to the Aspect, P(at least one Fumble), the chance a chain
    was cut)."""
    one = sn_die(sides, depth)
    fumble = 1 - (1 - fumble_chance(sides, depth)) ** dice
    cut = 1 - (1 - Fraction(1, sides) ** (depth + 1)) ** dice
    return one.times(dice), fumble, cut


def blessed(skill: Dist, sides: int, depth: int, curse: bool = False) -> Dist:
    """The kept die of a Blessing (the better) or a Curse (the worse). An SN die whose
    natural roll is a 1 fumbles to an opponent and takes no part: the Skill die stands."""
    sn = sn_die(sides, depth).condition(lambda v: v != 0)  # its natural die did not fumble
    kept = skill.minimum(sn) if curse else skill.maximum(sn)
    return Dist.mixture([(1, skill), (sides - 1, kept)])
