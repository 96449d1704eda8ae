"""What an exact dice answer will cost, worked out from the request before any dice are rolled.

The work is big-integer arithmetic (see packing.py), so the estimate follows the same steps
with the sizes of the numbers instead of the numbers: CPython multiplies two integers of a
and b 30-bit limbs by schoolbook (a*b) below 70 limbs and by Karatsuba above (a^1.585, in
slices when one is much longer); adds, shifts and byte copies are linear. The constants are
CPU seconds measured on the 2-core reference machine (CPython 3.11; bench/dice_cost.py
re-measures them and compares the estimate with real answers). An estimate takes
milliseconds, so a refusal comes at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb, log2

from .dist import Dist

LIMB_BITS = 30
SCHOOL = 0.8e-9  # s per limb pair, schoolbook
KARATSUBA = 5.6e-9  # s per limb^1.585, Karatsuba
SQUARE = 0.67  # a square costs this share of a product of two numbers of its size
LINEAR = 0.17e-9  # s per byte: an add or a shift
COPY = 0.7e-9  # s per byte: int <-> bytes
STEP = 0.4e-6  # s per interpreted step (a loop turn, a small-int operation)
OUTCOME = 2.0e-6  # s per outcome listed with its exact fraction ...
DIGIT = 1.5e-8  # ... plus this per digit of the denominator ...
DIGIT2 = 3.8e-11  # ... plus this per digit squared (gcd and int -> text are quadratic)
PYOBJECT = 100  # bytes of a small Python object with its slot in a list or dict
# Measured CPU time over the parts above, on the grid of bench/dice_cost.py and on a quiet
# two-core machine: up to 1.25 near the 2 s limit (60d100 with bonus dice: 3.0 s for 2.4 s
# estimated; 1000d6 1.12, 100d6 1.20). Steps are the estimate times that, so an answer the
# budget lets through takes at most about 2 s.
CALIBRATION = 1.25

# CPython refuses to write an integer of more than 4,300 digits as text, and an answer holds
# its fractions as text.
MAX_FRACTION_DIGITS = 4_300


@dataclass
class Cost:
    seconds: float = 0.0
    memory: float = 0.0  # peak bytes held at once, roughly
    digits: float = 0.0  # of the longest fraction in the answer
    outcomes: int = 1  # totals in the distribution worked out

    def add(self, seconds: float, memory: float = 0.0) -> None:
        self.seconds += seconds
        self.memory = max(self.memory, memory)

    def join(self, other: "Cost") -> None:
        """Both jobs, one after the other (memory: the larger peak, both answers kept)."""
        self.seconds += other.seconds
        self.memory = max(self.memory, other.memory)
        self.digits = max(self.digits, other.digits)

    @property
    def steps(self) -> float:
        """Estimated CPU microseconds, the unit of `budget.refuse_over`."""
        return self.seconds * CALIBRATION * 1e6


def limbs(nbytes: float) -> float:
    return max(1.0, nbytes * 8 / LIMB_BITS)


def mul_seconds(a_bytes: float, b_bytes: float, square: bool = False) -> float:
    """CPU seconds of one product of integers of a and b bytes."""
    a, b = sorted((limbs(a_bytes), limbs(b_bytes)))
    if a < 70:
        return SCHOOL * a * b + STEP / 4
    return (b / a) * KARATSUBA * a ** 1.585 * (SQUARE if square else 1.0)


def pow_seconds(slots: int, width: int, n: int) -> float:
    """CPU seconds of packed(slots of `width` bytes) ** n: CPython squares and multiplies
    left to right over the bits of n; the number for exponent e has e*(slots-1)+1 slots."""
    def size(e: int) -> float:
        return (e * (slots - 1) + 1) * width

    seconds, e = 0.0, 1
    for bit in bin(n)[3:]:
        seconds += mul_seconds(size(e), size(e), square=True) + LINEAR * size(2 * e)
        e *= 2
        if bit == "1":
            seconds += mul_seconds(size(e), size(1))
            e += 1
    return seconds


def listing_seconds(outcomes: int, digits: float) -> float:
    """Writing `outcomes` exact fractions whose denominators have `digits` digits."""
    return outcomes * (OUTCOME + DIGIT * digits + DIGIT2 * digits ** 2)


def listing_memory(outcomes: int, digits: float) -> float:
    """The outcome counts, their fractions as text and the JSON of them, held at once."""
    return outcomes * (4 * PYOBJECT + 3 * digits)


def power_cost(cost: Cost, slots: int, total: int, n: int) -> tuple[int, float]:
    """Dist.times of a die of `slots` outcomes whose counts add up to `total`: pack, power,
    unpack. Returns (slots, bits of the total) of the result."""
    bits = total.bit_length()
    total_bits = bits * n
    width = total_bits // 8 + 1
    out_slots = n * (slots - 1) + 1
    packed = out_slots * width
    cost.add(pow_seconds(slots, width, n) + COPY * 2 * packed + out_slots * STEP,
             3 * packed + out_slots * (width + PYOBJECT))
    return out_slots, total_bits


def sum_cost(cost: Cost, a: tuple[int, float], b: tuple[int, float]) -> tuple[int, float]:
    """Dist + Dist: one product of the two packed lists, then unpacked."""
    slots = a[0] + b[0] - 1
    width = (a[1] + b[1]) / 8 + 1
    packed = slots * width
    cost.add(mul_seconds(a[0] * width, b[0] * width) + COPY * 3 * packed + slots * STEP,
             3 * packed + slots * (width + PYOBJECT))
    return slots, a[1] + b[1]


def digits_of(bits: float) -> float:
    return bits * 0.30103 + 1


def keep_cost(n: int, sides: int, k: int) -> Cost:
    """keep.keep_highest of n dice of `sides` faces, k kept, step by step (see keep.py)."""
    cost = Cost()
    k = min(k, n)
    die = Dist.die(sides)
    if k == 0:
        return cost
    if k == n:
        power_cost(cost, len(die.counts), die.total, n)
        return cost
    width = int(n * log2(sides)) // 8 + 1  # bytes of a slot, and of the sum `closing`
    slots = k * (sides - 1) + 1
    weight_bits = max(1, max(die.counts).bit_length())  # of one face's count

    def size(placed: int) -> float:
        return (placed * (sides - 1) + 1) * width

    scalar = mul_seconds(width, width)
    per_face = n * (STEP + mul_seconds(width, 8))  # the powers of `below`
    for placed in range(k):
        need = k - placed
        per_face += (STEP * 4 + scalar * 2 + mul_seconds(size(placed), width)
                     + 2 * LINEAR * size(k))  # closing: power, product, shift into `done`
        for j in range(need):  # the open branches: product, shift, add into `nxt`
            ways = (comb(n - placed, j).bit_length() + j * weight_bits) / 8
            per_face += (STEP * 3 + scalar + mul_seconds(size(placed), ways)
                         + 2 * LINEAR * size(placed + j))
    held = 2 * sum(size(p) for p in range(k)) + 2 * size(k)
    cost.add(sides * per_face, held)
    cost.add(COPY * size(k) + slots * STEP, held + slots * (width + PYOBJECT))
    cost.digits = digits_of(n * log2(sides))
    cost.add(listing_seconds(slots, cost.digits), cost.memory + listing_memory(slots, cost.digits))
    return cost
