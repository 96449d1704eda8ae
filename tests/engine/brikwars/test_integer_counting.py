"""The BrikWars functions that count in integers (for speed) against brute force or the
distributions they replace: Ker-Triage!, the Stunt's success, the SuperNatural chances and
a bonus chain (the pinned answers cover the Sprint's table)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rulepress.engine.brikwars.specialist import TRIAGE, ker_triage, skill_total, stunt
from rulepress.engine.brikwars.supernatural import fumble_chance, sn_roll
from rulepress.engine.dice.dist import Dist
from rulepress.engine.dice.roll import RollRules, bonus_chain


def triage_row(best: int, sides: int) -> str:
    if best == sides:
        return TRIAGE[0]
    if best >= 5:
        return TRIAGE[1]
    return TRIAGE[5] if best == 1 else TRIAGE[1 + 5 - best]


@pytest.mark.parametrize("sides", [4, 5, 6, 8, 10, 12])
@pytest.mark.parametrize("mediks", [1, 2, 3])
def test_ker_triage_counts_every_roll(sides, mediks):
    seen = {row: 0 for row in TRIAGE}
    for rolls in product(range(1, sides + 1), repeat=mediks):
        seen[triage_row(max(rolls), sides)] += 1
    whole = sides ** mediks
    assert ker_triage(sides, mediks) == {row: Fraction(n, whole) for row, n in seen.items()}


@pytest.mark.parametrize("rules", [RollRules(), RollRules(bonus_dice=False), RollRules(depth=2)])
def test_stunt_success_is_the_skill_roll_reaching_the_inches(rules):
    for sides in (4, 6, 8, 10, 12):
        for inches in range(1, 30):
            total, crit = skill_total(sides, rules, True, inches)
            assert stunt(inches, sides, rules)[0] == (1 - crit) * total.p_at_least(inches)


@pytest.mark.parametrize("sides", [4, 6, 8, 12])
@pytest.mark.parametrize("depth", [0, 1, 4])
def test_supernatural_chances_are_the_sums_they_close(sides, depth):
    series = sum((Fraction(1, sides) ** (k + 1) for k in range(depth + 1)), Fraction(0))
    assert fumble_chance(sides, depth) == series
    for dice in (1, 3):
        _, fumble, cut = sn_roll(dice, sides, depth)
        assert fumble == 1 - (1 - series) ** dice
        assert cut == 1 - (1 - Fraction(1, sides) ** (depth + 1)) ** dice


@pytest.mark.parametrize("sides", [1, 4, 6])
@pytest.mark.parametrize("penalty", [0, 2, 7])
def test_bonus_chain_is_the_die_by_die_chain(sides, penalty):
    for depth in range(0, 6):
        chain = Dist.constant(0)
        for _ in range(depth):  # each die: a face less the penalty, the top face goes on
            faces = Dist(1 - penalty, [chain.total] * (sides - 1)) if sides > 1 else None
            top = chain + (sides - penalty)
            chain = Dist.mixture([(sides - 1, faces), (1, top)]) if faces else top
        got = bonus_chain(sides, depth, penalty)
        assert got == chain and got.total == sides ** depth
