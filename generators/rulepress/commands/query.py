"""`rulepress query`: one JSON request (argument or stdin) -> one JSON response."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..data.load import load_catalog
from ..engine.query import answer
from ..problems import DataError


def run(project: Path, request_text: str | None) -> int:
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
