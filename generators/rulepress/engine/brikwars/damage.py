"""Damage against Armor: the Damage roll, Deflection, and the kill test Damage > Armor."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..dice.dist import Dist
from ..dice.parse import DiceTerm, Expr, parse
from ..dice.roll import Roll, RollRules, bonus_sides, natural_die, roll, truncated_chance
from ..query import QueryError
from .deflect import UNDEFLECTABLE, Deflected, deflect
from .skill import declined_chain


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
    if beat is not None and not left.cancel_d6 and declines(left.expr, rules):
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


def declines(expr: Expr, rules: RollRules) -> bool:
    """Can a bonus die of this roll lower its total? Only under a per-die penalty of 2 or
    more on bonus dice (a face of 1 less 2); with less, rolling on never hurts."""
    q = rules.penalty if rules.penalty_on_bonus_dice else 0
    return rules.bonus_dice and rules.depth > 0 and q >= 2 and \
        any(t.sign > 0 and t.die_sides > 1 for t in expr.terms)


State = tuple[int, int, int, bool]  # total, pending d4 chains, pending d6 chains, all 1s
Face = tuple[int, int, bool, int | None]  # value, weight, is a 1, the bonus die it earns


def declined_roll(expr: Expr, rules: RollRules, target: int) -> Roll:
    """A roll whose bonus dice are rolled only while its total is short of `target`: one
    rule for every roll with a target, since a player may decline any bonus die (L179).
    The natural dice (and any dice taken away) are rolled together; then each natural
    die's chain in turn, to its end, stopping as soon as the total reaches `target`."""
    q = rules.penalty if rules.penalty_on_bonus_dice else 0
    p = rules.penalty
    # (total, pending chains of d4s, of d6s, every added die on 1) -> count
    terms, modifier = list(expr.terms), expr.modifier
    if rules.d10_as_2d6:  # each d10 as 2d6-2 (L171), as `roll` rolls it
        terms = [DiceTerm(2 * t.count, 6, t.sign, t.tag) if t.sides == 10 else t
                 for t in expr.terms]
        modifier -= sum(2 * t.count * t.sign for t in expr.terms if t.sides == 10)
    states: dict[tuple[int, int, int, bool], int] = {(modifier, 0, 0, True): 1}
    survive = Fraction(1)
    for term in terms:
        survive *= (1 - truncated_chance(term.die_sides, rules)) ** term.count
        if term.sign < 0:  # a die taken away is rolled whole, as `roll` does
            die, _ = natural_die(term.die_sides, rules)
            group = die.times(term.count)  # no part in a Critical Failure
            taken: list[Face] = [(-v, c, True, None) for v, c in group.items()]
            states = _spread(states, taken)
            continue
        sides = term.die_sides
        b = bonus_sides(sides)
        for _ in range(term.count):
            faces: list[Face] = [(f - p, b ** rules.depth, f == 1, None)
                                 for f in range(1, sides)]
            faces.append((sides - p, 1, sides == 1, b if sides > 1 else None))
            states = _spread(states, faces)
    ok: dict[int, int] = {}
    crit: dict[int, int] = {}
    for (total, n4, n6, ones), count in states.items():
        finals = Dist.constant(total)
        for b, n in ((6, n6), (4, n4)):
            for _ in range(n):
                finals = Dist.mixture([(c, declined_chain(v, target, b, q, rules.depth))
                                       for v, c in finals.items()])
        out = crit if ones else ok
        for v, c in finals.items():
            key = max(0, v) if rules.floor else v
            out[key] = out.get(key, 0) + c * count
    whole = sum(ok.values()) + sum(crit.values())
    return Roll(ok, crit, whole, 1 - survive)


def _spread(states: dict[State, int], faces: list[Face]) -> dict[State, int]:
    """Every state rolled on: each face (value, weight, is a 1, bonus die it earns)."""
    out: dict[tuple[int, int, int, bool], int] = {}
    for (total, n4, n6, ones), count in states.items():
        for value, weight, one, earns in faces:
            key = (total + value, n4 + (earns == 4), n6 + (earns == 6), ones and one)
            out[key] = out.get(key, 0) + count * weight
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
