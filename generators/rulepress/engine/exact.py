"""Exact numbers at the edge of the engine: Fractions to and from JSON strings."""

from __future__ import annotations

from fractions import Fraction
from math import gcd

from .query import QueryError

# CPython writes an integer of at most 4,300 digits as text (sys.int_info); 14,000 bits is
# about 4,214 digits, so a longer fraction is refused as an error, not a ValueError.
MAX_BITS = 14_000


def fraction_text(value: Fraction | int) -> str:
    """Fraction(1, 4) -> "1/4"; whole numbers print without a denominator ("0", "1")."""
    value = Fraction(value)
    return _lowest_terms_text(value.numerator, value.denominator)


def ratio_text(count: int, total: int) -> str:
    """count/total as fraction_text writes it (count 1, total 4 -> "1/4"), without making a
    Fraction: a distribution lists thousands of them."""
    common = gcd(count, total)
    return _lowest_terms_text(count // common, total // common)


def _lowest_terms_text(numerator: int, denominator: int) -> str:
    if max(numerator.bit_length(), denominator.bit_length()) > MAX_BITS:
        raise QueryError("the exact answer is a fraction of more than 4,000 digits, too long "
                         "to write out; ask about fewer or smaller dice")
    if denominator == 1:
        return str(numerator)
    return f"{numerator}/{denominator}"
