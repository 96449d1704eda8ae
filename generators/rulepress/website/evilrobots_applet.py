"""Export what the Evil Robots phone applet needs as one JSON file next to its page.

The applet is plain JavaScript (no Pyodide: assets/javascripts/evilrobots/phone-applet.js)
so it opens at once and works offline; it reads evilrobots/applet/data.json: the robot
cards with their scoring effects and their icons as SVG markup (which the page rebuilds
from an allow-list of elements), the power deck, the coin rule, the player limits and the turn actions with what
each reveals.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..data.catalog import Catalog
from ..icons import credit, load_icons
from .app_icons import App, app_files

DATA_PATH = "evilrobots/applet/data.json"
# The two pages install as apps (app_icons.py): each has its own manifest and icon.
APPS = (App("evilrobots/applet", "Evil Robots phone applet", "Evil Robots",
            "Your robot, power card and coin for a round of Evil Robots; works offline.",
            "robot-antennas"),
        App("evilrobots/table", "Evil Robots table screen", "ER table",
            "Timer, countdown caller, pass-phase order and scoreboard for the host of an "
            "Evil Robots game; works offline.", "tabletop-players"))
# Icons of the applet itself (the robots' own icons are data): team coins and buttons.
TEAM_ICONS = {"Good": "angel-wings", "Evil": "imp", "Neutral": "scales"}
# A shown card's button hides it (a closed eye); a hidden card's shows it (an open eye).
BUTTON_ICONS = {"hide": "sight-disabled", "show": "eyeball", "random": "rolling-dices",
                "info": "info"}


def applet_data(project: Path, catalog: Catalog) -> dict:
    icons = load_icons(project)
    deck = catalog.all("evilrobots.power_deck")[0]
    coin = catalog.record("evilrobots.allegiance_rule", "coin-flips")
    rules = catalog.all("evilrobots.round_rule")[0]
    return {
        # `scoring`: the table screen reads PlusBot's power bonus from it
        "bots": [{"id": b.id, "name": b.name, "kind": b.kind, "ability": b.ability,
                  "scoring": {"effect": b.scoring.effect, "points": b.scoring.points},
                  "svg": icons.svg(b.icon, "robot-icon")}
                 for b in catalog.all("evilrobots.bot")],
        "power_deck": {"low": deck.low, "high": deck.high,
                       "copies": deck.copies_per_level.value},
        "coin": {"flips": coin.flips,
                 "outcomes": [o.model_dump() for o in coin.outcomes]},
        "round": {"win_points": rules.win_points.value,
                  "fallback_points": rules.fallback_points.value,
                  "extra_robot_power": rules.extra_robot_power.value,
                  "debate_seconds": 60 * rules.debate_minutes.value
                  if rules.debate_minutes else None},
        "players": {"min": rules.min_players.value,
                    # the points card needs one power card beyond the seats
                    "max": min(rules.max_players.value, len(catalog.all("evilrobots.bot")),
                               len(deck.cards()) - 1)},
        # `robots`/`replaces`: an action only for some robots, standing in for another
        "actions": [{"id": a.id, "name": a.name, "when": a.when, "summary": a.summary,
                     "reveals": list(a.reveals), "robots": list(a.robots),
                     "replaces": a.replaces} for a in catalog.all("evilrobots.action")],
        "team_icons": {team: icons.svg(name, "team-icon") for team, name in TEAM_ICONS.items()},
        "button_icons": {key: icons.svg(name, "button-icon")
                         for key, name in BUTTON_ICONS.items()},
        "credit": credit(site_icons(catalog)),
    }


def site_icons(catalog: Catalog) -> set[str]:
    """Every icon the site draws: the robots' own (data) and the applet's and the apps'
    (none without robots)."""
    bots = {b.icon for b in catalog.all("evilrobots.bot")}
    own = set(TEAM_ICONS.values()) | set(BUTTON_ICONS.values()) | {app.icon for app in APPS}
    return bots | own if bots else set()


def applet_pages(project: Path, catalog: Catalog) -> dict[str, str | bytes]:
    pages: dict[str, str | bytes] = {
        DATA_PATH: json.dumps(applet_data(project, catalog), ensure_ascii=False)}
    if catalog.all("evilrobots.bot"):  # the apps draw the robots' icon set
        pages.update(app_files(load_icons(project), APPS))
    return pages
