"""Dice in play: a recipe die with its sizes chosen and (maybe) a value showing.

Requests describe a die as {"recipe": "s(X)", "sides": 12, "value": 7}: `sides`
sets a swing or option die's size (a twin's swing halves take it too), `plasma`
picks a plasma die's skills, `value` is what it shows. Everything is checked
here, so the attack, initiative and scoring code can trust a `Die`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..query import QueryError
from .recipe import DieSpec, Part, RecipeError, parse_recipe

# The skills the seeds describe and this engine plays; other letters are carried along
# (reported as not modelled) so that Button Men Online recipes still load.
MODELLED = {"n": "Null", "c": "Chance", "t": "Trip", "s": "Shadow", "z": "Speed",
            "%": "Radioactive", "g": "Stinger"}


@dataclass(frozen=True)
class Die:
    halves: tuple[int, ...]  # one size, or two for a twin die
    skills: tuple[str, ...] = ()
    value: int | None = None
    swing: str | None = None  # kept so a player's dice of one letter can be checked

    @property
    def size(self) -> int:
        return sum(self.halves)

    @property
    def low(self) -> int:
        """The lowest value it can roll: 1 per half, 0 for a 0-sided half."""
        return sum(1 for h in self.halves if h > 0)

    def has(self, letter: str) -> bool:
        return letter in self.skills

    def recipe(self) -> str:
        """Button notation for this die as it now is, e.g. "s(12)" or "(3,4)"."""
        core = ",".join(str(h) for h in self.halves)
        return "".join(self.skills) + f"({core})"

    def label(self) -> str:
        """For people: a swing die shows its letter and size, e.g. "s(X=10)"."""
        if self.swing and len(self.halves) == 1:
            return "".join(self.skills) + f"({self.swing}={self.size})"
        return self.recipe()

    def to_json(self) -> dict:
        out: dict[str, Any] = {"recipe": self.recipe(), "sides": self.size}
        out["value"] = self.value
        return out

    def rerolled(self) -> "Die":
        return replace(self, value=None)


def shown(die: Die) -> int:
    """The value of a die already checked to show one (narrows `int | None` for the types)."""
    assert die.value is not None, "every die needs the value it shows"
    return die.value


def roll_distribution(die: Die) -> dict[int, Fraction]:
    """Exact chance of each value: uniform per half, halves added up."""
    dist = {0: Fraction(1)}
    for half in die.halves:
        faces = range(1, half + 1) if half > 0 else range(0, 1)
        share = Fraction(1, len(faces))
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in faces:
                nxt[total + face] = nxt.get(total + face, 0) + p * share
        dist = nxt
    return dist


def unmodelled(dice: list[Die]) -> list[str]:
    """Skill letters present that the engine does not play (no rules in the sources)."""
    return sorted({s for d in dice for s in d.skills if s not in MODELLED})


def read_die(obj: Any, field: str, swing_ranges: dict[str, tuple[int, int]],
             need_value: bool, swing: dict[str, int] | None = None) -> Die:
    """One die from a request; every error names `field` (e.g. "attackers[0]")."""
    if not isinstance(obj, dict):
        raise QueryError(f"{field} must be an object such as "
                         '{"recipe": "t(6)", "value": 3}', field)
    recipe = obj.get("recipe")
    if not isinstance(recipe, str):
        raise QueryError(f"{field} needs a 'recipe' (text), e.g. \"s(12)\"", f"{field}.recipe")
    try:
        specs = parse_recipe(recipe)
    except RecipeError as exc:
        raise QueryError(f"{field}.recipe: {exc}", f"{field}.recipe") from None
    if len(specs) != 1:
        raise QueryError(f"{field}.recipe must be exactly one die, got {len(specs)}",
                         f"{field}.recipe")
    die = die_from_spec(specs[0], field, swing_ranges, obj.get("sides"), obj.get("plasma"),
                        swing or {})
    value = obj.get("value")
    if value is None:
        if need_value:
            raise QueryError(f"{field} needs the 'value' it shows (a whole number from "
                             f"{die.low} to {die.size})", f"{field}.value")
        return die
    if isinstance(value, bool) or not isinstance(value, int) or not die.low <= value <= die.size:
        raise QueryError(f"{field}.value must be a whole number from {die.low} to {die.size} "
                         f"for {die.recipe()}, got {value!r}", f"{field}.value")
    return replace(die, value=value)


def die_from_spec(spec: DieSpec, field: str, swing_ranges: dict[str, tuple[int, int]],
                  sides: Any = None, plasma: Any = None,
                  swing: dict[str, int] | None = None) -> Die:
    """Fix a recipe die's sizes: `sides` for this die, else the player's `swing` choices."""
    skills = list(spec.skills)
    if spec.plasma:
        choices = ["".join(alt) for alt in spec.plasma]
        if plasma not in choices:
            raise QueryError(f"{field} is a plasma die: give 'plasma' as one of "
                             f"{', '.join(choices)}", f"{field}.plasma")
        skills += [c for c in plasma if c not in skills]
    if sides is not None and (isinstance(sides, bool) or not isinstance(sides, int)):
        raise QueryError(f"{field}.sides must be a whole number, got {sides!r}", f"{field}.sides")
    if spec.kind == "wildcard":
        raise QueryError(f"{field}: wildcard dice (C) are not described in the sources, so "
                         "the engine cannot play them", f"{field}.recipe")
    halves: tuple[int, ...]
    if spec.kind == "fixed":
        assert spec.sides is not None  # the parser gives a fixed die its size
        halves = (spec.sides,)
    elif spec.kind == "option":
        assert spec.options is not None  # ... and an option die its two sizes
        if sides not in spec.options:
            raise QueryError(f"{field} is an option die: give 'sides' as "
                             f"{spec.options[0]} or {spec.options[1]}", f"{field}.sides")
        halves = (sides,)
    else:
        parts: tuple[Part | None, ...] = (None,)
        if spec.kind == "twin":
            assert spec.twin is not None  # ... and a twin die its two halves
            parts = spec.twin
        halves = tuple(_half(p, spec, field, swing_ranges, sides, swing or {}) for p in parts)
    return Die(halves=halves, skills=tuple(skills), swing=next(iter(spec.swing_letters()), None))


def _half(part, spec: DieSpec, field: str, swing_ranges, sides, swing) -> int:
    if part is not None and part.swing is None:
        return part.sides
    letter = spec.swing if part is None else part.swing
    if letter not in swing_ranges:
        raise QueryError(f"{field}: '{letter}' is not a swing letter (known: "
                         f"{', '.join(sorted(swing_ranges))})", f"{field}.recipe")
    low, high = swing_ranges[letter]
    size = sides if sides is not None else swing.get(letter)
    if size is None:
        raise QueryError(f"{field} has swing letter {letter}: choose its size with 'sides' "
                         f"(or the player's 'swing'), from {low} to {high}", f"{field}.sides")
    if not low <= size <= high:
        raise QueryError(f"{field}: a {letter} swing die is {low} to {high} sides, got {size}",
                         f"{field}.sides")
    return size


def swing_ranges(data: dict) -> dict[str, tuple[int, int]]:
    return {s["id"]: (s["low"], s["high"]) for s in data.get("swing_letters", [])}
