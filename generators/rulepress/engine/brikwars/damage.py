"""Damage against Armor: the Damage roll, Deflection, and the kill test Damage > Armor."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from ..dice.dist import Dist
from ..dice.parse import DiceTerm, Expr, parse
from ..dice.roll import Roll, RollRules, bonus_sides, natural_die, roll, truncated_chance
from ..query import QueryError
from .deflect import UNDEFLECTABLE, Deflected, deflect


def extra_die(expr: Expr) -> Expr:
    """Overskill on damage: one more of the attack's own damage dice (L653).

    The largest die is repeated (a 1d10+1d4 explosion gains a d10, 2S gains an S);
    a fixed Damage has no dice to repeat, so it stays as it is (a d6 added there would
    make its 1 a Critical Failure of a roll the weapon never had).
    """
    dice = [t for t in expr.terms if t.sign > 0]
    if not dice:
        return expr
    best = max(dice, key=lambda t: t.sides or 0)
    return expr.add_dice((DiceTerm(1, best.sides, 1, best.tag),))


def damage_dist(expr: Expr, rules: RollRules, deflection: int = 0,
                armor_piercing: bool = False, no_dice: str = "roll",
                beat: int | None = None) -> tuple[Dist, Fraction]:
    """The Damage dealt (a Critical Failure deals 0), and the truncated mass. With `beat`
    (a fixed Armor the Damage must exceed) the attacker stops rolling bonus dice once the
    Damage is past it, where a bonus die could lower it (`declined_roll`)."""
    left = deflect(expr, deflection, armor_piercing, no_dice)
    if beat is not None and not left.cancel_d6 and declines(left.expr, rules, beat + 1):
        result = declined_roll(left.expr, rules, beat + 1)
        return result.damage(), result.truncated_mass
    if left.cancel_d6 and any(t.sides == UNDEFLECTABLE and t.sign > 0 for t in left.expr.terms):
        if not any(t.sides != UNDEFLECTABLE for t in left.expr.terms) and \
                left.expr.modifier <= 0:
            left = Deflected(left.expr, 0)  # nothing but d12s: nothing to cancel
        else:
            return _cancel_beside_d12(left, rules)
    result = rolled(left.expr, rules)
    dist = result.damage()
    mass = result.truncated_mass
    if left.cancel_d6:
        dist = (dist - _cancel(left.cancel_d6, rules)).floor_at(0)
    return dist, mass


Kind = str  # "none": no die rolled; "ones": every natural die on 1; "rest"


def damage_kinds(expr: Expr, rules: RollRules, deflection: int = 0,
                 armor_piercing: bool = False,
                 no_dice: str = "roll") -> tuple[list[tuple[Fraction, Dist, Kind]], Fraction]:
    """`damage_dist` split by what the dice showed, a roll of all 1s kept at the total it
    would have had: for a Combined roll judged as one (`combined_roll: "one_roll"`), where
    one attacker's 1s fail only if every other attacker's dice show 1 too."""
    left = deflect(expr, deflection, armor_piercing, no_dice)
    if left.cancel_d6 and any(t.sides == UNDEFLECTABLE and t.sign > 0 for t in left.expr.terms):
        if not any(t.sides != UNDEFLECTABLE for t in left.expr.terms) and \
                left.expr.modifier <= 0:
            left = Deflected(left.expr, 0)
        else:
            parts, mass = _beside_d12_parts(left, rules)
            whole = sum(w for w, _, _ in parts)
            return [(Fraction(w, whole), d, k) for w, d, k in parts], mass
    result = rolled(left.expr, rules)
    cancel = _cancel(left.cancel_d6, rules) if left.cancel_d6 else None

    def less(counts: dict[int, int]) -> Dist:
        dist = Dist.from_counts(counts)
        return (dist - cancel).floor_at(0) if cancel is not None else dist

    if not any(t.sign > 0 for t in left.expr.terms):
        return [(Fraction(1), less(result.ok), "none")], result.truncated_mass
    out: list[tuple[Fraction, Dist, Kind]] = []
    for counts, kind in ((result.ok, "rest"), (result.crit, "ones")):
        if counts:
            out.append((Fraction(sum(counts.values()), result.total), less(counts), kind))
    return out, result.truncated_mass


DECLINED_STEPS = 2_000_000  # the work `declined_roll` may take (the budget's unit, ~1 us)


def declines(expr: Expr, rules: RollRules, target: int | None = None) -> bool:
    """Can a bonus die of this roll lower its total? Only under a per-die penalty of 2 or
    more on bonus dice (a face of 1 less 2); with less, rolling on never hurts. With a
    `target`: and is `declined_roll` within its work bound (a larger roll rolls every
    bonus die, and the op says so)?"""
    q = rules.penalty if rules.penalty_on_bonus_dice else 0
    return rules.bonus_dice and rules.depth > 0 and q >= 2 and \
        any(t.sign > 0 and t.die_sides > 1 for t in expr.terms) and \
        (target is None or declined_steps(expr, rules) <= DECLINED_STEPS)


def declined_steps(expr: Expr, rules: RollRules) -> int:
    """Rough work of `declined_roll`: one chain of bonus dice for every mix of d4 and d6
    chains the natural dice can start, each over the span of the totals, with counts as
    wide as the dice (measured: 30d4 + 30d6 at depth 8 is about 5 million, about 4.6 s;
    20d4 + 20d6 about 1 million, 0.7 s)."""
    twice = 2 if rules.d10_as_2d6 else 1
    n4 = sum(t.count for t in expr.terms if t.sign > 0 and t.die_sides == 4)
    n6 = sum(t.count * (twice if t.die_sides == 10 else 1) for t in expr.terms
             if t.sign > 0 and t.die_sides not in (1, 4))
    span = sum(t.count * t.die_sides for t in expr.terms) + 6 * rules.depth
    return (n4 + 1) * (n6 + 1) * (rules.depth + 1) * span * max(1, n4 + n6) // 32


def declined_roll(expr: Expr, rules: RollRules, target: int) -> Roll:
    """A roll whose bonus dice are rolled only while its total is short of `target`: one
    rule for every roll with a target, since a player may decline any bonus die (L179).
    The natural dice (and any dice taken away) are rolled together; then each natural
    die's chain in turn, the d6 chains before the d4 chains, to its end, stopping as soon
    as the total reaches `target` (`declined_chain`, one die at a time)."""
    q = rules.penalty if rules.penalty_on_bonus_dice else 0
    p, depth = rules.penalty, rules.depth
    terms, modifier = list(expr.terms), expr.modifier
    if rules.d10_as_2d6:  # each d10 as 2d6-2 (L171), as `roll` rolls it
        terms = [DiceTerm(2 * t.count, 6, t.sign, t.tag) if t.sides == 10 else t
                 for t in expr.terms]
        modifier -= sum(2 * t.count * t.sign for t in expr.terms if t.sides == 10)
    # the natural dice, by how many chains of d4s and of d6s they start: a die on its top
    # face counts 1 path here and its chain b ** depth later; any other face b ** depth now
    groups: dict[tuple[int, int], Dist] = {(0, 0): Dist.constant(modifier)}
    ones, ones_value, taken = 1, modifier, Dist.constant(0)
    survive = Fraction(1)
    for term in terms:
        survive *= (1 - truncated_chance(term.die_sides, rules)) ** term.count
        sides = term.die_sides
        if term.sign < 0:  # a die taken away is rolled whole, as `roll` does
            taken = taken - natural_die(sides, rules)[0].times(term.count)
            continue
        if sides == 1:
            groups = {k: d + (1 - p) * term.count for k, d in groups.items()}
            ones_value += (1 - p) * term.count
            continue
        b = bonus_sides(sides)
        rest = Dist(1 - p, [b ** depth] * (sides - 1))
        by_tops = {k: (rest.times(term.count - k) + k * (sides - p))
                   .scale(comb(term.count, k)) for k in range(term.count + 1)}
        joined: dict[tuple[int, int], Dist] = {}
        for (n4, n6), dist in groups.items():
            for k, part in by_tops.items():
                key = (n4 + k, n6) if b == 4 else (n4, n6 + k)
                joined[key] = dist + part if key not in joined else \
                    _sum_counts([joined[key], dist + part])
        groups = joined
        ones *= (b ** depth) ** term.count
        ones_value += (1 - p) * term.count
    # the chains, layer by layer: a group's totals short of the target roll one more chain
    # and join the group with one chain fewer; those that reached it decline the rest
    groups = {key: dist + taken for key, dist in groups.items()}
    finished: list[Dist] = []
    for b, at in ((6, 1), (4, 0)):  # the d6 chains before the d4 chains
        for n in range(max(key[at] for key in groups), 0, -1):
            for key in sorted(k for k in groups if k[at] == n and (b == 6 or k[1] == 0)):
                short, reached = _split(groups.pop(key), target)
                if reached is not None:
                    finished.append(reached.scale(4 ** (depth * key[0]) *
                                                  6 ** (depth * key[1])))
                if short is not None:
                    fewer = (key[0], n - 1) if b == 6 else (n - 1, 0)
                    chained = _chain_on(short, target, b, q, depth)
                    groups[fewer] = chained if fewer not in groups else \
                        _sum_counts([groups[fewer], chained])
    finished.extend(groups.values())  # only (0, 0) is left
    ok = dict(_sum_counts(finished).items())
    crit: dict[int, int] = {}
    for value, count in (taken + ones_value).items():  # every added die on 1
        crit[value] = count * ones
        ok[value] -= count * ones
    if rules.floor:
        ok, crit = _floor_counts(ok), _floor_counts(crit)
    ok = {v: c for v, c in ok.items() if c}
    return Roll(ok, crit, sum(ok.values()) + sum(crit.values()), 1 - survive)


def _chain_on(dist: Dist, target: int, sides: int, penalty: int, depth: int) -> Dist:
    """Every total of `dist` with one more chain of bonus dice, each rolled only while the
    total is short of `target` (as `skill.declined_chain`, for a whole distribution at once);
    the counts grow by sides ** depth."""
    if sides <= penalty:  # no face can make up the penalty: never rolled
        return dist.scale(sides ** depth)
    active, stopped = _split(dist, target)
    parts = [] if stopped is None else [stopped.scale(sides ** depth)]
    faces = Dist(1 - penalty, [1] * (sides - 1))  # the faces that end the chain
    for step in range(depth):
        if active is None:
            break
        each = sides ** (depth - step - 1)  # the paths each face of this die stands for
        parts.append((active + faces).scale(each))
        going = active.shift(sides - penalty)
        if step == depth - 1:
            parts.append(going)
            break
        active, stopped = _split(going, target)
        if stopped is not None:
            parts.append(stopped.scale(each))
    return _sum_counts(parts)


def _split(dist: Dist, target: int) -> tuple[Dist | None, Dist | None]:
    """(the totals short of `target`, the rest), either None when it has no outcome."""
    cut = min(max(target - dist.low, 0), len(dist.counts))
    below, rest = dist.counts[:cut], dist.counts[cut:]
    return (Dist(dist.low, below) if any(below) else None,
            Dist(dist.low + cut, rest) if any(rest) else None)


def _sum_counts(parts: list[Dist]) -> Dist:
    """Paths counted on one scale, added up into one distribution."""
    low = min(d.low for d in parts)
    dense = [0] * (max(d.high for d in parts) - low + 1)
    for d in parts:
        for i, count in enumerate(d.counts, d.low - low):
            dense[i] += count
    return Dist(low, dense)


def _floor_counts(counts: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for value, count in counts.items():
        out[max(0, value)] = out.get(max(0, value), 0) + count
    return out


@lru_cache(maxsize=8)
def rolled(expr: Expr, rules: RollRules) -> Roll:
    """One exact roll, kept: the Parry outcomes of an attack often leave the same dice."""
    return roll(expr, rules)


def _cancel(d6: int, rules: RollRules) -> Dist:
    return roll(parse(f"{d6}d6"), RollRules(bonus_dice=rules.bonus_dice, depth=rules.depth,
                                            floor=False)).totals()


def _cancel_beside_d12(left: Deflected, rules: RollRules) -> tuple[Dist, Fraction]:
    """Deflection with no die to remove cancels a d6 of the damage that is not d12s: the
    d12s themselves are never reduced (L1261, L3416). The two parts are rolled apart and
    joined: a Critical Failure needs every natural die of both on 1."""
    parts, mass = _beside_d12_parts(left, rules)
    return Dist.mixture([(w, Dist.constant(0) if kind == "ones" else d)
                         for w, d, kind in parts]), mass


def _beside_d12_parts(left: Deflected,
                      rules: RollRules) -> tuple[list[tuple[int, Dist, Kind]], Fraction]:
    """The joined parts of `_cancel_beside_d12`, weighted, a roll of all 1s ("ones") kept
    at its total."""
    d12 = Expr(tuple(t for t in left.expr.terms if t.sides == UNDEFLECTABLE and t.sign > 0))
    rest = Expr(tuple(t for t in left.expr.terms
                      if not (t.sides == UNDEFLECTABLE and t.sign > 0)), left.expr.modifier)
    raw = RollRules(rules.bonus_dice, rules.depth, rules.penalty, rules.penalty_on_bonus_dice,
                    rules.d10_as_2d6, floor=False)
    a, b = roll(d12, raw), roll(rest, raw)
    cancel = _cancel(left.cancel_d6, rules)
    b_states: tuple[tuple[dict[int, int], bool], ...]
    if any(t.sign > 0 for t in rest.terms):
        b_states = ((b.ok, False), (b.crit, True))
    else:  # no natural die in the rest: the d12s alone decide a Critical Failure
        b_states = (({v: b.ok.get(v, 0) + b.crit.get(v, 0)
                      for v in {*b.ok, *b.crit}}, True),)
    parts: list[tuple[int, Dist, Kind]] = []
    for a_counts, a_crit in ((a.ok, False), (a.crit, True)):
        for b_counts, b_crit in b_states:
            if not a_counts or not b_counts:
                continue
            weight = sum(a_counts.values()) * sum(b_counts.values())
            joint = Dist.from_counts(a_counts) + _minus_to_zero(Dist.from_counts(b_counts),
                                                                cancel)
            parts.append((weight, joint.floor_at(0), "ones" if a_crit and b_crit else "rest"))
    mass = 1 - (1 - a.truncated_mass) * (1 - b.truncated_mass)
    return parts, mass


def _minus_to_zero(part: Dist, cancel: Dist) -> Dist:
    """part - cancel, but never below 0 where part was positive, never above part."""
    out: dict[int, int] = {}
    for v, c in part.items():
        for x, k in cancel.items():
            key = v if v <= 0 else max(0, v - x)
            out[key] = out.get(key, 0) + c * k
    return Dist.from_counts(out)


def armor_dist(text: str, rules: RollRules, bonus_dice: bool = True) -> Dist:
    """Armor as a distribution: a number, or a roll (its Critical Failure is no special
    event, ambiguity 3; its bonus dice follow `bonus_dice`, ambiguity 4). `d10_as_2d6` rolls
    its d10s as 2d6-2 too, as the option promises for damage and Armor (L171)."""
    armor_rules = RollRules(bonus_dice=rules.bonus_dice and bonus_dice, depth=rules.depth,
                            d10_as_2d6=rules.d10_as_2d6)
    expr = parse(text)
    if expr.uses_skill:
        raise QueryError("Armor is a number or a roll such as 2d6; it has no Skill die S",
                         "armor")
    return roll(expr, armor_rules).totals()


def p_exceeds(damage: Dist, armor: Dist) -> Fraction:
    """P(Damage > Armor) for independent rolls: strictly more kills (L722)."""
    below, _, _ = armor.compare(damage)
    return below
