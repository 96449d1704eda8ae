"""Compressed copies (.br, .gz) of the bundle's large files, made once and kept in the cache.

The website's compress step uses quick settings for the site's thousand small files. The
runtime's few large ones get a slower Brotli setting (step.py's BROTLI_QUALITY says which);
they change only with Pyodide or the engine, so each copy is made once, keyed by a digest
of the file's bytes, and copied from the cache after that.
The site's compress step leaves a file that already has its copies alone.

A file the worker inflates itself also gets `<name>.gzbytes` (PACKED_SUFFIX): its gzip bytes
under a name no server sends with Content-Encoding. On a 2-core machine Chromium moves
about 45 MB/s from its network process to a worker, whatever the encoding, so the browser's
own inflating of the 9.6 MB WebAssembly costs about 0.2 s; its 3.5 MB of gzip bytes arrive
in 0.04 s and DecompressionStream inflates them in 0.06 s (bench/browser.py measures the
whole start). Brotli would be 0.8 MB smaller, but no browser API inflates it.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import time
from pathlib import Path

from ..website.compress import brotli

KEEP_SECONDS = 86400  # copies no build used for a day are deleted
PACKED_SUFFIX = ".gzbytes"


def write_copies(path: Path, cache: Path, quality: int = 11, packed: bool = False) -> None:
    """`path`.gz and, with Brotli installed, `path`.br beside `path`; with `packed`,
    `path`.gzbytes too."""
    data = path.read_bytes()
    folder = cache / hashlib.sha256(data).hexdigest()[:16]
    makers = {".gz": lambda: gzip.compress(data, 6, mtime=0)}  # 9: 1 % less, 8x slower
    if brotli is not None:
        makers[".br"] = lambda: brotli.compress(data, quality=quality, lgwin=24)
    if packed:  # made once per file, and it is what the browser gets: the smallest gzip
        makers[PACKED_SUFFIX] = lambda: gzip.compress(data, 9, mtime=0)
    for suffix, make in makers.items():
        cached = folder / (path.name + suffix)
        if not cached.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            part = folder / f"{path.name}{suffix}-{os.getpid()}.part"  # builds side by side
            part.write_bytes(make())
            part.replace(cached)
        shutil.copyfile(cached, path.with_name(path.name + suffix))
    os.utime(folder)  # in use: not pruned
    _prune(cache, keep=folder)


def _prune(cache: Path, keep: Path) -> None:
    for entry in cache.iterdir():
        if entry != keep and entry.is_dir() and time.time() - entry.stat().st_mtime > KEEP_SECONDS:
            shutil.rmtree(entry, ignore_errors=True)
