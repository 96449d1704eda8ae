"""The exact distribution type: integer counts over consecutive integers.

A `Dist` is `low` plus a tuple of counts for low, low+1, …; the probability of an
outcome is its count over `total`. Everything stays in Python ints (exact at any
size); `Fraction`s appear only where a caller asks for a probability or a mean.
Sums are convolutions done by one big-integer multiply (see packing.py).
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd, lcm
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from .packing import pack, slot_bytes, unpack


class Dist:
    __slots__ = ("low", "counts", "total")

    def __init__(self, low: int, counts: Iterable[int]):
        counts = list(counts)
        start = 0
        while start < len(counts) and counts[start] == 0:
            start += 1
        end = len(counts)
        while end > start and counts[end - 1] == 0:
            end -= 1
        if start == end:
            raise ValueError("a distribution needs at least one possible outcome")
        self.low = low + start
        self.counts = tuple(counts[start:end])
        self.total = sum(self.counts)

    # --- building -------------------------------------------------------------------------

    @classmethod
    def die(cls, sides: int) -> "Dist":
        """A fair die numbered 1..sides."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        return cls(1, [1] * sides)

    @classmethod
    def constant(cls, value: int) -> "Dist":
        return cls(value, [1])

    @classmethod
    def from_counts(cls, counts: dict[int, int]) -> "Dist":
        """From {outcome: count}; counts must be whole numbers >= 0."""
        low, high = min(counts), max(counts)
        dense = [0] * (high - low + 1)
        for value, count in counts.items():
            dense[value - low] += count
        return cls(low, dense)

    @classmethod
    def from_chances(cls, chances: Mapping[int, Fraction | int]) -> "Dist":
        """From {outcome: chance}; the chances are weights (they need not sum to 1)."""
        common = lcm(*(Fraction(p).denominator for p in chances.values()))
        return cls.from_counts({v: int(p * common) for v, p in chances.items()})

    @classmethod
    def mixture(cls, parts: Sequence[tuple[int | Fraction, "Dist"]]) -> "Dist":
        """Pick part i with weight w_i (whole numbers or fractions), then roll it: one
        distribution over a common total."""
        scale = lcm(*(Fraction(w).denominator for w, _ in parts))
        whole = [(int(w * scale), d) for w, d in parts if w]
        common = lcm(*(d.total for _, d in whole))
        low = min(d.low for _, d in whole)
        high = max(d.high for _, d in whole)
        dense = [0] * (high - low + 1)
        for weight, part in whole:
            factor = weight * (common // part.total)
            base = part.low - low
            for i, count in enumerate(part.counts):
                dense[base + i] += count * factor
        return cls(low, dense)

    # --- reading --------------------------------------------------------------------------

    @property
    def high(self) -> int:
        return self.low + len(self.counts) - 1

    def items(self) -> Iterator[tuple[int, int]]:
        """(outcome, count) for every possible outcome, lowest first."""
        for i, count in enumerate(self.counts):
            if count:
                yield self.low + i, count

    def count(self, value: int) -> int:
        i = value - self.low
        return self.counts[i] if 0 <= i < len(self.counts) else 0

    def chance(self, value: int) -> Fraction:
        """P(roll = value)."""
        return Fraction(self.count(value), self.total)

    def count_at_least(self, value: int) -> int:
        i = max(0, value - self.low)
        return sum(self.counts[i:])

    def probability(self, test: Callable[[int], bool]) -> Fraction:
        return Fraction(sum(c for v, c in self.items() if test(v)), self.total)

    def p_at_least(self, value: int) -> Fraction:
        return Fraction(self.count_at_least(value), self.total)

    def mean(self) -> Fraction:
        return Fraction(sum(v * c for v, c in self.items()), self.total)

    def pmf(self) -> list[tuple[int, Fraction]]:
        return [(v, Fraction(c, self.total)) for v, c in self.items()]

    def fractions(self) -> dict[int, Fraction]:
        return dict(self.pmf())

    def cumulative(self) -> list[int]:
        """running[i] = count of outcomes <= low + i."""
        running, acc = [], 0
        for count in self.counts:
            acc += count
            running.append(acc)
        return running

    def __eq__(self, other: object) -> bool:
        """Equal as probability distributions (totals may differ by a common factor)."""
        if not isinstance(other, Dist):
            return NotImplemented
        return self.low == other.low and len(self.counts) == len(other.counts) and all(
            a * other.total == b * self.total for a, b in zip(self.counts, other.counts))

    def __hash__(self) -> int:
        return hash((self.low, tuple(Fraction(c, self.total) for c in self.counts)))

    def __repr__(self) -> str:
        return f"Dist(low={self.low}, counts={list(self.counts)})"

    # --- composing ------------------------------------------------------------------------

    def __add__(self, other: "Dist | int") -> "Dist":
        """The sum of two independent rolls (or a roll plus a constant)."""
        if isinstance(other, int):
            return self.shift(other)
        width = slot_bytes(max(self.counts) * max(other.counts) * min(len(self.counts),
                                                                        len(other.counts)))
        product = pack(self.counts, width) * pack(other.counts, width)
        return Dist(self.low + other.low,
                    unpack(product, width, len(self.counts) + len(other.counts) - 1))

    __radd__ = __add__

    def __neg__(self) -> "Dist":
        return Dist(-self.high, reversed(self.counts))

    def __sub__(self, other: "Dist | int") -> "Dist":
        return self + (-other)

    def shift(self, amount: int) -> "Dist":
        return Dist(self.low + amount, self.counts)

    def times(self, n: int) -> "Dist":
        """The sum of n independent copies: one big-integer power."""
        if n < 0:
            raise ValueError("a number of rolls cannot be negative")
        if n == 0:
            return Dist.constant(0)
        width = slot_bytes(self.total ** n)
        length = n * (len(self.counts) - 1) + 1
        return Dist(n * self.low, unpack(pack(self.counts, width) ** n, width, length))

    def scale(self, factor: int) -> "Dist":
        """Same probabilities, every count times `factor` (to share a denominator)."""
        return Dist(self.low, [c * factor for c in self.counts])

    def map(self, fn: Callable[[int], "int | Dist"], repeat: int = 1) -> "Dist":
        """The distribution of fn(roll), in the spirit of icepool's `Die.map`: `fn` gives a
        number, or a Dist for a roll that depends on the outcome; `repeat` applies it that
        many times, each time to the last result (a Markov chain whose state is the outcome:
        fire that spreads turn by turn, Damage that goes on through a line of targets)."""
        dist = self
        for _ in range(repeat):
            out: dict[int, int] = {}
            parts: list[tuple[int, Dist]] = []
            for value, count in dist.items():
                result = fn(value)
                if isinstance(result, Dist):
                    parts.append((count, result))
                else:
                    out[result] = out.get(result, 0) + count
            if not parts:
                dist = Dist.from_counts(out)
                continue
            if out:
                constants = Dist.from_counts(out)
                parts.append((constants.total, constants))
            dist = Dist.mixture(parts).reduced()
        return dist

    def walk(self, step: Callable[[int], "int | Dist"], n: int) -> list["Dist"]:
        """Every state of `map(step, repeat=n)` on the way: after one step, two, … n."""
        states, dist = [], self
        for _ in range(n):
            dist = dist.map(step)
            states.append(dist)
        return states

    def reduced(self) -> "Dist":
        """The same distribution with its counts divided by their greatest common divisor."""
        common = gcd(*self.counts)
        return self if common == 1 else Dist(self.low, [c // common for c in self.counts])

    def floor_at(self, bottom: int) -> "Dist":
        """Results below `bottom` become `bottom` (BrikWars: no roll is below zero)."""
        if self.low >= bottom:
            return self
        if self.high <= bottom:
            return Dist(bottom, [self.total])
        cut = bottom - self.low
        return Dist(bottom, [sum(self.counts[:cut + 1]), *self.counts[cut + 1:]])

    def condition(self, test: Callable[[int], bool]) -> "Dist":
        """The distribution given that `test` holds."""
        return Dist(self.low, [c if test(self.low + i) else 0 for i, c in enumerate(self.counts)])

    def maximum(self, other: "Dist") -> "Dist":
        """The higher of two independent rolls: P(max <= v) = F(v) G(v)."""
        return self._by_cdf(other, lambda f, g, tf, tg: f * g)

    def minimum(self, other: "Dist") -> "Dist":
        """The lower of two independent rolls: P(min > v) = (1-F(v)) (1-G(v))."""
        return self._by_cdf(other, lambda f, g, tf, tg: tf * tg - (tf - f) * (tg - g))

    def _by_cdf(self, other: "Dist", joint: Callable[[int, int, int, int], int]) -> "Dist":
        low, high = min(self.low, other.low), max(self.high, other.high)
        fa, fb = self._cdf_over(low, high), other._cdf_over(low, high)
        cdf = [joint(a, b, self.total, other.total) for a, b in zip(fa, fb)]
        return Dist(low, [cdf[0]] + [cdf[i] - cdf[i - 1] for i in range(1, len(cdf))])

    def _cdf_over(self, low: int, high: int) -> list[int]:
        running = self.cumulative()
        return [0 if v < self.low else running[min(v, self.high) - self.low]
                for v in range(low, high + 1)]

    def compare(self, other: "Dist") -> tuple[Fraction, Fraction, Fraction]:
        """(P(self < other), P(self = other), P(self > other)) for independent rolls."""
        less = equal = 0
        running = other.cumulative()
        for value, count in self.items():
            below = running[min(value, other.high + 1) - 1 - other.low] \
                if value - 1 >= other.low else 0
            less_or_equal = running[min(value, other.high) - other.low] \
                if value >= other.low else 0
            equal += count * (less_or_equal - below)
            less += count * (other.total - less_or_equal)
        whole = self.total * other.total
        return (Fraction(less, whole), Fraction(equal, whole),
                Fraction(whole - less - equal, whole))
