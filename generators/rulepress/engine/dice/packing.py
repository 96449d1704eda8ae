"""Kronecker packing: a list of counts becomes one big integer, so convolution is one multiply.

CPython multiplies and powers big integers in C (Karatsuba), which is far faster
than a Python double loop over outcomes. Each count gets a fixed slot of `width`
bytes; the caller picks a width wide enough for every count of the result.
"""

from __future__ import annotations


def slot_bytes(bound: int) -> int:
    """Bytes per slot so that any count up to `bound` fits."""
    return max(1, (bound.bit_length() + 7) // 8)


def pack(counts: list[int] | tuple[int, ...], width: int) -> int:
    """counts[i] goes to slot i (little-endian)."""
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in counts), "little")


def unpack(number: int, width: int, length: int) -> list[int]:
    """The first `length` slots of `number`."""
    raw = number.to_bytes(width * length, "little")
    return [int.from_bytes(raw[i:i + width], "little") for i in range(0, width * length, width)]
