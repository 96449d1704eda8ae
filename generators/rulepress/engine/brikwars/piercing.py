"""Armor-Piercing dice whose bonus dice pierce on (option `ap_bonus_dice: "pierce"`, L1948).

Dice added to AP Damage are AP d6s too (L1948). Our reading
keeps the bonus dice an AP d6 rolls with it on the target that took it. The other reading
makes each of them a new AP d6 that goes on with the rest: a target that takes its AP d6s
counts only their faces, and every 6 sends one more AP d6 on down the line. A bonus die
carries what is left of its natural die's chain (`depth`), so the chain ends as usual;
dice are taken and nullified in the order they came. A target that takes all that is left
keeps every bonus die, as in our reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import ceil, comb, prod

from ..dice.dist import Dist
from ..dice.parse import DiceTerm, Expr
from ..budget import refuse_over
from ..dice.roll import RollRules, roll, roll_cost
from .attack import mix
from .damage import armor_dist, damage_dist
from .deflect import PIERCING

AP_BONUS = ("stay", "pierce")

Pool = tuple[int, ...]  # AP d6s by bonus dice still allowed in their chain, most first


@dataclass(frozen=True)
class Line:
    level: Fraction
    deflection: int
    armor: str


def pierce_steps(ap: int, targets: int, depth: int) -> float:
    """The least work, before any pool is known: each target meets at least one pool of up
    to `ap` dice. `pierce` counts the rest as it goes (`Budget`), each step before it."""
    return targets * (ap + 1) * (depth + 1) * 10


class Budget:
    """Work counted step by step; refused (budget.refuse_over) before a step that would
    take the total over the limit, so a refusal comes within the time limit."""

    def __init__(self, dry: bool) -> None:
        self.steps = 0.0
        self.dry = dry  # only count: the pools reached, no chances and no rolls

    def spend(self, steps: float) -> None:
        self.steps += steps
        refuse_over(self.steps, "this line of piercing bonus dice", "give fewer AP dice or "
                    "targets, or a lower bonus-dice depth", "depth")


def _take(pool: Pool, n: int) -> tuple[Pool, list[int]]:
    """Take `n` dice, first come first (the natural dice before their bonus dice)."""
    left, taken = list(pool), [0] * len(pool)
    for i in range(len(left)):
        k = min(n, left[i])
        left[i] -= k
        taken[i] += k
        n -= k
    return tuple(left), taken


def _bonus(taken: list[int], rules: RollRules) -> dict[Pool, Fraction]:
    """The AP d6s sent on by the taken dice's 6s: a die with r bonus dice left sends one
    with r - 1 left (none once its chain is spent, or without bonus dice)."""
    size = len(taken)
    out: dict[Pool, Fraction] = {tuple([0] * size): Fraction(1)}
    if not rules.bonus_dice:
        return out
    for i, n in enumerate(taken):
        if not n or i == size - 1:  # class size-1 has no bonus die left
            continue
        nxt: dict[Pool, Fraction] = {}
        for pool, p in out.items():
            for k in range(n + 1):
                q = comb(n, k) * Fraction(1, 6) ** k * Fraction(5, 6) ** (n - k)
                grown = list(pool)
                grown[i + 1] += k
                key = tuple(grown)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        out = nxt
    return out


@lru_cache(maxsize=4096)
def _roll_steps(expr: Expr, rules: RollRules) -> float:
    return roll_cost(expr, rules, lists=False).steps


def _bonus_keys(taken: list[int], rules: RollRules) -> list[Pool]:
    """The pools `_bonus` can send on, without their chances (for the dry run)."""
    keys: list[Pool] = [tuple([0] * len(taken))]
    if not rules.bonus_dice:
        return keys
    for i, n in enumerate(taken):
        if n and i < len(taken) - 1:
            keys = [key[:i + 1] + (key[i + 1] + k,) + key[i + 2:] for key in keys
                    for k in range(n + 1)]
    return keys


def _all_of(pool: Pool, rest: Expr, rules: RollRules, levels: int, budget: Budget) -> Dist:
    """The Damage of a target that takes all that is left: every AP d6 with its own chain."""
    depth = rules.depth
    raw = RollRules(rules.bonus_dice, depth, rules.penalty, rules.penalty_on_bonus_dice,
                    rules.d10_as_2d6, floor=False)
    rolls = [(Expr((DiceTerm(n, 6, 1, PIERCING),)),
              RollRules(rules.bonus_dice, depth - i, rules.penalty,
                        rules.penalty_on_bonus_dice, rules.d10_as_2d6, floor=False))
             for i, n in enumerate(pool) if n]
    if rest.terms or rest.modifier:
        rolls.append((rest, raw))
    for expr, how in rolls:
        budget.spend(2 * _roll_steps(expr, how))
    if budget.dry:
        return Dist.constant(0)
    if not any(pool):
        return damage_dist(rest, rules, levels)[0]
    parts = [roll(expr, how, check=False) for expr, how in rolls]
    # a Critical Failure needs every natural die of every part on 1 (a part with no die
    # has no Critical Failure of its own and no say)
    states: dict[bool, tuple[Fraction, Dist]] = {True: (Fraction(1), Dist.constant(0))}
    for part in parts:
        has_dice = bool(part.crit)
        nxt: dict[bool, list[tuple[Fraction, Dist]]] = {}
        for ones, (w, dist) in states.items():
            for counts, crit in ((part.ok, False), (part.crit, True)):
                if counts:
                    key = ones and (crit or not has_dice)
                    nxt.setdefault(key, []).append(
                        (w * Fraction(sum(counts.values()), part.total),
                         dist + Dist.from_counts(counts)))
        states = {k: (sum((w for w, _ in v), Fraction(0)), mix(v)) for k, v in nxt.items()}
    return mix([(w, Dist.constant(0) if ones else d.floor_at(0))
                for ones, (w, d) in states.items()])


def pierce(ap: int, rest: Expr, line: list[Line], reading: str,
           rules: RollRules, armor_bonus_dice: bool) -> dict:
    """Per target: the AP d6s reaching it and the chance its share beats its Armor. A dry
    run over the same pools first counts the work and refuses it if too big."""
    armors: dict[str, Dist] = {}
    for target in line:
        if target.armor not in armors:  # the same Armor is rolled once
            armors[target.armor] = armor_dist(target.armor, rules, armor_bonus_dice)
    _walk(ap, rest, line, reading, rules, armors, Budget(dry=True))
    return _walk(ap, rest, line, reading, rules, armors, Budget(dry=False))


def _walk(ap: int, rest: Expr, line: list[Line], reading: str, rules: RollRules,
          armors: dict[str, Dist], budget: Budget) -> dict:
    depth = rules.depth if rules.bonus_dice else 0
    start = tuple([ap] + [0] * depth)
    states: dict[tuple[Pool, bool], Fraction] = {(start, True): Fraction(1)}
    rows = []
    for i, target in enumerate(line):
        armor_roll = armors[target.armor]
        arriving: dict[int, Fraction] = {}
        beats = Fraction(0)
        nxt: dict[tuple[Pool, bool], Fraction] = {}

        def add(key: tuple[Pool, bool], p: Fraction) -> None:
            nxt[key] = nxt.get(key, Fraction(0)) + p

        if budget.dry:
            budget.spend(len(states) * (len(armor_roll.counts) + 20))
        for (pool, rest_left), p in states.items():
            n = sum(pool)
            arriving[n] = arriving.get(n, Fraction(0)) + p
            nullified = min(n, target.deflection // 2) if reading == "nullify" else 0
            pool, _ = _take(pool, nullified)
            n -= nullified
            leftover = target.deflection - 2 * nullified
            need = ceil((target.level + leftover) / 2)
            left = rest if rest_left else Expr(())
            if n == 0 and not left.terms and left.modifier == 0:
                add((pool, False), p)
                continue
            if n and n >= need:
                if need == 0:
                    add((pool, rest_left), p)
                    beats += p
                    continue
                pool, taken = _take(pool, need)
                if budget.dry:  # each pool sent on costs a few Fraction products
                    budget.spend(prod(t + 1 for t in taken) * 20 + len(armor_roll.counts))
                    for extra in _bonus_keys(taken, rules):
                        add((tuple(a + b for a, b in zip(pool, extra)), rest_left), p)
                    continue
                dealt = damage_dist(Expr((DiceTerm(need, 6, 1, PIERCING),)),
                                    RollRules(False, 0, rules.penalty, floor=rules.floor))[0]
                beats += p * armor_roll.compare(dealt)[0]
                for extra, q in _bonus(taken, rules).items():
                    add((tuple(a + b for a, b in zip(pool, extra)), rest_left), p * q)
                continue
            dealt = _all_of(pool, left, rules, leftover if n == 0 else 0, budget)
            if not budget.dry:
                beats += p * armor_roll.compare(dealt)[0]
            add((tuple([0] * len(pool)), False), p)
        rows.append({"target": i, "ap_dice_pmf": sorted(arriving.items()),
                     "p_beats_armor": beats})
        states = nxt
    beyond: dict[int, Fraction] = {}
    rest_beyond = Fraction(0)
    for (pool, rest_left), p in states.items():
        beyond[sum(pool)] = beyond.get(sum(pool), Fraction(0)) + p
        rest_beyond += p if rest_left and (rest.terms or rest.modifier) else 0
    return {"rows": rows, "beyond": sorted(beyond.items()), "rest_beyond": rest_beyond}
