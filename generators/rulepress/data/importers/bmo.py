"""Import Button Men Online's button list (name, set, recipe) as button records.

Reads the tab-separated extract (header `name<TAB>set<TAB>recipe`) and writes
data/buttonmen/buttons-bmo-<letter>.yaml, one file per first letter of the set
name, so no file is huge. Every row becomes a record citing its line; a recipe
the engine cannot play keeps a `rejected` reason (code, column, message) instead
of being dropped. Buttons already written by hand (from a seed) are not
duplicated: the hand-written record stays and cites the extract in `also_in`.
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from pathlib import Path

from ...engine.buttonmen.recipe import RecipeError, check_recipe
from ...engine.buttonmen.validate import zero_sided
from ..yamlio import INVISIBLE, invisible_message

SOURCE_ID = "bmo_buttons.tsv"  # as listed in data/sources.yaml
HEADER = ["name", "set", "recipe"]
FILE_PREFIX = "buttons-bmo-"
SCHEMA_LINE = "# yaml-language-server: $schema=../schema/buttonmen.button.schema.json"
ZERO_SIDED = "Button Men Online's own recipe: it plays 0-sided dice, which always show 0"


class ImportProblem(ValueError):
    """The extract itself is malformed; the message names the line and the fix."""


@dataclass(frozen=True)
class Row:
    line: int  # 1-based line in the extract (the header is line 1)
    name: str
    set: str
    recipe: str


@dataclass
class ImportResult:
    written: list[Path]
    imported: int
    rejected: dict[str, int]  # rejection code -> count
    merged: list[str]  # ids kept from hand-written records


def slug(name: str) -> str:
    """"Carson (promo)" -> "carson-promo"; the id used in page addresses."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def read_rows(path: Path) -> list[Row]:
    with path.open(encoding="utf-8", newline="") as handle:
        lines = list(csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    if not lines or lines[0] != HEADER:
        raise ImportProblem(f"{path.name}:1: the header must be {'<TAB>'.join(HEADER)}; "
                            f"got {lines[0] if lines else 'an empty file'}")
    rows = []
    for number, cells in enumerate(lines[1:], start=2):
        if len(cells) != 3:
            raise ImportProblem(f"{path.name}:{number}: expected 3 tab-separated cells "
                                f"(name, set, recipe), got {len(cells)}")
        bad = next((m for cell in cells if (m := INVISIBLE.search(cell))), None)
        if bad:
            raise ImportProblem(f"{path.name}:{number}: {invisible_message(bad.group())}; "
                                "delete it from the extract")
        rows.append(Row(number, *cells))
    return rows


def import_buttons(tsv: Path, data_dir: Path, skill_letters: set[str],
                   swing_letters: set[str], hand_written: set[str]) -> ImportResult:
    """Write the YAML files; `hand_written` holds ids already in buttons.yaml."""
    groups: dict[str, list[str]] = {}
    seen: dict[str, int] = {}
    rejected: dict[str, int] = {}
    merged: list[str] = []
    for row in read_rows(tsv):
        record_id = slug(row.name)
        if record_id in seen:
            raise ImportProblem(f"{tsv.name}:{row.line}: '{row.name}' has the same id "
                                f"'{record_id}' as line {seen[record_id]}; rename one")
        seen[record_id] = row.line
        if record_id in hand_written:
            merged.append(record_id)
            continue
        text, code = _record(record_id, row, skill_letters, swing_letters)
        if code:
            rejected[code] = rejected.get(code, 0) + 1
        groups.setdefault(_group(row.set), []).append(text)
    for old in data_dir.glob(f"{FILE_PREFIX}*.yaml"):
        old.unlink()  # sets may have moved between files
    written = []
    for group, records in sorted(groups.items()):
        target = data_dir / f"{FILE_PREFIX}{group}.yaml"
        target.write_text(f"{SCHEMA_LINE}\n# Imported by `rulepress import-bmo` from "
                          f"{SOURCE_ID}; edit the extract and re-import rather than this "
                          "file.\nbuttons:\n" + "\n".join(records), encoding="utf-8")
        written.append(target)
    imported = sum(len(r) for r in groups.values())
    return ImportResult(written, imported, rejected, merged)


def _group(set_name: str) -> str:
    first = slug(set_name)[:1] or "other"
    return "0-9" if first.isdigit() else first


def _record(record_id: str, row: Row, skills: set[str], swings: set[str]) -> tuple[str, str]:
    lines = [f"  - id: {record_id}",
             f"    name: {_quote(row.name)}",
             f"    set: {_quote(row.set)}",
             f"    recipe: {_quote(row.recipe)}"]
    code = ""
    try:
        if any(zero_sided(d) for d in check_recipe(row.recipe, skills, swings)):
            lines.append(f"    zero_sided: {_quote(ZERO_SIDED)}")
    except RecipeError as exc:
        code = exc.code
        lines += ["    rejected:",
                  f"      code: {exc.code}",
                  f"      column: {exc.column}",
                  f"      message: {_quote(exc.message)}"]
    lines.append(f'    source: {{seed: {SOURCE_ID}, lines: "{row.line}"}}')
    return "\n".join(lines) + "\n", code


def _quote(text: str) -> str:
    """Always a double-quoted YAML scalar (JSON's escapes are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)
