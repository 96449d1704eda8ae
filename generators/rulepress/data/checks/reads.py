"""Which kinds a check reads: a check is skipped while any of them failed to load."""

from __future__ import annotations

from typing import Callable, TypeVar

C = TypeVar("C", bound=Callable)


def reads(*kinds: str) -> Callable[[C], C]:
    """Mark a check with the kinds whose records it compares (its `reads`): with one of
    them broken, its findings would only echo that breakage (e.g. every recipe using a
    skill letter of a skills file that did not parse)."""
    def mark(check: C) -> C:
        check.reads = kinds  # type: ignore[attr-defined]
        return check
    return mark
