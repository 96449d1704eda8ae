"""Pyodide's standard library cut down to what the engine uses (2.5 MB -> about 0.5 MB sent).

The stock python_stdlib.zip holds all of Python's standard library (614 files). The
browser needs only what Pyodide imports to start, what the engine imports and the
standard modules the engine's code names (in function bodies too): stdlib.mjs starts
Pyodide in Node, imports all of those and lists the files Python read. The cut-down
zip stores its files uncompressed, so the whole file compresses as one (Brotli finds
what the modules share) and is sent with Content-Encoding like the other large files.
A module that is not kept fails with ImportError, never with a wrong answer; the
tests ask every documented question of the engine in the browser runtime. The browser
fetches this zip only when Python starts without the snapshot: the snapshot has imported
every file in it (snapshot.mjs checks) and is given an empty zip instead.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from ..problems import BuildError
from .node_cache import cache_entry, cached_or_made

SCRIPT = Path(__file__).with_name("stdlib.mjs")
NAME = "python_stdlib.zip"
_DATE = (1980, 1, 1, 0, 0, 0)  # the same bytes from the same inputs


class StdlibError(BuildError):
    pass


def named_modules(wheel: Path) -> list[str]:
    """The standard modules the engine's code imports anywhere (not its own)."""
    named: set[str] = set()
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if not name.endswith(".py"):
                continue
            for node in ast.walk(ast.parse(archive.read(name))):
                if isinstance(node, ast.Import):
                    named.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    named.add(node.module)
    return sorted(n for n in named if n.split(".")[0] != "rulepress"
                  and n.split(".")[0] in sys.stdlib_module_names)


def trimmed_stdlib(pyodide: Path, wheel: Path, wheel_path: str, cache: Path) -> Path:
    """The cut-down zip for this Pyodide and engine, made now or taken from `cache`."""
    inputs = (SCRIPT, Path(__file__), wheel, pyodide / "pyodide.asm.wasm", pyodide / NAME)
    cached = cache_entry(cache, wheel_path, inputs, NAME)

    def make(node: str) -> None:
        run = subprocess.run([node, str(SCRIPT), str(pyodide), str(wheel), wheel_path,
                              ",".join(named_modules(wheel))], capture_output=True, text=True)
        try:
            needed = json.loads(run.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError):
            needed = None
        if run.returncode != 0 or not isinstance(needed, list) or not needed:
            raise StdlibError(f"finding the engine's standard modules failed:\n"
                              f"{run.stdout[-2000:]}{run.stderr[-2000:]}")
        cached.parent.mkdir(parents=True, exist_ok=True)
        part = cached.with_name(f"{NAME}-{os.getpid()}.part")  # renamed into place whole
        with zipfile.ZipFile(pyodide / NAME) as stock, \
                zipfile.ZipFile(part, "w", zipfile.ZIP_STORED) as out:
            for name in sorted(needed):
                out.writestr(zipfile.ZipInfo(name, _DATE), stock.read(name))
        part.replace(cached)

    return cached_or_made(cached, make, StdlibError,
                          "find which standard modules the engine uses")
