"""Load every data file, validate it and build the Catalog.

Gather everything first, then report all problems at once (never stop at the
first). Nothing is written here.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from ..problems import Problem, ProblemList, did_you_mean
from .catalog import Catalog, Entry
from .checks import CHECKS
from .kinds import KINDS, Kind
from .validate import references, validate_record
from .yamlio import parse_yaml, read_text

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
    # a looping or broken link, or a missing file, would show up as hundreds of problems of
    # the files that need it: these are reported first and alone
    problems.extend(_links(project, data_dir))
    problems.extend(_missing_files(project, data_dir, problems))
    if problems:
        for kind in KINDS:
            catalog.broken.add(kind.key)
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
    problems.extend(_counts(catalog))
    for entry in catalog.iter_entries():
        for at, kind_key, ref in references(entry.record):
            if catalog.entry(kind_key, ref) is None and not catalog.is_broken(kind_key, ref):
                problems.add(entry.problem(at, "unknown-reference",
                                           f"no {kind_key} has the id {ref!r}",
                                           did_you_mean(ref, catalog.ids(kind_key))))
    for check in CHECKS:
        if not catalog.broken.intersection(getattr(check, "reads", ())):
            problems.extend(check(catalog))  # a check of broken records would only echo them
    return catalog, problems


def _links(project: Path, data_dir: Path) -> list[Problem]:
    """Symbolic links in data/ that loop (a link to itself, or to a folder that holds it)
    or lead nowhere: data files are plain files, and a loop is never read silently."""
    found = []
    top = data_dir.resolve()
    for folder, dirs, files in os.walk(data_dir):  # links to folders are listed, not entered
        for name in sorted(dirs + files):
            path = Path(folder) / name
            if not path.is_symlink():
                continue
            shown = _display(project, path)
            try:
                target = path.resolve(strict=True)
            except (OSError, RuntimeError) as exc:  # RuntimeError: Python 3.11's loop
                loop = isinstance(exc, RuntimeError) or getattr(exc, "errno", 0) == errno.ELOOP
                found.append(Problem(
                    shown, 0, 0, "symlink-loop" if loop else "broken-link",
                    "this symbolic link leads back to itself, so it can never be read" if loop
                    else f"this symbolic link points at {os.readlink(path)!r}, which does not "
                         "exist", hint="delete the link, or replace it with the file itself"))
                continue
            holder = Path(folder).resolve()
            if target.is_dir() and (target == holder or target in holder.parents):
                found.append(Problem(
                    shown, 0, 0, "symlink-loop", f"this link leads to the folder "
                    f"{_display(project, target) if top in (target, *target.parents) else target}"
                    ", which holds the link itself: reading through it would never end",
                    hint="delete the link (data files sit in data/ and its folders)"))
    return found


def _missing_files(project: Path, data_dir: Path, known: ProblemList) -> list[Problem]:
    """Every kind needs its file; a missing one is the cause of everything else."""
    reported = {p.file for p in known.items}
    found = []
    for kind in KINDS:
        if any(data_dir.glob(kind.files)):
            continue
        name = f"data/{kind.files}"
        if name in reported:
            continue  # a looping or broken link stands in its place
        found.append(Problem(name, 0, 0, "missing-file",
                             f"the file is missing: the {kind.key} records it holds are needed "
                             "by every other check, the build and the engine, so nothing else "
                             "was checked", hint=f"restore {name} (its records go under "
                             f"'{kind.section}:'), e.g. from version control"))
    return found


def _counts(catalog: Catalog) -> list[Problem]:
    """Every kind has the records the build and the engine need (a deleted file, a
    deleted folder, an emptied list)."""
    found = []
    for kind in KINDS:
        entries = list(catalog.entries.get(kind.key, {}).values())
        if kind.key in catalog.broken:
            continue  # its file's own problems say why
        if not entries:
            found.append(Problem(f"data/{kind.files}", 0, 0, "missing-data",
                                 f"there are no {kind.key} records; the build and the engine "
                                 "need them", hint=f"restore data/{kind.files} (its records "
                                 f"go under '{kind.section}:')"))
        elif kind.count == "one" and len(entries) > 1:
            found.append(entries[1].problem(("id",), "one-record-only",
                                            f"{kind.key} holds exactly one record; the engine "
                                            "would use the first and ignore this one",
                                            f"merge it into '{entries[0].record.id}'"))
    return found


def _display(project: Path, path: Path) -> str:
    try:
        return path.relative_to(project).as_posix()
    except ValueError:
        return path.as_posix()


def _load_file(project: Path, path: Path, kind: Kind, catalog: Catalog,
               problems: ProblemList) -> None:
    name = _display(project, path)
    text, unreadable = read_text(path, name)
    if text is None:
        problems.extend(unreadable)
        catalog.broken.add(kind.key)
        catalog.unreadable.add(kind.key)
        return
    value, marks, found = parse_yaml(text, name)
    if found and value is None:  # a syntax error: the one problem of this file
        problems.extend(found)
        catalog.broken.add(kind.key)
        catalog.unreadable.add(kind.key)
        return
    found = list(found)
    _check_schema_comment(project, path, kind, name, text, found)
    try:
        _records(value, marks, kind, catalog, found)
    finally:
        if any(p.code != "schema-comment" for p in found):
            catalog.broken.add(kind.key)
        problems.extend(_capped(found, name))


def _records(value, marks, kind: Kind, catalog: Catalog, found: list[Problem]) -> None:
    if value is None:
        return  # an empty file holds no records
    if not isinstance(value, dict) or list(value) != [kind.section]:
        got = list(value) if isinstance(value, dict) else type(value).__name__
        found.append(marks.problem((), "bad-layout",
                                   f"expected one top-level key '{kind.section}:' holding a "
                                   f"list of records, got {got}",
                                   f"start the file with '{kind.section}:'"))
        return
    items = value[kind.section]
    if items is None:
        return
    if not isinstance(items, list):
        found.append(marks.problem((kind.section,), "bad-layout",
                                   f"'{kind.section}' must be a list of records ('- id: …')"))
        return
    for i, item in enumerate(items):
        path_key = (kind.section, i)
        record, errors = validate_record(kind.model, item, marks, path_key)
        found.extend(errors)
        found.extend(_unexplained_nulls(kind.model, item, marks, path_key))
        if record is None:
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                catalog.broken_ids.setdefault(kind.key, set()).add(item["id"])
            continue
        first = catalog.entry(kind.key, record.id)
        if first is not None:
            found.append(marks.problem(path_key + ("id",), "duplicate-id",
                                       f"the id {record.id!r} is used twice in {kind.key}",
                                       f"first used at {first.file}:{first.line}; "
                                       "give this record another id"))
            continue
        catalog.add(Entry(kind, record, marks, path_key))


def _unexplained_nulls(model, item, marks, path_key) -> list[Problem]:
    """A field written as null says the sources do not give it: `unknown` must say why, unless
    the model declares what null means for that field (`null_means`, e.g. an armour's range)."""
    if not isinstance(item, dict):
        return []
    given = item.get("unknown")
    reasons: dict = given if isinstance(given, dict) else {}
    declared = getattr(model, "null_means", {})
    fields = getattr(model, "model_fields", {})
    found = []
    for key, value in item.items():
        if value is not None or key in reasons or key in declared or key not in fields:
            continue
        if path_key + (key,) in marks.bad:
            continue  # the reader already reported this value
        found.append(marks.problem(
            path_key + (key,), "unexplained-null",
            f"'{key}' is null, but the record's 'unknown' does not say why",
            f"give the value, or add unknown: {{{key}: \"what the sources say or leave out\"}}"
            + (" (and null_kind for it)" if "null_kind" in fields else "")))
    return found


MAX_PROBLEMS_PER_FILE = 50


def _capped(found: list[Problem], name: str) -> list[Problem]:
    """The first problems of a file in file order; past a screenful, a count of the rest."""
    if len(found) <= MAX_PROBLEMS_PER_FILE:
        return found
    shown = sorted(found)[:MAX_PROBLEMS_PER_FILE]
    last = shown[-1]
    return shown + [Problem(name, last.line, last.column + 1, "more-problems",
                            f"{len(found) - len(shown):,} more problems in this file are "
                            "not listed", hint="fix the ones above and run check again")]


def _check_schema_comment(project: Path, path: Path, kind: Kind, name: str, text: str,
                          problems: list[Problem]) -> None:
    """Each file names its JSON Schema so editors can check and complete it."""
    schema = (project / "data" / "schema" / kind.schema_name)
    relative = Path(*[".."] * (len(path.relative_to(project / "data").parts) - 1),
                    "schema", kind.schema_name).as_posix()
    expected = SCHEMA_COMMENT.format(relative)
    first = text.split("\n", 1)[0].rstrip("\r")
    if first != expected:
        problems.append(Problem(name, 1, 1, "schema-comment",
                             "the first line must name the file's JSON Schema",
                             hint=f"make the first line: {expected}"))
    elif not schema.is_file():
        problems.append(Problem(name, 1, 1, "schema-missing",
                             f"data/schema/{kind.schema_name} does not exist",
                             hint="run: rulepress schema"))
