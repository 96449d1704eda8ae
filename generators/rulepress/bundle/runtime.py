"""Copy Pyodide's runtime (npm package `pyodide`, pinned) into the site, with our lock file.

Only the files a browser needs are copied. Our own `pyodide-lock.json` lists
just the engine wheel (with its SHA-256, so the browser checks it); the stock
lock file lists 357 packages whose wheels the npm package does not ship.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

from ..problems import BuildError

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# pyodide.mjs names a CDN as the default package address (used in Node only; the worker
# passes its own). The copy in the site names none: nothing can fall back to a CDN.
_CDN_DEFAULT = re.compile(rb"`https://cdn\.jsdelivr\.net/pyodide/v\$\{\w+\}/full/`")
NO_CDN = b'"./no-cdn/"'  # a path of our own site, which holds nothing
NPM_FOLDER = Path("node_modules") / "pyodide"


class RuntimeMissing(BuildError):
    pass


def install_runtime(project: Path, target: Path, wheel: Path, stdlib: Path) -> dict:
    """Copy the runtime (with the standard library `stdlib`: stdlib.py cuts it down) and
    the wheel into `target`; returns the lock file written there."""
    source = project / NPM_FOLDER
    if not (source / "pyodide.asm.wasm").is_file():
        raise RuntimeMissing(f"{NPM_FOLDER.as_posix()} is missing: run scripts/setup.sh "
                             "(it runs npm ci)")
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copy2(stdlib if name == "python_stdlib.zip" else source / name, target / name)
    _no_cdn(target / "pyodide.mjs")
    shutil.copy2(wheel, target / wheel.name)
    stock = json.loads((source / "pyodide-lock.json").read_text(encoding="utf-8"))
    name, version = wheel.name.split("-")[:2]
    lock = {"info": stock["info"], "packages": {
        "rulepress-engine": {
            "name": "rulepress-engine", "version": version, "file_name": wheel.name,
            "install_dir": "site", "package_type": "package", "imports": ["rulepress"],
            "depends": [], "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "unvendored_tests": False, "tool": {}}}}
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return lock


def _no_cdn(path: Path) -> None:
    text, count = _CDN_DEFAULT.subn(NO_CDN, path.read_bytes())
    if count != 1:  # a new Pyodide: look at how it picks a CDN before shipping it
        raise BuildError(f"{path.name}: expected its one CDN default, found {count}")
    path.write_bytes(text)
