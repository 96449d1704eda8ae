"""Shared building blocks of every data model: ids, references, sources, facts.

Every record says where it came from (`source`); a value that the seed does not
state outright is a `Fact` that says how it was obtained, or why it is unknown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator


class Model(BaseModel):
    """Base of all data models: unknown fields are errors, records are immutable, and types
    are strict: true is not the number 1, nor "8" the number 8 (only a whole number may
    stand for a decimal one)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def check_range(low_name: str, low: int | float, high_name: str, high: int | float) -> None:
    """Both ends of a range, the low one not above the high one."""
    if low > high:
        raise ValueError(f"{low_name} ({low}) is above {high_name} ({high})")


@dataclass(frozen=True)
class Ref:
    """Marks a field whose value is the id of a record of another kind."""

    kind: str


Id = Annotated[
    str,
    StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$"),
    Field(description="Stable id: lower-case words joined by '-'; used in page addresses."),
]
Text = Annotated[str, StringConstraints(min_length=1)]
LineRange = Annotated[
    str,
    StringConstraints(pattern=r"^\d+(-\d+)?(, *\d+(-\d+)?)*$"),
    Field(description="Seed line numbers: '42', '8-17' or '8-17, 25'."),
]
Obtained = Literal["stated", "recovered", "inferred"]
MAX_LINE = 1_000_000  # no source has a million lines


class Source(Model):
    """Where a record or a value comes from: a source file and its lines or section."""

    seed: Annotated[str, Ref("source")] = Field(
        description="File name of a source listed in data/sources.yaml.")
    lines: LineRange | None = None
    section: Text | None = None

    @model_validator(mode="after")
    def _needs_a_place(self) -> "Source":
        if self.lines is None and self.section is None:
            raise ValueError("a source needs 'lines' or 'section' (or both)")
        for low, high in self.line_spans():
            if low < 1 or high > MAX_LINE:
                raise ValueError(f"line numbers run from 1 to {MAX_LINE:,}; got '{self.lines}'")
            if low > high:
                raise ValueError(f"the line range {low}-{high} runs backwards; write "
                                 f"{high}-{low}")
        return self

    def line_spans(self) -> list[tuple[int, int]]:
        """Each range the lines name, first to last, e.g. '8-10, 12' -> [(8, 10), (12, 12)]."""
        spans: list[tuple[int, int]] = []
        for part in re.split(r",\s*", self.lines or ""):
            if part:
                low, _, high = part.partition("-")
                spans.append((int(low[:12]), int((high or low)[:12])))  # 12 digits: no giant int
        return spans


T = TypeVar("T")


class Fact(Model, Generic[T]):
    """A value with its provenance; `value: null` means the sources do not give it."""

    value: T | None
    obtained: Obtained | None = Field(
        default=None,
        description="stated: written in the source; recovered: rebuilt from the source's own "
                    "prose; inferred: follows from stated facts. Omit when value is null.")
    source: Source | None = Field(default=None, description="The lines that support the value.")
    note: Text | None = Field(default=None, description="How the value was obtained.")
    reason: Text | None = Field(default=None, description="Why the value is unknown (value null).")

    @model_validator(mode="after")
    def _explained(self) -> "Fact[T]":
        if self.value is None:
            if not self.reason:
                raise ValueError("an unknown value (null) needs a 'reason'")
        else:
            if self.obtained is None:
                raise ValueError("a known value needs 'obtained': stated, recovered or inferred")
            if self.obtained != "stated" and not self.note:
                raise ValueError(f"a value obtained as '{self.obtained}' needs a 'note' saying how")
        return self


class Record(Model):
    """A thing with an id and a source: a skill, a button, a bot, a weapon…"""

    # Fields whose null is itself a value (e.g. an armour's range: none), with what it means;
    # any other field written as null needs its reason in `unknown` (data/load.py checks)
    null_means: ClassVar[dict[str, str]] = {}

    id: Id
    source: Source
    unknown: dict[str, Text] = Field(
        default_factory=dict,
        description="Why a field is null: field name -> what the sources say or leave out.")

    @model_validator(mode="after")
    def _unknown_names_null_fields(self) -> "Record":
        for name in self.unknown:
            if name not in type(self).model_fields or name in ("id", "source", "unknown"):
                raise ValueError(f"'unknown' names '{name}', which is not a field of this record")
            if getattr(self, name) is not None:
                raise ValueError(f"'unknown' explains '{name}', but '{name}' has a value; "
                                 "set it to null or drop the explanation")
        return self


class SourceFile(Model):
    """One source document the data is built from (see shared seeds' README)."""

    id: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]+$")] = Field(
        description="The source's file name, as records cite it in source.seed.")
    title: Text
    lines: int | None = Field(default=None, ge=1, description="Number of lines, to check ranges.")
    licence: Text | None = None


class SearchAlias(Record):
    """Words a player types for a rule or a page that its own text does not use ("fire by
    hand" for Manual Fire, "medic" for the Medik, "tie" for equal totals). The site's search
    finds the heading (or the page) by them (website/search_index.py); `source` is the rule's
    own lines, `why` where the words come from. One kind per game
    (data/<game>/search_aliases.yaml), one model."""

    rule: Text = Field(description="The rule's or the page's name, as its heading says it.")
    page: Annotated[str, StringConstraints(
        pattern=r"^(brikwars|buttonmen|evilrobots|calculators)/[a-z0-9/-]*[a-z0-9](\.md|/)$"
    )] = Field(
        description="A rules page of content/ ('brikwars/heavy-weapons.md'), or the address "
                    "of a page the build writes ('brikwars/specialists/medik/', "
                    "'calculators/dice-roll/').")
    anchor: Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")] | None = Field(
        default=None, description="The explicit anchor ({#...}) of the rule's heading on a "
                                  "rules page; none: the whole page.")
    words: list[Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9 '-]*$")]] = Field(
        min_length=1, description="What a player types, lower case: a word or a few.")
    why: Text = Field(description="Where the words come from: the book's own wording (with "
                                  "its line) or what players call the rule.")

    @property
    def location(self) -> str:
        """The search index's location of the heading or page: 'brikwars/combat/#parry'."""
        page = self.page.removesuffix(".md").removesuffix("index").rstrip("/") + "/"
        return page + (f"#{self.anchor}" if self.anchor else "")
