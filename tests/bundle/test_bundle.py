"""The browser bundle: an engine-only wheel, our Pyodide lock file, the engine data."""

from __future__ import annotations

import hashlib
import json
import zipfile

from rulepress.bundle.wheel import build_engine_wheel


def test_wheel_holds_only_the_engine(tmp_path):
    wheel = build_engine_wheel(tmp_path)
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        modules = [n for n in archive.namelist() if n.endswith(".py")]
    assert "rulepress/__init__.py" in modules
    assert "rulepress/engine/query.py" in modules
    assert all(n == "rulepress/__init__.py" or n.startswith("rulepress/engine/")
               for n in modules), modules
    assert wheel.stat().st_size < 100_000  # the budget for the engine wheel


def test_unchanged_engine_is_not_rebuilt(tmp_path):
    first = build_engine_wheel(tmp_path)
    stamp = first.stat().st_mtime_ns
    assert build_engine_wheel(tmp_path) == first
    assert first.stat().st_mtime_ns == stamp


def test_site_has_runtime_lock_and_data(built_site, engine_data):
    pyodide = built_site / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"]["rulepress-engine"]
    wheel = pyodide / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide / name).is_file(), name
    data = json.loads((built_site / "engine" / "data.json").read_text(encoding="utf-8"))
    assert data == engine_data
