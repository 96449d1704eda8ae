"""A pytest plugin that notes every request the tests send to the engine.

    python -m pytest tests/engine -p tests.engine.pinned.record_requests -q

writes each distinct request (one JSON line, keys sorted) to the file named by
RULEPRESS_RECORD (default: recorded.jsonl in this folder). pin_answers.py reads that file
as one of the sources of its request set.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from rulepress.engine import query

OUT = Path(os.environ.get("RULEPRESS_RECORD", Path(__file__).with_name("recorded.jsonl")))
_seen: set[str] = set()
_real = query.answer


def _recording(request, data):
    try:
        line = json.dumps(request, sort_keys=True)
    except (TypeError, ValueError):
        line = None
    if line is not None and isinstance(request, dict) and line not in _seen:
        _seen.add(line)
        with OUT.open("a", encoding="utf-8") as out:
            out.write(line + "\n")
    return _real(request, data)


query.answer = _recording  # at plugin load: before conftest and test modules import it by name
