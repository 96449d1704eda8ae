"""Figures for the BrikWars rules: the pictures the 2010 book's text lost, drawn as SVG from
the data and the rules engine (one module per family of figures, named for what it draws).

Each figure says in words what it shows (its accessible name and description), so a reader
who cannot see it loses nothing. The website puts a figure where a rules page has the line
`<!-- rulepress: figure KEY -->` (website/figures.py); the quick reference prints some of
them (cards/decks/quickref.py).
"""

from __future__ import annotations

from collections.abc import Callable

from ..data.catalog import Catalog
from . import (armor_piercing, charge_momentum, damage_track, explosion_rings, firing_arcs,
               knockback, movement_scale, parry_deflection)
from .svg import Figure

Drawer = Callable[[Catalog, dict], Figure]
# key -> the function that draws it (each takes the catalog and its engine data)
FIGURES: dict[str, Drawer] = {
    "explosion-rings": explosion_rings.draw,
    "firing-arcs": firing_arcs.draw_arcs,
    "turrets": firing_arcs.draw_turrets,
    "charge-momentum": charge_momentum.draw,
    "knockback": knockback.draw,
    "armor-piercing": armor_piercing.draw,
    "movement-scale": movement_scale.draw_moves,
    "unit-inches": movement_scale.draw_unit_inches,
    "parry-deflection": parry_deflection.draw,
    "damage-track": damage_track.draw,
}


def draw(catalog: Catalog, keys: list[str] | None = None) -> dict[str, Figure]:
    """The figures named (all by default), drawn from `catalog`."""
    data = catalog.engine_data()
    return {key: FIGURES[key](catalog, data) for key in (keys or FIGURES)}
