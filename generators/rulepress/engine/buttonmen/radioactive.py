"""Radioactive splits: one attacking die becomes two whose sizes add up to its size."""

from __future__ import annotations

from dataclasses import replace

from .dice import Die
from .options import Rules

# Skills a split die loses. Radioactive goes (the seed is silent; BMO drops it, and keeping
# it would split the halves again); the others are BMO's list of size-changing skills.
DROPPED = set("%!?&J^")


def split_sizes(size: int, rules: Rules) -> tuple[int, int]:
    """Two sizes adding up to `size`, as equal as possible.

    "available" (seed): both sizes must be in rules.available_sizes; the most equal
    such pair wins (d10 -> d4 + d6 when there is no d5). If no pair exists the
    split falls back to halves. "halves" (BMO): ceil(n/2) and floor(n/2), always.
    """
    halves = (size - size // 2, size // 2)
    if rules.radioactive_split == "halves":
        return halves
    sizes = set(rules.available_sizes)
    for small in range(size // 2, 0, -1):  # most equal first
        if small in sizes and size - small in sizes:
            return (size - small, small)
    return halves


def split(die: Die, rules: Rules) -> list[Die]:
    """The two dice that replace a split attacker; both are re-rolled (no value)."""
    skills = tuple(s for s in die.skills if s not in DROPPED)
    if die.kind == "wildcard":
        return [replace(die, skills=skills, value=None)]  # BMDieWildcard::split: no split
    if len(die.halves) == 2:
        # a twin splits each half, crosswise (BMO); the seed says nothing about twins
        a, b = (split_sizes(h, rules) for h in die.halves)
        return [replace(die, halves=(a[0], b[1]), skills=skills, value=None),
                replace(die, halves=(a[1], b[0]), skills=skills, value=None)]
    big, small = split_sizes(die.size, rules)
    # the halves keep the die's type, so BMO's notation still names the swing letter
    return [replace(die, halves=(big,), skills=skills, value=None),
            replace(die, halves=(small,), skills=skills, value=None)]
