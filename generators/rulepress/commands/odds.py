"""`rulepress odds buttonmen --mine "…" --theirs "…"`: who goes first and the attack table."""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from pathlib import Path

from ..data.load import load_catalog
from ..engine.query import answer
from ..problems import DataError
from . import odds_brikwars

HELP = "exact odds for a match-up: who goes first and which dice can capture which"
DESCRIPTION = ("For Button Men: the exact chance that each player goes first, and for each of "
               "my dice and each of theirs the chance that, right after the opening roll, my "
               "die alone can capture theirs (plus the Trip attack's chance for Trip dice). "
               "Give swing sizes with --mine-swing X=10 and option sizes with --mine-option 20.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=["buttonmen", "brikwars"], help="the game")
    for side in ("mine", "theirs"):
        parser.add_argument(f"--{side}", metavar="RECIPE",  # required for buttonmen
                            help=f"{side} recipe, e.g. \"(4) (8) s(X)\", or a button id")
        parser.add_argument(f"--{side}-swing", action="append", default=[], metavar="L=N",
                            help="a swing size, e.g. X=10 (repeat for more letters)")
        parser.add_argument(f"--{side}-option", action="append", default=[], type=int,
                            metavar="N", help="the chosen size of each option die, in order")
    parser.add_argument("--json", action="store_true", help="print the JSON response")
    odds_brikwars.add_arguments(parser)


def run(project: Path, args: argparse.Namespace) -> int:
    if args.game == "brikwars":
        return _brikwars(project, args)
    if not (args.mine and args.theirs):
        print("rulepress odds buttonmen: --mine and --theirs are required", file=sys.stderr)
        return 2
    try:
        players = [_player(getattr(args, side), getattr(args, f"{side}_swing"),
                           getattr(args, f"{side}_option")) for side in ("mine", "theirs")]
    except ValueError as exc:
        print(f"rulepress odds: {exc}", file=sys.stderr)
        return 2
    try:
        data = load_catalog(project).engine_data()
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    for player in players:  # a bare button id instead of a recipe
        if "(" not in player["recipe"] and player["recipe"].strip():
            player["button"] = player.pop("recipe")
    response = answer({"game": "buttonmen", "op": "odds", "players": players}, data)
    if args.json or not response["ok"]:
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
    lines = ["Who goes first (exact; Trip and Stinger dice do not count):",
             f"  me    {_pct(response['first'][0])}",
             f"  them  {_pct(response['first'][1])}",
             f"  tie   {_pct(response['tie'])}",
             "",
             "Attack table: chance that my die alone can capture theirs right after the "
             "opening roll",
             "(power, shadow or a one-die skill/speed attack; 'trip' is a Trip attack's chance):"]
    width = max(len(d) for d in mine + theirs) + 2
    lines.append(" " * width + "".join(f"{d:>{width + 6}}" for d in theirs))
    cells = {(r["mine"], r["theirs"]): r for r in response["table"]}
    for i, die in enumerate(mine):
        row = f"{die:<{width}}"
        trips = f"{'  trip':<{width}}"
        for j in range(len(theirs)):
            row += f"{float(Fraction(cells[i, j]['capture'])):>{width + 6}.1%}"
            if "trip" in cells[i, j]:
                trips += f"{float(Fraction(cells[i, j]['trip'])):>{width + 6}.1%}"
        lines.append(row)
        if any("trip" in cells[i, j] for j in range(len(theirs))):
            lines.append(trips)
    lines.append("")
    lines.append("Exact fractions: add --json.")
    return "\n".join(lines)


def _brikwars(project: Path, args: argparse.Namespace) -> int:
    try:
        data = load_catalog(project).engine_data()
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    return odds_brikwars.emit(answer(odds_brikwars.request(args), data), args.json)
