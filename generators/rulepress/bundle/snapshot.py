"""A Pyodide memory snapshot with the engine imported, so calculators start in about a second.

Pyodide spends ~3 s starting Python in the browser on a 2-core machine. Its
(experimental) memory snapshots skip that: Node loads Pyodide once at build
time (the site's own runtime files, cut-down standard library included: Python's
zip importer keeps the zip's table of contents in memory), imports the engine, and
saves the WebAssembly memory; the worker hands those bytes to
`loadPyodide({_loadSnapshot})`. A snapshot only fits the exact Pyodide build that
made it (Pyodide checks its build id); the worker falls back to a plain start if it
cannot be used. Whatever Python fixed at start-up is the same for every visitor (its
str hash seed, `random`'s seed): the engine draws no random numbers, and the browser
tests compare its answers with the CLI's, whose hash seed changes on every run.

The memory is 31 MB: 70 % zeros, and 3.2 MB of it is the WebAssembly's own data
segments, nearly unchanged since they were loaded. So the file holds the memory
XOR those segments (`delta`; the worker XORs them back from the .wasm it already
has), which leaves those 3.2 MB mostly zeros too, and is sent with Content-Encoding
from its .br/.gz copies (copies.py): 3.7 MB over the wire instead of 6.3 MB gzipped.
The file leaves out the zero pages (sparse.py): the browser then inflates and hashes 11 MB.
Before saving, snapshot.mjs zeroes what the memory holds but nothing uses (the allocator's
free blocks, the stack below its pointer: 1 MB fewer pages) and swaps the standard library's
zip, whose modules are all imported by then, for an empty one: with the snapshot, the
browser is given that empty zip instead of the 2.7 MB library.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

from ..problems import BuildError
from . import sparse
from .node_cache import cache_entry, cached_or_made
from .stdlib import named_modules

SCRIPT = Path(__file__).with_name("snapshot.mjs")
SNAPSHOT_NAME = "engine-snapshot.bin"  # the memory XOR the data segments, packed (sparse.py)
KEEP_SECONDS = 3600  # older snapshots (of earlier engines) are deleted after an hour


class SnapshotError(BuildError):
    pass


def build_snapshot(pyodide: Path, wheel: Path, wheel_path: str, cache: Path) -> Path:
    """The snapshot (as `delta` writes it) for the Pyodide runtime in the folder `pyodide`
    and this wheel, made now or taken from `cache`.

    `wheel_path` is where the wheel sits inside Pyodide's file system (on sys.path);
    the browser must write the same wheel to the same place after restoring.
    """
    inputs = (SCRIPT, Path(__file__), Path(sparse.__file__), wheel, pyodide / "pyodide.mjs",
              pyodide / "pyodide.asm.mjs", pyodide / "pyodide.asm.wasm",
              pyodide / "python_stdlib.zip")
    cached = cache_entry(cache, wheel_path, inputs, SNAPSHOT_NAME)

    def make(node: str) -> None:
        cached.parent.mkdir(parents=True, exist_ok=True)
        raw = cached.parent / f"snapshot-{os.getpid()}.bin"  # own names: builds run side by side
        run = subprocess.run([node, str(SCRIPT), str(pyodide), str(wheel), wheel_path, str(raw),
                              ",".join(named_modules(wheel))], capture_output=True, text=True)
        if run.returncode != 0 or not raw.is_file():
            raise SnapshotError(f"making the Pyodide snapshot failed:\n{run.stdout[-2000:]}"
                                f"{run.stderr[-2000:]}")
        part = cached.parent / f"snapshot-{os.getpid()}.part"  # renamed into place whole
        part.write_bytes(sparse.pack(delta(raw.read_bytes(),
                                           (pyodide / "pyodide.asm.wasm").read_bytes())))
        raw.unlink()
        part.replace(cached)
        _prune(cache, keep=cached.parent)

    return cached_or_made(cached, make, SnapshotError, "make Pyodide's start-up snapshot")


def _prune(cache: Path, keep: Path) -> None:
    """Delete snapshots of earlier inputs (6 MB each), leaving recent ones to parallel builds."""
    for entry in cache.iterdir():
        if entry != keep and entry.is_dir() and time.time() - entry.stat().st_mtime > KEEP_SECONDS:
            shutil.rmtree(entry, ignore_errors=True)


def _leb128(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, at


def data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """(address, bytes) of each active data segment placed at a constant address: what the
    WebAssembly module writes into memory when it starts. worker.mjs reads them the same way."""
    if wasm[:4] != b"\0asm":
        raise SnapshotError("pyodide.asm.wasm is not a WebAssembly module")
    at = 8
    while at < len(wasm):
        section = wasm[at]
        size, at = _leb128(wasm, at + 1)
        if section != 11:  # the data section
            at += size
            continue
        count, at = _leb128(wasm, at)
        segments = []
        for _ in range(count):
            kind, at = _leb128(wasm, at)
            address = None
            if kind == 0 and wasm[at] == 0x41:  # memory 0, offset (i32.const n) end
                address, at = _leb128(wasm, at + 1, signed=True)
                if wasm[at] != 0x0B:
                    raise SnapshotError("pyodide.asm.wasm: a data segment's offset is not "
                                        "a constant")
                at += 1
            elif kind != 1:  # 1 = passive (copied by code, not at start): left as it is
                raise SnapshotError(f"pyodide.asm.wasm: data segment kind {kind} is not read")
            length, at = _leb128(wasm, at)
            if address is not None:
                segments.append((address, wasm[at:at + length]))
            at += length
        return segments
    return []


def delta(image: bytes, wasm: bytes) -> bytes:
    """A snapshot image (Pyodide's header, then the memory from the header's offset) with its
    memory XOR the module's data segments; applying it twice gives the image back."""
    start = int.from_bytes(image[4:8], "little")
    out = bytearray(image)
    for address, segment in data_segments(wasm):
        at = start + address
        if at + len(segment) > len(out):
            raise SnapshotError("a data segment lies beyond the snapshot's memory")
        mixed = int.from_bytes(out[at:at + len(segment)], "little") ^ \
            int.from_bytes(segment, "little")
        out[at:at + len(segment)] = mixed.to_bytes(len(segment), "little")
    return bytes(out)
