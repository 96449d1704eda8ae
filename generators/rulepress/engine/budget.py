"""The engine-wide bound on work: refuse, before computing, what would take too long.

Every op estimates the cost of its exact answer (in rough "steps", about a
microsecond each of CPU time in CPython, and where it matters in bytes of memory)
and calls `refuse_over` before doing the work, so a request that would need more
than about 2 s or 500 MB is refused at once with what to shrink, in the browser
and on the command line alike.
"""

from __future__ import annotations


class TooBig(Exception):
    """Work over the engine's budget of time or memory: an engine error, which the request
    layer (query.answer) gives back as a refusal naming `field`."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

# About 2 s of CPU on the 2-core reference machine (Pyodide is ~2x slower).
MAX_STEPS = 2_000_000
MAX_MEMORY = 500_000_000  # bytes


def refuse_over(steps: float, what: str, shrink: str, field: str | None = None,
                limit: float | None = None, memory: float = 0.0,
                memory_limit: float | None = None) -> None:
    """Raise TooBig when `steps` exceeds `limit` (default MAX_STEPS), or `memory` bytes
    exceed `memory_limit` (default MAX_MEMORY): `what` names the work, `shrink` the fix."""
    limit = MAX_STEPS if limit is None else limit
    memory_limit = MAX_MEMORY if memory_limit is None else memory_limit
    if steps > limit:
        raise TooBig(f"{what} is too big to work out exactly here (about "
                         f"{_rough(steps)} steps, some {_seconds(steps)}; the limit is "
                         f"{_rough(limit)}, about {_seconds(limit)}); {shrink}", field)
    if memory > memory_limit:
        raise TooBig(f"{what} is too big to work out exactly here (it would need about "
                         f"{memory / 1e6:,.0f} MB; the limit is {memory_limit / 1e6:,.0f} MB); "
                         f"{shrink}", field)


def _seconds(steps: float) -> str:
    seconds = steps / 1e6
    if seconds >= 86400 * 365:
        return "more than a year"
    if seconds >= 5400:
        return f"{seconds / 3600:,.0f} hours"
    if seconds >= 90:
        return f"{seconds / 60:,.0f} minutes"
    return f"{seconds:.0f} s" if seconds >= 10 else f"{seconds:.1f} s"


def _rough(n: float) -> str:
    if n >= 1e12:
        return "more than a trillion"
    if n >= 1e9:
        return f"{n / 1e9:.0f} billion"
    if n >= 1e6:
        return f"{n / 1e6:.1f}".removesuffix(".0") + " million" if n < 1e7 else \
            f"{n / 1e6:.0f} million"
    return f"{n:,.0f}"
