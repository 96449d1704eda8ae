"""Run the heaviest test files first, so two workers finish together.

`make test` hands whole files to its workers (pytest-xdist, `--dist loadfile`), in the order
they are collected: a long file collected last keeps one worker busy while the other has
nothing left. Ordering the files by how long they took in an earlier run (longest first) is
the classic longest-job-first schedule, and leaves a short tail.

The seconds come from tests/file_seconds.json, written by a run with
`RULEPRESS_FILE_SECONDS=tests/file_seconds.json make test` (setup, call and teardown of every
test, summed per file). A file missing from it (a new one) counts as quick; stale seconds
only make the order worse, never a result different.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path

SECONDS_FILE = Path(__file__).resolve().parent / "file_seconds.json"
WRITE_VARIABLE = "RULEPRESS_FILE_SECONDS"


def file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def heaviest_files_first(items: list) -> None:
    """Sort `items` in place: files by their seconds, longest first; a file's own tests
    keep their order (the sort is stable and its key is the file's)."""
    try:
        seconds = json.loads(SECONDS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    items.sort(key=lambda item: -float(seconds.get(file_of(item.nodeid), 0.0)))


class FileSeconds:
    """Adds up each file's seconds from the test reports (in the main process, which gets
    every worker's reports) and writes them when the session ends."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def add(self, report) -> None:
        self.seconds[file_of(report.nodeid)] += report.duration

    def write(self) -> None:
        target = os.environ.get(WRITE_VARIABLE)
        if not target or not self.seconds:
            return
        rounded = {name: round(value, 1) for name, value in
                   sorted(self.seconds.items(), key=lambda pair: -pair[1])}
        Path(target).write_text(json.dumps(rounded, indent=1) + "\n", encoding="utf-8")
