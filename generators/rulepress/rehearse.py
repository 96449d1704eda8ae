"""What `rulepress build` does with the data, done in memory, so `rulepress check` fails
on any data the build would fail on.

The data checks (data/checks/) name the file and line of each mistake they know; this
runs what the build itself runs on the data, writing nothing and rendering nothing:
the engine's export, an attack with every weapon (the weapon pages ask the engine for
odds, and the engine refuses damage it cannot work out quickly), every page of the site
(with every engine query a page makes) and the HTML of every card. Only MkDocs and the
PDF renderer are left out: they read the pages made here, not the data. `check` runs
it once the data checks pass, so a message here means a check is missing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterator

from .data.catalog import Catalog, Entry
from .problems import Problem

ODDS_PROBE = {"skill": "d6", "armor": "1d10"}  # the costliest armour a weapon page asks


def rehearse(project: Path, catalog: Catalog) -> list[Problem]:
    """Problems the build would meet with this (checked) data; [] when it would not."""
    problems = list(_weapons_answerable(catalog))
    if problems:
        return problems  # the pages would fail on the same weapons
    for label, step in _STEPS:
        try:
            step(project, catalog)
        except Exception as exc:  # noqa: BLE001  any failure of a build step is the finding
            problems.append(Problem("data", 0, 0, "build-would-fail",
                                    f"{label} would fail: {type(exc).__name__}: {exc}",
                                    hint="the data passes every check but this one; fix "
                                         "what the message names"))
    return problems


def _weapons_answerable(catalog: Catalog) -> Iterator[Problem]:
    """The engine answers an attack with every weapon's damage, as its page asks: damage
    it parses but will not work out (200d100) is found by the engine's own limits."""
    from .engine.query import answer  # the one door to the engine

    weapons: list[tuple[Entry, dict]] = [
        (e, {}) for e in catalog.entries.get("brikwars.item", {}).values()
               if e.record.rules != "quikwars"]
    weapons += [(e, {"weapon_size": 1})
                for e in catalog.entries.get("brikwars.scaled_weapon", {}).values()]
    data = catalog.engine_data()
    for entry, extra in weapons:
        damage = entry.record.damage
        if damage is None or damage.value is None:
            continue
        response = answer({"game": "brikwars", "op": "attack", "weapon": entry.record.id,
                           **ODDS_PROBE, **extra}, data)
        if not response.get("ok"):
            error = response.get("error") or {}
            yield entry.problem(("damage", "value"), "engine-refuses",
                                f"the engine refuses an attack with damage "
                                f"'{damage.value}': {error.get('message', error)}",
                                "write the damage the book gives; the weapon's page asks "
                                "the engine for its odds")


def _export(project: Path, catalog: Catalog) -> None:
    json.dumps(catalog.engine_data(), allow_nan=False)  # what the browser bundle carries


def _pages(project: Path, catalog: Catalog) -> None:
    from .website.pages import collect_pages

    collect_pages(project, catalog)


def _cards(project: Path, catalog: Catalog) -> None:
    from .cards.compose import PrintSettings
    from .cards.decks import BUILDERS
    from .cards.make import plan, product

    for name in BUILDERS:
        item = product(project, catalog, name)
        if item is not None:
            plan(item, PrintSettings("a4"), None)


_STEPS: tuple[tuple[str, Callable[[Path, Catalog], None]], ...] = (
    ("the engine's data for the browser", _export),
    ("the site's pages and their odds", _pages),
    ("the print-and-play cards", _cards),
)
