"""Helpers for tests that break one thing in a scratch copy of the data."""

from __future__ import annotations

from rulepress.data.load import check_data


def replace(path, old, new):
    """Change the first `old` in the file to `new`; the fixture text must be there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text not found: {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path, needle):
    """The 1-based number of the first line that contains `needle`."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def only_problem(project):
    """The one problem the data of `project` has (fails when there are none or several)."""
    _, problems = check_data(project)
    assert len(problems) == 1, [str(p) for p in problems.items]
    return problems.items[0]
