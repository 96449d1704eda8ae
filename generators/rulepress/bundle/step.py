"""The build step that writes the browser bundle into the site.

site/pyodide/   Pyodide's runtime, our lock file and the engine wheel
site/engine/data.json   the engine data (the same dicts `rulepress query` uses)
"""

from __future__ import annotations

import json
from pathlib import Path

from ..data.catalog import Catalog
from ..progress import Progress
from .runtime import install_runtime
from .wheel import build_engine_wheel


def build_bundle(project: Path, catalog: Catalog, site_dir: Path, progress: Progress) -> None:
    wheel = build_engine_wheel(project / "build" / "cache" / "engine-wheel")
    install_runtime(project, site_dir / "pyodide", wheel)
    data = json.dumps(catalog.engine_data(), separators=(",", ":"), ensure_ascii=False)
    (site_dir / "engine").mkdir(parents=True, exist_ok=True)
    (site_dir / "engine" / "data.json").write_text(data, encoding="utf-8")
    progress(f"      engine wheel {wheel.stat().st_size // 1024} KB, "
             f"data {len(data.encode()) // 1024} KB")
