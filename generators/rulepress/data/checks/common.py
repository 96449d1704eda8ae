"""Checks that hold for every kind of record."""

from __future__ import annotations

from typing import Iterator

from ...problems import Problem
from ..catalog import Catalog
from .reads import reads
from ..models.common import Fact
from ..validate import parts, sources


@reads("source")
def source_lines_exist(catalog: Catalog) -> Iterator[Problem]:
    """A cited line range must lie inside the cited source file."""
    for entry in catalog.iter_entries():
        for path, source in sources(entry.record):
            known = catalog.get("source", source.seed)
            if known is None or known.lines is None or source.lines is None:
                continue
            beyond = [high for _, high in source.line_spans() if high > known.lines]
            if beyond:
                yield entry.problem(path + ("lines",), "bad-source-lines",
                                    f"line {beyond[0]} is outside {source.seed}, which has "
                                    f"{known.lines} lines")


def known_numbers_are_not_negative(catalog: Catalog) -> Iterator[Problem]:
    """A cost, a size, a count or an inch in a Fact is never below zero."""
    for entry in catalog.iter_entries():
        for path, fact in parts(entry.record, Fact):
            value = fact.value
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
                yield entry.problem(path + ("value",), "negative-value",
                                    f"{value} is below zero", "write the amount without a sign")


CHECKS = (source_lines_exist, known_numbers_are_not_negative)
