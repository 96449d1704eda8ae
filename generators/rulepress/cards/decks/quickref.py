"""Quick-reference sheets, one per game, from the same records as the site's pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ... import figures
from ...data.catalog import Catalog
from ...engine.buttonmen.skills import FACTS
from ...engine.evilrobots.allegiance import allegiance_odds
from ...engine.exact import fraction_text
from ...notation.brikwars import blank_mark


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
    # the dice left out of the initiative count: the engine's own declarations
    uncounted = sorted(f.name for f in FACTS.values() if f.initiative == "excluded")
    return Document("buttonmen-quickref", "Button Men quick reference", "buttonmen",
                    "quickref-buttonmen", {
                        "skills": rows, "wins": WINS_NEEDED,
                        "uncounted": _and_list([f"{name} dice" for name in uncounted]
                                               + ["the button Giant never goes first"]),
                        "swings": [{"letter": s.id, "low": s.low, "high": s.high}
                                   for s in swings]},
                    description="a round, going first, the attacks and scoring on one "
                                "side of a sheet; every die skill and swing letter on the "
                                "other")


WINS_NEEDED = 3  # the `round` query's default wins_needed (Button Men Online's match)


def _and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + "; " + items[-1]


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
    rules = catalog.all("evilrobots.round_rule")
    rule = rules[-1] if rules else None
    round_facts = {"name": "", "min_players": "", "max_players": "", "debate_minutes": None,
                   "tie_team": "", "fallback_points": "", "extra_robot_power": None,
                   "extra_robot_team": "", "win_points": ""}
    if rule is not None:
        round_facts = {key: (getattr(getattr(rule, key), "value", getattr(rule, key)))
                       for key in round_facts}
    actions = []
    for when, label in ACTION_GROUPS:
        listed = [{"name": a.name, "summary": a.summary,
                   "reveals": ", ".join(REVEALS.get(r, r) for r in a.reveals) or "nothing"}
                  for a in catalog.all("evilrobots.action") if a.when == when]
        if listed:
            actions.append({"label": label, "actions": listed})
    return Document("evilrobots-quickref", "Evil Robots quick reference", "evilrobots",
                    "quickref-evilrobots", {"kinds": kinds, "coins": coins, "decks": decks,
                                            "round": round_facts, "actions": actions},
                    description="setting up, the round's phases, the actions, conversions "
                                "and scoring on one side of a sheet; every robot on the other")


ACTION_GROUPS = (("debate", "In the debate"), ("turn", "On your turn"),
                 ("pass-phase", "In the pass phase"), ("reaction", "Any time its trigger comes"),
                 ("target", "When someone tries to convert you"))
REVEALS = {"power": "your power card", "robot": "your robot card",
           "allegiance": "an allegiance"}


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
    # a blank says why, as the cards and the site say it (notation/brikwars.py): "varies"
    # for the Thrown Object's Use, Damage and cost, "—" where a value does not apply
    weapons = [{"name": i.name, "size": i.size_class or "—",
                "cost": _value(i.cost_cp) or blank_mark(i, "cost_cp"),
                "use": blank_mark(i, "use") if i.use is None else i.use,
                "range": i.range or blank_mark(i, "range"),
                "effect": _value(i.damage) or (f"Armor +{i.armor_bonus}" if i.armor_bonus
                                               else "Deflection" if i.deflection
                                               else blank_mark(i, "damage"))}
               for i in items]
    mods = [{"name": m.name, "value": (f"{m.value:+d}" if m.value is not None
                                       else f"{'−' if m.sign < 0 else '+'}{m.dice}"),
             "to": m.applies_to.replace("-", " ")} for m in catalog.all("brikwars.modifier")]
    # the rules figures that fit the sheet's free room, beside their rules (the SVG escapes
    # its own text: rulepress.figures.svg)
    drawn = figures.draw(catalog, list(QUICKREF_FIGURES))
    pictures = {key: {"svg": Markup(f.svg()), "caption": f.caption} for key, f in drawn.items()}
    return Document("brikwars-quickref", "BrikWars quick reference", "brikwars",
                    "quickref-brikwars", {"units": stats, "weapons": weapons, "mods": mods,
                                          "figures": pictures},
                    description="the turn, attacks, close combat, armor and the dice on "
                                "both sides of one sheet")


# Figures on the BrikWars sheet: each side stays one page (tests/cards/test_brikwars_quickref.py)
QUICKREF_FIGURES = ("charge-momentum", "parry-deflection")


def _value(fact: Any) -> str:
    """A Fact's value as short text ('' when unknown); whole numbers without '.0'."""
    value = getattr(fact, "value", None)
    if value is None:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


BUILDERS = {"buttonmen-quickref": buttonmen, "evilrobots-quickref": evilrobots,
            "brikwars-quickref": brikwars}
