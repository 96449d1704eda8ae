"""Read YAML safely and keep where every value came from.

The only module that imports PyYAML. It returns plain Python values plus a
`Marks` index from a path such as ("skills", 3, "letter") to its line and
column, so later checks can point at the exact place of a mistake.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # no stubs pinned; yaml is read as Any

from ..problems import Problem

PathKey = tuple[str | int, ...]


@dataclass
class Marks:
    """Line and column (1-based) of every node, by its path in the document."""

    file: str
    at: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    # Scalars written in quotes start one column after their mark.
    quoted: set[PathKey] = field(default_factory=set)
    # Where each mapping key itself is written (for "unknown field" problems).
    keys: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def locate(self, path: PathKey) -> tuple[int, int]:
        """The mark of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path not in self.at and path:
            path = path[:-1]
        return self.at.get(path, (0, 0))

    def problem(self, path: PathKey, code: str, message: str, hint: str = "",
                column_offset: int = 0, at_key: bool = False) -> Problem:
        line, column = self.locate(path)
        if at_key and tuple(path) in self.keys:
            line, column = self.keys[tuple(path)]
        if column_offset and tuple(path) in self.at:
            column += column_offset + (1 if tuple(path) in self.quoted else 0)
        return Problem(self.file, line, column, code, message, json_path(path), hint)


def json_path(path: PathKey) -> str:
    """("skills", 3, "letter") -> "$.skills[3].letter"."""
    text = "$"
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]  # libyaml parses ~10x faster
    """SafeLoader; we build values ourselves so that every node keeps its mark."""


def read_yaml(path: Path, display_name: str) -> tuple[Any, Marks, list[Problem]]:
    """Parse one file. Returns (value, marks, problems); value is None on a syntax error."""
    marks = Marks(display_name)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, marks, [Problem(display_name, 0, 0, "unreadable-file", str(exc))]
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        return None, marks, [_syntax_problem(display_name, exc)]
    except yaml.YAMLError as exc:  # errors without a mark (rare)
        return None, marks, [Problem(display_name, 0, 0, "yaml-syntax", str(exc))]
    problems: list[Problem] = []
    value = None if node is None else _build(node, (), marks, problems, loader)
    loader.dispose()
    return value, marks, problems


def _syntax_problem(file: str, exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
    what = exc.problem or "invalid YAML"
    if exc.context:
        what = f"{exc.context}: {what}"
    hint = "check the indentation and quoting on this line and the one before it"
    if "found character '\\t'" in what:
        hint = "YAML does not allow tabs for indentation; use spaces"
    elif "mapping values are not allowed" in what:
        hint = "a value that contains ': ' must be quoted"
    return Problem(file, line, column, "yaml-syntax", what, "", hint)


def _build(node: yaml.Node, path: PathKey, marks: Marks, problems: list[Problem],
           loader: _Loader) -> Any:
    marks.at[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        explicit = sum(1 for k, _ in node.value if k.tag != "tag:yaml.org,2002:merge")
        loader.flatten_mapping(node)  # resolve "<<: *anchor" merge keys in place
        merged = len(node.value) - explicit  # merged pairs come first; explicit keys win
        result: dict[Any, Any] = {}
        from_merge: set[Any] = set()
        for index, (key_node, value_node) in enumerate(node.value):
            try:
                key = loader.construct_object(key_node)
            except yaml.YAMLError:
                key = None
            if not isinstance(key, (str, int)):
                problems.append(Problem(marks.file, key_node.start_mark.line + 1,
                                        key_node.start_mark.column + 1, "bad-key",
                                        f"a key must be a plain word, got {key!r}",
                                        json_path(path)))
                continue
            if index < merged:
                from_merge.add(key)
            elif key in from_merge:
                from_merge.discard(key)  # an explicit key overrides a merged one
            elif key in result:
                problems.append(Problem(marks.file, key_node.start_mark.line + 1,
                                        key_node.start_mark.column + 1, "duplicate-key",
                                        f"the key '{key}' appears twice in one mapping",
                                        json_path(path), "remove or rename one of them"))
                continue
            marks.keys[path + (key,)] = (key_node.start_mark.line + 1,
                                         key_node.start_mark.column + 1)
            result[key] = _build(value_node, path + (key,), marks, problems, loader)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, path + (i,), marks, problems, loader)
                for i, item in enumerate(node.value)]
    if getattr(node, "style", None) in ("'", '"'):
        marks.quoted.add(path)
    try:
        return loader.construct_object(node)
    except yaml.YAMLError as exc:  # e.g. an unknown tag such as !!python/object
        line, column = marks.at[path]
        problems.append(Problem(marks.file, line, column, "yaml-value",
                                str(getattr(exc, "problem", None) or exc), json_path(path),
                                "write a plain value without a '!' tag"))
        return None
