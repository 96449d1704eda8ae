"""Button Men recipes as the cards carry them: each die's drawing (notation/buttonmen.py,
the one definition the site shares) as plain data in the card's HTML, which
recipe_art.py draws; and the skills a recipe uses, for the card's back.
"""

from __future__ import annotations

from functools import cache

from ..engine.buttonmen.recipe import DieSpec, RecipeError, parse_recipe
from ..notation.buttonmen import Drawn, die_type_ids, draw


def recipe_marks(recipe: str, letters: dict[str, str]) -> list[dict]:
    """Each die's Drawn as JSON; `letters` maps a recipe letter to its skill id. A recipe
    that does not parse is one die showing it as written (the data checks report it)."""
    dice = _parsed(recipe)
    if dice is None:
        return [Drawn((), recipe).to_json()]
    return [draw(die, letters).to_json() for die in dice]


def skill_ids_in(recipe: str, letters: dict[str, str]) -> list[str]:
    """Skill ids used by a recipe, in first-use order (die types included)."""
    found: list[str] = []
    for die in _parsed(recipe) or ():
        used = [letters.get(letter) for letter in die.skills]
        used += [letters.get(letter) for alt in die.plasma for letter in alt]
        for skill in used + list(die_type_ids(die)):
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
