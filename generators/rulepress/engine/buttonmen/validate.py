"""Button Men Online's limits on recipes (src/engine/BMButton.php validate_recipe and
BMCanHaveSkill::add_multiple_skills, see skills.BMO_COMMIT).

Two die combinations BMO refuses on every recipe: Maximum with Turbo, and Doppelganger
with Morphing (`die_refusal`). The rest BMO checks only for recipes players make up
(custom buttons): under 150 characters; at most one Auxiliary die, last and not first; at
most 11 dice; Turbo not with Morphing, Doppelganger, Mood, Mad or Konstant, and a fixed-size
Turbo die not with Mighty, Weak or Berserk; no Wildcard inside an option or twin die; no
Focus twin with a 0-sided half; at most 200 sides in all, counting a swing die at its
letter's largest size, an option die at its larger size, both halves of a twin and a
Wildcard as 20.
"""

from __future__ import annotations

from .recipe import DieSpec

MAX_LENGTH = 150
MAX_DICE = 11
MAX_SIDES = 200
WILDCARD_SIDES = 20


def zero_sided(spec: DieSpec) -> bool:
    """Has the die a 0-sided part (a fixed (0), an option of 0, a twin half of 0)? Such a
    part always shows 0; Button Men Online plays it (Dead Guy is five of them)."""
    if spec.kind == "fixed":
        return spec.sides == 0
    if spec.kind == "option" and spec.options:
        return 0 in spec.options
    if spec.kind == "twin" and spec.twin:
        return any(p.swing is None and not p.wildcard and p.sides == 0 for p in spec.twin)
    return False


def die_refusal(spec: DieSpec) -> str:
    """Why BMO cannot make this die at all, or ""."""
    skills = set(spec.skills)
    if {"M", "!"} <= skills:
        return "Button Men Online does not support Maximum with Turbo on one die"
    if {"D", "m"} <= skills:
        return "Button Men Online does not support Doppelganger with Morphing on one die"
    return ""


def _top(part_sides: int | None, swing: str | None, ranges: dict[str, tuple[int, int]]) -> int:
    if swing is not None:
        return ranges[swing][1] if swing in ranges else 0
    return part_sides or 0


def total_sides(dice: list[DieSpec], ranges: dict[str, tuple[int, int]]) -> int:
    total = 0
    for d in dice:
        if d.kind == "twin" and d.twin:
            total += sum(_top(p.sides, p.swing, ranges) for p in d.twin)
        elif d.kind == "option" and d.options:
            total += max(d.options)
        elif d.kind == "wildcard":
            total += WILDCARD_SIDES
        else:
            total += _top(d.sides, d.swing, ranges)
    return total


def _too_long(text: str) -> str:
    return f"a recipe must be shorter than {MAX_LENGTH} characters" \
        if len(text) >= MAX_LENGTH else ""


def _too_many(dice: list[DieSpec]) -> str:
    return f"a recipe may have at most {MAX_DICE} dice; this one has {len(dice)}" \
        if len(dice) > MAX_DICE else ""


def _too_big(dice: list[DieSpec], ranges: dict[str, tuple[int, int]]) -> str:
    sides = total_sides(dice, ranges)
    return (f"a recipe may have at most {MAX_SIDES} sides in all (swing dice at their largest "
            f"size); this one has {sides}") if sides > MAX_SIDES else ""


def size_problems(text: str, dice: list[DieSpec], ranges: dict[str, tuple[int, int]]
                  ) -> list[str]:
    """The size limits alone (length, dice, sides): the data holds every recipe to them
    (data/checks/buttonmen.py), as no button Button Men Online stores is larger."""
    return [m for m in (_too_long(text), _too_many(dice), _too_big(dice, ranges)) if m]


def problems(text: str, dice: list[DieSpec], ranges: dict[str, tuple[int, int]]) -> list[str]:
    """Every limit a custom recipe breaks, in BMO's order (BMO reports only the first)."""
    found = [m for m in (_too_long(text),) if m]
    aux = [i for i, d in enumerate(dice) if "+" in d.skills]
    if len(aux) > 1:
        found.append("a recipe may have at most one Auxiliary die")
    if aux and aux[-1] != len(dice) - 1:
        found.append("an Auxiliary die must be the last die of the recipe")
    found += [m for m in (_too_many(dice),) if m]
    for i, d in enumerate(dice):
        if i == 0 and "+" in d.skills:
            found.append("the first die cannot be an Auxiliary die")
        skills = set(d.skills)
        if "!" in skills:
            for letter, name in (("m", "Morphing"), ("D", "Doppelganger"), ("?", "Mood"),
                                 ("&", "Mad"), ("k", "Konstant")):
                if letter in skills:
                    found.append(f"{d.text}: Turbo may not be combined with {name}")
            fixed = d.kind == "fixed" or (d.kind == "twin" and d.twin and
                                          all(p.swing is None for p in d.twin))
            if fixed:
                for letter, name in (("H", "Mighty"), ("h", "Weak"), ("B", "Berserk")):
                    if letter in skills:
                        found.append(f"{d.text}: a fixed-size Turbo die may not have {name}")
        if d.kind == "twin" and d.twin and any(p.wildcard for p in d.twin):
            found.append(f"{d.text}: a twin die cannot have a Wildcard half")
        if d.kind == "twin" and "f" in skills and d.twin and any(
                p.swing is None and p.sides == 0 for p in d.twin):
            found.append(f"{d.text}: a Focus twin die may not have a 0-sided half")
        why = die_refusal(d)
        if why:
            found.append(f"{d.text}: {why}")
    return found + [m for m in (_too_big(dice, ranges),) if m]
