"""Fire on an object or a minifig (rulebook 8.3, 8.5).

At the start of its turn a burning object rolls 1d4 per inch of Fire Size
(L1836): each d4 that shows 1 or no more than the Structure Level takes an inch
off the Fire; each d4 over the Structure Level grinds a point and adds an inch,
up to the object's Size. A minifig is Size 1 and SL ½: its one d4 puts the Fire
out on a 1 and otherwise grinds a point and burns on (L1696). Each d4 counts its
bonus d4s (a 4 may beat a Structure Level of 4).
"""

from __future__ import annotations

from fractions import Fraction

from ..dice.dist import Dist
from ..dice.roll import RollRules, natural_die

State = tuple[int, int]  # (Fire Size in inches, Grinding points so far)


def spread_chance(level: Fraction, rules: RollRules) -> Fraction:
    """One Burning d4 spreads: its total is over the SL and it is not a natural 1."""
    die, ones = natural_die(4, RollRules(rules.bonus_dice, rules.depth))
    over = sum(c for v, c in die.items() if v > level and v != 1)
    return Fraction(over, die.total)


def burning_step(fire: int, ups: int, size: int) -> int:
    """The Fire Size after one Burning Roll with `ups` spreading dice of `fire`."""
    return max(0, min(size, fire + ups - (fire - ups)))


def burn(size: int, level: Fraction, fire: int, turns: int,
         rules: RollRules) -> list[dict[State, Fraction]]:
    """The (Fire Size, Grinding) distribution after each of `turns` Burning Rolls."""
    q = spread_chance(level, rules)
    states: dict[State, Fraction] = {(fire, 0): Fraction(1)}
    history = []
    binomials: dict[int, list[Fraction]] = {}
    for _ in range(turns):
        nxt: dict[State, Fraction] = {}
        for (f, g), p in states.items():
            if f == 0:
                nxt[(0, g)] = nxt.get((0, g), 0) + p
                continue
            if f not in binomials:
                binomials[f] = _binomial(f, q)
            for ups, w in enumerate(binomials[f]):
                key = (burning_step(f, ups, size), g + ups)
                nxt[key] = nxt.get(key, 0) + p * w
        states = nxt
        history.append(states)
    return history


def _binomial(n: int, q: Fraction) -> list[Fraction]:
    from math import comb
    return [comb(n, k) * q ** k * (1 - q) ** (n - k) for k in range(n + 1)]


def burn_each_die(size: int, level: Fraction, fire: int, turns: int,
                  rules: RollRules) -> list[tuple[Dist, Fraction]]:
    """Option `die_reading: "each_die"`: every d4 rolled, bonus d4s too, is a Burning d4
    on its own face (a 1 or at most the SL: an inch off; over the SL: a point and an inch
    on). Per turn: the Fire Size distribution and the mean Grinding so far."""
    from .faces import each_face
    net = each_face(4, RollRules(rules.bonus_dice, rules.depth),
                    lambda v: 1 if v != 1 and v > level else -1)
    ups = each_face(4, RollRules(rules.bonus_dice, rules.depth),
                    lambda v: 1 if v != 1 and v > level else 0).mean()  # spreads per d4
    sums: dict[int, Dist] = {}

    def spread(f: int) -> int | Dist:
        if f == 0:
            return 0  # the fire is out
        if f not in sums:
            sums[f] = (net.times(f) + f).map(lambda v: max(0, min(size, v)))
        return sums[f]
    start = Dist.constant(fire)
    sizes = start.walk(spread, turns)
    grind, history = Fraction(0), []
    for before, after in zip([start] + sizes, sizes):
        grind += before.mean() * ups  # each inch afire grinds as its d4s spread
        history.append((after, grind))
    return history


def each_die_steps(size: int, turns: int, rules: RollRules) -> float:
    """Rough work of `burn_each_die`: per turn and Fire Size, a sum as wide as its dice."""
    chain = rules.depth + 1 if rules.bonus_dice else 1
    return turns * size * (2 * size * chain + 1) * 10 + size * (size * chain) ** 2
