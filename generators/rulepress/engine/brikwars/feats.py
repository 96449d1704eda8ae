"""Heroic Feats: the Hero's die against one opposing die; ties go to the Hero.

Rulebook L1004-1005, L1019, L1025: one d6 each; the Feat succeeds if the
Hero's roll ties or beats the opponent's. Both showing 1 is a Heroic Paradox
that cancels the Feat. With a matching Heroic Artifakt the Hero rolls 2d6 and
keeps the better. The Cranky penalty comes off each of the Hero's dice (L945).
Decision (ambiguity 12): with two Hero dice, a Paradox needs every die on 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product


@dataclass(frozen=True)
class FeatOdds:
    success: Fraction  # the Feat works (a Paradox is not a success)
    paradox: Fraction  # every die showed 1: the Feat is cancelled
    fail: Fraction

    @property
    def success_counting_paradox(self) -> Fraction:
        """The book's own 7/12 (L1019) counts the 1-1 tie as a success."""
        return self.success + self.paradox


def feat_odds(hero_dice: int = 1, sides: int = 6, opposing_sides: int = 6,
              cranky: int = 0) -> FeatOdds:
    """Every fall of the dice, counted: a Paradox is judged on the natural faces (every
    die on 1), so with a Cranky penalty the 1-1 is a Paradox, not a success taken away."""
    if hero_dice not in (1, 2):
        raise ValueError("a Hero rolls one die, or two with a matching Artifakt")
    success = paradox = fail = 0
    for faces in product(range(1, sides + 1), repeat=hero_dice):
        best = max(max(0, f - cranky) for f in faces)  # "never reduced below zero" (L945)
        for opponent in range(1, opposing_sides + 1):
            if opponent == 1 and all(f == 1 for f in faces):
                paradox += 1
            elif best >= opponent:
                success += 1
            else:
                fail += 1
    whole = sides ** hero_dice * opposing_sides
    return FeatOdds(Fraction(success, whole), Fraction(paradox, whole), Fraction(fail, whole))
