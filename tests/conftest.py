"""Shared fixtures: the real project folder, and a scratch copy of it to break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulepress.data.load import load_catalog

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PARTS = ("data", "content", "site_overrides", "mkdocs.yml")


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def engine_data() -> dict:
    """The real data, exported for the engine exactly as the CLI and browser get it."""
    return load_catalog(ROOT).engine_data()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project's inputs that a test may change freely."""
    for part in PROJECT_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, tmp_path / part)
        else:
            shutil.copy2(source, tmp_path / part)
    return tmp_path
