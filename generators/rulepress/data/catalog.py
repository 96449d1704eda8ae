"""The Catalog: every validated record, by kind and id."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from pydantic import BaseModel

from .kinds import KINDS, Kind
from .yamlio import Marks, PathKey


@dataclass(frozen=True)
class Entry:
    """A record and where it was written (file marks and its path in the file)."""

    kind: Kind
    record: Any
    marks: Marks
    path: PathKey

    @property
    def file(self) -> str:
        return self.marks.file

    @property
    def line(self) -> int:
        return self.marks.locate(self.path)[0]

    def problem(self, sub_path: PathKey, code: str, message: str, hint: str = "",
                column_offset: int = 0):
        return self.marks.problem(self.path + tuple(sub_path), code, message, hint,
                                  column_offset)


@dataclass
class Catalog:
    root: Path  # the project folder the data was read from
    entries: dict[str, dict[str, Entry]] = field(default_factory=dict)
    # Kinds with a file or record that failed to load, and the ids of records that did:
    # checks and references that read them are skipped, so one mistake is reported once.
    broken: set[str] = field(default_factory=set)
    broken_ids: dict[str, set[str]] = field(default_factory=dict)
    unreadable: set[str] = field(default_factory=set)  # kinds with a file that did not parse

    def add(self, entry: Entry) -> None:
        self.entries.setdefault(entry.kind.key, {})[entry.record.id] = entry

    def is_broken(self, kind: str, record_id: str) -> bool:
        """Whether `record_id` may be a record that failed to load (so not a typo)."""
        return record_id in self.broken_ids.get(kind, ()) or kind in self.unreadable

    def ids(self, kind: str) -> list[str]:
        return list(self.entries.get(kind, {}))

    def get(self, kind: str, record_id: str) -> Any | None:
        entry = self.entries.get(kind, {}).get(record_id)
        return entry.record if entry else None

    def record(self, kind: str, record_id: str) -> Any:
        """A record the checks have made sure of (a reference that resolved, a fixed id the
        data must hold): a missing one is a defect, so KeyError."""
        return self.entries[kind][record_id].record

    def entry(self, kind: str, record_id: str) -> Entry | None:
        return self.entries.get(kind, {}).get(record_id)

    def all(self, kind: str) -> list[Any]:
        return [e.record for e in self.entries.get(kind, {}).values()]

    def iter_entries(self) -> Iterator[Entry]:
        for by_id in self.entries.values():
            yield from by_id.values()

    def engine_data(self) -> dict[str, dict[str, list[dict]]]:
        """The data the rules engine needs, as JSON-able dicts: {game: {section: [...]}}."""
        data: dict[str, dict[str, list[dict]]] = {}
        for kind in KINDS:
            if kind.engine and kind.game:
                data.setdefault(kind.game, {})[kind.section] = [
                    _plain(record, kind.engine_fields) for record in self.all(kind.key)]
        return data


def _plain(record: BaseModel, fields: tuple[str, ...] = ()) -> dict:
    plain = record.model_dump(mode="json", exclude_none=True,
                              include=set(fields) if fields else None)
    if not plain.get("unknown"):
        plain.pop("unknown", None)
    plain.pop("null_kind", None)  # how cards and pages show a blank: not the engine's concern
    return plain
