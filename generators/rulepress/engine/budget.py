"""The engine-wide bound on work: refuse, before computing, what would take too long.

Every op estimates the cost of its exact answer (in rough "steps", about a
microsecond each in CPython) and calls `refuse_over` before doing the work, so a
request that would need more than about 2 s or 500 MB is refused at once with
what to shrink, in the browser and on the command line alike.
"""

from __future__ import annotations

from .query import QueryError

# About 2 s of pure-Python work on the 2-core reference machine (Pyodide is ~2x slower).
MAX_STEPS = 2_000_000


def refuse_over(steps: float, what: str, shrink: str, field: str | None = None,
                limit: float = MAX_STEPS) -> None:
    """Raise a QueryError when `steps` exceeds `limit`: `what` names the work, `shrink` the fix."""
    if steps > limit:
        raise QueryError(f"{what} is too big to work out exactly here (about "
                         f"{_rough(steps)} steps, the limit is {_rough(limit)}); {shrink}",
                         field)


def _rough(n: float) -> str:
    if n >= 1e9:
        return f"{n / 1e9:.0f} billion" if n < 1e12 else "more than a trillion"
    if n >= 1e6:
        return f"{n / 1e6:.0f} million"
    return f"{n:,.0f}"
