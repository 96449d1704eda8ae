"""How to roll a dice expression by hand, as data: what a page's dice roller follows.

The exact answers (roll.py) and a roll in the browser (site_overrides/assets/javascripts/
roll/) must play the same rules, so the rules are read here, from roll.py's own
definitions, and written out for each expression; the browser only draws uniform faces and
follows the plan:

- `terms`: the natural dice, each {count, sides, sign, tag}; a d10 rolled as 2d6-2 is
  already two d6 here, with the -2 in `modifier`.
- `bonus`: for each size of die that earns Bonus Dice, the face that earns one (`on`, the
  top face) and the size of the bonus die (`die`: a d4 earns d4s, every other die d6s; a
  SuperNatural die, dice of its own size);
  a bonus die earns more the same way, up to `most_bonus` in a chain (a chain that long
  has a chance under 6^-40: the cut never shows).
- `critical_failure`: the roll is one when every natural die added (not one taken off)
  shows `face`; `counts` says what it does: "zero" (no damage), "fail" (a Skill roll
  fails) or "ignore" (none).
- `penalty`: taken off each natural die, and each bonus die when `penalty_on_bonus_dice`;
  `floor`: the total is never below 0.
"""

from __future__ import annotations

from .parse import Expr
from .roll import MAX_DEPTH, RollRules, _substitute_d10, bonus_sides

CRITICAL_FAILURE_FACE = 1  # every natural die on its lowest face (roll.py: "ones")


def bonus_face(sides: int) -> int:
    """The face that earns a bonus die: the top one (roll.py, natural_die and bonus_chain)."""
    return sides


def roll_plan(expr: Expr, rules: RollRules, crit: str, same_size_bonus: bool = False) -> dict:
    """The plan for rolling `expr` (its Skill dice fixed) under `rules`; `same_size_bonus`:
    each die's bonus dice are of its own size (SuperNatural dice, brikwars/supernatural.py)."""
    terms, modifier = _substitute_d10(list(expr.terms), expr.modifier) if rules.d10_as_2d6 \
        else (list(expr.terms), expr.modifier)
    bonus: dict[str, dict] = {}
    if rules.bonus_dice:
        waiting = [t.die_sides for t in terms]
        while waiting:
            sides = waiting.pop()
            if sides == 1 or str(sides) in bonus:  # a d1 earns none (natural_die)
                continue
            die = sides if same_size_bonus else bonus_sides(sides)
            bonus[str(sides)] = {"on": bonus_face(sides), "die": die}
            waiting.append(die)
    return {
        "text": expr.text(),
        "terms": [{"count": t.count, "sides": t.die_sides, "sign": t.sign, "tag": t.tag}
                  for t in terms],
        "modifier": modifier,
        "bonus": bonus,
        "most_bonus": MAX_DEPTH,
        "critical_failure": {"face": CRITICAL_FAILURE_FACE, "counts": crit},
        "penalty": rules.penalty,
        "penalty_on_bonus_dice": rules.penalty_on_bonus_dice,
        "floor": rules.floor,
    }
