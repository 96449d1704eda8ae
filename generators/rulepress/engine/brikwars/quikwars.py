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
                  shield: bool = False, depth: int = 8) -> tuple[Fraction, Dist, Fraction]:
    """attacks: (dice, kind) per attacker. Returns P(kill), the damage, truncated mass."""
    rules = RollRules(bonus_dice=True, depth=depth)
    die, _ = natural_die(6, rules)
    dice = sum(max(0, n - 1) if shield and kind == HAND_WEAPON else n for n, kind in attacks)
    damage = die.times(dice)
    defence = die.times(body_armor) + armor
    below, _, _ = defence.compare(damage)
    per_die = truncated_chance(6, rules)
    return below, damage, 1 - (1 - per_die) ** (dice + body_armor)
