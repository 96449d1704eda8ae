"""`rulepress query`: one JSON request (argument or stdin) -> one JSON response."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..data.load import load_catalog
from ..engine.query import answer
from ..problems import DataError


HELP = "answer one JSON request with the rules engine"
DESCRIPTION = ('Answer one JSON request, e.g. \'{"game": "evilrobots", "op": '
               '"allegiance_odds"}\', given as an argument or on standard input. Prints one '
               "JSON response; exit 2 when the response is an error.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("request", nargs="?", help="the JSON request (default: read stdin)")


def run(project: Path, args: argparse.Namespace) -> int:
    request_text = args.request
    if request_text is None:
        request_text = sys.stdin.read()
    try:
        request = json.loads(request_text)
    except json.JSONDecodeError as exc:
        return _emit({"ok": False, "error": {
            "message": f"the request is not valid JSON: {exc.msg} at line {exc.lineno} "
                       f"column {exc.colno}", "field": None}})
    try:
        data = load_catalog(project).engine_data()
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    return _emit(answer(request, data))


def _emit(response: dict) -> int:
    print(json.dumps(response, ensure_ascii=False))
    return 0 if response.get("ok") else 2
