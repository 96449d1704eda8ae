"""Seeded simulation of whole rounds, with Wilson intervals.

Round i of a run with seed s is played with its own generator, `Random(f"{s}:{i}")`, so a run
can be split into batches (the page asks for rounds 0-49, then 50-99, ...) and adds up to
exactly the same counts as one long run; CPython and Pyodide draw the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import sqrt
from random import Random

from ..dice import Die
from .match import Match
from .position import Position
from .policies import playout
from .start import start_round

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (successes may count draws as halves)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    capped: int = 0  # rounds stopped at the turn limit (counted as draws)
    turns: int = 0
    firsts: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def rounds(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, end: Position, match: Match) -> None:
        """Count a round's end for player 0 (a round stopped at the turn limit: a draw)."""
        if not end.over():
            self.capped += 1
            self.draws += 1
            return
        result = end.result(match)
        if result == 1:
            self.wins += 1
        elif result == 0:
            self.losses += 1
        else:
            self.draws += 1


def round_rng(seed: int, index: int) -> Random:
    return Random(f"{seed}:{index}")


def play_rounds(match: Match, dice: tuple[list[Die], list[Die]], names: tuple[str, str],
                seed: int, first: int, count: int, tally: Tally | None = None,
                keep_going=lambda tally: True, budget: int = 0) -> Tally:
    """Play rounds first .. first+count-1 (fewer if `keep_going` says stop), counting results
    for player 0."""
    tally = tally or Tally()
    for index in range(first, first + count):
        if not keep_going(tally):
            break
        rng = round_rng(seed, index)
        pos, log = start_round(match, dice, rng, names)
        tally.firsts[pos.mover] += 1
        tally.add(playout(match, pos, rng, names, budget=budget), match)
    return tally
