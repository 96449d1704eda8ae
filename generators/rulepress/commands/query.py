"""`rulepress query`: answer one JSON request with the rules engine.

Answer one JSON request, e.g. '{"game": "evilrobots", "op": "allegiance_odds"}', given as an
argument or on standard input. Prints one JSON response; exit 2 when the response is an
error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..data.load import load_catalog
from ..engine.query import QueryError, answer, load_request
from ..problems import DataError


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
        request = load_request(request_text)  # the engine's own reader, as in the browser
    except QueryError as exc:
        return _refuse(exc.message)
    try:
        data = load_catalog(project).engine_data()
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    return _emit(answer(request, data))


MAX_REQUEST = 1 << 20  # characters; real requests are a few hundred


def _refuse(message: str) -> int:
    return _emit({"ok": False, "error": {"message": message, "field": None}})


def _emit(response: dict) -> int:
    print(json.dumps(response, ensure_ascii=False))
    return 0 if response.get("ok") else 2
