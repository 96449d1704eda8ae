"""Round flow: when a round ends, who won it, and who may change sizes next round.

Button Men Online's rules (the seeds only say that a round's loser may change
swing dice): a round ends when a player has no dice left or both players pass
in a row; the higher round score wins; on a draw nobody changes sizes; a match
goes to the first player to win `wins_needed` rounds (3 by default).
"""

from __future__ import annotations

from fractions import Fraction

from .dice import Die
from .scoring import round_score

PLAYERS = ("mine", "theirs")


def ends(dice_left: tuple[int, int], passes_in_a_row: int) -> bool:
    """Whether a round is over: a player has no dice left, or both passed in a row."""
    return 0 in dice_left or passes_in_a_row >= 2


def outcome(scores: list[Fraction] | tuple[Fraction, Fraction]) -> Fraction:
    """An ended round for the first player: 1 won, 0 lost, 1/2 a draw (higher score wins)."""
    return Fraction(1) if scores[0] > scores[1] else (
        Fraction(0) if scores[0] < scores[1] else Fraction(1, 2))


def round_state(live: tuple[list[Die], list[Die]], captured: tuple[list[Die], list[Die]],
                passes_in_a_row: int) -> dict:
    scores = [round_score(live[i], captured[i]) for i in range(2)]
    empty = [p for p, dice in zip(PLAYERS, live) if not dice]
    if empty:
        why = f"{' and '.join(empty)} {'has' if len(empty) == 1 else 'have'} no dice left"
    elif ends((len(live[0]), len(live[1])), passes_in_a_row):
        why = "both players passed in a row"
    else:
        return {"over": False, "scores": scores}
    if outcome(scores) == Fraction(1, 2):
        return {"over": True, "why": why, "scores": scores, "winner": "draw",
                "may_change_sizes": []}
    winner = 0 if scores[0] > scores[1] else 1
    return {"over": True, "why": why, "scores": scores, "winner": PLAYERS[winner],
            "may_change_sizes": [PLAYERS[1 - winner]]}


def match_winner(wins: list[int], wins_needed: int) -> str | None:
    for player, count in zip(PLAYERS, wins):
        if count >= wins_needed:
            return player
    return None
