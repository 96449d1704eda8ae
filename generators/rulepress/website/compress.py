"""Compressed copies of the built site's text and WebAssembly files, as static hosts keep.

Beside each file of a compressible kind and at least MIN_BYTES, the build writes
`<name>.gz` and, when the Brotli package is installed (it comes with the print
dependencies), `<name>.br`. `rulepress serve` sends one of them with the matching
Content-Encoding when the browser accepts it. A copy that saves too little is not kept.
A file that has its copies already (the browser bundle's, bundle/copies.py) is left alone.
Levels are chosen for a quick build (gzip 6, Brotli 5): within a few per cent of the
slowest settings at a tenth of their time. A rebuild takes the copies of unchanged files
from the last build.
"""

from __future__ import annotations

import gzip
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

try:
    import brotli  # type: ignore[import-untyped]
except ImportError:  # the copies are an optimisation: gzip alone serves every browser
    brotli = None

COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".xml", ".svg", ".txt",
                          ".wasm", ".map"})  # the bundle's .zip and .bin: bundle/copies.py
MIN_BYTES = 1024
KEEP_BELOW = 0.9  # keep a copy only when it is under 90 % of the original


def encoders() -> dict[str, object]:
    """suffix -> compress(bytes) for each encoding this machine can write."""
    found: dict[str, object] = {".gz": lambda data: gzip.compress(data, 6, mtime=0)}
    if brotli is not None:
        found[".br"] = lambda data: brotli.compress(data, quality=5)
    return found


def compress_site(site: Path, previous: Path | None = None) -> tuple[int, int]:
    """Writes the copies under `site`; returns (files compressed, copies written).

    `previous` is the last build (a folder no one writes to any more): a file whose bytes
    are the same as its namesake's there gets that build's copies, hard-linked (or copied)
    instead of compressed again, which is most of a rebuild's files."""
    files = [path for path in site.rglob("*")
             if path.suffix in COMPRESSIBLE and path.is_file() and not path.is_symlink()
             and path.stat().st_size >= MIN_BYTES
             and not path.with_name(path.name + ".gz").is_file()]
    with ThreadPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        # zlib and Brotli release the GIL
        written = sum(pool.map(lambda path: _compress_one(path, site, previous), files))
    return len(files), written


def _compress_one(path: Path, site: Path, previous: Path | None) -> int:
    data = path.read_bytes()
    before = previous / path.relative_to(site) if previous is not None else None
    unchanged = before is not None and before.is_file() and before.read_bytes() == data
    written = 0
    for suffix, compress in encoders().items():
        copy = path.with_name(path.name + suffix)
        if unchanged and before is not None and _reuse(before.with_name(before.name + suffix),
                                                       copy):
            written += 1
            continue
        packed = compress(data)  # type: ignore[operator]
        if len(packed) < KEEP_BELOW * len(data):
            copy.write_bytes(packed)
            written += 1
    return written


def _reuse(old_copy: Path, copy: Path) -> bool:
    """`old_copy` (the last build's) at `copy`: linked, or copied across filesystems."""
    if not old_copy.is_file():
        return False  # not worth keeping last time, or its encoder was missing: made anew
    try:
        os.link(old_copy, copy)
    except OSError:
        shutil.copyfile(old_copy, copy)
    return True
