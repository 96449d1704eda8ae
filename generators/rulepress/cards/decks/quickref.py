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
    kinds = {}
    for bot in sorted(bots, key=lambda b: (b.kind, b.name)):
        kinds.setdefault(bot.kind, []).append({"name": bot.name, "ability": bot.ability})
    return Document("evilrobots-quickref", "Evil Robots quick reference", "evilrobots",
                    "quickref-evilrobots", {"kinds": kinds, "coins": coins, "decks": decks},
                    description="every robot, the power deck and the allegiance coins")


BUILDERS = {"buttonmen-quickref": buttonmen, "evilrobots-quickref": evilrobots}
