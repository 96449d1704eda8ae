"""Checks that need more than one field: one module per game, plus `common`.

Each check takes the whole catalog and yields problems; `load` runs them all.
To add one, write it in the game's module and list it in that module's CHECKS.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ...problems import Problem
from ..catalog import Catalog
from . import brikwars, buttonmen, common, evilrobots, search_aliases

Check = Callable[[Catalog], Iterable[Problem]]

CHECKS: tuple[Check, ...] = (*common.CHECKS, *brikwars.CHECKS, *buttonmen.CHECKS,
                             *evilrobots.CHECKS, *search_aliases.CHECKS)
