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
    if len(request_text) > MAX_REQUEST:
        return _refuse(f"the request has {len(request_text):,} characters; at most "
                       f"{MAX_REQUEST:,} are read")
    try:
        request = json.loads(request_text)
    except json.JSONDecodeError as exc:
        return _refuse(f"the request is not valid JSON: {exc.msg} at line {exc.lineno} "
                       f"column {exc.colno}")
    except RecursionError:
        return _refuse(f"the request is nested too deeply (at most {MAX_DEPTH} levels)")
    except ValueError:  # Python reads no whole number of more than 4,300 digits
        return _refuse("a number in the request has thousands of digits; no request needs "
                       "a number that long")
    if _depth(request) > MAX_DEPTH:
        return _refuse(f"the request is nested too deeply (at most {MAX_DEPTH} levels)")
    try:
        data = load_catalog(project).engine_data()
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    return _emit(answer(request, data))


MAX_REQUEST = 1 << 20  # characters; real requests are a few hundred
MAX_DEPTH = 32  # levels of objects and lists; real requests have three or four


def _depth(value) -> int:
    """How deeply lists and objects nest in a JSON value (without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                todo.extend((v, level + 1) for v in (item.values() if isinstance(item, dict)
                                                     else item))
    return deepest


def _refuse(message: str) -> int:
    return _emit({"ok": False, "error": {"message": message, "field": None}})


def _emit(response: dict) -> int:
    print(json.dumps(response, ensure_ascii=False))
    return 0 if response.get("ok") else 2
