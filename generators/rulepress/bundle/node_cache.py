"""Bundle files that a Node script makes from Pyodide and the engine wheel (the start-up
snapshot, the cut-down standard library), kept in a cache folder named by a digest of
their inputs: taken from there while no input has changed, made again when one has."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path

from ..problems import BuildError


def cache_entry(cache: Path, wheel_path: str, inputs: Iterable[Path], name: str) -> Path:
    """Where the file `name` made from `inputs` is kept: its folder is a digest of the
    wheel's place in Pyodide's file system and of each input file's bytes."""
    digest = hashlib.sha256(wheel_path.encode())
    for path in inputs:
        digest.update(path.read_bytes())
    return cache / digest.hexdigest()[:16] / name


def cached_or_made(cached: Path, make: Callable[[str], None], error: type[BuildError],
                   needs: str) -> Path:
    """`cached` when it is there; else `make(node)` writes it (`needs`: what Node is for,
    said when Node is missing)."""
    if cached.is_file():
        return cached
    node = shutil.which("node")
    if node is None:
        raise error("node is not installed: run scripts/setup.sh (the browser bundle "
                    f"needs Node to {needs})")
    make(node)
    return cached
