"""BrikWars: stat cards for units (single-sided), fold-over specialist cards (stats on the
front, specialties on the back), a weapons reference set and a QuikWars reference card.

The rulebook lost its die pictures, so a value is marked by how it was obtained:
"°" recovered from the book's other prose, "*" inferred; stated values carry no mark. A
blank is shown by the kind the data gives it (notation/brikwars.py, shared with the site):
"?" lost or left out where the book should give it, "—" does not apply (Body Armor has no
Use; a Shield deals no Damage), "varies" no fixed number on purpose.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence, TypedDict

from ...data.catalog import Catalog
from ...notation.brikwars import WORDS, blank_mark
from ..layout import Card, Deck, Face, text_size

MARKS = {"recovered": "°", "inferred": "*"}
LEGEND = {"°": "° recovered from the book's prose", "*": "* inferred",
          "?": "? " + WORDS["lost"], "—": "— " + WORDS["not-applicable"]}
BODY_STEPS = ((260, 7.5), (380, 6.8), (520, 6.2))
NAME_STEPS = ((18, 10.5), (24, 8.5), (32, 7.0))
class SizeLimit(TypedDict):
    """A deck's smallest card and why (layout.Deck's fields of the same names)."""

    smallest: tuple[float, float]
    too_small: str


# A stat table, its rules text and its legend need a card at least bridge-sized: on a mini
# card (44 x 63 mm) they would be set below 6 pt or run past the card.
NOT_MINI: SizeLimit = {"smallest": (57.0, 88.0),
            "too_small": "a BrikWars card's stat table, rules text and legend do not fit "
                         "a smaller card at 6 pt or more; use poker, us-poker or bridge"}
# The weapons' rules texts and the QuikWars tables need the poker card's width too.
POKER_ONLY: SizeLimit = {"smallest": (63.0, 88.0),
              "too_small": "its stat tables and rules texts need a card at least 63 mm "
                           "wide to stay at 6 pt or more; use poker or us-poker"}
GROUPS = {"minifig-weapon": "minifig weapon", "minifig-equipment": "minifig equipment",
          "bastard-gun": "bastard gun", "horse": "horses", "jousting": "jousting",
          "heroic": "heroic weapon", "wand-staff": "wand or staff", "quikwars": "QuikWars"}


def fact(value, unit: str = "") -> str:
    """A Fact (or a plain value) as card text, with its how-obtained mark."""
    if value is None:
        return "?"
    if hasattr(value, "obtained"):
        if value.value is None:
            return "?"
        mark = MARKS.get(value.obtained or "", "")
        return f"{_number(value.value)}{unit}{mark}"
    return f"{_number(value)}{unit}"


def field(record, name: str, unit: str = "") -> str:
    """A record's field as card text: its value and mark, "?" when unknown, "—" when
    it does not apply, "varies" when the book gives no fixed number on purpose."""
    value = getattr(record, name)
    if value is None:
        return blank_mark(record, name)
    return fact(value, unit)


def _marked(value: str, mark: str) -> bool:
    """Whether a card value carries `mark` (a formula's "Size*2" is no "*" mark)."""
    if mark == "°":
        return mark in value
    return value == mark or bool(re.search(rf"\d{re.escape(mark)}(\s|$)", value))


def _number(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


SKILL_DIE = "S: the wielder's Skill die."
SKILL_DIE_PATTERN = r"\bS\b|\dS"  # a Damage written with the wielder's Skill die


def legend(values: list[str], damages: Sequence[str] = ()) -> str:
    """The marks used in `values` explained, and S when a Damage in `damages` uses it."""
    said = " · ".join(text for mark, text in LEGEND.items()
                      if any(_marked(value, mark) for value in values))
    if any(re.search(SKILL_DIE_PATTERN, value) for value in damages):
        said = f"{SKILL_DIE} {said}".strip()
    return said


def _face(template: str, title: str, sub: str, rows: list[tuple[str, str]], text: str,
          **extra) -> Face:
    legend_ = legend([value for _, value in rows],
                     [value for label, value in rows if label == "Damage"])
    size = text_size(" ".join(v for _, v in rows) * 2 + text + legend_, BODY_STEPS)
    return Face(template, {"sub": sub, "rows": rows, "text": text, "legend": legend_,
                           "size": size, "name_size": text_size(title, NAME_STEPS), **extra})


def units(project: Path, catalog: Catalog) -> Deck | None:
    records = [u for u in catalog.all("brikwars.unit") if u.rules == "brikwars"]
    if not records:
        return None
    cards = []
    for unit in records:
        rows = [("Skill", field(unit, "skill")), ("Move", field(unit, "move", '"')),
                ("Armor", unit.armor), ("Hits to kill", str(unit.hits_to_kill))]
        if unit.deflection:
            rows.append(("Deflection", str(unit.deflection)))
        if unit.size is not None:
            rows.append(("Size", fact(unit.size, '"')))  # a stated size only
        if unit.attacks_per_turn != 1:
            rows.append(("Attacks a turn", str(unit.attacks_per_turn)))
        rows += [("Cost", field(unit, "cost_cp", " CP")),
                 ("Unit inches", field(unit, "unit_inches"))]
        cards.append(Card(f"unit/{unit.id}", unit.name,
                          _face("stats", unit.name, "BrikWars unit", rows, unit.summary)))
    return Deck("brikwars-units", "BrikWars unit cards", "brikwars", cards, **NOT_MINI,
                duplex=False,
                description=f"{len(cards)} single-sided stat cards, one per unit")


def specialists(project: Path, catalog: Catalog) -> Deck | None:
    records = catalog.all("brikwars.specialist")
    if not records:
        return None
    cards = []
    for spec in records:
        rows = [("Skill", field(spec, "skill")), ("Move", field(spec, "move", '"')),
                ("Armor", spec.armor), ("Cost", field(spec, "cost_cp", " CP")),
                ("Unit inches", field(spec, "unit_inches"))]
        text = spec.summary + (f" Needs: {spec.requirement}" if spec.requirement else "")
        front = _face("stats", spec.name, "BrikWars specialist", rows, text)
        entries = []
        for specialty_id in spec.specialties:
            specialty = catalog.get("brikwars.specialty", specialty_id)
            if specialty is None:
                continue  # the reference check names the broken id
            die = fact(specialty.die) if specialty.die else ""
            entries.append({"name": specialty.name + (f" ({die})" if die else ""),
                            "text": specialty.rule})
        if not entries:
            entries.append({"name": "No specialties", "text": "A plain unit of its kind."})
        size = text_size(" ".join(e["name"] + e["text"] for e in entries), BODY_STEPS)
        back = Face("entries", {"heading": f"{spec.name}: specialties", "entries": entries,
                                "size": size})
        cards.append(Card(f"specialist/{spec.id}", spec.name, front, back))
    return Deck("brikwars-specialists", "BrikWars specialist cards", "brikwars", cards,
                **NOT_MINI, fold=True, description=f"{len(cards)} fold-over cards: stats on the front, "
                                       "specialties on the back")


def weapons(project: Path, catalog: Catalog) -> Deck | None:
    items = [i for i in catalog.all("brikwars.item") if i.rules == "brikwars"]
    scaled = catalog.all("brikwars.scaled_weapon")
    if not items and not scaled:
        return None
    cards = []
    for item in items:
        rows = [("Use", field(item, "use")), ("Range", field(item, "range")),
                ("Damage", field(item, "damage"))]
        if item.hands:
            rows.append(("Hands", str(item.hands)))
        if item.armor_bonus:
            rows.append(("Armor", "+" + item.armor_bonus))
        if item.deflection:
            rows.append(("Deflection", str(item.deflection)))
        rows.append(("Cost", field(item, "cost_cp", " CP")))
        sub = GROUPS.get(item.group, item.group) + (f" · size {item.size_class}"
                                                    if item.size_class else "")
        cards.append(Card(f"item/{item.id}", item.name,
                          _face("stats", item.name, sub, rows, item.effect)))
    for weapon in scaled:
        unit = weapon.size_unit
        damage = field(weapon, "damage")
        rows = [("Use", field(weapon, "use")),
                ("Range", f'{weapon.range}"' if weapon.range else field(weapon, "range")),
                ("Damage", damage + (f" × {unit}" if weapon.damage_scales
                                     and damage not in "?—" else "")),
                ("Cost", f"{weapon.cost_cp} CP")]
        cards.append(Card(f"scaled/{weapon.id}", weapon.name,
                          _face("stats", weapon.name, f"size-scaled weapon ({unit})", rows,
                                weapon.effect)))
    return Deck("brikwars-weapons", "BrikWars weapons reference", "brikwars", cards,
                **POKER_ONLY, duplex=False, description=f"{len(cards)} single-sided weapon and equipment "
                                          "cards, size-scaled weapons included")


def quikwars(project: Path, catalog: Catalog) -> Deck | None:
    units_ = [u for u in catalog.all("brikwars.unit") if u.rules == "quikwars"]
    items = [i for i in catalog.all("brikwars.item") if i.rules == "quikwars"]
    if not units_ and not items:
        return None
    # each summary under its unit's or weapon's name, so they do not run together
    unit_names = [u.name.replace("QuikWars ", "") for u in units_]
    item_names = [i.name.replace(" (QuikWars)", "") for i in items]
    front = Face("table", {"heading": "QuikWars units", "columns": ["", "Move", "Armor",
                                                                  "Attacks"],
                           "rows": [[name, field(u, "move", '"'), u.armor,
                                     str(u.attacks_per_turn)]
                                    for name, u in zip(unit_names, units_)],
                           "notes": [[name, u.summary] for name, u in zip(unit_names, units_)],
                           "size": 6.2})
    back = Face("table", {"heading": "QuikWars weapons", "columns": ["", "Range", "Dice"],
                          "rows": [[name, field(i, "range"), field(i, "damage")]
                                   for name, i in zip(item_names, items)],
                          "notes": [[name, i.effect] for name, i in zip(item_names, items)],
                          "size": 6.2})
    card = Card("quikwars/reference", "QuikWars reference", front, back)
    return Deck("brikwars-quikwars", "QuikWars reference card", "brikwars", [card], **POKER_ONLY,
                fold=True,
                description="one fold-over card: units on the front, weapons on the back")


BUILDERS = {"brikwars-units": units, "brikwars-specialists": specialists,
            "brikwars-weapons": weapons, "brikwars-quikwars": quikwars}
