"""Attacks: the seeds' own examples, plus each rule's edge."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulepress.engine.buttonmen.attacks import every_attack, judge, skill_sums, trip_odds
from rulepress.engine.buttonmen.dice import Die
from rulepress.engine.buttonmen.options import Rules
from rulepress.engine.buttonmen.radioactive import split, split_sizes

SEED = Rules()
BMO = Rules(null_capture="score-zero", radioactive_split="halves")


def die(sides, value=None, skills="", halves=None):
    return Die(halves or (sides,), tuple(skills), value)


@pytest.mark.parametrize("target, legal", [(6, False), (7, True), (12, True), (13, False)])
def test_seed_shadow_12_showing_7_captures_7_to_12(target, legal):
    attack = judge("shadow", [die(12, 7, "s")], [die(20, target)], SEED)
    assert attack.valid is legal


def test_shadow_dice_cannot_power_attack():
    attack = judge("power", [die(12, 9, "s")], [die(6, 3)], SEED)
    assert not attack.valid and "Shadow" in attack.reason


def test_seed_stinger_4_plus_6_covers_5_to_10():
    assert skill_sums([die(6, 6, "g"), die(8, 4)]) == set(range(5, 11))


def test_seed_two_stingers_at_10_cover_2_to_20():
    assert skill_sums([die(10, 10, "g"), die(10, 10, "g")]) == set(range(2, 21))


def test_seed_t1_cannot_attack_a_4_4_twin():
    attack = judge("trip", [die(1, None, "t")], [die(8, None, halves=(4, 4))], SEED)
    assert not attack.valid and attack.p_capture == 0
    assert judge("trip", [die(1, None, "t")], [die(1, None, halves=(0, 1))], SEED).valid


def test_trip_odds_are_exact_and_ties_capture():
    # t(6) against a d4: P(a >= b) = (1+2+3+4+4+4)/24 = 18/24
    assert trip_odds(die(6, None, "t"), die(4)) == Fraction(3, 4)
    assert trip_odds(die(4, None, "t"), die(4)) == Fraction(10, 16)


def test_speed_captures_dice_adding_up_exactly():
    assert judge("speed", [die(10, 7, "z")], [die(6, 3), die(8, 4)], SEED).valid
    assert not judge("speed", [die(10, 7, "z")], [die(6, 3), die(8, 5)], SEED).valid


def test_power_needs_at_least_the_target_value():
    assert judge("power", [die(6, 4)], [die(20, 4)], SEED).valid
    assert not judge("power", [die(6, 3)], [die(20, 4)], SEED).valid


def test_null_capture_removes_the_die_or_scores_zero():
    seed = judge("power", [die(6, 5, "n")], [die(20, 4)], SEED).after
    assert seed["captured"] == [] and seed["removed"][0]["recipe"] == "(20)"
    bmo = judge("power", [die(6, 5, "n")], [die(20, 4)], BMO).after
    assert bmo["captured"][0]["recipe"] == "n(20)" and "removed" not in bmo


@pytest.mark.parametrize("size, seed, bmo", [(10, (6, 4), (5, 5)), (5, (3, 2), (3, 2)),
                                             (15, (12, 3), (8, 7)), (1, (1, 0), (1, 0))])
def test_radioactive_split_sizes(size, seed, bmo):
    assert split_sizes(size, SEED) == seed
    assert split_sizes(size, BMO) == bmo


def test_radioactive_with_a_d5_available_splits_evenly():
    assert split_sizes(10, Rules(available_sizes=(4, 5, 6))) == (5, 5)


def test_radioactive_twin_splits_crosswise_and_drops_the_skill():
    assert [d.halves for d in split(die(14, None, "%z", halves=(5, 9)), BMO)] == [(3, 4), (2, 5)]
    assert all(d.skills == ("z",) for d in split(die(10, 4, "%z"), SEED))


def test_radioactive_target_splits_the_attacker():
    after = judge("power", [die(10, 6)], [die(4, 3, "%")], SEED).after
    assert [d["sides"] for d in after["attackers"]] == [6, 4]
    two = judge("skill", [die(10, 1), die(4, 2)], [die(4, 3, "%")], SEED).after
    assert [d["sides"] for d in two["attackers"]] == [10, 4]  # two attackers: no split


def test_every_attack_lists_each_legal_attack_once():
    mine = [die(10, 6, "z"), die(4, 1, "t")]
    theirs = [die(20, 5), die(4, 1)]
    found = {(a.type, m, t) for a, m, t in every_attack(mine, theirs, SEED)}
    assert found == {("power", (0,), (0,)), ("power", (0,), (1,)), ("power", (1,), (1,)),
                     ("trip", (1,), (0,)), ("trip", (1,), (1,)), ("skill", (1,), (1,)),
                     ("speed", (0,), (0, 1))}
