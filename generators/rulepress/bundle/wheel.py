"""Build the engine into its own pure-Python wheel (`rulepress_engine-…-py3-none-any.whl`).

The wheel holds `rulepress/__init__.py` and `rulepress/engine/` only: nothing that
imports YAML, pydantic, Jinja, WeasyPrint or MkDocs. It is built with the
ordinary `python -m build` from a staged copy, made lean for the browser
(lean_wheel.py: no comments or docstrings, stored entries), and cached by the hash of
its sources so an unchanged engine is not rebuilt.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import rulepress

from ..problems import BuildError
from . import lean_wheel as lean_wheel_module
from .lean_wheel import lean_wheel

PACKAGE = Path(rulepress.__file__).resolve().parent
DIST_NAME = "rulepress-engine"

_PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "{name}"
version = "{version}"
description = "rulepress rules engine: exact odds for Button Men, Evil Robots and BrikWars."
requires-python = ">=3.11"

[tool.setuptools.packages.find]
include = ["rulepress", "rulepress.engine*"]
"""


class WheelError(BuildError):
    pass


def engine_sources() -> list[Path]:
    """The files that go into the wheel, in a stable order."""
    files = [PACKAGE / "__init__.py"]
    files += sorted(p for p in (PACKAGE / "engine").rglob("*.py") if "__pycache__" not in p.parts)
    return files


def sources_digest() -> str:
    digest = hashlib.sha256(Path(lean_wheel_module.__file__).read_bytes())
    for path in engine_sources():
        digest.update(path.relative_to(PACKAGE).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build_engine_wheel(cache: Path) -> Path:
    """The engine wheel, built now or taken from `cache` when the sources are unchanged."""
    version = rulepress.__version__
    wheel_name = f"{DIST_NAME.replace('-', '_')}-{version}-py3-none-any.whl"
    cached = cache / sources_digest() / wheel_name
    if cached.is_file():
        return cached
    stage = cache / f"stage-{os.getpid()}"  # builds sharing the cache may run side by side
    shutil.rmtree(stage, ignore_errors=True)
    for path in engine_sources():
        target = stage / "rulepress" / path.relative_to(PACKAGE)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    (stage / "pyproject.toml").write_text(_PYPROJECT.format(name=DIST_NAME, version=version))
    out = cache / f"out-{os.getpid()}"  # the wheel appears in the cache whole (rename)
    run = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation",
                          "--outdir", str(out), str(stage)], capture_output=True, text=True)
    shutil.rmtree(stage, ignore_errors=True)
    if run.returncode != 0 or not (out / wheel_name).is_file():
        raise WheelError(f"building the engine wheel failed:\n{run.stdout[-2000:]}"
                         f"{run.stderr[-2000:]}")
    cached.parent.mkdir(parents=True, exist_ok=True)
    lean_wheel(out / wheel_name, out / "lean.whl")  # what the browser gets (lean_wheel.py)
    (out / "lean.whl").replace(cached)
    shutil.rmtree(out, ignore_errors=True)
    return cached
