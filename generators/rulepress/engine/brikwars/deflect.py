"""Deflection: each level removes one die of each die type from a damage source.

Rulebook L481-488: before rolling, for each level of Deflection, remove one die
of every die type in the source, except d12s: d12 damage cannot be Parried or
reduced by Heavy Armor (L1261), and Deflection never works against it (L3416).
A level that finds no die to remove "cancels 1d6 worth of the Damage" (L482):
option `no_dice` = "roll" (subtract a rolled d6 from the damage that is not
d12s, our default) or "ignore". An Armor-Piercing d6 (`Piercing`) takes two
levels to remove (L1952); a level falls on plain dice of a size before the AP
dice of that size. A two-handed Heavy Weapon swing is Armor Piercing too: the
first level removes its +2 instead of a die (L440, L867).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dice.parse import DiceTerm, Expr

NO_DICE = ("roll", "ignore")
UNDEFLECTABLE = 12  # d12s ignore Deflection (L1261, L3416)
PIERCING = "Piercing"


@dataclass(frozen=True)
class Deflected:
    expr: Expr  # the dice left to roll
    cancel_d6: int  # d6s to roll and subtract (from the non-d12 part) for levels without a die


def deflect(expr: Expr, levels: int, armor_piercing: bool = False,
            no_dice: str = "roll") -> Deflected:
    if no_dice not in NO_DICE:
        raise ValueError(f"no_dice must be one of {', '.join(NO_DICE)}")
    counts: dict[tuple[int, str | None], int] = {}
    order: list[tuple[int, str | None]] = []
    for term in expr.terms:
        if term.sign < 0 or term.sides is None:
            continue
        key = (term.sides, term.tag)
        if key not in counts:
            order.append(key)
        counts[key] = counts.get(key, 0) + term.count
    negatives = tuple(t for t in expr.terms if t.sign < 0)
    modifier = expr.modifier
    cancel = 0
    half: dict[int, int] = {}  # levels already spent on an AP die of this size
    for level in range(levels):
        if level == 0 and armor_piercing and modifier > 0:
            modifier -= min(2, modifier)
            continue
        found = False
        for size in dict.fromkeys(k[0] for k in order):
            if size == UNDEFLECTABLE:
                continue
            plain = [k for k in order if k[0] == size and k[1] != PIERCING and counts[k] > 0]
            piercing = [k for k in order if k[0] == size and k[1] == PIERCING and counts[k] > 0]
            if plain:
                counts[plain[0]] -= 1
                found = True
            elif piercing:
                found = True
                half[size] = half.get(size, 0) + 1
                if half[size] == 2:  # two levels nullify one AP die (L1952)
                    counts[piercing[0]] -= 1
                    half[size] = 0
        if not found and no_dice == "roll":
            cancel += 1
    terms = tuple(DiceTerm(counts[k], k[0], 1, k[1]) for k in order if counts[k] > 0)
    return Deflected(Expr(terms + negatives, modifier), cancel)
