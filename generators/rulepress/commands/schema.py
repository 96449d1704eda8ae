"""`rulepress schema`: regenerate data/schema/ from the models.

Write the JSON Schema of every kind of data file into data/schema/.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..data.schema import write_schemas


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass  # no options: it writes every schema


def run(project: Path, args: argparse.Namespace | None = None) -> int:
    written = write_schemas(project / "data" / "schema")
    for path in written:
        print(f"wrote {path.relative_to(project).as_posix()}")
    print(f"{len(written)} schema(s) updated" if written else "schemas are up to date")
    return 0
