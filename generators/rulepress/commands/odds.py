"""`rulepress odds <game> …`: exact odds for players: Button Men match-ups, BrikWars attacks.

buttonmen: the exact chance that each player goes first, and for each of my dice and each of
theirs the chance that, right after the opening roll, my die alone can capture theirs (plus
a Trip attack's chance); swing sizes with --mine-swing X=10, option sizes with --mine-option
20. brikwars: one attack's odds as a table and a text bar chart of the damage.

One module per game does the work (odds_buttonmen.py, odds_brikwars.py): each
adds its flags, builds the query request, and prints the response.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..data.load import load_catalog
from ..engine.query import answer
from ..problems import DataError
from . import odds_brikwars, odds_buttonmen

GAMES = {"buttonmen": odds_buttonmen, "brikwars": odds_brikwars}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=list(GAMES), help="the game")
    parser.add_argument("--json", action="store_true", help="print the JSON response")
    for module in GAMES.values():
        module.add_arguments(parser)


def run(project: Path, args: argparse.Namespace) -> int:
    game = GAMES[args.game]
    try:
        request = game.request(args)
    except ValueError as exc:
        print(f"rulepress odds {args.game}: {exc}", file=sys.stderr)
        return 2
    try:
        data = load_catalog(project).engine_data()
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    return game.emit(answer(request, data), args.json)
