"""QuikWars attacks: exploding d6s, no Skill roll, Damage > Armor destroys (L32, L64).

Several minifigs may add their dice into one roll (L64). Body Armor adds one
die to Armor (L70-71; decision for ambiguity 26: rolled, with its own sixes,
for each attack). A Shield takes one die off each enemy Hand Weapon (L72-73;
ambiguity 27: only Hand Weapons). A Super Siege Weapon adds one die per extra
crewman (L79).
"""

from __future__ import annotations

from fractions import Fraction

from ..dice.dist import Dist
from ..dice.roll import RollRules, natural_die, truncated_chance

HAND_WEAPON = "hand"


def quikwars_kill(attacks: list[tuple[int, str]], armor: int, body_armor: int = 0,
                  shield: bool = False, depth: int = 8) -> tuple[Fraction, Fraction, Fraction]:
    """attacks: (dice, kind) per attacker. Returns P(kill), the mean damage, truncated mass.

    Only "more than the Armor" is asked, so the damage is summed die by die with every
    total above the highest Armor counted as one (exact for the kill test, and fast)."""
    rules = RollRules(bonus_dice=True, depth=depth)
    die, _ = natural_die(6, rules)
    dice = sum(max(0, n - 1) if shield and kind == HAND_WEAPON else n for n, kind in attacks)
    defence = die.times(body_armor) + armor
    cap = defence.high + 1
    damage = Dist.constant(0)
    for _ in range(dice):
        damage = _capped(damage + _capped(die, cap), cap)
    below, _, _ = defence.compare(damage)
    per_die = truncated_chance(6, rules)
    return below, dice * die.mean(), 1 - (1 - per_die) ** (dice + body_armor)


def steps(dice: int, armor: int, depth: int, body_armor: int = 0) -> float:
    """Rough work of `quikwars_kill` in microseconds: one capped sum per die, numbers of
    cap slots of the counts' width times a die of 5 + 6 x depth slots (measured)."""
    cap = armor + body_armor * 6 * (depth + 1) + 1
    words = dice * (depth + 1) * 2.6 / 64 + 1
    return dice * cap * words * ((5 + 6 * depth) * words) ** 0.585 / 50


def _capped(dist: Dist, cap: int) -> Dist:
    if dist.high <= cap:
        return dist
    if dist.low >= cap:
        return Dist.constant(cap)
    keep = cap - dist.low
    return Dist(dist.low, [*dist.counts[:keep], sum(dist.counts[keep:])])


def stupendous_feat(rules: RollRules) -> tuple[Fraction, Fraction, Fraction]:
    """(P(success), P(tie), the chance a chain was cut) of a Stupendous Feat (L50): the Hero's
    d6 against one opposing d6, equal or higher succeeds; both explode unless `rules` has no
    bonus dice."""
    die, _ = natural_die(6, RollRules(rules.bonus_dice, rules.depth))
    below, equal, _ = die.compare(die)  # P(opponent < hero) etc., same die both sides
    cut = Fraction(0)
    if rules.bonus_dice:
        whole = 6 ** (rules.depth + 1)
        cut = Fraction(whole * whole - (whole - 1) ** 2, whole * whole)
    return below + equal, equal, cut
