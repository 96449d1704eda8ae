"""Where the seed texts are: `RULEPRESS_SEEDS`, else the first `shared/seeds` folder found
beside the repository or beside one of its parents (CI keeps them at ../shared/seeds)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BRIKWARS = "003_6de682f32705c108.txt"


def seeds_dir() -> Path:
    named = os.environ.get("RULEPRESS_SEEDS")
    candidates = [Path(named)] if named else [p / "shared" / "seeds" for p in ROOT.parents]
    for folder in candidates:
        if (folder / BRIKWARS).is_file():
            return folder
    pytest.fail("the seed texts are missing: put them at ../shared/seeds or set RULEPRESS_SEEDS")


def seed_lines(name: str = BRIKWARS) -> list[str]:
    """The seed's lines; index 0 is line 1, as records cite them."""
    return (seeds_dir() / name).read_text(encoding="utf-8").splitlines()
