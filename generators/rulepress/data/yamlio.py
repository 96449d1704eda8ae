"""Read YAML safely and keep where every value came from.

The only module that imports PyYAML. It returns plain Python values plus a
`Marks` index from a path such as ("skills", 3, "letter") to its line and
column, so later checks can point at the exact place of a mistake.

Data files are small and written by people, so anything a person would not write
is refused before it can cost much: files that are not regular files or are over
MAX_FILE_BYTES, bytes that are not UTF-8, control characters, nesting deeper than
MAX_DEPTH, more than MAX_VALUES values (aliases count every value they repeat, so
the "billion laughs" stops early), recursive or unknown aliases, tags. Values are
built straight from the parser's events (no node tree, no recursion), with a
strict reading of plain scalars: YAML 1.1's octal 030, yes/no, 1:20 and .nan are
refused instead of silently becoming 24, True, 80 and NaN. A file-level problem
(syntax, encoding, size…) is the only problem reported for that file.
"""

from __future__ import annotations

import errno
import math
import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # no stubs pinned; yaml is read as Any

from ..problems import Problem

PathKey = tuple[str | int, ...]

# Problems that stand for the whole file (it was not read or not parsed): listed first.
FILE_CODES = frozenset({"unreadable-file", "not-a-file", "file-too-large", "encoding",
                        "control-character", "invisible-character", "yaml-syntax", "too-deep",
                        "too-many-values", "recursive-alias", "unknown-alias", "missing-file",
                        "symlink-loop", "broken-link"})

MAX_FILE_BYTES = 1 << 20  # 1 MiB; the largest data file is ~35 KB
MAX_DEPTH = 32  # nested mappings and lists; real files go 6 deep
MAX_VALUES = 200_000  # values in one file, counting each repeat an alias makes (a full file
# of buttons holds ~120,000)
MAX_DIGITS = 18  # a whole number longer than this is a mistake, not a count
# C0 controls but tab, newline and carriage return; DEL; C1 controls; non-characters.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")
# Invisible characters that change how text reads: bidirectional embeddings, overrides and
# isolates (U+202A-U+202E, U+2066-U+2069) reorder the text around them on a page (the
# "Trojan Source" trick); zero-width spaces and joiners, the word joiner and a byte-order
# mark inside the text (U+200B-U+200D, U+2060, U+FEFF) hide inside names. Ids already
# refuse them (their pattern); here no data text may hold them, written or escaped.
from ..plain_text import INVISIBLE  # noqa: E402 (declared once; the pages strip the same)


@dataclass
class Marks:
    """Line and column (1-based) of every node, by its path in the document."""

    file: str
    at: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    # Scalars written in quotes start one column after their mark.
    quoted: set[PathKey] = field(default_factory=set)
    # Where each mapping key itself is written (for "unknown field" problems).
    keys: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    # Values the reader already reported (validation need not report them again).
    bad: set[PathKey] = field(default_factory=set)
    # Where an alias stands -> where its anchor's value is written (marks are not copied,
    # so an alias costs one entry, however large the value it repeats).
    links: dict[PathKey, PathKey] = field(default_factory=dict)

    def resolve(self, path: PathKey) -> PathKey | None:
        """The path whose mark `path` has (through aliases), or None when it has none."""
        path = tuple(path)
        for _ in range(MAX_DEPTH + 1):  # a link leads to an earlier, finished value
            if path in self.at:
                return path
            for cut in range(len(path), -1, -1):
                if path[:cut] in self.links:
                    path = self.links[path[:cut]] + path[cut:]
                    break
            else:
                return None
        return None

    def has(self, path: PathKey) -> bool:
        return self.resolve(path) is not None

    def locate(self, path: PathKey) -> tuple[int, int]:
        """The mark of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            found = self.resolve(path)
            if found is not None:
                return self.at[found]
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


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml parses ~10x faster


def read_text(path: Path, display_name: str) -> tuple[str | None, list[Problem]]:
    """The file's text, or None and one problem: only a regular UTF-8 file of at most
    MAX_FILE_BYTES is read (a FIFO or device is refused without blocking on it)."""
    def refuse(code: str, message: str, hint: str = "", line: int = 0, column: int = 0):
        return None, [Problem(display_name, line, column, code, message, "", hint)]

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        return refuse("unreadable-file", f"cannot open the file: {exc.strerror}")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return refuse("not-a-file", "this is not a regular file (a pipe, device or "
                          "folder); data files are plain text files", "replace it with a file")
        if info.st_size > MAX_FILE_BYTES:
            return refuse("file-too-large", f"the file has {info.st_size:,} bytes; a data "
                          f"file may have at most {MAX_FILE_BYTES:,}",
                          "split it into several files")
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        if exc.errno == errno.EAGAIN:
            return refuse("not-a-file", "the file cannot be read without waiting")
        return refuse("unreadable-file", f"cannot read the file: {exc.strerror}")
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_FILE_BYTES:
        return refuse("file-too-large", f"the file has more than {MAX_FILE_BYTES:,} bytes",
                      "split it into several files")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return refuse("encoding", f"byte 0x{data[exc.start]:02x} is not UTF-8 text",
                      "save the file as UTF-8", line, column)
    text = text.removeprefix("\ufeff")
    bad = CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        return refuse("control-character", f"control character U+{ord(bad.group()):04X} "
                      "is not allowed in a data file", "delete it (it is invisible in most "
                      "editors)", line, column)
    bad = INVISIBLE.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        return refuse("invisible-character", invisible_message(bad.group()),
                      INVISIBLE_FIX, line, column)
    return text, []


INVISIBLE_FIX = ("delete it: most editors do not show it (search for the code, e.g. \\u202e); "
                 "names and text are written in plain characters")


def invisible_message(char: str) -> str:
    code = ord(char)
    name = unicodedata.name(char, "an invisible character").lower()
    bidi = 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069
    effect = ("it reorders the text around it on the pages" if bidi else
              "it hides inside the text, so two names that look alike would differ")
    return f"U+{code:04X} ({name}) is not allowed in a data file: it is invisible and {effect}"


def parse_yaml(text: str, display_name: str) -> tuple[Any, Marks, list[Problem]]:
    marks = Marks(display_name)
    builder = _Builder(marks)
    loader = _Loader(text)
    try:
        value = builder.run(loader)
    except yaml.MarkedYAMLError as exc:
        return None, Marks(display_name), [_syntax_problem(display_name, exc)]
    except yaml.YAMLError as exc:  # errors without a mark (rare)
        return None, Marks(display_name), [Problem(display_name, 0, 0, "yaml-syntax",
                                                   str(exc))]
    except _Fatal as exc:
        return None, Marks(display_name), [exc.problem]
    finally:
        loader.dispose()
    return value, marks, builder.problems


def _syntax_problem(file: str, exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
    what = exc.problem or "invalid YAML"
    if exc.context:
        started = exc.context_mark
        at = f" (begun on line {started.line + 1})" if started and started is not mark else ""
        what = f"{exc.context}{at}: {what}"
    hint = ("check the indentation and quoting on this line and the lines before it: an "
            "unclosed quote runs on until the next one")
    if "found character '\\t'" in what:
        hint = "YAML does not allow tabs for indentation; use spaces"
    elif "mapping values are not allowed" in what:
        hint = "a value that contains ': ' must be quoted"
    return Problem(file, line, column, "yaml-syntax", what, "", hint)


class _Fatal(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem


# Plain scalars, read strictly (the YAML 1.2 core schema, minus what people never mean).
_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True,
         "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][-+]?[0-9]+)?")
_YAML11_BOOL = re.compile(r"(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)")
_AMBIGUOUS_NUMBER = re.compile(  # octal, hex, binary, sexagesimal, underscores, inf, nan
    r"[-+]?(?:0[0-9_]+|0[oxbOXB][0-9a-fA-F_]+|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?"
    r"|[0-9][0-9_]*_[0-9_]*(?:\.[0-9_]*)?|\.(?:inf|Inf|INF|nan|NaN|NAN))")
_CONTROL_OR_SURROGATE = re.compile(CONTROL.pattern[:-1] + "\ud800-\udfff]")
_MAYBE_NOT_TEXT = set("0123456789+-.~<nNtTfFyYoO")  # a plain scalar starting otherwise is text
_PLAIN_TAGS = {None, "!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:map",
               "tag:yaml.org,2002:seq"}
_MERGE = object()  # the '<<' key


@dataclass
class _Open:
    """A mapping or list being built."""

    path: PathKey
    value: Any  # dict or list
    anchor: str | None
    values: int  # the value count when it started
    key: Any = None  # mapping: the key waiting for its value (None: expecting a key)
    key_mark: tuple[int, int] = (0, 0)
    has_key: bool = False
    merged: set = field(default_factory=set)  # keys that came from '<<' (explicit ones win)


class _Builder:
    """Plain values from parser events, with an explicit stack instead of recursion."""

    def __init__(self, marks: Marks):
        self.marks = marks
        self.problems: list[Problem] = []
        self.anchors: dict[str, tuple[Any, int, PathKey]] = {}  # value, size, where
        self.open_anchors: set[str] = set()
        self.values = 0
        self.stack: list[_Open] = []

    def fatal(self, mark, code: str, message: str, hint: str = "") -> _Fatal:
        return _Fatal(Problem(self.marks.file, mark.line + 1, mark.column + 1, code, message,
                              "", hint))

    def run(self, loader) -> Any:
        loader.get_event()  # StreamStart
        if loader.check_event(yaml.StreamEndEvent):
            return None  # an empty file holds no records
        loader.get_event()  # DocumentStart
        root = self._node(loader, ())
        loader.get_event()  # DocumentEnd
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.get_event()
            raise self.fatal(event.start_mark, "yaml-syntax", "a data file holds one YAML "
                             "document; this is a second one", "remove the '---' line")
        return root

    def _path_for_child(self) -> PathKey:
        """The path of the value the next event starts, inside the open list or mapping."""
        top = self.stack[-1]
        if isinstance(top.value, list):
            return top.path + (len(top.value),)
        if not top.has_key:
            return top.path + ("<key>",)  # a key itself (marked in marks.keys instead)
        if top.key is _MERGE or top.key is _Skip:
            return top.path + ("<<" if top.key is _MERGE else "<skipped>",)
        return top.path + (top.key,)

    def _mark(self, path: PathKey, mark) -> None:
        self.marks.at[path] = (mark.line + 1, mark.column + 1)

    def _count(self, mark, how_many: int = 1) -> None:
        self.values += how_many
        if self.values > MAX_VALUES:
            raise self.fatal(mark, "too-many-values", f"the file holds more than "
                             f"{MAX_VALUES:,} values (aliases count each value they repeat)",
                             "write the data out plainly, in several files if need be")

    def _node(self, loader, root_path: PathKey) -> Any:
        """Build the node starting at the next event, and everything inside it."""
        result: Any = None
        done = False
        while not done:
            event = loader.get_event()
            path = self._path_for_child() if self.stack else root_path
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if len(self.stack) >= MAX_DEPTH:
                    raise self.fatal(event.start_mark, "too-deep", f"values are nested more "
                                     f"than {MAX_DEPTH} deep", "flatten the data")
                self._count(event.start_mark)
                self._check_tag(event, path)
                self._mark(path, event.start_mark)
                if event.anchor:
                    self.open_anchors.add(event.anchor)
                is_map = isinstance(event, yaml.MappingStartEvent)
                self.stack.append(_Open(path, {} if is_map else [], event.anchor,
                                        self.values))
                continue
            if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                node = self.stack.pop()
                if node.anchor:
                    self.open_anchors.discard(node.anchor)
                    self.anchors[node.anchor] = (node.value, self.values - node.values + 1,
                                                 node.path)
                value = node.value
            elif isinstance(event, yaml.AliasEvent):
                value = self._alias(event, path)
            else:  # a scalar
                self._count(event.start_mark)
                top = self.stack[-1] if self.stack else None
                if top is None or isinstance(top.value, list) or top.has_key:
                    self._mark(path, event.start_mark)  # keys are marked in marks.keys
                value = self._scalar(event, path)
                if event.anchor:
                    self.anchors[event.anchor] = (value, 1, path)
            if self.stack:
                self._add(self.stack[-1], value, event)
            else:
                result, done = value, True
        return result

    def _alias(self, event, path: PathKey) -> Any:
        name = event.anchor
        if name in self.open_anchors:
            raise self.fatal(event.start_mark, "recursive-alias", f"the alias *{name} is "
                             f"inside the value it names, so it would never end")
        if name not in self.anchors:
            raise self.fatal(event.start_mark, "unknown-alias", f"no anchor &{name} comes "
                             "before this alias", f"define '&{name}' on an earlier value")
        value, size, where = self.anchors[name]
        self._count(event.start_mark, size)
        self.marks.links[path] = where
        return value

    def _check_tag(self, event, path: PathKey) -> bool:
        if event.tag in _PLAIN_TAGS:
            return True
        self.problems.append(Problem(self.marks.file, event.start_mark.line + 1,
                                     event.start_mark.column + 1, "yaml-tag",
                                     f"the tag {event.tag} is not allowed in data files",
                                     json_path(path), "write a plain value without a '!' tag"))
        self.marks.bad.add(path)
        return False

    def _scalar(self, event, path: PathKey) -> Any:
        if not self._check_tag(event, path):
            return None
        text = event.value
        if event.style not in (None, "") or event.tag is not None:
            self.marks.quoted.add(path) if event.style in ("'", '"') else None
            return self._string(text, event, path)
        if text and text[0] not in _MAYBE_NOT_TEXT:
            return self._string(text, event, path)
        if text == "<<":
            return _MERGE
        if text in _NULL:
            return None
        if text in _BOOL:
            return _BOOL[text]
        if _AMBIGUOUS_NUMBER.fullmatch(text):
            return self._bad(event, path, "ambiguous-number", f"'{text}' is not a plain "
                             "number (YAML 1.1 reads it as octal, hexadecimal, base 60, "
                             "infinity or not-a-number)", "write the number in plain decimal "
                             "digits, e.g. 30, or quote it if it is text")
        if _INT.fullmatch(text):
            if len(text.lstrip("+-")) > MAX_DIGITS:
                return self._bad(event, path, "too-many-digits", f"the number has more than "
                                 f"{MAX_DIGITS} digits", "no count in the games is this large")
            return int(text)
        if _FLOAT.fullmatch(text):
            number = float(text)
            if math.isfinite(number):
                return number
            return self._bad(event, path, "bad-number", f"{text} is too large a number")
        if _YAML11_BOOL.fullmatch(text):
            return self._bad(event, path, "ambiguous-boolean", f"'{text}' is a yes/no word "
                             "that YAML 1.1 reads as a boolean", "write true or false, or quote "
                             "it if it is text")
        return self._string(text, event, path)

    def _string(self, text: str, event, path: PathKey) -> Any:
        bad = _CONTROL_OR_SURROGATE.search(text)
        if bad:
            return self._bad(event, path, "control-character", f"the text holds the "
                             f"character U+{ord(bad.group()):04X}, which is not allowed",
                             "remove the escape that makes it (e.g. \\0 or \\x07)")
        bad = INVISIBLE.search(text)  # written as an escape: the file's text had none
        if bad:
            return self._bad(event, path, "invisible-character", invisible_message(bad.group()),
                             "remove the escape that makes it (e.g. \\u202E or \\u200B)")
        return text

    def _bad(self, event, path: PathKey, code: str, message: str, hint: str = "") -> None:
        self.problems.append(Problem(self.marks.file, event.start_mark.line + 1,
                                     event.start_mark.column + 1, code, message,
                                     json_path(path), hint))
        self.marks.bad.add(path)
        return None

    def _add(self, node: _Open, value: Any, event) -> None:
        """Put a finished value into the list or mapping that holds it."""
        if isinstance(node.value, list):
            node.value.append(value)
            return
        if not node.has_key:  # the value is a key
            node.has_key, node.key = True, value
            node.key_mark = (event.start_mark.line + 1, event.start_mark.column + 1)
            if value is not _MERGE and not isinstance(value, (str, int)) or \
                    isinstance(value, bool):
                self.problems.append(Problem(self.marks.file, *node.key_mark, "bad-key",
                                             f"a key must be a plain word, got {value!r}",
                                             json_path(node.path)))
                node.key = _Skip
            elif value in node.value and value not in node.merged:
                self.problems.append(Problem(self.marks.file, *node.key_mark,
                                             "duplicate-key",
                                             f"the key '{value}' appears twice in one mapping",
                                             json_path(node.path),
                                             "remove or rename one of them"))
                node.key = _Skip
            return
        key, node.has_key = node.key, False
        if key is _Skip:
            return
        if key is _MERGE:
            self._merge(node, value, event)
            return
        node.merged.discard(key)  # an explicit key overrides a merged one
        self.marks.keys[node.path + (key,)] = node.key_mark
        node.value[key] = value

    def _merge(self, node: _Open, value: Any, event) -> None:
        sources = value if isinstance(value, list) else [value]
        if not sources or not all(isinstance(s, dict) for s in sources):
            self.problems.append(Problem(
                self.marks.file, *node.key_mark, "bad-merge", "'<<' merges mappings: its value "
                "must be an alias of a mapping (<<: *name) or a list of them", json_path(
                    node.path), "write '<<: *name', where &name marks a mapping"))
            return
        for source in sources:  # earlier sources win, and keys written here win over all
            for key, item in source.items():
                if key not in node.value:
                    node.value[key] = item
                    node.merged.add(key)
                    self.marks.keys.setdefault(node.path + (key,), node.key_mark)
                    self.marks.at.setdefault(node.path + (key,), node.key_mark)


class _SkipType:
    def __repr__(self) -> str:
        return "<skip>"


_Skip = _SkipType()
