"""What `rulepress build` does with the data, done in memory, so `rulepress check` fails
on any data the build would fail on.

The data checks (data/checks/) name the file and line of each mistake they know; this
runs what the build itself runs on the data, writing nothing and rendering nothing:
the engine's export, an attack with every weapon, Armor roll and rolled modifier (the
pages and calculators ask the engine for odds, and it refuses a roll it cannot work out
quickly), every page of the site
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
    problems = list(_dice_answerable(catalog))
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


# Where the data holds a roll the engine works with, and how to ask the engine about it:
# kind -> (field, the request fields that carry it).
ARMOR_FIELDS = {"brikwars.unit": "armor", "brikwars.specialist": "armor",
                "brikwars.structure_level": "armor", "brikwars.item": "armor_bonus"}


def _dice_answerable(catalog: Catalog) -> Iterator[Problem]:
    """The engine answers an attack with every weapon's damage (as its page asks), every
    Armor roll and every rolled modifier: a roll it parses but will not work out, such as
    200d100, is found by the engine's own limits, at its line."""
    from .engine.query import answer  # the one door to the engine

    data = catalog.engine_data()

    def ask(entry: Entry, path: tuple, text: str, request: dict) -> Iterator[Problem]:
        response = answer({"game": "brikwars", "op": "attack", **request}, data)
        if not response.get("ok"):
            error = response.get("error") or {}
            yield entry.problem(path, "engine-refuses",
                                f"the engine refuses to work out '{text}': "
                                f"{error.get('message', error)}",
                                "write the roll the book gives; the site and the calculators "
                                "ask the engine for odds with it")

    for kind, extra in (("brikwars.item", {}), ("brikwars.scaled_weapon", {"weapon_size": 1})):
        for entry in catalog.entries.get(kind, {}).values():
            damage = entry.record.damage
            if damage is None or damage.value is None or \
                    getattr(entry.record, "rules", "brikwars") == "quikwars":
                continue
            use = {} if getattr(entry.record, "use", None) is not None else {"use": 3}
            yield from ask(entry, ("damage", "value"), damage.value,  # (a Use from how the
                           {"weapon": entry.record.id, **ODDS_PROBE, **extra, **use})  # weapon is used)
    for kind, field in ARMOR_FIELDS.items():
        for entry in catalog.entries.get(kind, {}).values():
            value = getattr(entry.record, field)
            path: tuple = (field,)
            if value is not None and hasattr(value, "value"):
                value, path = value.value, (field, "value")
            if isinstance(value, str) and not value.strip().isdigit():
                yield from ask(entry, path, value, {"skill": "d6", "armor": value})
    for entry in catalog.entries.get("brikwars.modifier", {}).values():
        if entry.record.dice is not None:
            yield from ask(entry, ("dice",), entry.record.dice,
                           {"skill": "d6", "armor": "4", "modifiers": [entry.record.id]})


def _export(project: Path, catalog: Catalog) -> None:
    json.dumps(catalog.engine_data(), allow_nan=False)  # what the browser bundle carries


def _pages(project: Path, catalog: Catalog) -> None:
    from .handoff import PrintManifest
    from .website.pages import collect_pages

    collect_pages(project, catalog, PrintManifest.none_made())


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
