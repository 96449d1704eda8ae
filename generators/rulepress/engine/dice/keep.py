"""Keep the k highest (or lowest) of n independent rolls of one die, exactly.

Walk the die's outcomes from the best down. The state is how many dice are
already placed (fewer than k) and, as a packed polynomial, the kept sum so far.
Once k dice are placed, the rest only need to be below the current outcome, so
that branch closes with one power: this keeps 20d10-keep-10 to a few thousand
big-integer operations instead of a pass over every multiset.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from .dist import Dist
from .packing import slot_bytes, unpack


def keep_highest(die: Dist, n: int, k: int) -> Dist:
    """The sum of the k highest of n rolls of `die`."""
    if n < 0 or k < 0:
        raise ValueError("dice counts cannot be negative")
    k = min(k, n)
    if k == 0:
        return Dist.constant(0)
    if k == n:
        return die.times(n)
    return _keep_highest(die.low, die.counts, n, k)


@lru_cache(maxsize=64)  # keyed on the die's counts, not the object: a new d10 finds it too
def _keep_highest(low: int, counts: tuple[int, ...], n: int, k: int) -> Dist:
    """`keep_highest` for 0 < k < n of the die `low`, `counts` (a Dist is never changed in
    place, so the answer may be handed out again)."""
    die = Dist(low, counts)
    faces = [(die.low + i, c) for i, c in enumerate(die.counts) if c]
    faces.reverse()  # best first
    base = die.low  # kept sums are packed relative to k * base
    width = slot_bytes(die.total ** n)
    slots = k * (die.high - base) + 1
    shift_bits = 8 * width

    below = die.total  # count of outcomes <= the current face
    states: list[int] = [0] * k  # states[p]: packed kept sums with p dice placed
    states[0] = 1
    done = 0
    for value, weight in faces:
        below -= weight  # now: count of outcomes strictly below `value`
        step = value - base
        # below_power[r] = below ** r: the r dice left all fall below this face
        below_power = [1] * (n + 1)
        for r in range(1, n + 1):
            below_power[r] = below_power[r - 1] * below
        nxt = [0] * k
        for placed, poly in enumerate(states):
            if not poly:
                continue
            free, need = n - placed, k - placed
            # j < need dice on this face: still open; j >= need: closed, all at one shift, so
            # their ways add up to one number: the binomial sum minus the open terms.
            closing = (weight + below) ** free
            power = 1
            for j in range(need):
                ways = comb(free, j) * power
                power *= weight
                closing -= ways * below_power[free - j]
                if ways:
                    nxt[placed + j] += (poly * ways) << (shift_bits * step * j)
            if closing:
                done += (poly * closing) << (shift_bits * step * need)
        states = nxt
    return Dist(k * base, unpack(done, width, slots))


def keep_lowest(die: Dist, n: int, k: int) -> Dist:
    """The sum of the k lowest of n rolls of `die`."""
    return -keep_highest(-die, n, k)
