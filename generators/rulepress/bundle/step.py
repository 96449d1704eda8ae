"""The build step that writes the browser bundle into the site.

site/pyodide/   Pyodide's runtime (its standard library cut down to what the engine uses),
                our lock file, the engine wheel and the start-up snapshot; the large files
                with their .br/.gz copies (made once: copies.py; BROTLI_QUALITY), and
                for the files the worker inflates itself (PACKED), their .gzbytes copies
site/engine/data.json     the engine data (the same dicts `rulepress query` uses)
site/engine/bundle.json   what the worker loads: each file's URL and SHA-256 (checked by
                          the browser as subresource integrity): the worker script itself,
                          Pyodide's runtime, the wheel, the snapshot, the data; and the lock
                          file's contents; the worker always asks the server whether it changed.
                          A PACKED file's entry also names its gzip bytes (`packed`: URL and
                          SHA-256), which the worker fetches and inflates instead.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
from pathlib import Path

from ..data.catalog import Catalog
from ..progress import Progress
from ..project import cache_folder as project_cache
from .copies import PACKED_SUFFIX, write_copies
from .runtime import NPM_FOLDER, RUNTIME_FILES, install_runtime
from .snapshot import SNAPSHOT_NAME, build_snapshot
from .stdlib import trimmed_stdlib
from .wheel import build_engine_wheel


CACHE_VARIABLE = "RULEPRESS_BUNDLE_CACHE"
WORKER = "assets/javascripts/engine/worker.mjs"  # MkDocs copies it from site_overrides/
# Sent as gzip bytes and inflated by the worker (copies.py says why). Not the snapshot: its
# gzip bytes are 1 MB more than its Brotli copy, which would take the first visit over 8 MB.
PACKED = ("pyodide.asm.wasm", "pyodide.asm.mjs")
# The Brotli quality of each large file's .br copy (bytes and seconds on a 2-core machine).
# A first visit gets the snapshot and the wheel as Brotli: the snapshot at 9 (3.20 MB in 2 s;
# 11 would make 2.83 MB in 25 s, on every build that changes the engine), the wheel at 11
# (86 KB in 0.6 s). The others' .br copies are fallbacks: the worker fetches the WebAssembly
# and Pyodide's script as their .gzbytes, and the standard library only when the snapshot
# cannot be used. At 9 they are 10 % bigger than at 11 (WebAssembly 3.13 MB against 2.77 MB,
# script 232 KB against 207 KB, library 575 KB against 520 KB) and take 3 s instead of 37 s,
# most of a cold build's bundle.
BROTLI_QUALITY = {"pyodide.asm.wasm": 9, "pyodide.asm.mjs": 9, "python_stdlib.zip": 9,
                  SNAPSHOT_NAME: 9}
WHEEL_BROTLI_QUALITY = 11


def cache_folder(project: Path) -> Path:
    """Where built wheels and snapshots are kept."""
    return project_cache(project, "bundle", CACHE_VARIABLE)


def entry(url: str, content: bytes) -> dict:
    """How the worker fetches a file: its URL, versioned by content so a browser never
    takes a stale copy from its cache, and its subresource-integrity value (fetch()
    refuses a body that does not match it)."""
    digest = hashlib.sha256(content)
    return {"url": f"{url}?v={digest.hexdigest()[:12]}",
            "integrity": "sha256-" + base64.b64encode(digest.digest()).decode()}


def runtime_entry(runtime: Path, name: str) -> dict:
    """The entry of the file `name` in the site's pyodide/ folder, with its packed copy."""
    found = entry(f"pyodide/{name}", (runtime / name).read_bytes())
    if name in PACKED:
        packed = name + PACKED_SUFFIX
        found["packed"] = entry(f"pyodide/{packed}", (runtime / packed).read_bytes())
    return found


def build_bundle(project: Path, catalog: Catalog, site_dir: Path, progress: Progress) -> None:
    cache = cache_folder(project)
    wheel = build_engine_wheel(cache / "engine-wheel")
    wheel_path = f"/lib/{wheel.name}"  # on sys.path inside Pyodide (zipimport)
    stdlib = trimmed_stdlib(project / NPM_FOLDER, wheel, wheel_path, cache / "engine-stdlib")
    runtime = site_dir / "pyodide"
    lock = install_runtime(project, runtime, wheel, stdlib)
    # made from the very files the site serves (a zip importer remembers its zip's layout)
    snapshot = build_snapshot(runtime, wheel, wheel_path, cache / "engine-snapshot")
    shutil.copy2(snapshot, runtime / snapshot.name)
    for name, quality in {**BROTLI_QUALITY, wheel.name: WHEEL_BROTLI_QUALITY}.items():
        write_copies(runtime / name, cache / "compressed", quality, packed=name in PACKED)
    data = json.dumps(catalog.engine_data(), separators=(",", ":"), ensure_ascii=False).encode()
    (site_dir / "engine").mkdir(parents=True, exist_ok=True)
    (site_dir / "engine" / "data.json").write_bytes(data)
    manifest = {
        # The worker script (checked by client.js before it starts it) and every file of
        # Pyodide's runtime: the worker loads nothing that is not listed here.
        "worker": entry(WORKER, (project / "site_overrides" / WORKER).read_bytes()),
        "runtime": {name: runtime_entry(runtime, name) for name in RUNTIME_FILES},
        "wheel": {**entry(f"pyodide/{wheel.name}", wheel.read_bytes()), "path": wheel_path},
        "snapshot": entry(f"pyodide/{snapshot.name}", snapshot.read_bytes()),
        "data": entry("engine/data.json", data),
        "lock": lock,
    }
    (site_dir / "engine" / "bundle.json").write_text(json.dumps(manifest, indent=1),
                                                     encoding="utf-8")
    # the standard library is sent only to a browser that cannot use the snapshot
    sent = {name: _sent(runtime / name) for name in (*RUNTIME_FILES, snapshot.name)
            if name != "python_stdlib.zip"}
    progress(f"      engine wheel {_sent(runtime / wheel.name) // 1024} KB sent "
             f"({wheel.stat().st_size // 1024} KB), data {len(data) // 1024} KB; "
             "Pyodide sent as " + ", ".join(f"{name} {size / 1e6:.2f} MB"
                                            for name, size in sent.items()))


def _sent(path: Path) -> int:
    """Bytes a browser that accepts Brotli receives for `path` (its packed copy, if any)."""
    copy = path.with_name(path.name + (PACKED_SUFFIX if path.name in PACKED else ".br"))
    return (copy if copy.is_file() else path).stat().st_size
