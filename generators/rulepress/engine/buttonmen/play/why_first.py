"""Why a side went first in a played round, in plain sentences for the Play page: the
`play` op's start event says it from the round's log (start.start_round), with the player
as "you" and the computer as "the computer"."""

from __future__ import annotations

from .match import Match
from .start import slow

WHO = ("you", "the computer")
WHOSE = ("your", "the computer's")


def _values(values: list[int]) -> str:
    return ", ".join(str(v) for v in values) if values else "nothing (no die counts)"


def _compared(values: list[list[int]], first: int, went: str) -> str:
    """The sentence that compares the two sides' values, lowest first (initiative.leader_of)."""
    a, b = values
    shown = (f"The dice that count for going first showed {_values(a)} on your side and "
             f"{_values(b)} on the computer's (lowest first)")
    for x, y in zip(a, b):
        if x != y:
            return (f"{shown}: the first difference is {x} against {y}, and the lower one "
                    f"goes first, so {WHO[first]} {went}.")
    return (f"{shown}: equal as far as the shorter list goes, and the side with more dice "
            f"that count goes first, so {WHO[first]} {went}.")


def why_first(match: Match, log: list[dict]) -> list[str]:
    """Sentences, in order: the opening roll's comparison (or the button skill or coin that
    decided), then each reaction to the initiative and what it did."""
    out = []
    opening = next(e for e in log if e["event"] == "opening roll")
    first = next(e for e in log if e["event"] == "first")["player"]
    late = slow(match)
    tie = next((e for e in log if e["event"] == "tie"), None)
    if late[0] != late[1]:
        k = 0 if late[0] else 1
        name = match.buttons[k].name  # type: ignore[union-attr]
        out.append(f"{WHOSE[k].capitalize()} button, {name}, never goes first (its button "
                   f"skill), so {WHO[1 - k]} went first.")
    elif tie is not None:
        because = ("both buttons never go first" if all(late) else
                   f"the dice that count for going first showed the same on both sides "
                   f"({_values(opening['values'][0])})")
        out.append(f"A full tie: {because}; a coin decided, and {WHO[tie['first']]} "
                   "went first.")
    else:
        initial = next((e.get("player") for e in log if e["event"] in ("chance", "focus")),
                       None)
        # the first turn before any reaction: the side that did not react
        out.append(_compared(opening["values"], first if initial is None else 1 - initial,
                             "went first" if initial is None else "had the first turn"))
    left = opening.get("left_out", [0, 0])
    if any(left):
        sides = [f"{n} of {WHOSE[k]} dice" for k, n in enumerate(left) if n]
        out.append(f"Trip, Stinger, Slow, Rage and Warrior dice do not count for going first "
                   f"({' and '.join(sides)}).")
    for entry in log:
        if entry["event"] not in ("chance", "focus"):
            continue
        who = WHO[entry["player"]].capitalize()
        did = ("re-rolled a Chance die" if entry["event"] == "chance" else
               "turned Focus dice down")
        out.append(f"{who} {did} to take the first turn, and "
                   + ("took it." if entry["gained"] else "did not get it."))
    return out
