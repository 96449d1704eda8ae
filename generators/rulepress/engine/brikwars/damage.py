"""Damage against Armor: the Damage roll, Deflection, and the kill test Damage > Armor."""

from __future__ import annotations

from fractions import Fraction

from ..dice.dist import Dist
from ..dice.parse import DiceTerm, Expr, parse
from ..dice.roll import RollRules, roll
from .deflect import deflect


def extra_die(expr: Expr) -> Expr:
    """Overskill on damage: one more of the attack's own damage dice (L653).

    The largest die is repeated (a 1d10+1d4 explosion gains a d10, 2S gains an S);
    a source without dice gains a d6, as the Overskill's default die.
    """
    dice = [t for t in expr.terms if t.sign > 0]
    if not dice:
        return expr.add_dice((DiceTerm(1, 6),))
    best = max(dice, key=lambda t: -1 if t.sides is None else t.sides)  # S: after fixed dice
    return expr.add_dice((DiceTerm(1, best.sides, 1, best.tag),))


def damage_dist(expr: Expr, rules: RollRules, deflection: int = 0,
                armor_piercing: bool = False, no_dice: str = "roll") -> tuple[Dist, Fraction]:
    """The Damage dealt (a Critical Failure deals 0), and the truncated mass."""
    left = deflect(expr, deflection, armor_piercing, no_dice)
    result = roll(left.expr, rules)
    dist = result.damage()
    mass = result.truncated_mass
    if left.cancel_d6:
        cancel = roll(parse(f"{left.cancel_d6}d6"), RollRules(
            bonus_dice=rules.bonus_dice, depth=rules.depth, floor=False)).totals()
        dist = (dist - cancel).floor_at(0)
    return dist, mass


def armor_dist(text: str, rules: RollRules, bonus_dice: bool = True) -> Dist:
    """Armor as a distribution: a number, or a roll (its Critical Failure is no special
    event, ambiguity 3; its bonus dice follow `bonus_dice`, ambiguity 4)."""
    armor_rules = RollRules(bonus_dice=rules.bonus_dice and bonus_dice, depth=rules.depth)
    return roll(parse(text), armor_rules).totals()


def p_exceeds(damage: Dist, armor: Dist) -> Fraction:
    """P(Damage > Armor) for independent rolls: strictly more kills (L722)."""
    below, _, _ = armor.compare(damage)
    return below
