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
from functools import lru_cache

from ..dice.dist import Dist
from ..dice.roll import RollRules, natural_die

TRIAGE = ("instant revival", "no amputations", "1 amputation", "2 amputations",
          "3 amputations", "head amputated")
DISASSEMBLY = ("minus_sl", "roll_if_higher")


def ker_triage(sides: int, mediks: int = 1) -> dict[str, Fraction]:
    """Chance of each Ker-Triage! row when the highest of `mediks` rolls is used."""
    return dict(zip(TRIAGE, triage_chances(sides, mediks)))


@lru_cache(maxsize=64)  # a pure table of (die, Mediks): the few the table is asked about
def triage_chances(sides: int, mediks: int) -> tuple[Fraction, ...]:
    """The chance of each Ker-Triage! row (in TRIAGE's order), counted in integers: the
    highest of m rolls is at most f in f ** m ways."""
    whole = sides ** mediks
    if sides >= 6:  # every row but the top one is a face below it: differences of powers
        two, three, four, below_top = 2 ** mediks, 3 ** mediks, 4 ** mediks, \
            (sides - 1) ** mediks
        return (Fraction(whole - below_top, whole), Fraction(below_top - four, whole),
                Fraction(four - three, whole), Fraction(three - two, whole),
                Fraction(two - 1, whole), Fraction(1, whole))
    ways = [0] * len(TRIAGE)
    for face in range(1, sides + 1):  # the highest roll is `face`
        ways[triage_row(face, sides)] += face ** mediks - (face - 1) ** mediks
    chances = []
    for count in ways:
        chances.append(Fraction(count, whole))
    return tuple(chances)


def triage_row(face: int, sides: int) -> int:
    """The Ker-Triage! row (index into TRIAGE) the highest roll `face` reads: the top face
    revives at once, 5+ no Amputations, 4/3/2 one/two/three, a 1 the head."""
    if face == sides:
        return 0
    if face >= 5:
        return 1
    if face == 1:
        return 5
    return 1 + 5 - face  # 4 -> 1 amputation, 3 -> 2, 2 -> 3


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
    bonus, _ = natural_die(6, RollRules(rules.bonus_dice, rules.depth))
    # a Critical Failure: every inch fails, +1d6 Thrust
    thrust = Dist.mixture([(sides - 1, total.map(lambda v: max(0, inches - v))),
                           (1, bonus + inches)])
    return stunt_success(inches, sides, rules), thrust


def stunt_success(inches: int, sides: int, rules: RollRules) -> Fraction:
    """P(the whole Stunt succeeds): as `skill_total`'s roll reaching `inches` and not a
    Critical Failure, counted in integers. A natural face of 6 or more short of the inches
    spends its Overskill on +1d6 (with its bonus dice); the +1d6 is rolled only then."""
    reached = max(0, sides - max(inches, 2) + 1)  # faces 2.. that reach (a 1 is a crit)
    short = range(6, min(sides, inches - 1) + 1)  # faces that spend the Overskill
    if not short:
        return Fraction(reached, sides)
    extra = natural_die(6, RollRules(rules.bonus_dice, rules.depth))[0]
    rescued = sum(extra.count_at_least(inches - face) for face in short)
    return Fraction(reached * extra.total + rescued, sides * extra.total)


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


def detection_distance(rules: RollRules, counters: int, adjustment: int) -> Dist:
    """A Shenanigan's Detection Distance given no Critical Failure (L2850-2853): the d6 with
    its bonus dice, not a natural 1, plus the counters and the Action die's adjustment,
    floored at 0."""
    die, _ = natural_die(6, RollRules(rules.bonus_dice, rules.depth))
    return die.condition(lambda v: v != 1).shift(counters + adjustment).floor_at(0)


def p_detected(distance: Dist, inches: int) -> Fraction:
    """P(a Shenanigan `inches` from the nearest enemy is Detected): not a Critical Failure
    (1 in 6) and the distance reaches it."""
    return Fraction(5 * distance.count_at_least(inches), 6 * distance.total)
