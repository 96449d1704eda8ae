"""Collisions and KnockBack (rulebook 5.4, 9.5, H.3).

A collider spends its MOMs for 1d6 inches of KnockBack each (1d10 for a Charging
Shove, L919); the target resists with one POP die (1d6) per inch of Effective Size
(one for a minifig, two for a Horse, L1162, L2151). If the POP roll equals or beats
the KnockBack the collision is resisted (L920); otherwise the target flies the
difference. Blocked KnockBack deals a point of Smash Damage per inch prevented
(L923). Crash Damage: each object deals d6 x min(its own Structure Level, all the
MOMs in the collision), a Structure Level of ½ giving no dice (L2150, L2160).
Momentum builds at one MOM per 4 inches of straight run, up to a limit (a minifig
1, a Horse 2 or 1 when Wounded, a Creation its Effective Size; L893-895, L1147,
L2137).
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from ..dice.dist import Dist
from ..dice.parse import parse
from ..dice.roll import RollRules, roll

MOVERS = {"minifig": 1, "horse": 2, "wounded-horse": 1}


def momentum(run_inches: int, limit: int) -> int:
    """MOMs from a straight run: one per full 4 inches, up to `limit`."""
    return min(run_inches // 4, limit)


POP_DIE = 6  # one POP d6 per inch of Effective Size


def push_die(shove: bool) -> int:
    """The KnockBack die of one MOM: a d6, a d10 on a Charging Shove (L919)."""
    return 10 if shove else 6


def collision_rules(rules: RollRules) -> RollRules:
    """How the KnockBack and POP dice are rolled: with bonus dice, no floor of their own."""
    return RollRules(rules.bonus_dice, rules.depth, floor=False)


def knockback(moms: int, pops: int, rules: RollRules, shove: bool = False) -> Dist:
    """KnockBack inches after the POP roll (0 when resisted)."""
    dice = collision_rules(rules)
    push = roll(parse(f"{moms}d{push_die(shove)}"), dice).totals() if moms else \
        Dist.constant(0)
    resist = roll(parse(f"{pops}d{POP_DIE}"), dice).totals() if pops else Dist.constant(0)
    return (push - resist).floor_at(0)


def crash_dice(level: Fraction, total_moms: int) -> int:
    """d6s of Crash Damage an object deals: its SL or the MOMs, the lower, rounded down."""
    return floor(min(level, Fraction(total_moms)))


def smash(knock: Dist, room_inches: int) -> Dist:
    """Smash Damage: one point per inch of KnockBack an obstacle prevents."""
    return knock.map(lambda k: max(0, k - room_inches))
