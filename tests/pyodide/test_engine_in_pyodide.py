"""The engine's own tests, run inside real Pyodide (Node + the npm `pyodide` package).

Every test module under tests/engine/ that needs only the standard library,
pytest, hypothesis and the engine is copied with a Pyodide conftest and run by
pytest inside Pyodide, against the engine wheel the site ships.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulepress.bundle.wheel import build_engine_wheel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TEST_WHEELS = ROOT / ".cache" / "pyodide-test-wheels"
ALLOWED_TOP = {"pytest", "hypothesis", "rulepress", "__future__"}


def runs_in_pyodide(path: Path) -> bool:
    """Only stdlib, pytest, hypothesis and rulepress.engine imports; no subprocesses."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        for name in names:
            top = name.split(".")[0]
            if top == "rulepress" and not name.startswith("rulepress.engine"):
                return False
            if top not in ALLOWED_TOP and (top not in sys.stdlib_module_names
                                           or top == "subprocess"):
                return False
    return True


def engine_test_modules() -> list[Path]:
    return sorted(p for p in (ROOT / "tests" / "engine").rglob("test_*.py") if runs_in_pyodide(p))


def test_engine_tests_pass_inside_pyodide(tmp_path, engine_data):
    if not TEST_WHEELS.is_dir():
        pytest.fail(f"{TEST_WHEELS.relative_to(ROOT)} is missing: run scripts/setup.sh")
    wheels = tmp_path / "wheels"
    shutil.copytree(TEST_WHEELS, wheels)
    shutil.copy2(build_engine_wheel(tmp_path / "engine-wheel"), wheels)
    stage = tmp_path / "stage" / "tests"
    modules = engine_test_modules()
    assert len(modules) >= 2, "too few engine test modules run in Pyodide"
    for module in modules:
        target = stage / module.relative_to(ROOT / "tests")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(module, target)
    shutil.copy2(HERE / "conftest_pyodide.py", stage / "conftest.py")
    (stage / "engine_data.json").write_text(json.dumps(engine_data), encoding="utf-8")

    run = subprocess.run(["node", str(HERE / "run_engine_tests.mjs"),
                          str(ROOT / "node_modules" / "pyodide"), str(wheels), str(stage.parent)],
                         capture_output=True, text=True, timeout=900)
    report = run.stdout[-3000:] + run.stderr[-3000:]
    assert run.returncode == 0, report
    assert "on emscripten" in run.stdout, report  # it really ran inside Pyodide
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed and int(passed.group(1)) >= 10, report
