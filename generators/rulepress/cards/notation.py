"""Button Men recipes as the cards carry them: each die's drawing (notation/buttonmen.py,
the one definition the site shares) as plain data in the card's HTML, which
recipe_art.py draws; and the skills a recipe uses, for the card's back.
"""

from __future__ import annotations

from functools import cache

from ..engine.buttonmen.recipe import DieSpec, RecipeError, parse_recipe
from ..notation.buttonmen import DIE_TYPES, Drawn, die_type_ids, draw, look

# How a card's drawing looks, in words, for the backs: a skill is named by the mark a
# player sees on the front (recipe_art.FRAME_INK gives the frames' inks).
FRAME_WORDS = {"null": "black frame", "speed": "red frame", "stinger": "blue frame"}
PICTURE_WORDS = {"bolt": "lightning bolt", "cube": "cube behind the size"}
LINE_WORDS = {"over": "bar over the size", "through": "size struck through"}
TYPE_WORDS = {"option": "two sizes stacked", "twin": "two sizes, a comma between",
              "plasma": "letters in braces {}", "wildcard": "C for its size"}


def seen(skill_id: str, letter: str | None) -> str:
    """The mark a skill or die type puts on the card, in words: "red frame, lightning
    bolt" for Speed, "s, bar over the size" for Shadow, "B" for Berserk."""
    if skill_id in TYPE_WORDS:
        return TYPE_WORDS[skill_id]
    shown = look(skill_id)
    parts = []
    if shown.letter and (shown.sign or letter):
        parts.append(shown.sign or letter or "")
    parts += [FRAME_WORDS[shown.frame]] if shown.frame else []
    parts += [PICTURE_WORDS[shown.picture]] if shown.picture else []
    parts += [LINE_WORDS[shown.line]] if shown.line else []
    return ", ".join(p for p in parts if p) or DIE_TYPES.get(skill_id, "")


def swing_letters_in(recipe: str) -> list[str]:
    """The swing letters a recipe uses, in first-use order."""
    found: list[str] = []
    for die in _parsed(recipe) or ():
        for letter in sorted(die.swing_letters()):
            if letter not in found:
                found.append(letter)
    return found


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
