"""A position in a round: each player's dice in play and captured, whose turn, passes so far.

Player 0 is the side the question is asked for ("mine"), player 1 the other ("theirs").
`dice` and `captured` hold ids into the round's `Match.table`. `dizzy` lists the positions
(in the mover's dice) of Focus dice turned down to take the initiative: they may not take
part in their owner's first attack (BMO's Dizzy flag).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..flow import ends, outcome
from .match import Match


@dataclass(frozen=True)
class Position:
    dice: tuple[tuple[int, ...], tuple[int, ...]]
    captured: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    mover: int = 0
    passes: int = 0  # passes in a row; two end the round
    dizzy: tuple[int, ...] = ()

    def score(self, match: Match, player: int) -> Fraction:
        """The player's round score now (scoring.round_score, die by die)."""
        return (sum((match.points(i, False) for i in self.dice[player]), Fraction(0)) +
                sum((match.points(i, True) for i in self.captured[player]), Fraction(0)))

    def over(self) -> bool:
        return ends((len(self.dice[0]), len(self.dice[1])), self.passes)

    def result(self, match: Match) -> Fraction:
        """For an ended round: 1 if player 0 won, 0 if they lost, 1/2 for a draw."""
        return outcome((self.score(match, 0), self.score(match, 1)))
