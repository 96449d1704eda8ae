"""The Skill roll to hit: one Skill die against a Use rating, with Overskill.

Rulebook: success when the roll (after modifiers) is at least the Use (L638);
a natural 1 always fails (L177); a natural 6 or more on a d6-or-larger Skill
die earns one Overskill instead of Bonus Dice (L651, L656); a d4 earns a bonus
d4 on a 4 instead (L652). The Overskill can buy +1d6 on the roll (with its own
bonus dice, L654) or one more of the attack's damage dice (L653).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction

from ..dice.dist import Dist
from ..dice.roll import RollRules, bonus_sides, natural_die

OVERSKILL = ("none", "damage", "skill", "best", "range")


@dataclass(frozen=True)
class SkillOdds:
    hit: Fraction  # hits, and no Overskill goes to damage
    hit_extra_die: Fraction  # hits, and the Overskill adds one more damage die
    crit_fail: Fraction
    overskill: Fraction  # chance of earning an Overskill at all

    @property
    def p_hit(self) -> Fraction:
        return self.hit + self.hit_extra_die


def reaches(rolled: Dist, use: int) -> Fraction:
    """P(the roll's total, floored at 0, is at least the Use): no roll is below zero
    (L174), so a Use of 0 is reached by any roll that is not a Critical Failure."""
    return Fraction(1) if use <= 0 else rolled.p_at_least(use)


def skill_odds(sides: int, use: int, modifier: Dist = Dist.constant(0),
               overskill: str = "none", penalty: int = 0, rules: RollRules = RollRules(),
               skill_bonus_dice: bool = False) -> SkillOdds:
    """Odds of one Skill roll; `modifier` is the sum of modifiers (it may be rolled).

    `overskill`: none (not spent); damage (on a hit, one more damage die);
    skill (+1d6 on the roll, only when the roll would miss); best (on the roll
    when it would miss, else on damage: the spend that most raises the chance to
    kill). `skill_bonus_dice` gives the Skill die's top face a bonus die as well, and
    the roll keeps its Overskill, as the Pyramidhead's 6 + 5 = 11 does (option for
    ambiguity 1, L1782; the book's rule is Overskill instead, L651). `penalty` (Out of
    Range inches, a Cranky Hero's penalty) comes off every die, the +1d6 included.
    """
    if overskill not in OVERSKILL:
        raise ValueError(f"overskill must be one of {', '.join(OVERSKILL)}")
    if overskill == "range":
        overskill = "none"  # spent on Range: see range_spend, which the attack uses
    die_rules = RollRules(bonus_dice=rules.bonus_dice, depth=rules.depth, penalty=penalty,
                          penalty_on_bonus_dice=rules.penalty_on_bonus_dice)
    top_bonus = (sides == 4 or skill_bonus_dice) and rules.bonus_dice
    per_face = Fraction(1, sides)
    hit = extra_die = earned = Fraction(0)
    for face in range(2, sides + 1):  # a natural 1 is a Critical Failure
        if top_bonus and face == sides:
            rolled = top_face_roll(face - penalty, use, modifier, sides, penalty, rules)
        else:
            rolled = modifier + (face - penalty)
        success = reaches(rolled, use)
        if not (face >= 6 and sides >= 6):  # the bonus-die option keeps Overskill (L1782)
            hit += per_face * success
            continue
        earned += per_face
        if overskill in ("damage", "best"):
            extra_die += per_face * success
        else:
            hit += per_face * success
        if overskill in ("skill", "best") and use > 0:  # a Use of 0 is always reached
            # the +1d6 and its bonus dice, rolled only while the roll is short (L179)
            scale = reach_counts(6, use, penalty, die_rules, False)[1]
            rescued = sum(count * reach_counts(6, use - value, penalty, die_rules, False)[0]
                          for value, count in rolled.items() if value < use)
            hit += per_face * Fraction(rescued, rolled.total * scale)
    return SkillOdds(hit, extra_die, per_face, earned)


def face_roll(face: int, sides: int, penalty: int, modifier: Dist, rules: RollRules,
              skill_bonus_dice: bool, use: int) -> Dist:
    """The total of a Skill roll whose natural die shows `face` (as in `skill_odds`)."""
    if (sides == 4 or skill_bonus_dice) and rules.bonus_dice and face == sides:
        return top_face_roll(face - penalty, use, modifier, sides, penalty, rules)
    return modifier + (face - penalty)


def top_face_roll(start: int, use: int, modifier: Dist, sides: int, penalty: int,
                  rules: RollRules) -> Dist:
    """The total of a Skill die on its top face (`start` after the penalty) with its bonus
    dice and the `modifier`, the roller knowing the modifier's dice as he rolls: each bonus
    die is rolled only while the total is short of the Use (`declined_chain`)."""
    b, depth = bonus_sides(sides), rules.depth
    q = penalty if rules.penalty_on_bonus_dice else 0
    return Dist.mixture([(count, declined_chain(start + m, use, b, q, depth))
                         for m, count in modifier.items()])


def declined_chain(start: int, target: int, sides: int, penalty: int, depth: int) -> Dist:
    """`start` plus a chain of at most `depth` bonus dice of `sides` faces, each less the
    per-die `penalty`, rolled only while it can help: a player may decline a bonus die
    (L179), and once the roll has reached its target one can only lower it, as can every die
    when the penalty is as large as its top face. A die goes on only on its top face; the
    counts are over sides ** depth."""
    counts: dict[int, int] = {}
    total, weight = start, sides ** depth
    for _ in range(depth):
        if total >= target or sides <= penalty:
            break
        weight //= sides
        for face in range(1, sides):
            counts[total + face - penalty] = counts.get(total + face - penalty, 0) + weight
        total += sides - penalty
    counts[total] = counts.get(total, 0) + weight
    return Dist.from_counts(counts)


def range_spend(sides: int, use: int, modifier: Dist, out_of_range: int, rules: RollRules,
                skill_bonus_dice: bool = False) -> tuple[SkillOdds, dict[int, Fraction]]:
    """Overskill spent on Range (L653, L662): a natural 6 or more adds 1d6 (with its bonus
    dice) inches of Range, so this roll and its Damage are that much less Out of Range.
    Returns the odds and, for each Out-of-Range distance left, the chance of a hit."""
    extra = natural_die(6, RollRules(rules.bonus_dice, rules.depth))[0]
    per_face = Fraction(1, sides)
    hits: dict[int, Fraction] = {}
    earned = Fraction(0)
    for face in range(2, sides + 1):
        if face >= 6 and sides >= 6:
            earned += per_face
            for x, count in extra.items():
                left = max(0, out_of_range - x)
                p = reaches(face_roll(face, sides, rules.penalty + left, modifier, rules,
                                      skill_bonus_dice, use), use)
                hits[left] = hits.get(left, Fraction(0)) + per_face * Fraction(
                    count, extra.total) * p
        else:
            p = reaches(face_roll(face, sides, rules.penalty + out_of_range, modifier, rules,
                                  skill_bonus_dice, use), use)
            hits[out_of_range] = hits.get(out_of_range, Fraction(0)) + per_face * p
    total = sum(hits.values(), Fraction(0))
    return SkillOdds(total, Fraction(0), per_face, earned), hits


def reach_declining(sides: int, target: int, penalty: int, rules: RollRules,
                    crit: bool = True) -> Fraction:
    """P(one die with its bonus dice reaches `target`): see `reach_counts`."""
    return Fraction(*reach_counts(sides, target, penalty, rules, crit))


@lru_cache(maxsize=4096)
def reach_counts(sides: int, target: int, penalty: int, rules: RollRules,
                 crit: bool = True) -> tuple[int, int]:
    """(ways, out of) one die with its bonus dice reaches `target`, the roller declining
    further bonus dice once it has (a player may, L179): with a per-die penalty of 2 or more
    a bonus die can lower the total, so always rolling them would understate the chance. With `crit`
    a natural 1 fails (L177); the total is floored at zero (L174). Only a top face that
    falls short goes on, so the chain is one path: a loop, not a tree."""
    b = bonus_sides(sides)
    q = penalty if rules.penalty_on_bonus_dice else 0
    depth = rules.depth if rules.bonus_dice else 0
    scale = sides * b ** depth  # counts in whole numbers: Fractions here were slow
    count = b ** depth * sum(1 for face in range(2 if crit else 1, sides + 1)
                             if max(face - penalty, 0) >= target)
    total, weight = sides - penalty, b ** depth  # the top face's share of `scale`
    if max(total, 0) >= target:
        return count, scale
    for left in range(depth, 0, -1):  # one bonus die now, `left` allowed in all
        weight //= b
        # faces f of 1..b with total + f - q >= target (any face, if target <= 0)
        count += weight * (b if target <= 0 else min(b, max(0, b - (target - total + q) + 1)))
        total += b - q
        if max(total, 0) >= target or left == 1:
            break  # the top face reached (counted above), or the chain is cut
    return count, scale
