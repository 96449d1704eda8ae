"""`rulepress odds buttonmen --mine "…" --theirs "…"`: who goes first and the attack table.

Called by the `odds` verb (commands/odds.py) when the game is buttonmen; the
numbers come from the `odds` query op the site and browser use.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("buttonmen")
    for side in ("mine", "theirs"):
        group.add_argument(f"--{side}", metavar="RECIPE",
                           help=f"{side} recipe, e.g. \"(4) (8) s(X)\", or a button id or name")
        group.add_argument(f"--{side}-swing", action="append", default=[], metavar="L=N",
                           help="a swing size, e.g. X=10 (repeat for more letters)")
        group.add_argument(f"--{side}-option", action="append", default=[], type=int,
                           metavar="N", help="the chosen size of each option die, in order")


def request(args: argparse.Namespace) -> dict:
    """The `odds` query for the two recipes; ValueError names a bad flag."""
    if not (args.mine and args.theirs):
        raise ValueError("--mine and --theirs are required")
    players = [_player(getattr(args, side), getattr(args, f"{side}_swing"),
                       getattr(args, f"{side}_option")) for side in ("mine", "theirs")]
    for player in players:  # a bare button id instead of a recipe
        if "(" not in player["recipe"] and player["recipe"].strip():
            player["button"] = player.pop("recipe")
    return {"game": "buttonmen", "op": "odds", "players": players}


def emit(response: dict, as_json: bool) -> int:
    if as_json or not response["ok"]:
        print(json.dumps(response, ensure_ascii=False))
        return 0 if response["ok"] else 2
    print(format_odds(response))
    return 0


def _player(recipe: str, swings: list[str], options: list[int]) -> dict:
    swing = {}
    for text in swings:
        letter, _, size = text.partition("=")
        if not size.isdigit() or len(letter) != 1:
            raise ValueError(f"a swing size is written LETTER=SIZE, e.g. X=10; got '{text}'")
        swing[letter] = int(size)
    return {"recipe": recipe, "swing": swing, "options": options}


def _pct(text: str) -> str:
    return f"{text:>22}  {float(Fraction(text)):6.1%}"


def format_odds(response: dict) -> str:
    mine, theirs = response["dice"]
    lines = ["Who goes first (exact; Trip, Stinger, Slow, Rage and Warrior dice do not count):",
             f"  me    {_pct(response['first'][0])}",
             f"  them  {_pct(response['first'][1])}",
             f"  tie   {_pct(response['tie'])}"]
    for note in response.get("button_skills", []):
        who = ("me", "them")[note["player"]]
        lines.append(f"  ({who}: button skill {note['button_skill']}, {note['rule']}; "
                     f"Button Men Online: {note['source']})")
    for who, left in zip(("me", "them"), response.get("left_out", [])):
        if left:
            lines.append(f"  ({who}: {' '.join(left)} sit out the opening roll)")
    for why in response.get("why", []):
        lines.append(f"  why: {why}")
    lines += ["", "Attack table: chance that my die alone can capture theirs right after the "
              "opening roll",
              "(power, shadow or a one-die skill/speed attack; 'trip' is a Trip attack's chance):"]
    lines += _table(response["table"], mine, theirs, "mine", "theirs")
    if "their_table" in response:
        lines += ["", "The other way round: chance that their die alone can capture mine:"]
        lines += _table(response["their_table"], theirs, mine, "theirs", "mine")
    lines.append("")
    lines.append("Exact fractions: add --json.")
    return "\n".join(lines)


def _table(rows: list[dict], attackers: list[str], targets: list[str], by: str,
           of: str) -> list[str]:
    width = max(len(d) for d in attackers + targets) + 2
    lines = [" " * width + "".join(f"{d:>{width + 6}}" for d in targets)]
    cells = {(r[by], r[of]): r for r in rows}
    for i, die in enumerate(attackers):
        row = f"{die:<{width}}"
        trips = f"{'  trip':<{width}}"
        for j in range(len(targets)):
            row += f"{float(Fraction(cells[i, j]['capture'])):>{width + 6}.1%}"
            if "trip" in cells[i, j]:
                trips += f"{float(Fraction(cells[i, j]['trip'])):>{width + 6}.1%}"
        lines.append(row)
        if any("trip" in cells[i, j] for j in range(len(targets))):
            lines.append(trips)
    return lines
