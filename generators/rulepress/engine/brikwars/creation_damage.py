"""Damage to large Creations and lines of targets (rulebook 7.2).

- General Damage (L1393-1399): Damage over the Armor of the Creation's Structure
  Level takes one inch of Size; the Structure Level can be no more than the
  Effective Size (L1371), so it drops as the Creation shrinks; at Effective Size 0
  (or on any Size Damage for Size 1 or less) it is destroyed.
- Overkill (L1420-1428): the Damage left after the Armor roll goes on against the
  new, lower Armor, or on to the next target in line. Decision: each further step
  is a fresh Armor roll (option `same`: the first roll is kept while the Structure
  Level does not change).
- Grinding (L1417): each damage die that comes up over the Structure Level grinds
  one point off a component: a die with its bonus dice, or (option `each_die`) every die
  rolled on its own face.
"""

from __future__ import annotations

from fractions import Fraction

from ..dice.dist import Dist
from ..dice.parse import parse
from ..dice.roll import RollRules, roll

OVERKILL_ARMOR = ("fresh", "same")


def sl_armor(level: Fraction) -> str:
    """Armor of a Structure Level: 0, ½ -> 1d6, n -> nd10 (L1375-1377, L3414)."""
    if level == 0:
        return "0"
    if level < 1:
        return "1d6"
    return f"{int(level)}d10"


def effective_level(level: Fraction, effective_size: int) -> Fraction:
    """The Structure Level can be at most the Effective Size (L1371, L1397), never below ½
    for a Creation that had one (L1398)."""
    if level <= Fraction(1, 2):
        return level
    return max(Fraction(1, 2), min(level, Fraction(effective_size)))


def size_damage(damage: Dist, size: int, level: Fraction, taken: int, rules: RollRules,
                overkill: bool = True, armor_bonus_dice: bool = True,
                reuse: str = "fresh") -> Dist:
    """Distribution of Size Damage dealt by one blow of `damage` (0 .. Effective Size).

    Each step subtracts an Armor roll from the Damage still to apply (one convolution);
    what is left above 0 takes one more inch of Size and goes on as Overkill."""
    left = size - taken
    final = left if size <= 1 else None
    out: dict[int, Fraction] = {}
    armor_cache: dict[Fraction, Dist] = {}

    def armor(lvl: Fraction) -> Dist:
        if lvl not in armor_cache:
            armor_cache[lvl] = roll(parse(sl_armor(lvl)), RollRules(
                rules.bonus_dice and armor_bonus_dice, rules.depth)).totals()
        return armor_cache[lvl]

    def add(points: int, weight: Fraction) -> None:
        if weight:
            out[points] = out.get(points, Fraction(0)) + weight

    # (points dealt, Damage still to apply as counts, weight per count, kept Armor roll)
    frontier: list[tuple[int, Dist, Fraction, int | None]] = [
        (0, damage, Fraction(1, damage.total), None)]
    while frontier:
        dealt, rest, weight, kept = frontier.pop()
        lvl = effective_level(level, left - dealt)
        if kept is None and reuse == "same":
            roll_of = armor(lvl)
            for a, c in roll_of.items():
                frontier.append((dealt, rest, weight * Fraction(c, roll_of.total), a))
            continue
        if kept is None:
            roll_of = armor(lvl)
            diff, w = rest - roll_of, weight / roll_of.total
        else:
            diff, w = rest.shift(-kept), weight
        add(dealt, w * sum(c for v, c in diff.items() if v <= 0))
        if diff.high <= 0:
            continue
        over = Dist(1, diff.counts[max(0, 1 - diff.low):]) if diff.low < 1 else diff
        now = dealt + 1
        if final is not None or now >= left or not overkill:
            add(final if final is not None else now, w * over.total)
            continue
        same = reuse == "same" and effective_level(level, left - now) == lvl
        frontier.append((now, over, w, kept if same else None))
    return Dist.from_chances(out)


def size_damage_steps(damage: Dist, size: int, level: Fraction, taken: int,
                      rules: RollRules, reuse: str = "fresh") -> float:
    """Rough work of `size_damage` in microseconds (measured): one convolution with the
    Armor per inch for a fresh roll; the kept-roll reading branches on every Armor value
    at each Structure Level it passes through."""
    left = size - taken
    lengths = {}
    for eff in range(1, left + 1):
        lvl = effective_level(level, eff)
        if lvl not in lengths:
            armor = roll(parse(sl_armor(lvl)), RollRules(rules.bonus_dice, rules.depth))
            lengths[lvl] = max(1, len(armor.totals().counts))
    if reuse == "same":
        product = 1.0
        for length in lengths.values():
            product *= length
        return len(damage.counts) * left * product / 60
    return len(damage.counts) * left * max(lengths.values()) / 2


def line_kills(damage: Dist, armor: Dist, targets: int) -> Dist:
    """Target Overkill through a line of targets, each with its own Armor roll (L1421-1424):
    a target dies when the Damage left is more than its Armor; the rest goes on."""
    stop = min(damage.low, 0) - 1  # the blow is spent: below any Damage still going on
    through = -armor  # the Damage left past one target, before the test

    def next_target(left: int) -> int | Dist:
        return stop if left == stop else (through + left).map(
            lambda rest: rest if rest > 0 else stop)
    going = [Fraction(1)] + [1 - state.probability(lambda v: v == stop)
                             for state in damage.walk(next_target, targets)]
    return Dist.from_chances({killed: going[killed] - (going[killed + 1] if killed < targets
                                                       else 0)
                              for killed in range(targets + 1)})


def grinding(dice: list[int], level: Fraction, rules: RollRules,
             reading: str = "with_bonus_dice") -> Dist:
    """Grinding points: how many damage dice (each with its bonus dice) beat the SL; with
    `reading` "each_die", every die rolled, bonus dice too, on its own face (faces.py)."""
    from ..dice.roll import natural_die
    from .faces import each_face
    total = Dist.constant(0)
    faces: dict[int, Dist] = {}  # each_die: one die's points, worked out once per size
    for sides in dice:
        if reading == "each_die":
            if sides not in faces:
                faces[sides] = each_face(sides, RollRules(rules.bonus_dice, rules.depth,
                                                          rules.penalty,
                                                          rules.penalty_on_bonus_dice),
                                         lambda v: 1 if v > level else 0)
            total = total + faces[sides]
            continue
        die, _ = natural_die(sides, RollRules(rules.bonus_dice, rules.depth, rules.penalty,
                                              rules.penalty_on_bonus_dice))
        over = sum(c for v, c in die.items() if v > level)
        total = total + Dist(0, [die.total - over, over])
    return total
