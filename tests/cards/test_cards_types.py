"""mypy, at its default settings (as tests/test_types.py runs it for the engine and the
data loader), finds no error in the cards package or the `cards` command."""

from __future__ import annotations

import subprocess
import sys

CHECKED = ["generators/rulepress/cards/", "generators/rulepress/commands/cards.py"]


def test_mypy_is_clean_on_the_cards(root, tmp_path_factory):
    cache = tmp_path_factory.mktemp("mypy-cache")  # keeps the checkout clean
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *CHECKED],
                         cwd=root, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout
