"""Button Men recipes marked the way the printed buttons draw them.

Printed buttons mark some skills by how the number is drawn, not by a letter:
Shadow puts a bar over the number, Trip strikes it through, Speed is a red
frame with a lightning bolt, Null a black frame, Stinger a blue frame, Chance
a copyright sign and Radioactive a percent sign; an option die is a fraction.
Every other skill keeps its recipe letter in front of the number.

This module says what to draw for each die (plain data, carried in the card's HTML);
recipe_art.py draws it.
"""

from __future__ import annotations

from functools import cache

from ..die_face import die_size_text
from ..engine.buttonmen.recipe import DieSpec, RecipeError, parse_recipe

# skill id -> how the number is drawn; ids are the data's (buttonmen/skills.yaml)
LINES = {"shadow": "over", "trip": "through"}
FRAMES = ("speed", "null", "stinger")  # outermost first
SIGNS = {"chance": "\u00a9", "radioactive": "%"}


def recipe_marks(recipe: str, letters: dict[str, str]) -> list[dict]:
    """Each die of the recipe as {"pre": letters before it, "core": its size or
    "frac": [low, high], "frames": [...], "lines": [...]}; `letters` maps a recipe letter
    to its skill id. A recipe that does not parse is one die showing it as written."""
    dice = _parsed(recipe)
    if dice is None:
        return [{"pre": "", "core": recipe, "frames": [], "lines": []}]  # the checks report it
    return [die_marks(die, letters) for die in dice]


def die_marks(die: DieSpec, letters: dict[str, str]) -> dict:
    ids = [letters.get(letter, "") for letter in die.skills]
    pre = "".join(SIGNS[s] for s in ids if s in SIGNS)
    pre += "".join(letter for letter, s in zip(die.skills, ids)
                   if s not in LINES and s not in FRAMES and s not in SIGNS)
    if die.plasma:
        pre += "{" + ",".join("".join(alt) for alt in die.plasma) + "}"
    marks: dict = {"pre": pre, "frames": [s for s in FRAMES if s in ids],
                   "lines": [LINES[s] for s in ids if s in LINES]}
    if die.kind == "option" and die.options:
        marks["frac"] = list(die.options)
    else:
        marks["core"] = die_size_text(die)
    return marks


def skill_ids_in(recipe: str, letters: dict[str, str]) -> list[str]:
    """Skill ids used by a recipe, in first-use order (die types included)."""
    found: list[str] = []
    for die in _parsed(recipe) or ():
        used = [letters.get(letter) for letter in die.skills]
        used += [letters.get(letter) for alt in die.plasma for letter in alt]
        used.append({"option": "option", "twin": "twin", "swing": "swing"}.get(die.kind))
        if die.plasma:
            used.append("plasma")
        for skill in used:
            if skill and skill not in found:
                found.append(skill)
    return found


def unknown_letters(recipe: str, letters: dict[str, str]) -> list[str]:
    seen = [letter for die in _parsed(recipe) or () for letter in die.skills
            if letter not in letters]
    return sorted(set(seen))


@cache
def _parsed(recipe: str) -> tuple[DieSpec, ...] | None:
    """The recipe's dice; None when it does not parse (the data checks report why).
    A card asks three times: for its marks, its skills and its unknown letters."""
    try:
        return tuple(parse_recipe(recipe))
    except RecipeError:
        return None
