"""Named rule options where the seeds and Button Men Online (BMO) differ.

The first choice of each option is the default and follows the seeds; the
others name BMO's behaviour. content/buttonmen/differences.md explains each.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..query import QueryError, Request

CHOICES = {
    # Seed: a die captured with a Null die leaves the game. BMO: it goes to the score pile,
    # made Null, worth 0.
    "null_capture": ("remove", "score-zero"),
    # Seed: split into two dice "as equal as available". BMO: n -> ceil(n/2) + floor(n/2).
    "radioactive_split": ("available", "halves"),
    # A full initiative tie: reported as its own probability, or BMO's random pick.
    "initiative_tie": ("report", "random"),
}

# The die sizes a table is assumed to have for the seed's radioactive split: the usual
# polyhedra plus d2 and d3 (the seed's own example splits a d5 into a d2 and a d3).
AVAILABLE_SIZES = (1, 2, 3, 4, 6, 8, 10, 12, 20, 30)


@dataclass(frozen=True)
class Rules:
    null_capture: str = "remove"
    radioactive_split: str = "available"
    initiative_tie: str = "report"
    available_sizes: tuple[int, ...] = AVAILABLE_SIZES


# Whole-round play (the matchup and advise ops) follows Button Men Online by default.
BMO = {"null_capture": "score-zero", "radioactive_split": "halves", "initiative_tie": "random"}


def read_rules(req: Request, defaults: dict[str, str] | None = None) -> Rules:
    """The options named in a request (top-level fields), defaults from the seeds (or
    `defaults`, e.g. BMO)."""
    chosen = {}
    for name, choices in CHOICES.items():
        value = req.string(name, (defaults or {}).get(name, choices[0]))
        if value not in choices:
            raise QueryError(f"'{name}' must be one of {', '.join(choices)}; got '{value}'",
                             name)
        chosen[name] = value
    sizes = req.get("available_sizes", list(AVAILABLE_SIZES))
    if (not isinstance(sizes, list) or not sizes or
            not all(isinstance(s, int) and not isinstance(s, bool) and s >= 1 for s in sizes)):
        raise QueryError("'available_sizes' must be a list of die sizes (whole numbers >= 1)",
                         "available_sizes")
    return Rules(available_sizes=tuple(sorted(set(sizes))), **chosen)
