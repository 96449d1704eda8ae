"""Specialists' rolls (rulebook 7.3, 9.4, 10.2, 11.2).

- Ker-Triage! (L2296-2308): each Medik rolls (d8 with a Medikal Tool, d6 with a
  blade; a Tek raises the die a size, L2742); the highest roll reads the table:
  the top face revives at once, 5+ no Amputations, 4/3/2 one/two/three, a 1 the
  head (only when every Medik rolls 1).
- Stunt Driving (L2122-2124): a d8 Skill roll; the inches it shows succeed, an
  Enemy gets the rest as Thrust; a Critical Failure succeeds at nothing and adds
  1d6 Thrust. Its Overskill may go on the roll (+1d6, only when short).
- Disassembly (L1512, L1515): d8 minus the Structure Level and 1 per point of
  Damage taken, in elements; 11.2 instead detaches the whole roll when it beats
  the Structure Level (L2759): option `reading`.
"""

from __future__ import annotations

from fractions import Fraction

from ..dice.dist import Dist
from ..dice.roll import RollRules, natural_die

TRIAGE = ("instant revival", "no amputations", "1 amputation", "2 amputations",
          "3 amputations", "head amputated")
DISASSEMBLY = ("minus_sl", "roll_if_higher")


def ker_triage(sides: int, mediks: int = 1) -> dict[str, Fraction]:
    """Chance of each Ker-Triage! row when the highest of `mediks` rolls is used."""
    out = {row: Fraction(0) for row in TRIAGE}
    whole = sides ** mediks
    for face in range(1, sides + 1):
        ways = face ** mediks - (face - 1) ** mediks  # the highest roll is `face`
        p = Fraction(ways, whole)
        if face == sides:
            row = TRIAGE[0]
        elif face >= 5:
            row = TRIAGE[1]
        elif face == 1:
            row = TRIAGE[5]
        else:
            row = TRIAGE[1 + 5 - face]  # 4 -> 1 amputation, 3 -> 2, 2 -> 3
        out[row] += p
    return out


def skill_total(sides: int, rules: RollRules, spend_on_roll: bool = True,
                target: int | None = None) -> tuple[Dist, Fraction]:
    """A specialty Skill roll's total (not a Critical Failure) and the crit chance.

    A natural 6 or more earns an Overskill (L651); spent on the roll (+1d6 with its
    bonus dice, L654) only when the roll would fall short of `target`."""
    extra, _ = natural_die(6, RollRules(rules.bonus_dice, rules.depth))
    total = Dist.mixture([
        (1, extra + face if spend_on_roll and face >= 6 and (target is None or face < target)
         else Dist.constant(face)) for face in range(2, sides + 1)])
    return total, Fraction(1, sides)


def stunt(inches: int, sides: int, rules: RollRules) -> tuple[Fraction, Dist]:
    """(P(the whole Stunt succeeds), distribution of the Enemy's Thrust inches)."""
    total, crit = skill_total(sides, rules, True, inches)
    success = (1 - crit) * total.p_at_least(inches)
    bonus, _ = natural_die(6, RollRules(rules.bonus_dice, rules.depth))
    # a Critical Failure: every inch fails, +1d6 Thrust
    thrust = Dist.mixture([(sides - 1, total.map(lambda v: max(0, inches - v))),
                           (1, bonus + inches)])
    return success, thrust


def disassembly(sides: int, level: Fraction, damage_taken: int, reading: str,
                rules: RollRules) -> Dist:
    """Elements a Mechanik detaches: the distribution."""
    total, crit = skill_total(sides, rules, True)

    def parts(v: int) -> int:
        roll_value = v - damage_taken  # -1 per point of Damage taken (L1515)
        if reading == "minus_sl":
            return max(0, int(roll_value - level))
        return max(0, roll_value) if roll_value > level else 0
    # a Critical Failure (one face in `sides`) detaches nothing
    return Dist.mixture([(sides - 1, total.map(parts)), (1, Dist.constant(0))])
