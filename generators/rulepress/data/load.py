"""Load every data file, validate it and build the Catalog.

Gather everything first, then report all problems at once (never stop at the
first). Nothing is written here.
"""

from __future__ import annotations

from pathlib import Path

from ..problems import Problem, ProblemList, did_you_mean
from .catalog import Catalog, Entry
from .checks import CHECKS
from .kinds import KINDS, Kind
from .validate import references, validate_record
from .yamlio import read_yaml

SCHEMA_COMMENT = "# yaml-language-server: $schema={}"


def load_catalog(project: Path) -> Catalog:
    """The validated catalog; raises DataError listing every problem."""
    catalog, problems = check_data(project)
    problems.raise_if_any()
    return catalog


def check_data(project: Path) -> tuple[Catalog, ProblemList]:
    """Load and validate all data; returns the catalog of valid records and every problem."""
    data_dir = project / "data"
    problems = ProblemList()
    catalog = Catalog(project)
    if not data_dir.is_dir():
        problems.add(Problem("data", 0, 0, "no-data", "there is no data/ folder here",
                             hint="run rulepress in the project folder"))
        return catalog, problems
    claimed: set[Path] = set()
    for kind in KINDS:
        for path in sorted(data_dir.glob(kind.files)):
            claimed.add(path)
            _load_file(project, path, kind, catalog, problems)
    for path in sorted(data_dir.rglob("*.y*ml")):
        if path not in claimed:
            patterns = [k.files for k in KINDS]
            problems.add(Problem(_display(project, path), 0, 0, "unknown-file",
                                 "no kind of data is read from this file",
                                 hint=did_you_mean(str(path.relative_to(data_dir)), patterns)
                                 or f"data files are: {', '.join(patterns)}"))
    for entry in catalog.iter_entries():
        for where, kind_key, ref in references(entry.record):
            if catalog.entry(kind_key, ref) is None:
                problems.add(entry.problem(where, "unknown-reference",
                                           f"no {kind_key} has the id {ref!r}",
                                           did_you_mean(ref, catalog.ids(kind_key))))
    for check in CHECKS:
        problems.extend(check(catalog))
    return catalog, problems


def _display(project: Path, path: Path) -> str:
    try:
        return path.relative_to(project).as_posix()
    except ValueError:
        return path.as_posix()


def _load_file(project: Path, path: Path, kind: Kind, catalog: Catalog,
               problems: ProblemList) -> None:
    name = _display(project, path)
    value, marks, found = read_yaml(path, name)
    problems.extend(found)
    if found and value is None:
        return
    _check_schema_comment(project, path, kind, name, problems)
    if value is None:
        return  # an empty file holds no records
    if not isinstance(value, dict) or list(value) != [kind.section]:
        got = list(value) if isinstance(value, dict) else type(value).__name__
        problems.add(marks.problem((), "bad-layout",
                                   f"expected one top-level key '{kind.section}:' holding a "
                                   f"list of records, got {got}",
                                   f"start the file with '{kind.section}:'"))
        return
    items = value[kind.section]
    if items is None:
        return
    if not isinstance(items, list):
        problems.add(marks.problem((kind.section,), "bad-layout",
                                   f"'{kind.section}' must be a list of records ('- id: …')"))
        return
    for i, item in enumerate(items):
        path_key = (kind.section, i)
        record, errors = validate_record(kind.model, item, marks, path_key)
        problems.extend(errors)
        if record is None:
            continue
        first = catalog.entry(kind.key, record.id)
        if first is not None:
            problems.add(marks.problem(path_key + ("id",), "duplicate-id",
                                       f"the id {record.id!r} is used twice in {kind.key}",
                                       f"first used at {first.file}:{first.line}; "
                                       "give this record another id"))
            continue
        catalog.add(Entry(kind, record, marks, path_key))


def _check_schema_comment(project: Path, path: Path, kind: Kind, name: str,
                          problems: ProblemList) -> None:
    """Each file names its JSON Schema so editors can check and complete it."""
    schema = (project / "data" / "schema" / kind.schema_name)
    relative = Path(*[".."] * (len(path.relative_to(project / "data").parts) - 1),
                    "schema", kind.schema_name).as_posix()
    expected = SCHEMA_COMMENT.format(relative)
    with path.open(encoding="utf-8", errors="replace") as handle:
        first = handle.readline().rstrip("\n")
    if first != expected:
        problems.add(Problem(name, 1, 1, "schema-comment",
                             "the first line must name the file's JSON Schema",
                             hint=f"make the first line: {expected}"))
    elif not schema.is_file():
        problems.add(Problem(name, 1, 1, "schema-missing",
                             f"data/schema/{kind.schema_name} does not exist",
                             hint="run: rulepress schema"))
