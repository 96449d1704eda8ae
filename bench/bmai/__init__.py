"""Measuring rulepress against BMAI, the Button Men AI (see README.md beside this file).

protocol.py talks to a BMAI binary; notation.py turns the engine's dice into BMAI's and lists
the rules BMAI lacks; matchups.py holds the match-ups; adapter.py turns a round state of the
engine into a BMAI position and BMAI's move into the engine's; stats.py has the intervals.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "generators") not in sys.path:
    sys.path.insert(0, str(ROOT / "generators"))


@lru_cache(maxsize=1)
def engine_data() -> dict:
    """The project's data as the engine gets it (loaded once)."""
    from rulepress.data.load import load_catalog
    return load_catalog(ROOT).engine_data()


def swing_ranges() -> dict[str, tuple[int, int]]:
    from rulepress.engine.buttonmen.dice import swing_ranges as ranges
    return ranges(engine_data()["buttonmen"])
