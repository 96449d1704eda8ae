"""Turn validation failures into problems that point at the file, line and field."""

from __future__ import annotations

import functools
import re
import types
import typing
from typing import Any, Iterator, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from ..problems import Problem, did_you_mean
from .models.common import Ref, Source
from .yamlio import Marks, PathKey

Part = TypeVar("Part", bound=BaseModel)

_ADAPTERS: dict[type, TypeAdapter] = {}


def validate_record(model: type[BaseModel], value: Any, marks: Marks,
                    path: PathKey) -> tuple[Any | None, list[Problem]]:
    """Validate one record; returns (record or None, problems)."""
    adapter = _ADAPTERS.get(model)
    if adapter is None:
        adapter = _ADAPTERS[model] = TypeAdapter(model)
    try:
        return adapter.validate_python(value), []
    except ValidationError as exc:
        errors = [e for e in exc.errors(include_url=False)
                  if path + _data_loc(e["loc"], marks, path) not in marks.bad]
        problems = [_problem(model, err, marks, path) for err in errors[:MAX_ERRORS]]
        if len(errors) > MAX_ERRORS:
            problems.append(marks.problem(path, "more-problems", f"{len(errors) - MAX_ERRORS}"
                                          " more problems in this record are not listed"))
        return None, _drop_explained_missing(problems)


MAX_ERRORS = 20  # per record: a record with more is better rewritten than read about


def _drop_explained_missing(problems: list[Problem]) -> list[Problem]:
    """A misspelt field shows up as 'unknown abilty' and 'missing ability'; keep the first,
    whose hint already names the right field."""
    suggested = {(p.path.rsplit(".", 1)[0], p.hint) for p in problems if p.code == "unknown-field"}
    return [p for p in problems
            if not (p.code == "missing-field" and
                    (p.path.rsplit(".", 1)[0], f"did you mean '{p.path.rsplit('.', 1)[1]}'?")
                    in suggested)]


def _problem(model: type[BaseModel], err: Any, marks: Marks, base: PathKey) -> Problem:
    loc = _data_loc(err["loc"], marks, base)
    kind, given = err["type"], err.get("input")
    where = base + loc
    if kind == "extra_forbidden":
        fields = _fields_at(model, loc[:-1])
        return marks.problem(where, "unknown-field", f"unknown field '{loc[-1]}'",
                             did_you_mean(loc[-1], fields)
                             or f"allowed fields: {', '.join(fields)}", at_key=True)
    if kind == "missing":
        return marks.problem(where, "missing-field", f"missing required field '{loc[-1]}'",
                             f"add '{loc[-1]}:' to this record")
    if kind in ("literal_error", "enum"):
        allowed = re.findall(r"'([^']*)'", err.get("ctx", {}).get("expected", ""))
        hint = did_you_mean(given, allowed) or f"use one of: {', '.join(allowed)}"
        return marks.problem(where, "bad-choice", f"{err['msg']}, got {given!r}", hint)
    if kind == "value_error":
        message = err["msg"].removeprefix("Value error, ")
        return marks.problem(where, "invalid-value", message)
    if kind == "string_pattern_mismatch" and loc and loc[-1] == "id":
        return marks.problem(where, "bad-id", f"the id {given!r} is not a valid id",
                             "use lower-case letters, digits and '-', e.g. 'friend-computer'")
    hint = ""
    if given is None:
        hint = "YAML reads an empty value, ~, null or Null as nothing; quote it if it is text"
    elif isinstance(given, (dict, list)):
        given = type(given).__name__
    return marks.problem(where, "wrong-type", f"{err['msg']}, got {given!r}", hint)


def _data_loc(loc: tuple, marks: Marks, base: PathKey) -> PathKey:
    """Drop pydantic's union tags (e.g. 'int', 'function-after[...]') from an error path."""
    kept: list[str | int] = []
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(part, int) or marks.has(base + tuple(kept) + (part,)) or last:
            kept.append(part)
    return tuple(kept)


def _fields_at(model: type[BaseModel], loc: PathKey) -> list[str]:
    """Field names of the model found at `loc` inside `model` (for did-you-mean hints)."""
    current: Any = model
    for part in loc:
        current = _descend(current, part)
        if current is None:
            return []
    current = _model_in(current)
    return list(current.model_fields) if current else []


def _descend(annotation: Any, part: str | int) -> Any:
    annotation = _model_in(annotation) or annotation
    if isinstance(part, int):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return args[0] if args else None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        info = annotation.model_fields.get(part)
        return info.annotation if info else None
    return None


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found:
            return found
    return None


@functools.cache
def nested_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of `model` that may hold a record part or a reference: the walks below
    skip plain text and numbers (a 60,000-record file is walked in a fraction)."""
    return tuple(name for name, info in model.model_fields.items()
                 if any(isinstance(m, Ref) for m in info.metadata) or _mentions(info.annotation))


def _mentions(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    if any(isinstance(m, Ref) for m in getattr(annotation, "__metadata__", ())):
        return True
    return any(_mentions(arg) for arg in typing.get_args(annotation))


def references(record: BaseModel) -> Iterator[tuple[PathKey, str, str]]:
    """Every (path, kind, id) cross-reference inside a record, nested ones included."""
    yield from _walk_refs(record, None, [], ())


def parts(record: Any, kind: type[Part], path: PathKey = ()) -> Iterator[tuple[PathKey, Part]]:
    """Every part of type `kind` inside a record (a Source, a Fact), with its path; the walk
    does not look inside a part it found."""
    if isinstance(record, kind):
        yield path, record
        return
    if isinstance(record, BaseModel):
        for name in nested_fields(type(record)):
            yield from parts(getattr(record, name), kind, path + (name,))
    elif isinstance(record, (list, tuple)):
        for i, item in enumerate(record):
            yield from parts(item, kind, path + (i,))


def sources(record: BaseModel) -> Iterator[tuple[PathKey, Source]]:
    """Every Source inside a record, with its path."""
    return parts(record, Source)


def _walk_refs(value: Any, annotation: Any, metadata: list, path: PathKey):
    if isinstance(value, BaseModel):
        fields = type(value).model_fields
        for name in nested_fields(type(value)):
            info = fields[name]
            yield from _walk_refs(getattr(value, name), info.annotation, info.metadata,
                                  path + (name,))
    elif isinstance(value, (list, tuple)):
        args = typing.get_args(_strip_optional(annotation))
        for i, item in enumerate(value):
            yield from _walk_refs(item, args[0] if args else None, [], path + (i,))
    elif isinstance(value, str):
        ref = next((m for m in metadata if isinstance(m, Ref)), None) or _ref_in(annotation)
        if ref:
            yield path, ref.kind, value


def _strip_optional(annotation: Any) -> Any:
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return args[0] if len(args) == 1 else annotation
    return annotation


def _ref_in(annotation: Any) -> Ref | None:
    if annotation is None:
        return None
    for meta in getattr(annotation, "__metadata__", ()):
        if isinstance(meta, Ref):
            return meta
    if typing.get_origin(annotation) in (list, tuple):
        return None  # a list is walked item by item
    for arg in typing.get_args(annotation):
        found = _ref_in(arg)
        if found:
            return found
    return None
