"""Problems found in the data: one record per problem, reported all together.

Validators return problems instead of raising, so one run of `rulepress check`
reports every mistake in every file, sorted by file and line.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Iterable


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the data, pointing at the place to fix it."""

    file: str  # path relative to the project folder
    line: int  # 1-based; 0 when the problem concerns the whole file
    column: int  # 1-based; 0 when unknown
    code: str  # stable machine-readable kind, e.g. "unknown-field"
    message: str  # what was expected and what was found
    path: str = ""  # where in the file, e.g. "$.skills[3].letter"
    hint: str = ""  # a likely fix, e.g. "did you mean 'shadow'?"

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        text = f"{where}: {self.code}: {self.message}"
        if self.path:
            text += f" (at {self.path})"
        if self.hint:
            text += f"\n    fix: {self.hint}"
        return text


class BuildError(Exception):
    """A build step failed for a reason other than the data; the message says why."""


class DataError(Exception):
    """Raised once, after loading, when the data has any problem."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = sorted(problems)
        super().__init__(f"{len(self.problems)} problem(s) in the data")

    def report(self) -> str:
        lines = [str(p) for p in self.problems]
        lines.append(f"{len(self.problems)} problem(s) found.")
        return "\n".join(lines)


@dataclass
class ProblemList:
    """Collects problems; validators append, the loader decides when to stop."""

    items: list[Problem] = field(default_factory=list)

    def add(self, problem: Problem) -> None:
        self.items.append(problem)

    def extend(self, problems: Iterable[Problem]) -> None:
        self.items.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise DataError(self.items)


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """A hint naming the nearest known name, or "" when nothing is close."""
    if not isinstance(word, str):
        return ""
    choices = list(choices)
    lowered = {c.lower(): c for c in choices}
    if word.lower() in lowered:
        return f"did you mean '{lowered[word.lower()]}'?"
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""
