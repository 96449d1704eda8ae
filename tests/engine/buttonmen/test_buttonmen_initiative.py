"""Initiative: the walk over values equals comparing every roll by brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from rulepress.engine.buttonmen.dice import Die
from rulepress.engine.buttonmen.initiative import counting, first_player_odds


def brute_force(a_sizes, b_sizes):
    """Enumerate every roll; the lower sorted list goes first, a longer list wins ties."""
    faces = [range(1, n + 1) for n in a_sizes + b_sizes]
    total = 1
    for n in a_sizes + b_sizes:
        total *= n
    wins, tie = [0, 0], 0
    big = 10 ** 6  # a list that runs out counts as higher than any value
    for roll in product(*faces):
        a = sorted(roll[:len(a_sizes)]) + [big]
        b = sorted(roll[len(a_sizes):]) + [big]
        if a == b:
            tie += 1
        elif a < b:
            wins[0] += 1
        else:
            wins[1] += 1
    return [Fraction(w, total) for w in wins], Fraction(tie, total)


def dice(sizes):
    return [Die((n,)) for n in sizes]


def test_matches_brute_force_on_small_buttons():
    for a, b in [([4], [6]), ([4, 6], [6, 4]), ([2, 3, 4], [4, 4]), ([6, 6], [6]),
                 ([1, 5], [3, 3, 2])]:
        assert first_player_odds([dice(a), dice(b)]) == brute_force(a, b), (a, b)


def test_more_dice_go_first_when_the_values_tie():
    # both show 1 on a d1; the player with the extra die goes first
    wins, tie = first_player_odds([dice([1, 1]), dice([1])])
    assert (wins, tie) == ([Fraction(1), Fraction(0)], Fraction(0))


def test_twin_values_are_sums():
    wins, tie = first_player_odds([[Die((1, 1))], dice([2])])
    # (1,1) always shows 2; the d2 goes first on a 1 and ties on a 2
    assert (wins, tie) == ([Fraction(0), Fraction(1, 2)], Fraction(1, 2))


def test_trip_and_stinger_dice_do_not_count():
    assert counting([Die((6,), ("t",)), Die((6,), ("g",)), Die((6,), ("z",))]) == [
        Die((6,), ("z",))]


sizes = st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=5)


@settings(max_examples=40, deadline=None)
@given(sizes, sizes)
def test_probabilities_are_in_0_1_and_sum_to_1(a, b):
    wins, tie = first_player_odds([dice(a), dice(b)])
    assert all(0 <= p <= 1 for p in wins + [tie])
    assert sum(wins) + tie == 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=6), max_size=4),
       st.lists(st.integers(min_value=0, max_value=6), max_size=4))
def test_the_top_down_walk_for_plain_dice_matches_brute_force(a, b):
    from rulepress.engine.buttonmen.initiative import _plain_odds
    # brute_force treats sizes as 1..n faces; a 0-sided die always shows 0
    faces = [range(1, n + 1) if n else range(0, 1) for n in a + b]
    wins, tie, total = [0, 0], 0, 0
    for roll in product(*faces):
        mine = sorted(roll[:len(a)]) + [10 ** 6]
        theirs = sorted(roll[len(a):]) + [10 ** 6]
        total += 1
        if mine == theirs:
            tie += 1
        else:
            wins[0 if mine < theirs else 1] += 1
    assert _plain_odds(a, b) == ([Fraction(w, total) for w in wins], Fraction(tie, total))
