"""Dice in play: a recipe die with its sizes chosen and (maybe) a value showing.

Requests describe a die as {"recipe": "s(X)", "sides": 12, "value": 7}: `sides`
sets a swing or option die's size (a twin's swing halves take it too), `plasma`
picks a plasma die's skills, `value` is what it shows. Everything is checked
here, so the attack, initiative and scoring code can trust a `Die`.
"""

from __future__ import annotations

from difflib import get_close_matches

from dataclasses import dataclass, replace
from typing import Any

from ..query import QueryError
from ..records import ButtonMenData
from .recipe import DieSpec, RecipeError, parse_recipe

from .skills import MODELLED

WILDCARD_TOP = 20  # a Wildcard die's largest value (a joker), its size for every rule
WILDCARD_VALUES = set(range(1, 14)) | {20}

# Printed after the size in BMO's notation (do_print_skill_preceding is false): Mood, Mad, Turbo
AFTER_SIZE = set("?&!")


@dataclass(frozen=True)
class Die:
    halves: tuple[int, ...]  # one size, or two for a twin die
    skills: tuple[str, ...] = ()
    value: int | None = None
    swing: str | None = None  # kept so a player's dice of one letter can be checked
    kind: str = "fixed"  # fixed, swing, option or twin: how BMO prints and resizes it
    options: tuple[int, int] | None = None  # an option die's two sizes (Turbo picks one)
    swing_range: tuple[int, int] | None = None  # the swing letter's sizes (Mood, Mad, Turbo)
    swing_halves: tuple[bool, ...] = ()  # a twin: which halves are swing

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
        core = "C" if self.kind == "wildcard" else ",".join(str(h) for h in self.halves)
        return "".join(self.skills) + f"({core})"

    @property
    def shown(self) -> int:
        """The value showing, for code that has already checked there is one."""
        if self.value is None:
            raise ValueError(f"{self.recipe()} needs the value it shows")
        return self.value

    def label(self) -> str:
        """BMO's sized notation (BMDie::get_recipe(TRUE)): "t(X=9)", "(4/20=20)", "(6,X=5)"."""
        if self.kind == "wildcard":
            core = "C"
        elif self.kind == "swing" and self.swing:
            core = f"{self.swing}={self.size}"
        elif self.kind == "option" and self.options:
            core = f"{self.options[0]}/{self.options[1]}={self.size}"
        elif self.kind == "twin" and self.swing_halves:
            core = ",".join(f"{self.swing}={h}" if sw else str(h)
                            for h, sw in zip(self.halves, self.swing_halves))
        else:
            core = ",".join(str(h) for h in self.halves)
        before = "".join(s for s in self.skills if s not in AFTER_SIZE)
        after = "".join(s for s in self.skills if s in AFTER_SIZE)
        return f"{before}({core}){after}"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"recipe": self.recipe(), "sized": self.label(),
                               "sides": self.size}
        out["value"] = self.value
        return out

    def rerolled(self) -> "Die":
        return replace(self, value=None)


def unmodelled(dice: list[Die], rolls: bool = True) -> list[str]:
    """Skill letters present that the engine does not play (no rules in the sources), and
    (when the answer rests on rolls) Wildcard dice, whose cards depend on the deck so far."""
    out = sorted({s for d in dice for s in d.skills if s not in MODELLED})
    if rolls and any(d.kind == "wildcard" for d in dice):
        out.append("wildcard deck (rolls assume a full deck of 54 cards)")
    return out


DIE_FIELDS = ("recipe", "sides", "plasma", "value")  # what a die in a request may say


def read_die(obj: Any, field: str, swing_ranges: dict[str, tuple[int, int]],
             need_value: bool, swing: dict[str, int] | None = None) -> Die:
    """One die from a request; every error names `field` (e.g. "attackers[0]")."""
    if not isinstance(obj, dict):
        raise QueryError(f"{field} must be an object such as "
                         '{"recipe": "t(6)", "value": 3}', field)
    unknown = sorted(str(k) for k in obj if k not in DIE_FIELDS)
    if unknown:
        close = get_close_matches(unknown[0], DIE_FIELDS, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else \
            f"; a die has {', '.join(DIE_FIELDS)}"
        raise QueryError(f"unknown field '{field}.{unknown[0]}'{hint}", f"{field}.{unknown[0]}")
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
    if die.kind == "wildcard" and value not in WILDCARD_VALUES:
        raise QueryError(f"{field}.value: a Wildcard die shows a card, 1 to 13 or 20 (a "
                         f"joker); got {value!r}", f"{field}.value")
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
    if spec.twin and any(p.wildcard for p in spec.twin):
        raise QueryError(f"{field}: a twin die with a Wildcard half cannot be played (Button "
                         "Men Online refuses it in recipes too)", f"{field}.recipe")
    if spec.kind == "wildcard":  # BMDieWildcard: a card from 1 to 13, or 20 for a joker
        return Die(halves=(WILDCARD_TOP,), skills=tuple(skills), kind="wildcard")
    halves: tuple[int, ...]
    if spec.kind == "fixed":
        halves = (int(spec.sides or 0),)
    elif spec.kind == "option":
        options = spec.options or (0, 0)
        if sides not in options:
            raise QueryError(f"{field} is an option die: give 'sides' as "
                             f"{options[0]} or {options[1]}", f"{field}.sides")
        halves = (int(sides),)
    else:
        parts = list(spec.twin) if spec.kind == "twin" and spec.twin else [None]
        halves = tuple(_half(p, spec, field, swing_ranges, sides, swing or {}) for p in parts)
    letter = next(iter(spec.swing_letters()), None)
    return Die(halves=halves, skills=tuple(skills), swing=letter, kind=spec.kind,
               options=spec.options, swing_range=swing_ranges.get(letter) if letter else None,
               swing_halves=tuple(p.swing is not None for p in spec.twin) if spec.twin else ())


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
        raise QueryError(f"{field}: {article(str(letter))} {letter} swing die is {low} to {high} "
                         f"sides, got {size}", f"{field}.sides")
    return size


def article(letter: str) -> str:
    """"a" or "an" before a letter read aloud: an F, an R, an S, an X, but a U ("you")."""
    return "an" if letter.upper() in "AEFHILMNORSX" else "a"


def swing_ranges(data: ButtonMenData) -> dict[str, tuple[int, int]]:
    return {s["id"]: (s["low"], s["high"]) for s in data.get("swing_letters", [])}
