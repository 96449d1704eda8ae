"""`rulepress friend-computer "<opponent recipe>"`: list Friend Computer's legal recipes
against an opponent, or roll on its d20 table.

Given the opponent's recipe (or button id), list every Friend Computer recipe the seed's
rules allow. With --more-fun, roll a d20 on the "More Fun" table instead (or use --roll N)
and list the recipes that row allows.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path

from ..data.load import load_catalog
from ..engine.query import answer
from ..problems import DataError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("opponent", help="the opponent's recipe, e.g. \"(4) s(X) (6,6)\", "
                                         "or a button id such as aysez")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--more-fun", action="store_true", help="roll a d20 on the More Fun table")
    group.add_argument("--roll", type=int, metavar="N", help="use this d20 roll (1-20)")
    parser.add_argument("--json", action="store_true", help="print the JSON response")


def run(project: Path, args: argparse.Namespace) -> int:
    try:
        data = load_catalog(project).engine_data()
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    key = "opponent" if "(" in args.opponent or not args.opponent.strip() else "button"
    response = answer({"game": "buttonmen", "op": "friend_computer", key: args.opponent}, data)
    if response["ok"] and (args.more_fun or args.roll is not None):
        roll = args.roll if args.roll is not None else secrets.randbelow(20) + 1
        response = answer({"game": "buttonmen", "op": "more_fun", "roll": roll}, data)
        response["roll"] = roll
    if args.json or not response["ok"]:
        print(json.dumps(response, ensure_ascii=False))
        return 0 if response["ok"] else 2
    print(_format_row(response) if "roll" in response else _format_variants(args, response))
    return 0


def _format_variants(args, response: dict) -> str:
    limits = " or ".join(f"{x['options']} option and {x['skills']} skill dice"
                         for x in response["limits"])
    lines = [f"Against {args.opponent}: at most {limits}.",
             f"{response['count']} legal Friend Computer recipes:"]
    lines += [f"  {v['recipe']}" for v in response["variants"]]
    return "\n".join(lines)


def _format_row(row: dict) -> str:
    lines = [f"d20 roll {row['roll']}: {row['title']} (rows {row['roll_low']}-"
             f"{row['roll_high']}, chance {row['p']})", f"  {row['effect']}"]
    if row.get("recipes"):
        lines.append(f"Recipes this row allows ({len(row['recipes'])}):")
        lines += [f"  {r}" for r in row["recipes"]]
    return "\n".join(lines)
