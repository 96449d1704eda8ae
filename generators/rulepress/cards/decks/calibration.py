"""The back-offset calibration sheet: a cross on every front, scales on every back.

Print it double-sided (long edge) at 100 %, hold it up to a light with the back
towards you, and read where each front cross shows through the back's scales.
Those two numbers (mm) are the printer's correction: pass them as
--back-offset-x and --back-offset-y; they move every back by that much.
"""

from __future__ import annotations

from pathlib import Path

from ...data.catalog import Catalog
from ..layout import Card, Deck, Face
from ..sheets import POKER

HALF_RANGE = 10  # ticks each side of the centre, every 0.5 mm: +-5 mm
STEP = 0.5


def deck(project: Path | None = None, catalog: Catalog | None = None,
         count: int = 9) -> Deck:
    centre = (POKER[0] / 2, POKER[1] / 2)
    ticks = [{"value": k * STEP, "long": k % 2 == 0, "label": _label(k * STEP)}
             for k in range(-HALF_RANGE, HALF_RANGE + 1)]
    front = {"cx": centre[0], "cy": centre[1], "css": "calibrate"}
    back = {**front, "ticks": ticks}
    cards = [Card(f"calibration/{n}", f"Calibration {n}",
                  Face("calibrate-front", {**front, "number": n}),
                  Face("calibrate-back", {**back, "number": n}))
             for n in range(1, count + 1)]
    return Deck("calibration", "Back-offset calibration sheet", "all", cards,
                card_size=POKER,  # its rulers are drawn for this size
                description="print this first: it measures how far your printer shifts "
                            "the backs")


def _label(value: float) -> str:
    if value % 2:  # a label every 2 mm: 1 mm apart they would touch
        return ""
    return f"{value:+.0f}" if value else "0"
