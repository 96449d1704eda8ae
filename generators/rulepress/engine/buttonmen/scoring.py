"""Round scores (Button Men Online's rule; the seeds give only Null's zero).

A die still in play scores half its size, a captured die its full size; Null,
Poison, Value and Warrior change that (skills.py declares how). "Sides" says
how far ahead a player is in dice-size terms: BMO shows 2/3 of the score difference, which is what a capture of that many sides
would swing (the captor gains the die's size, the loser its half).
"""

from __future__ import annotations

from fractions import Fraction

from ..query import QueryError
from .dice import Die
from .skills import scoring

WILDCARD_SCORE = 16  # BMDieWildcard::get_raw_score_value: scored as a 16-sided die


def die_points(die: Die, captured: bool) -> Fraction:
    """BMDie::get_scoreValueTimesTen with the score hooks of skills.FACTS[...].scoring.

    Half the size in play, the full size captured; Value counts the shown value instead of
    the size; Poison turns the sign and swaps the halving (kept: minus the size, captured:
    minus half); Null, and a Warrior die still out of play, score nothing.
    """
    kinds = scoring(die.skills)
    if kinds & {"zero", "zero-until-in-play"}:
        return Fraction(0)
    base = WILDCARD_SCORE if die.kind == "wildcard" else die.size
    if "value" in kinds:
        if die.value is None:
            raise QueryError(f"{die.recipe()} is a Value die, which scores the number it shows: "
                             "give its 'value'")
        base = die.value
    if "negative" in kinds:
        return Fraction(-base, 2 if captured else 1)
    return Fraction(base) if captured else Fraction(base, 2)


def round_score(live: list[Die], captured: list[Die]) -> Fraction:
    return (sum((die_points(d, False) for d in live), Fraction(0)) +
            sum((die_points(d, True) for d in captured), Fraction(0)))


def sides(mine: Fraction, theirs: Fraction) -> Fraction:
    return Fraction(2, 3) * (mine - theirs)
