"""BrikWars roll rules against brute-force enumeration, icepool and the book's numbers."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest

from rulepress.engine.dice.parse import parse
from rulepress.engine.dice.roll import RollRules, bonus_mean, roll


def die_paths(sides: int, depth: int, penalty: int, bonus: bool):
    """Every way one natural die can go: (value, natural face, probability), by hand."""
    def chain(b: int, left: int):
        if left == 0:
            return [(0, Fraction(1))]
        out = []
        for face in range(1, b + 1):
            p = Fraction(1, b)
            if face == b:
                out += [(face - penalty + v, p * q) for v, q in chain(b, left - 1)]
            else:
                out.append((face - penalty, p))
        return out
    b = 4 if sides == 4 else 6
    out = []
    for face in range(1, sides + 1):
        p = Fraction(1, sides)
        if bonus and face == sides and sides > 1:
            out += [(face - penalty + v, face, p * q) for v, q in chain(b, depth)]
        else:
            out.append((face - penalty, face, p))
    return out


def brute_roll(dice: list[int], modifier: int, depth: int, penalty: int = 0,
               bonus: bool = True) -> dict[int, Fraction]:
    """Damage roll by enumeration: floor the total at 0; all natural 1s deal 0."""
    out: dict[int, Fraction] = {}
    for paths in itertools.product(*(die_paths(s, depth, penalty, bonus) for s in dice)):
        p = Fraction(1)
        for _, _, q in paths:
            p *= q
        crit = bool(dice) and all(face == 1 for _, face, _ in paths)
        value = 0 if crit else max(0, sum(v for v, _, _ in paths) + modifier)
        out[value] = out.get(value, 0) + p
    return out


@pytest.mark.parametrize("text, depth, penalty", [
    ("1d6", 3, 0), ("2d6+1", 2, 0), ("1d4+1d8-2", 2, 0), ("1d10+1d4", 2, 1),
    ("1d6+1", 2, 3), ("2d4", 3, 0), ("1d12-5", 2, 0)])
def test_damage_rolls_match_enumeration(text, depth, penalty):
    expr = parse(text)
    dice = [t.sides for t in expr.terms for _ in range(t.count)]
    got = roll(expr, RollRules(depth=depth, penalty=penalty)).damage().fractions()
    assert got == brute_roll(dice, expr.modifier, depth, penalty)


def test_without_bonus_dice_matches_enumeration():
    got = roll(parse("3d6-4"), RollRules(bonus_dice=False)).damage().fractions()
    assert got == brute_roll([6, 6, 6], -4, 0, bonus=False)


def test_bonus_dice_match_icepool_explode():
    # d6 bonus dice on a d6 are icepool's explode(); depth = extra dice allowed
    got = roll(parse("3d6"), RollRules(depth=10, floor=False)).totals().fractions()
    die = 3 @ icepool.d6.explode(depth=10)
    assert got == {o: Fraction(q, die.denominator()) for o, q in
                   zip(die.outcomes(), die.quantities())}


def test_d10_earns_a_d6_bonus_die_like_icepool():
    d10 = icepool.d10.map(lambda x: 10 + icepool.d6.explode(depth=9) if x == 10 else x)
    die = 5 @ d10
    got = roll(parse("5d10"), RollRules(depth=10, floor=False)).totals().fractions()
    assert got == {o: Fraction(q, die.denominator()) for o, q in
                   zip(die.outcomes(), die.quantities())}


@pytest.mark.parametrize("sides, mean", [(4, Fraction(10, 3)), (6, Fraction(21, 5)),
                                         (8, Fraction(201, 40)), (10, Fraction(148, 25)),
                                         (12, Fraction(137, 20))])
def test_fancy_dice_averages_from_the_book(sides, mean):
    """Rulebook L1237-1259: 3.33, 4.2, 5.025, 5.92, 6.85 (exact at unlimited depth)."""
    assert bonus_mean(sides) == mean
    deep = roll(parse(f"1d{sides}"), RollRules(depth=30, floor=False)).totals().mean()
    assert abs(deep - mean) < Fraction(1, 10**15)


def test_the_86_roll_and_the_parser_example():
    """L163: six d6 and five d10 all on top faces make 86 (no bonus dice)."""
    assert roll(parse("6d6+5d10"), RollRules(bonus_dice=False)).totals().high == 86
    assert parse("17d6 + 23d10 + 0937").modifier == 937


def test_zero_floor_and_thieven_hood():
    """L174: 1d6-100 is zero. L663: 1d6+1 rolling 2 at -3 per die gives zero total."""
    assert roll(parse("1d6-100")).damage().fractions() == {0: 1}
    dist = roll(parse("1d6+1"), RollRules(penalty=3, bonus_dice=False)).damage()
    assert dist.fractions()[0] == Fraction(2, 6)  # natural 1 (crit) or 2 (2+1-3)


def test_critical_failure_needs_every_natural_die_on_one():
    r = roll(parse("2d6+5"))
    assert r.p_crit() == Fraction(1, 36)
    assert r.damage().count(0) * 36 == r.damage().total  # only the crit deals 0
    assert roll(parse("4")).p_crit() == 0
    # subtracted dice do not count (rulebook L3439)
    assert roll(parse("1d6-1d4")).p_crit() == Fraction(1, 6)


def test_skill_roll_success_excludes_critical_failure():
    r = roll(parse("1d6-3"), RollRules(bonus_dice=False, floor=True))
    assert r.success(0) == Fraction(5, 6)


def test_truncated_mass_is_the_chance_a_chain_was_cut():
    assert roll(parse("1d6"), RollRules(depth=2)).truncated_mass == Fraction(1, 216)
    assert roll(parse("1d10"), RollRules(depth=1)).truncated_mass == Fraction(1, 60)
    assert roll(parse("1d6"), RollRules(bonus_dice=False)).truncated_mass == 0


def test_d10_as_2d6_minus_2():
    """L171: mean 5 instead of 5.5; 0 and 10 each 1/36 (without bonus dice)."""
    r = roll(parse("1d10"), RollRules(d10_as_2d6=True, bonus_dice=False, floor=False))
    dist = r.totals()
    assert dist.mean() == 5 and dist.fractions()[0] == dist.fractions()[10] == Fraction(1, 36)
    assert r.p_crit() == Fraction(1, 36)  # both d6 on 1


def test_quikwars_hand_weapon_vs_minifig():
    """Inventory 4.6: two exploding dice beat Armor 4 with chance 5/6."""
    dist = roll(parse("2d6"), RollRules(depth=3)).totals()
    assert dist.probability(lambda v: v > 4) == Fraction(5, 6)
