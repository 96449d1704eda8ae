"""Deflection: each level removes one die of each die type from a damage source.

Rulebook L481-488: before rolling, for each level of Deflection, remove one die
of every die type in the source, except d12s (Phased/SuperNatural d12s ignore
Deflection, L1942, L3416). A level that finds no die to remove "cancels 1d6
worth of the Damage" (L482): option `no_dice` = "roll" (subtract a rolled d6,
our default) or "ignore". A two-handed Heavy Weapon swing is Armor Piercing: the
first level removes its +2 instead of a die (L440, L867).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dice.parse import DiceTerm, Expr

NO_DICE = ("roll", "ignore")


@dataclass(frozen=True)
class Deflected:
    expr: Expr  # the dice left to roll
    cancel_d6: int  # d6s to roll and subtract for levels that found no die


def deflect(expr: Expr, levels: int, armor_piercing: bool = False,
            no_dice: str = "roll") -> Deflected:
    if no_dice not in NO_DICE:
        raise ValueError(f"no_dice must be one of {', '.join(NO_DICE)}")
    counts: dict[tuple[int | None, str | None], int] = {}  # by (sides, tag); S is None
    order: list[tuple[int | None, str | None]] = []
    for term in expr.terms:
        if term.sign < 0:
            continue
        key = (term.sides, term.tag)
        if key not in counts:
            order.append(key)
        counts[key] = counts.get(key, 0) + term.count
    negatives = tuple(t for t in expr.terms if t.sign < 0)
    modifier = expr.modifier
    cancel = 0
    for level in range(levels):
        if level == 0 and armor_piercing and modifier > 0:
            modifier -= min(2, modifier)
            continue
        removable = [k for k in order if counts[k] > 0 and k[0] != 12]
        by_size: set[int | None] = set()
        for key in removable:
            if key[0] not in by_size:  # one die of each die *type* (size)
                counts[key] -= 1
                by_size.add(key[0])
        if not removable and no_dice == "roll":
            cancel += 1
    terms = tuple(DiceTerm(counts[k], k[0], 1, k[1]) for k in order if counts[k] > 0)
    return Deflected(Expr(terms + negatives, modifier), cancel)
