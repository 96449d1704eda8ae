"""The distribution type against brute-force enumeration and icepool (the oracle)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
from hypothesis import given, settings
from hypothesis import strategies as st

from rulepress.engine.dice.dist import Dist
from rulepress.engine.dice.keep import keep_highest, keep_lowest


def brute(dice: list[int], fn=sum) -> dict[int, Fraction]:
    """Enumerate every face combination of fair dice."""
    out: dict[int, Fraction] = {}
    combos = list(itertools.product(*(range(1, s + 1) for s in dice)))
    for faces in combos:
        key = fn(faces)
        out[key] = out.get(key, 0) + Fraction(1, len(combos))
    return out


def oracle(die: icepool.Die) -> dict[int, Fraction]:
    return {o: Fraction(q, die.denominator()) for o, q in zip(die.outcomes(), die.quantities())
            if q}


def test_sums_match_enumeration():
    assert (Dist.die(6) + Dist.die(8) + Dist.die(4)).fractions() == brute([6, 8, 4])
    assert Dist.die(6).times(4).fractions() == brute([6] * 4)
    assert (Dist.die(6) - Dist.die(4)).fractions() == brute([6, 4], lambda f: f[0] - f[1])


def test_max_min_and_compare_match_enumeration():
    assert Dist.die(6).maximum(Dist.die(8)).fractions() == brute([6, 8], max)
    assert Dist.die(6).minimum(Dist.die(8)).fractions() == brute([6, 8], min)
    below, tie, above = Dist.die(6).compare(Dist.die(8))
    assert (below, tie, above) == (Fraction(27, 48), Fraction(6, 48), Fraction(15, 48))
    assert tie + above == Fraction(7, 16)  # P(d6 >= d8), the notes' reference value


def test_keep_highest_and_lowest_match_enumeration():
    for n, k in [(4, 3), (5, 2), (3, 1), (3, 3), (4, 0)]:
        assert keep_highest(Dist.die(6), n, k).fractions() == brute(
            [6] * n, lambda f: sum(sorted(f)[n - k:]))
        assert keep_lowest(Dist.die(6), n, k).fractions() == brute(
            [6] * n, lambda f: sum(sorted(f)[:k]))


def test_keep_highest_matches_icepool_on_big_pools():
    assert keep_highest(Dist.die(10), 20, 10).fractions() == oracle(
        icepool.Die(range(1, 11)).highest(20, 10))
    assert keep_highest(Dist.die(10), 8, 5).fractions() == oracle(
        icepool.Die(range(1, 11)).highest(8, 5))
    skewed = Dist.from_counts({-2: 1, 0: 3, 5: 2})
    assert keep_highest(skewed, 6, 2).fractions() == oracle(
        icepool.Die({-2: 1, 0: 3, 5: 2}).highest(6, 2))


def test_large_sums_match_icepool():
    assert Dist.die(6).times(100).fractions() == oracle(100 @ icepool.d6)
    assert (Dist.die(6).times(17) + Dist.die(10).times(23) + 937).fractions() == oracle(
        17 @ icepool.d6 + 23 @ icepool.d10 + 937)


def test_mixture_floor_and_condition():
    mix = Dist.mixture([(1, Dist.die(4)), (3, Dist.constant(0))])
    assert mix.fractions() == {0: Fraction(3, 4), **{v: Fraction(1, 16) for v in range(1, 5)}}
    assert (Dist.die(6) - 3).floor_at(0).fractions() == {
        0: Fraction(1, 2), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6)}
    assert Dist.die(6).condition(lambda v: v > 4).fractions() == {5: Fraction(1, 2),
                                                                  6: Fraction(1, 2)}


def test_an_empty_distribution_is_refused():
    try:
        Dist(0, [0, 0])
    except ValueError as exc:
        assert "at least one possible outcome" in str(exc)
    else:
        raise AssertionError("no error")


dists = st.dictionaries(st.integers(-20, 20), st.integers(1, 50), min_size=1, max_size=8).map(
    Dist.from_counts)


@settings(max_examples=60, deadline=None)
@given(dists, dists, st.integers(0, 5))
def test_every_composition_sums_to_one(a, b, n):
    for d in (a + b, a - b, a.maximum(b), a.minimum(b), a.times(n), keep_highest(a, 4, 2),
              Dist.mixture([(2, a), (3, b)]), a.floor_at(0)):
        assert sum(p for _, p in d.pmf()) == 1
    assert sum(a.compare(b)) == 1


def test_generators_never_import_icepool(root):
    """icepool is a dev-only oracle and benchmark peer: nothing shipped may use it."""
    offenders = [p for p in (root / "generators").rglob("*.py")
                 if "import icepool" in p.read_text(encoding="utf-8")
                 or "from icepool" in p.read_text(encoding="utf-8")]
    assert offenders == []


# --- map(repeat=…), walk, from_chances: one type for every distribution ----------------------

def _step(v: int):
    """A chain with an absorbing 0: from v, lose 1d3-1 (never below 0)."""
    return 0 if v == 0 else (Dist.die(3) - 1).map(lambda d: max(0, v - d))


def _icepool_step(v: int):
    return 0 if v == 0 else (icepool.d3 - 1).map(lambda d: max(0, v - d))


def test_map_with_repeat_is_the_markov_chain_of_its_outcome():
    """As icepool's Die.map(repeat=n): the outcome is the state of a chain."""
    start = Dist.die(4) + 2
    for steps in (1, 2, 5):
        oracle = (icepool.d4 + 2).map(_icepool_step, repeat=steps)
        assert start.map(_step, repeat=steps).fractions() == {
            v: Fraction(oracle.quantity(v), oracle.denominator()) for v in oracle.outcomes()
            if oracle.quantity(v)}


def test_walk_gives_every_state_on_the_way():
    start = Dist.die(6)
    states = start.walk(_step, 4)
    assert states == [start.map(_step, repeat=n) for n in range(1, 5)]


def test_map_mixes_numbers_and_rolls():
    # a 1 scores nothing, anything else rolls a d4 on top: means 5/6 of (v + 2.5), 1 -> 0
    dist = Dist.die(6).map(lambda v: 0 if v == 1 else Dist.die(4) + v)
    assert dist.chance(0) == Fraction(1, 6)
    assert dist.mean() == Fraction(sum(v + Fraction(5, 2) for v in range(2, 7)), 6)
    assert sum(p for _, p in dist.pmf()) == 1


def test_from_chances_and_fraction_weights():
    dist = Dist.from_chances({0: Fraction(1, 3), 2: Fraction(1, 6), 5: Fraction(1, 2)})
    assert dist.fractions() == {0: Fraction(1, 3), 2: Fraction(1, 6), 5: Fraction(1, 2)}
    assert Dist.from_chances({1: Fraction(1, 5), 2: Fraction(1, 5)}) == Dist.die(2) - 0
    mixed = Dist.mixture([(Fraction(1, 4), Dist.constant(0)), (Fraction(3, 4), Dist.die(2))])
    assert mixed.fractions() == {0: Fraction(1, 4), 1: Fraction(3, 8), 2: Fraction(3, 8)}


def test_reduced_keeps_the_probabilities():
    dist = Dist(0, [2, 4, 6])
    assert dist.reduced().counts == (1, 2, 3) and dist.reduced() == dist
