"""Button Men recipes drawn the way the printed buttons draw them, as HTML.

Printed buttons mark some skills by how the number is drawn, not by a letter:
Shadow puts a bar over the number, Trip strikes it through, Speed is a red
frame with a lightning bolt, Null a black frame, Stinger a blue frame, Chance
a copyright sign and Radioactive a percent sign; an option die is a fraction.
Every other skill keeps its recipe letter in front of the number.
"""

from __future__ import annotations

from html import escape

from ..die_face import die_size_html
from ..engine.buttonmen.recipe import DieSpec, RecipeError, parse_recipe

# skill id -> how the number is drawn; ids are the data's (buttonmen/skills.yaml)
LINES = {"shadow": "overline", "trip": "line-through"}
FRAMES = {"speed": "speed", "null": "null", "stinger": "stinger"}  # outermost first
SIGNS = {"chance": "\u00a9", "radioactive": "%"}
BOLT = ('<svg class="bolt" viewBox="0 0 10 16"><path d="M6 0 0 9h4l-1 7 7-10H6z" '
        'fill="#d22"/></svg>')


def recipe_html(recipe: str, letters: dict[str, str]) -> str:
    """The recipe as HTML; `letters` maps a recipe letter to its skill id."""
    try:
        dice = parse_recipe(recipe)
    except RecipeError:
        return f'<span class="die plain">{escape(recipe)}</span>'  # the checks report it
    return "\u2003".join(die_html(die, letters) for die in dice)  # em spaces between dice


def die_html(die: DieSpec, letters: dict[str, str]) -> str:
    # As few elements as possible: layout time grows with every element.
    ids = [letters.get(letter, "") for letter in die.skills]
    lines = [LINES[s] for s in ids if s in LINES]
    signs = "".join(SIGNS[s] for s in ids if s in SIGNS)
    plain = "".join(escape(letter) for letter, s in zip(die.skills, ids)
                    if s not in LINES and s not in FRAMES and s not in SIGNS)
    if die.plasma:
        plain += "{" + ",".join(escape("".join(alt)) for alt in die.plasma) + "}"
    body = _core(die)
    if lines:
        body = f'<span style="text-decoration: {" ".join(lines)}">{body}</span>'
    for skill in reversed([s for s in FRAMES if s in ids]):
        bolt = BOLT if skill == "speed" else ""
        tall = " tall" if die.kind == "option" else ""  # a fraction outgrows a text line
        body = f'<span class="frame {FRAMES[skill]}{tall}">{bolt}{body}</span>'
    if not (signs or plain):
        return body
    prefix = f"<small>{signs}{plain}</small>"
    if body.startswith("<"):  # a line may break between text and a framed die: keep them
        return f'<span class="die">{prefix}{body}</span>'
    return prefix + body


def _core(die: DieSpec) -> str:
    return die_size_html(die, lambda low, high: f'<span class="frac">{low}<br>{high}</span>')


def skill_ids_in(recipe: str, letters: dict[str, str]) -> list[str]:
    """Skill ids used by a recipe, in first-use order (die types included)."""
    try:
        dice = parse_recipe(recipe)
    except RecipeError:
        return []
    found: list[str] = []
    for die in dice:
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
    try:
        dice = parse_recipe(recipe)
    except RecipeError:
        return []
    seen = [letter for die in dice for letter in die.skills if letter not in letters]
    return sorted(set(seen))
