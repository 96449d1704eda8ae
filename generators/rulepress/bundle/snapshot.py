"""A Pyodide memory snapshot with the engine imported, so calculators start in about a second.

Pyodide spends ~3 s starting Python in the browser on a 2-core machine. Its
(experimental) memory snapshots skip that: Node loads Pyodide once at build
time, imports the engine, and saves the WebAssembly memory; the worker hands
those bytes to `loadPyodide({_loadSnapshot})`. The memory is ~31 MB, half
of it zeros, so it ships gzipped (~6 MB) and the worker inflates it with the
browser's DecompressionStream. A snapshot only fits the exact Pyodide build
that made it (Pyodide checks its build id); the worker falls back to a plain
start if it cannot be used. Whatever Python fixed at start-up is the same for
every visitor (its str hash seed, `random`'s seed): the engine draws no random
numbers, and the browser tests compare its answers with the CLI's, whose hash
seed changes on every run.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
import time
from pathlib import Path

from ..problems import BuildError

SCRIPT = Path(__file__).with_name("snapshot.mjs")
# gzip inside, but not named .gz: some servers send .gz files with "Content-Encoding: gzip",
# the browser would then inflate it itself and the hash check (on the inflated bytes) fail.
SNAPSHOT_NAME = "engine-snapshot-gz.bin"
KEEP_SECONDS = 3600  # older snapshots (of earlier engines) are deleted after an hour


class SnapshotError(BuildError):
    pass


def _digest(pyodide: Path, wheel: Path, wheel_path: str) -> str:
    digest = hashlib.sha256(wheel_path.encode())
    for path in (SCRIPT, wheel, pyodide / "pyodide.mjs", pyodide / "pyodide.asm.mjs",
                 pyodide / "pyodide.asm.wasm", pyodide / "python_stdlib.zip"):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build_snapshot(pyodide: Path, wheel: Path, wheel_path: str, cache: Path) -> Path:
    """The gzipped snapshot for this Pyodide and wheel, made now or taken from `cache`.

    `wheel_path` is where the wheel sits inside Pyodide's file system (on sys.path);
    the browser must write the same wheel to the same place after restoring.
    """
    cached = cache / _digest(pyodide, wheel, wheel_path) / SNAPSHOT_NAME
    if cached.is_file():
        return cached
    node = shutil.which("node")
    if node is None:
        raise SnapshotError("node is not installed: run scripts/setup.sh (the browser bundle "
                            "needs Node to make Pyodide's start-up snapshot)")
    cached.parent.mkdir(parents=True, exist_ok=True)
    raw = cached.parent / f"snapshot-{os.getpid()}.bin"  # own names: builds may run side by side
    run = subprocess.run([node, str(SCRIPT), str(pyodide), str(wheel), wheel_path, str(raw)],
                         capture_output=True, text=True)
    if run.returncode != 0 or not raw.is_file():
        raise SnapshotError(f"making the Pyodide snapshot failed:\n{run.stdout[-2000:]}"
                            f"{run.stderr[-2000:]}")
    part = cached.parent / f"snapshot-{os.getpid()}.part"  # renamed into place whole
    # level 6: 0.9 s; level 9 saves 1 % of the bytes for 3 s more of a cold build
    with raw.open("rb") as source, gzip.GzipFile(part, "wb", compresslevel=6, mtime=0) as out:
        shutil.copyfileobj(source, out, 1 << 20)
    raw.unlink()
    part.replace(cached)
    _prune(cache, keep=cached.parent)
    return cached


def _prune(cache: Path, keep: Path) -> None:
    """Delete snapshots of earlier inputs (6 MB each), leaving recent ones to parallel builds."""
    for entry in cache.iterdir():
        if entry != keep and entry.is_dir() and time.time() - entry.stat().st_mtime > KEEP_SECONDS:
            shutil.rmtree(entry, ignore_errors=True)
