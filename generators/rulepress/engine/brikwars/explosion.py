"""Explosions by distance ring (rulebook L1712-1713).

Everything within 2 inches takes the whole roll of k Explosion d10s (with their
Bonus Dice). For each further 2-inch ring, the highest d10 (and its bonus dice)
is dropped and the rest applies; KnockBack is 1 inch per die still counting.
So ring j takes the sum of the k-j+1 lowest exploded d10s: an exact keep-lowest.
A Critical Failure (every d10 on 1) deals nothing anywhere.
"""

from __future__ import annotations

from fractions import Fraction

from ..dice.dist import Dist
from ..dice.keep import keep_lowest
from ..dice.roll import RollRules, natural_die


def ring_damage(dice: int, rules: RollRules, sides: int = 10) -> list[Dist]:
    """Damage in each 2-inch ring, nearest first (the penalty is not used: L783)."""
    die, _ = natural_die(sides, RollRules(rules.bonus_dice, rules.depth))
    rings = []
    crit = die.count(1) ** dice  # every die on a natural 1 (only a natural 1 makes 1)
    for j in range(1, dice + 1):
        kept = dice - j + 1
        dist = keep_lowest(die, dice, kept)
        counts = {v: c for v, c in dist.items()}
        counts[kept] -= crit * (dist.total // die.total ** dice)
        counts[0] = counts.get(0, 0) + crit * (dist.total // die.total ** dice)
        rings.append(Dist.from_counts({v: c for v, c in counts.items() if c}))
    return rings


def truncated_mass(dice: int, rules: RollRules, sides: int = 10) -> Fraction:
    if not rules.bonus_dice:
        return Fraction(0)
    per_die = Fraction(1, sides) * Fraction(1, 6) ** rules.depth
    return 1 - (1 - per_die) ** dice
