"""What an op leaves out of the rule it answers, said in every answer (`not_modelled`), so
that no answer is silently wrong. One decorator per op, under its `@op`."""

from __future__ import annotations

from functools import wraps
from typing import Callable

from ..query import Request
from ..records import BrikWarsData

Run = Callable[[Request, BrikWarsData], dict]


def leaves_out(*notes: str) -> Callable[[Run], Run]:
    """Add `notes` to the answer's `not_modelled` (after any the op found itself)."""

    def wrap(fn: Run) -> Run:
        @wraps(fn)
        def run(req: Request, data: BrikWarsData) -> dict:
            out = fn(req, data)
            found = list(out.get("not_modelled", []))
            out["not_modelled"] = found + [n for n in notes if n not in found]
            return out

        return run

    return wrap


def declined_bonus_dice(penalty: int, bonus_dice: bool, penalty_on_bonus_dice: bool,
                        which: str = "every bonus die of the Damage") -> list[str]:
    """With a per-die penalty of 2 or more a bonus die can lower a total, and a player may
    decline it (L179); `which` are the dice these sums roll all the same."""
    if penalty >= 2 and bonus_dice and penalty_on_bonus_dice:
        return [f"{which} is rolled: with a per-die penalty of 2 or more a player may "
                "decline one that could lower the total (L179), which these sums do not do"]
    return []
