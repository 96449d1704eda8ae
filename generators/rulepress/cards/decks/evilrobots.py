"""Evil Robots: 18 robot cards and the power deck, with backs and a credits sheet."""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from ...data.catalog import Catalog
from ...icons import credit, load_icons
from ..layout import Card, Deck, Face, Page

BACK_ICON = "robot-golem"
POWER_ICON = "lightning-helix"
ABILITY_SIZE = 9.0  # the largest the ability is set; measured to fit, down to 6 pt


def deck(project: Path, catalog: Catalog) -> Deck | None:
    bots = catalog.all("evilrobots.bot")
    powers = catalog.all("evilrobots.power_deck")
    if not bots and not powers:
        return None
    icons = load_icons(project)
    used = sorted({bot.icon for bot in bots} | {BACK_ICON, POWER_ICON})
    robot_back = Face("robot-back", {"icon": _icon(icons, BACK_ICON, "#d8d8e0"), "shared": True})
    # each robot's number is its place among the robots, whatever else is printed
    cards = [Card(f"robot/{bot.id}", bot.name,
                  Face("robot", {"kind": bot.kind, "css": f"k-{bot.kind}", "ability": bot.ability,
                                 "size": ABILITY_SIZE,
                                 "icon": _icon(icons, bot.icon, "#111"), "number": number,
                                 "of": len(bots)}),
                  robot_back)
             for number, bot in enumerate(bots, start=1)]
    power_back = Face("power-back", {"icon": _icon(icons, POWER_ICON, "#f0d8e4"), "shared": True})
    for power in powers:
        copies = power.copies_per_level.value or 1
        for level in range(power.low, power.high + 1):
            cards.append(Card(f"power/{level}", f"Power {level}",
                              Face("power", {"level": level, "rule": POWER_RULE}),
                              power_back, copies=copies))
    credits = Page("credits", {"title": "Evil Robots print-and-play: credits", "paragraphs": [
        "These cards restate the robots and power levels of Evil Robots (rules v0.8/v0.81, from "
        "its v1 rules page) in our own words; see the rules site for the full rules.",
        f"Robot art: {credit(used)}",
        f"Contents: {len(bots)} robot cards and "
        f"{sum(c.copies for c in cards if c.key.startswith('power/'))} power cards. Print "
        "double-sided, flipping on the long edge, at 100% scale; check your printer with "
        "the calibration sheet first."]})
    return Deck("evilrobots-cards", "Evil Robots cards", "evilrobots", cards, [credits],
                description=f"{len(bots)} robot cards and the power deck, and a credits "
                            "sheet", icons=tuple(used))


def _icon(icons, name: str, colour: str) -> Markup:
    # WeasyPrint draws an SVG's currentColor as black, so the colour is written in
    return Markup(icons.svg(name).replace("currentColor", colour))


# Own words for seed 002 lines 6 and 24: power decides turn order, and one card
# turned up in the centre sets the round's points.
POWER_RULE = ("Higher powers act earlier. A power card turned up in the centre gives the "
              "points the round is worth.")
