"""Every printable deck and document, by name: one builder per game module.

A builder takes (project, catalog) and returns a Deck (card sheets) or a
Document (a flowing quick reference). `rulepress cards <name>` and the build's
PDF step both read this registry.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ...data.catalog import Catalog
from ..layout import Deck
from . import brikwars, buttonmen, calibration, evilrobots, quickref

Builder = Callable[[Path, Catalog], Deck | quickref.Document | None]

# name -> builder; a builder returns None when its game has no data yet
BUILDERS: dict[str, Builder] = {
    "evilrobots-cards": evilrobots.deck,
    "buttonmen-cards": buttonmen.deck,
    **brikwars.BUILDERS,
    **quickref.BUILDERS,
    "calibration": calibration.deck,
}
