"""`rulepress schema`: regenerate the JSON Schemas in data/schema/ from the models."""

from __future__ import annotations

from pathlib import Path

from ..data.schema import write_schemas


def run(project: Path) -> int:
    written = write_schemas(project / "data" / "schema")
    for path in written:
        print(f"wrote {path.relative_to(project).as_posix()}")
    print(f"{len(written)} schema(s) updated" if written else "schemas are up to date")
    return 0
