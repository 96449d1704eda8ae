"""`rulepress check`: validate all data and report every problem.

Validate every data file; print each problem with its file, line and a likely fix. Once the
data passes, rehearse what the build does with it (the engine's odds for every page, every
page and card, in memory), so data that passes check also builds. Exit 1 if any problem.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..data.load import check_data
from ..data.schema import schema_texts
from ..data.yamlio import FILE_CODES
from ..rehearse import rehearse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass  # no options: it checks the whole project


def run(project: Path, args: argparse.Namespace | None = None) -> int:
    catalog, problems = check_data(project)
    if not problems:
        problems.extend(rehearse(project, catalog))
    stale = _stale_schemas(project)
    # files that could not be read or parsed first: their fix comes before any other
    for problem in sorted(problems.items, key=lambda p: (p.code not in FILE_CODES, p)):
        print(problem, file=sys.stderr)
    for name in stale:
        print(f"data/schema/{name}: schema-stale: the schema no longer matches the models\n"
              "    fix: run: rulepress schema", file=sys.stderr)
    if problems or stale:
        print(f"{len(problems) + len(stale)} problem(s) found.", file=sys.stderr)
        return 1
    counts = {kind: len(ids) for kind, ids in catalog.entries.items()}
    total = sum(counts.values())
    print(f"OK: {total} records in {len(counts)} kinds "
          f"({', '.join(f'{k} {n}' for k, n in counts.items())})")
    return 0


def _stale_schemas(project: Path) -> list[str]:
    folder = project / "data" / "schema"
    stale = []
    for name, text in schema_texts().items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    return stale
