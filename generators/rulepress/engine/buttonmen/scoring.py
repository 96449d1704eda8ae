"""Round scores (Button Men Online's rule; the seeds give only Null's zero).

A die still in play scores half its size, a captured die its full size, a Null
die nothing. "Sides" says how far ahead a player is in dice-size terms: BMO
shows 2/3 of the score difference, which is what a capture of that many sides
would swing (the captor gains the die's size, the loser its half).
"""

from __future__ import annotations

from fractions import Fraction

from .dice import Die


def die_points(die: Die, captured: bool) -> Fraction:
    if die.has("n"):
        return Fraction(0)
    return Fraction(die.size) if captured else Fraction(die.size, 2)


def round_score(live: list[Die], captured: list[Die]) -> Fraction:
    return (sum((die_points(d, False) for d in live), Fraction(0)) +
            sum((die_points(d, True) for d in captured), Fraction(0)))


def sides(mine: Fraction, theirs: Fraction) -> Fraction:
    return Fraction(2, 3) * (mine - theirs)
