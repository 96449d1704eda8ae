"""The site's scripts (site_overrides/assets/javascripts/): their Node unit tests
(tests/frontend/*.test.js, `node --test`), ESLint and Prettier, each run as `npm run` would,
from the versions package-lock.json pins."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("tool", ["eslint", "prettier"])
def test_the_tool_is_installed(tool):
    assert (BIN / tool).exists(), f"{tool} is missing: run scripts/setup.sh (npm ci)"


def test_the_unit_tests_pass():
    tests = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "frontend").glob("*.test.js"))
    assert len(tests) >= 5
    result = run("node", "--test", *tests)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout


def test_eslint_finds_nothing():
    result = run(str(BIN / "eslint"), "--max-warnings", "0", ".")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def test_prettier_finds_nothing_to_change():
    result = run(str(BIN / "prettier"), "--check", ".")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def test_no_script_parses_a_string_as_html():
    """One escaping path: markup only through lit-html templates (shared/html.js). ESLint
    forbids the sinks by rule; this also catches a rule switched off in a comment."""
    scripts = ROOT / "site_overrides" / "assets" / "javascripts"
    sinks = re.compile(r"\.\s*(innerHTML|outerHTML|insertAdjacentHTML)\b|document\.write|eslint-disable")
    for path in sorted(scripts.rglob("*.*js")):
        found = sinks.search(path.read_text(encoding="utf-8"))
        assert found is None, f"{path.relative_to(ROOT)} uses {found.group(0)}"
