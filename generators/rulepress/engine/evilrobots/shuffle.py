"""The shared-code shuffle: the same code gives the same deal in Python and JavaScript.

Specified exactly so content/evilrobots/applet/deal.js can repeat it bit for bit:

1. seed = FNV-1a 32-bit hash of the UTF-8 bytes of "<CODE>#<round>", where CODE is the
   game code stripped and upper-cased (phones type "plum-42" or "PLUM-42 " alike);
   FNV-1a: h = 2166136261; per byte: h ^= byte; h = (h * 16777619) mod 2**32.
2. mulberry32(seed) gives 32-bit unsigned integers (see `mulberry32`).
3. Fisher-Yates from the back: for i = n-1 .. 1, j = (u * (i + 1)) >> 32 with the next u.
   That multiply-and-shift keeps to whole numbers below 2**53, so JS doubles are exact.
"""

from __future__ import annotations

from typing import Iterator, Sequence, TypeVar

T = TypeVar("T")
MASK = 0xFFFFFFFF


def normal_code(code: str) -> str:
    return code.strip().upper()


def fnv1a32(text: str) -> int:
    h = 2166136261
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 16777619) & MASK
    return h


def mulberry32(seed: int) -> Iterator[int]:
    """Tommy Ettinger's mulberry32, in 32-bit unsigned arithmetic (JS: Math.imul, >>> 0)."""
    state = seed & MASK
    while True:
        state = (state + 0x6D2B79F5) & MASK
        t = state
        t = ((t ^ (t >> 15)) * (t | 1)) & MASK
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & MASK)) & MASK
        yield (t ^ (t >> 14)) & MASK


def shuffled(items: Sequence[T], draws: Iterator[int]) -> list[T]:
    """Fisher-Yates with exact integer index picks (no floating point)."""
    deck = list(items)
    for i in range(len(deck) - 1, 0, -1):
        j = (next(draws) * (i + 1)) >> 32
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def draws_for(code: str, round_number: int) -> Iterator[int]:
    return mulberry32(fnv1a32(f"{normal_code(code)}#{round_number}"))
