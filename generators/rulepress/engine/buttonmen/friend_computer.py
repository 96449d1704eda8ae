"""Friend Computer: its legal recipes against an opponent, and the d20 "More Fun" table.

The rules are data (recipe_rules.yaml, more_fun.yaml). Each of the five base
dice ("Troubleshooters") stays plain, becomes a "_/20" option die, or gains its
printed skill; never both. How many may change depends on the opponent's dice.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from ..exact import fraction_text
from ..query import QueryError
from ..records import BaseDie, ButtonMenData, RecipeRule
from .recipe import DieSpec

PLAIN, OPTION, SKILL = "plain", "option", "skill"


def _rule(data: ButtonMenData) -> RecipeRule:
    rules = {r["id"]: r for r in data.get("recipe_rules", [])}
    if "friend-computer" not in rules:
        raise QueryError("the data has no Friend Computer recipe rule", None)
    return rules["friend-computer"]


def limits(opponent: list[DieSpec], rule: RecipeRule) -> list[tuple[int, int]]:
    """The best (option dice, skill dice) pairs the opponent's dice allow.

    A die that is both a swing/option/twin die and a skill die counts for one
    change or the other, so each such die is tried on both sides.
    """
    triggers = set(rule["option_triggers"])
    typed = [d.kind in triggers for d in opponent]
    skilled = [bool(d.skills or d.plasma) for d in opponent]
    only_type = sum(t and not s for t, s in zip(typed, skilled))
    only_skill = sum(s and not t for t, s in zip(typed, skilled))
    both = sum(t and s for t, s in zip(typed, skilled))
    pairs = {(min(rule["max_options"], only_type + x),
              min(rule["max_skills"], only_skill + both - x)) for x in range(both + 1)}
    return sorted(p for p in pairs  # keep only pairs no other pair beats on both counts
                  if not any(q != p and q[0] >= p[0] and q[1] >= p[1] for q in pairs))


def _die_text(base: BaseDie, choice: str, letters: dict, size: int) -> str:
    if choice == OPTION:
        return f"({base['sides']}/{size})"
    if choice == SKILL:
        return f"{letters[base['printed_skill']['value']]}({base['sides']})"
    return f"({base['sides']})"


def recipes(data: ButtonMenData, allowed) -> list[dict]:
    """Every distinct recipe whose (options, skills) counts satisfy `allowed(o, s)`."""
    rule = _rule(data)
    letters = {s["id"]: s.get("letter") for s in data.get("skills", [])}
    bases = rule["base_dice"]
    seen, out = set(), []
    for choice in product((PLAIN, OPTION, SKILL), repeat=len(bases)):
        o, s = choice.count(OPTION), choice.count(SKILL)
        if not allowed(o, s):
            continue
        dice = [_die_text(b, c, letters, rule["option_size"]) for b, c in zip(bases, choice)]
        key = tuple(sorted(dice))  # the two plain 12s are interchangeable
        if key not in seen:
            seen.add(key)
            out.append({"recipe": " ".join(dice), "options": o, "skills": s})
    return out


def variants(opponent: list[DieSpec], data: ButtonMenData) -> dict:
    rule = _rule(data)
    pairs = limits(opponent, rule)
    found = recipes(data, lambda o, s: any(o <= po and s <= ps for po, ps in pairs))
    return {"limits": [{"options": o, "skills": s} for o, s in pairs],
            "count": len(found), "variants": found}


def more_fun_row(data: ButtonMenData, roll: int) -> dict:
    """The row for one d20 roll, its chance, and the recipes it allows."""
    for row in data["more_fun"]:
        if row["roll_low"] <= roll <= row["roll_high"]:
            break
    else:
        raise QueryError(f"no More Fun row covers the roll {roll}", "roll")
    out = {key: row.get(key) for key in ("id", "roll_low", "roll_high", "title", "effect")}
    out["p"] = fraction_text(Fraction(row["roll_high"] - row["roll_low"] + 1, 20))
    o, s, e = row.get("options", 0), row.get("skills", 0), row.get("either", 0)
    if row.get("base_dice_only"):
        out["recipes"] = [r["recipe"] for r in recipes(data, lambda a, b: a == b == 0)]
    elif o or s or e:
        test = (lambda a, b: a + b == e) if e else (lambda a, b: (a, b) == (o, s))
        out["recipes"] = [r["recipe"] for r in recipes(data, test)]
    return out
