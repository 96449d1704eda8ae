"""Quick-reference sheets, one per game, from the same records as the site's pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...data.catalog import Catalog
from ...engine.evilrobots.allegiance import allegiance_odds
from ...engine.exact import fraction_text


@dataclass(frozen=True)
class Document:
    """A flowing document (not card sheets): pages/<template>.html.j2 with its fields."""

    name: str
    title: str
    game: str
    template: str
    fields: dict[str, Any] = field(default_factory=dict)
    description: str = ""


def buttonmen(project: Path, catalog: Catalog) -> Document | None:
    skills = catalog.all("buttonmen.skill")
    if not skills:
        return None
    swings = sorted(catalog.all("buttonmen.swing_letter"), key=lambda s: s.id)
    rows = [{"name": s.name, "mark": s.letter or s.bmo_notation,
             "drawn": s.button_notation or "—", "summary": s.summary or "",
             "rules": s.rules} for s in sorted(skills, key=lambda s: s.name)]
    return Document("buttonmen-quickref", "Button Men quick reference", "buttonmen",
                    "quickref-buttonmen", {
                        "skills": rows,
                        "swings": [{"letter": s.id, "low": s.low, "high": s.high}
                                   for s in swings]},
                    description="every die skill and swing letter on one sheet")


def evilrobots(project: Path, catalog: Catalog) -> Document | None:
    bots = catalog.all("evilrobots.bot")
    if not bots:
        return None
    coins = []
    for rule in catalog.all("evilrobots.allegiance_rule"):
        odds = allegiance_odds(rule.model_dump(mode="json"))
        coins.append({"name": rule.name, "flips": rule.flips,
                      "outcomes": [{"heads": o.heads, "team": o.team,
                                    "odds": fraction_text(odds[o.team])}
                                   for o in sorted(rule.outcomes, key=lambda o: -o.heads)]})
    decks = [{"name": d.name, "low": d.low, "high": d.high,
              "copies": d.copies_per_level.value, "size": d.size.value}
             for d in catalog.all("evilrobots.power_deck")]
    kinds: dict[str, list[dict[str, str]]] = {}
    for bot in sorted(bots, key=lambda b: (b.kind, b.name)):
        kinds.setdefault(bot.kind, []).append({"name": bot.name, "ability": bot.ability})
    return Document("evilrobots-quickref", "Evil Robots quick reference", "evilrobots",
                    "quickref-evilrobots", {"kinds": kinds, "coins": coins, "decks": decks},
                    description="every robot, the power deck and the allegiance coins")


def brikwars(project: Path, catalog: Catalog) -> Document | None:
    """Both sides of one sheet: the turn, attacks, close combat, armor and dice (the text is
    the template's), with the unit stats, weapons and modifiers taken from the data."""
    items = [i for i in catalog.all("brikwars.item")
             if i.group in ("minifig-weapon", "minifig-equipment")]
    if not items:
        return None
    units = {u.id: u for u in catalog.all("brikwars.unit")}
    stats = [{"name": u.name, "skill": _value(u.skill) or "—", "move": f'{u.move}"',
              "armor": u.armor, "cost": _value(u.cost_cp)}
             for key in ("minifig", "hero", "horse") if (u := units.get(key))]
    weapons = [{"name": i.name, "size": i.size_class or "—",
                "cost": _value(i.cost_cp) or "—", "use": "—" if i.use is None else i.use,
                "range": i.range or "—",
                "effect": _value(i.damage) or (f"Armor +{i.armor_bonus}" if i.armor_bonus
                                               else "Deflection" if i.deflection else "—")}
               for i in items]
    mods = [{"name": m.name, "value": (f"{m.value:+d}" if m.value is not None
                                       else f"{'−' if m.sign < 0 else '+'}{m.dice}"),
             "to": m.applies_to.replace("-", " ")} for m in catalog.all("brikwars.modifier")]
    return Document("brikwars-quickref", "BrikWars quick reference", "brikwars",
                    "quickref-brikwars", {"units": stats, "weapons": weapons, "mods": mods},
                    description="the turn, attacks, close combat, armor and the dice on "
                                "both sides of one sheet")


def _value(fact: Any) -> str:
    """A Fact's value as short text ('' when unknown); whole numbers without '.0'."""
    value = getattr(fact, "value", None)
    if value is None:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


BUILDERS = {"buttonmen-quickref": buttonmen, "evilrobots-quickref": evilrobots,
            "brikwars-quickref": brikwars}
