"""Compressed copies of the built site's text and WebAssembly files, as static hosts keep.

Beside each file of a compressible kind and at least MIN_BYTES, the build writes
`<name>.gz` and, when the Brotli package is installed (it comes with the print
dependencies), `<name>.br`. `rulepress serve` sends one of them with the matching
Content-Encoding when the browser accepts it. A copy that saves too little is not kept.
A file that has its copies already (the browser bundle's, bundle/copies.py) is left alone.
Levels are chosen for a quick build (gzip 6, Brotli 5): within a few per cent of the
slowest settings at a tenth of their time.
"""

from __future__ import annotations

import gzip
import os
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


def compress_site(site: Path) -> tuple[int, int]:
    """Writes the copies under `site`; returns (files compressed, copies written)."""
    files = [path for path in site.rglob("*")
             if path.suffix in COMPRESSIBLE and path.is_file() and not path.is_symlink()
             and path.stat().st_size >= MIN_BYTES
             and not path.with_name(path.name + ".gz").is_file()]
    with ThreadPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        written = sum(pool.map(_compress_one, files))  # zlib and Brotli release the GIL
    return len(files), written


def _compress_one(path: Path) -> int:
    data = path.read_bytes()
    written = 0
    for suffix, compress in encoders().items():
        packed = compress(data)  # type: ignore[operator]
        if len(packed) < KEEP_BELOW * len(data):
            path.with_name(path.name + suffix).write_bytes(packed)
            written += 1
    return written
