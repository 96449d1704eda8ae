"""The build step that writes the browser bundle into the site.

site/pyodide/   Pyodide's runtime, our lock file, the engine wheel and the start-up snapshot
site/engine/data.json     the engine data (the same dicts `rulepress query` uses)
site/engine/bundle.json   what the worker loads: each file's URL and SHA-256 (checked by
                          the browser as subresource integrity): the worker script itself,
                          Pyodide's runtime, the wheel, the snapshot, the data; and the lock
                          file's contents; the worker always asks the server whether it changed
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
from .runtime import NPM_FOLDER, RUNTIME_FILES, install_runtime
from .snapshot import build_snapshot
from .wheel import build_engine_wheel


CACHE_VARIABLE = "RULEPRESS_BUNDLE_CACHE"
WORKER = "assets/javascripts/engine/worker.mjs"  # MkDocs copies it from site_overrides/


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


def build_bundle(project: Path, catalog: Catalog, site_dir: Path, progress: Progress) -> None:
    cache = cache_folder(project)
    wheel = build_engine_wheel(cache / "engine-wheel")
    lock = install_runtime(project, site_dir / "pyodide", wheel)
    wheel_path = f"/lib/{wheel.name}"  # on sys.path inside Pyodide (zipimport)
    snapshot = build_snapshot(project / NPM_FOLDER, wheel, wheel_path, cache / "engine-snapshot")
    shutil.copy2(snapshot, site_dir / "pyodide" / snapshot.name)
    data = json.dumps(catalog.engine_data(), separators=(",", ":"), ensure_ascii=False).encode()
    (site_dir / "engine").mkdir(parents=True, exist_ok=True)
    (site_dir / "engine" / "data.json").write_bytes(data)
    manifest = {
        # The worker script (checked by client.js before it starts it) and every file of
        # Pyodide's runtime: the worker loads nothing that is not listed here.
        "worker": entry(WORKER, (project / "site_overrides" / WORKER).read_bytes()),
        "runtime": {name: entry(f"pyodide/{name}", (site_dir / "pyodide" / name).read_bytes())
                    for name in RUNTIME_FILES},
        "wheel": {**entry(f"pyodide/{wheel.name}", wheel.read_bytes()), "path": wheel_path},
        "snapshot": entry(f"pyodide/{snapshot.name}", snapshot.read_bytes()),
        "data": entry("engine/data.json", data),
        "lock": lock,
    }
    (site_dir / "engine" / "bundle.json").write_text(json.dumps(manifest, indent=1),
                                                     encoding="utf-8")
    progress(f"      engine wheel {wheel.stat().st_size // 1024} KB, data {len(data) // 1024} KB, "
             f"start-up snapshot {snapshot.stat().st_size / 1e6:.1f} MB")
