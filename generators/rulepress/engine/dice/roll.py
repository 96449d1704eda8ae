"""BrikWars roll rules on top of the exact distribution type.

- Bonus Dice (Critical Success): a die on its top face adds a bonus d6 (a d4
  adds a d4), and bonus dice earn more bonus dice the same way. It is optional,
  and the chain is cut after `depth` bonus dice per natural die; the chance
  that a cut happened is reported as `truncated_mass` (the cut die simply
  counts its face, as icepool and AnyDice do, so every distribution sums to 1).
- Critical Failure: every natural (added) die shows 1, judged before modifiers.
- A per-die penalty (Out of Range, Cranky Hero) is taken off every die rolled.
- The total is floored at zero (never each die: rulebook L174, L663).
- Option: each d10 is rolled as 2d6-2 (rulebook L171).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from ..budget import TooBig, refuse_over
from .cost import (COPY, MAX_FRACTION_DIGITS, PYOBJECT, STEP, Cost, digits_of, listing_memory,
                   listing_seconds, power_cost, sum_cost)
from .dist import Dist
from .parse import DiceTerm, Expr

MAX_DEPTH = 40


@dataclass(frozen=True)
class RollRules:
    bonus_dice: bool = True
    depth: int = 8  # bonus dice per natural die before the chain is cut
    penalty: int = 0  # taken off each die rolled (natural and, if set, bonus dice)
    penalty_on_bonus_dice: bool = True
    d10_as_2d6: bool = False
    floor: bool = True


def bonus_sides(sides: int) -> int:
    """A d4 earns bonus d4s; every other die earns bonus d6s (rulebook L179, L1233)."""
    return 4 if sides == 4 else 6


@lru_cache(maxsize=256)  # the same few dice again and again; a bounded memory
def bonus_chain(sides: int, depth: int, penalty: int = 0) -> Dist:
    """What one bonus die of `sides` adds, with at most `depth` dice in the chain."""
    chain = Dist.constant(0)
    for _ in range(depth):
        chain = _top_face_adds(sides, penalty, chain)
    return chain


@lru_cache(maxsize=256)  # the same few dice again and again; a bounded memory
def natural_die(sides: int, rules: RollRules) -> tuple[Dist, int]:
    """One natural die with its bonus dice, and the count of its natural 1s."""
    p = rules.penalty
    if not rules.bonus_dice or sides == 1:
        return Dist(1 - p, [1] * sides), 1
    chain = bonus_chain(bonus_sides(sides), rules.depth,
                        p if rules.penalty_on_bonus_dice else 0)
    return _top_face_adds(sides, p, chain), chain.total


def _top_face_adds(sides: int, penalty: int, chain: Dist) -> Dist:
    """A die of `sides` (each face less `penalty`) whose top face adds a roll of `chain`:
    every face counts `chain.total` times, so the counts stay whole."""
    low = min(1 - penalty, sides - penalty + chain.low)
    high = max(sides - 1 - penalty, sides - penalty + chain.high)
    dense = [0] * (high - low + 1)
    for face in range(1, sides):
        dense[face - penalty - low] = chain.total
    start = sides - penalty + chain.low - low
    for i, count in enumerate(chain.counts):
        dense[start + i] += count
    return Dist(low, dense)


def natural_size(sides: int, rules: RollRules) -> tuple[int, int]:
    """(outcomes, total count) of `natural_die(sides, rules)`, without building it: the same
    steps on the lowest and highest value only; each bonus die multiplies the total by b."""
    low, high = natural_range(sides, rules)
    if not rules.bonus_dice or sides == 1:
        return sides, sides
    return high - low + 1, sides * bonus_sides(sides) ** rules.depth


def natural_range(sides: int, rules: RollRules) -> tuple[int, int]:
    """(lowest, highest) value of `natural_die(sides, rules)`."""
    p = rules.penalty
    if not rules.bonus_dice or sides == 1:
        return 1 - p, sides - p
    b = bonus_sides(sides)
    q = p if rules.penalty_on_bonus_dice else 0
    low = high = 0
    for _ in range(rules.depth):
        low, high = min(1 - q, b - q + low), max(b - 1 - q, b - q + high)
    return min(1 - p, sides - p + low), max(sides - 1 - p, sides - p + high)


def truncated_chance(sides: int, rules: RollRules) -> Fraction:
    """Chance that one natural die's bonus chain reached the depth and would go on."""
    if not rules.bonus_dice or sides == 1:
        return Fraction(0)
    return Fraction(1, sides) * Fraction(1, bonus_sides(sides)) ** rules.depth


@dataclass(frozen=True)
class Roll:
    """Outcome counts of a roll, split by Critical Failure; both over `total`."""

    ok: dict[int, int]  # totals (floored) when the roll is not a Critical Failure
    crit: dict[int, int]  # totals when every natural die showed 1
    total: int
    truncated_mass: Fraction

    def p_crit(self) -> Fraction:
        return Fraction(sum(self.crit.values()), self.total)

    def totals(self) -> Dist:
        """Every outcome, Critical Failure or not (Armor rolls, move inches…)."""
        merged = dict(self.ok)
        for value, count in self.crit.items():
            merged[value] = merged.get(value, 0) + count
        return Dist.from_counts(merged)

    def damage(self) -> Dist:
        """A Damage roll: a Critical Failure deals no damage (rulebook L3117, L1692)."""
        merged = dict(self.ok)
        crits = sum(self.crit.values())
        if crits:
            merged[0] = merged.get(0, 0) + crits
        return Dist.from_counts(merged)

    def success(self, target: int) -> Fraction:
        """A Skill roll: it succeeds when not a Critical Failure and total >= target."""
        return Fraction(sum(c for v, c in self.ok.items() if v >= target), self.total)


def roll_cost(expr: Expr, rules: RollRules = RollRules(), lists: bool = True) -> Cost:
    """The cost of `roll(expr, rules)`, step by step (see cost.py), and with `lists` of listing
    every total with its exact fraction, as a distribution answer does."""
    terms, modifier = _substitute_d10(list(expr.terms), expr.modifier) if rules.d10_as_2d6 \
        else (list(expr.terms), expr.modifier)
    cost = Cost()
    added: tuple[int, float] = (1, 0.0)  # (slots, bits of the total) of the sum so far
    subtracted: tuple[int, float] = (1, 0.0)
    lowest = modifier  # the lowest total, so the gap down to a Critical Failure's 0
    for term in terms:
        low, high = natural_range(term.die_sides, rules)
        lowest += term.count * (low if term.sign > 0 else -high)
        group = power_cost(cost, *natural_size(term.die_sides, rules), term.count)
        if term.sign > 0:
            added = sum_cost(cost, added, group)
        else:
            subtracted = sum_cost(cost, subtracted, group)
    slots, bits = sum_cost(cost, added, subtracted)
    digits = digits_of(bits)
    # the totals with and without Critical Failure, floored: a few passes over the outcomes
    cost.add(8 * slots * STEP + 6 * COPY * slots * bits / 8,
             cost.memory + 3 * slots * (bits / 8 + PYOBJECT))
    if lists:
        cost.add(listing_seconds(slots, digits), cost.memory + listing_memory(slots, digits))
    if lowest > 0 and any(t.sign > 0 for t in terms):
        # a damage roll puts a Critical Failure at 0: its distribution is a dense list
        # from 0 up, so a large modifier costs a slot (and a loop turn) per value below
        cost.add(lowest * STEP / 2, cost.memory + 16 * lowest)
    cost.digits, cost.outcomes = digits, slots
    return cost


def refuse_costly(cost: Cost, what: str, shrink: str, field: str | None = None) -> None:
    """Refuse (TooBig, naming `field`) an answer over the engine's budget of time or memory,
    or one whose fractions would be too long to write."""
    if cost.digits > MAX_FRACTION_DIGITS:
        raise TooBig(f"{what} is too big to work out exactly here (its fractions would run to "
                     f"about {cost.digits:,.0f} digits, the limit is "
                     f"{MAX_FRACTION_DIGITS:,}); {shrink}", field)
    refuse_over(cost.steps, what, shrink, field, memory=cost.memory)


def shrink_hint(expr: Expr, rules: RollRules) -> str:
    """What to ask instead of a roll that is too big."""
    hint = "roll fewer or smaller dice"
    if abs(expr.modifier) > 100_000:
        hint = "lower the modifier (a Critical Failure's 0 and the totals are listed as one " \
               "range), or " + hint
    if rules.bonus_dice and rules.depth and any(t.sides != 1 for t in expr.terms):
        hint += f", or lower the bonus-dice depth (now {rules.depth})"
    return hint


def roll(expr: Expr, rules: RollRules = RollRules(), lists: bool = True,
         check: bool = True) -> Roll:
    """The exact outcome of rolling `expr` under BrikWars rules. Unless `check` is off (the
    caller has checked a larger job), a roll over the budget is refused first (TooBig); say
    `lists=False` when the answer will not list every total."""
    if expr.uses_skill:
        raise ValueError("the expression has a Skill die S; give the Skill die first")
    if not 0 <= rules.depth <= MAX_DEPTH:
        raise ValueError(f"depth must be 0..{MAX_DEPTH}")
    if check:
        refuse_costly(roll_cost(expr, rules, lists), f"the roll {_short_text(expr)}",
                      shrink_hint(expr, rules))
    terms = list(expr.terms)
    modifier = expr.modifier
    if rules.d10_as_2d6:
        terms, modifier = _substitute_d10(terms, modifier)
    added = Dist.constant(0)  # natural dice that count for Critical Failure
    crit_count = 1
    crit_value = 0
    subtracted = Dist.constant(0)
    survive = Fraction(1)
    for term in terms:
        die, ones = natural_die(term.die_sides, rules)
        group = die.times(term.count)
        survive *= (1 - truncated_chance(term.die_sides, rules)) ** term.count
        if term.sign > 0:
            added = added + group
            crit_count *= ones ** term.count
            crit_value += term.count * (1 - rules.penalty)
        else:
            subtracted = subtracted - group
    whole = added + subtracted + modifier
    has_dice = any(t.sign > 0 for t in terms)
    crit: dict[int, int] = {}
    if has_dice:
        for value, count in (subtracted + (crit_value + modifier)).items():
            crit[value] = count * crit_count
    ok = {v: c - crit.get(v, 0) for v, c in whole.items()}
    ok = {v: c for v, c in ok.items() if c}
    if rules.floor:
        ok, crit = _floor(ok), _floor(crit)
    return Roll(ok, crit, whole.total, 1 - survive)


def _floor(counts: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for value, count in counts.items():
        key = max(0, value)
        out[key] = out.get(key, 0) + count
    return out


def _short_text(expr: Expr) -> str:
    text = expr.text()
    return text if len(text) <= 40 else text[:37] + "..."


def _substitute_d10(terms: list[DiceTerm], modifier: int) -> tuple[list[DiceTerm], int]:
    """Each d10 becomes two natural d6 and -2 (rulebook L171), keeping sign and tag."""
    out = []
    for t in terms:
        if t.sides == 10:
            out.append(DiceTerm(2 * t.count, 6, t.sign, t.tag))
            modifier -= 2 * t.count * t.sign
        else:
            out.append(t)
    return out, modifier


def bonus_mean(sides: int) -> Fraction:
    """Exact mean of one die with unlimited Bonus Dice (d6: 21/5, d4: 10/3)."""
    b = bonus_sides(sides)
    chain_mean = Fraction(b + 1, 2) / (1 - Fraction(1, b))
    return Fraction(sides + 1, 2) + chain_mean / sides
