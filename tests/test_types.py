"""mypy, at its default settings, finds no error anywhere in generators/: the engine, the data
loader, the website, the cards and the commands."""

from __future__ import annotations

import subprocess
import sys

CHECKED = ["generators/"]


def test_mypy_is_clean(root, tmp_path_factory):
    cache = tmp_path_factory.mktemp("mypy-cache")  # keeps the checkout clean
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *CHECKED],
                         cwd=root, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout
