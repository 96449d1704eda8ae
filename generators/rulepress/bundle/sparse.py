"""The start-up snapshot without its zero pages.

After `snapshot.delta` about 60 % of the 31 MB memory image is whole 4 KB pages of zeros.
Compression already makes them nearly free on the wire, but the browser still inflates
and hashes (the integrity check) every byte it is sent. Leaving the zero pages out of the
file sends 12 MB instead of 31 MB through both; the worker (worker.mjs, `unpackSparse`)
lays the pages it was given into a zeroed image of the full length.

    magic "RPZ1" | image length | page size | n runs       (little-endian uint32 each)
    n × (first page, pages)                                  (uint32 each)
    the bytes of each run, in order (the last page may be short: the image's end)
"""

from __future__ import annotations

import struct

MAGIC = b"RPZ1"
PAGE = 4096


class SparseError(ValueError):
    pass


def pack(image: bytes, page: int = PAGE) -> bytes:
    """`image` as runs of pages that are not all zeros."""
    runs: list[tuple[int, int]] = []
    zero = bytes(page)
    for number in range(-(-len(image) // page)):
        chunk = image[number * page:(number + 1) * page]
        if chunk == zero[:len(chunk)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == number:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((number, 1))
    head = MAGIC + struct.pack("<III", len(image), page, len(runs))
    table = b"".join(struct.pack("<II", first, count) for first, count in runs)
    body = b"".join(image[first * page:(first + count) * page] for first, count in runs)
    return head + table + body


def unpack(data: bytes) -> bytes:
    """The full image again (as worker.mjs rebuilds it)."""
    if data[:4] != MAGIC or len(data) < 16:
        raise SparseError("not a sparse snapshot (no RPZ1 header)")
    length, page, count = struct.unpack_from("<III", data, 4)
    image = bytearray(length)
    at = 16 + 8 * count
    for n in range(count):
        first, pages = struct.unpack_from("<II", data, 16 + 8 * n)
        start = first * page
        size = min(pages * page, length - start)
        if size <= 0 or at + size > len(data):
            raise SparseError("a run of the sparse snapshot lies beyond its data")
        image[start:start + size] = data[at:at + size]
        at += size
    if at != len(data):
        raise SparseError("the sparse snapshot has bytes after its last run")
    return bytes(image)
