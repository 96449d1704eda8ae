"""The Sprint (rulebook L627-631, L654-655): extra inches from a Skill roll.

The Sprint roll takes Bonus Dice like any roll (L631); a chain of them that ends on a 1
makes the unit run the whole distance (runaway); a Critical Failure adds nothing. A cut
chain counts its last die's face. Counts are whole numbers over sides * b ** depth (b the
bonus die's sides), so no fraction is made until the answer's.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..dice.dist import Dist
from ..dice.roll import RollRules, bonus_sides, natural_die


def sprint_rows(sides: int, rules: RollRules) -> tuple[list[tuple[int, int, bool, int]], int]:
    """([(natural face, inches of the die with its bonus dice, runaway, count)], the total
    the counts are over)."""
    pen = rules.penalty
    chained = rules.bonus_dice and rules.depth > 0
    b = bonus_sides(sides)
    scale = b ** rules.depth if chained else 1  # every face's weight
    rows = [(face, face - pen, False, scale) for face in range(1, sides + 1)
            if not (chained and face == sides)]
    if chained:
        chain_pen = pen if rules.penalty_on_bonus_dice else 0
        so_far = sides - pen  # the top face, then each bonus die that showed its top face
        for k in range(rules.depth):
            weight = b ** (rules.depth - k - 1)
            for face in range(1, b):
                rows.append((sides, so_far + face - chain_pen, face == 1, weight))
            so_far += b - chain_pen
        rows.append((sides, so_far, False, 1))  # the last die on its top face: cut there
    return rows, sides * scale


def sprint_inches(sides: int, rules: RollRules, modifier: Dist,
                  overskill_inches: bool = False) -> tuple[Dist, Fraction, Fraction]:
    """(the Sprint's extra inches, P(Critical Failure), P(runaway)). `overskill_inches`
    spends a natural 6 or more on +1d6 inches with its bonus dice (L654-655)."""
    plain, spent, crit, runaway, whole = sprint_table(sides, rules, overskill_inches)
    parts: list[tuple[int, Dist]] = [(crit, Dist.constant(0))]
    if plain is not None:
        parts.append((plain.total, (plain + modifier).floor_at(0)))
    if spent is not None:
        extra = natural_die(6, RollRules(rules.bonus_dice, rules.depth))[0]
        parts.append((spent.total, (spent + modifier + extra).floor_at(0)))
    return Dist.mixture(parts), Fraction(crit, whole), Fraction(runaway, whole)


@lru_cache(maxsize=64)  # a pure table of (die, roll options); a Dist is never changed in place
def sprint_table(sides: int, rules: RollRules, overskill_inches: bool
                 ) -> tuple[Dist | None, Dist | None, int, int, int]:
    """The die's inches before modifiers, in counts over `whole`: (those of faces that add
    nothing more, those of faces that add the Overskill's +1d6, Critical Failures,
    runaways, whole)."""
    rows, whole = sprint_rows(sides, rules)
    plain: dict[int, int] = {}
    spent: dict[int, int] = {}
    crit = runaway = 0
    for face, value, runs, count in rows:
        if face == 1:  # a Critical Failure: the Sprint adds nothing
            crit += count
            continue
        if runs:
            runaway += count
        into = spent if overskill_inches and sides >= 6 and face >= 6 else plain
        into[value] = into.get(value, 0) + count
    return (Dist.from_counts(plain) if plain else None,
            Dist.from_counts(spent) if spent else None, crit, runaway, whole)
