"""Button Men checks that span fields or records: recipes, the d20 table."""

from __future__ import annotations

from typing import Iterator

from ...engine.buttonmen.recipe import RecipeError, parse_recipe
from ...problems import Problem, did_you_mean
from ..catalog import Catalog


def button_recipes_parse(catalog: Catalog) -> Iterator[Problem]:
    """Every recipe parses, and uses only known skill letters and swing letters."""
    letters = {s.letter: s.id for s in catalog.all("buttonmen.skill") if s.letter}
    swings = set(catalog.ids("buttonmen.swing_letter"))
    for entry in catalog.entries.get("buttonmen.button", {}).values():
        recipe = entry.record.recipe
        try:
            dice = parse_recipe(recipe)
        except RecipeError as exc:
            yield entry.problem(("recipe",), "bad-recipe", f"recipe {recipe!r}: {exc}",
                                "write each die as skill letters then '(size)', e.g. s(12)",
                                column_offset=exc.column - 1)
            continue
        for die in dice:
            marks = list(zip(die.skills, die.skill_columns))
            marks += [(c, die.column) for alt in die.plasma for c in alt]
            for letter, column in marks:
                if letter not in letters:
                    known = ", ".join(f"{k} ({v})" for k, v in sorted(letters.items()))
                    yield entry.problem(("recipe",), "unknown-skill",
                                        f"die {die.text!r} uses the skill letter '{letter}', "
                                        "which no skill in buttonmen/skills.yaml has",
                                        f"known letters: {known}", column_offset=column - 1)
            for swing in sorted(die.swing_letters() - swings):
                yield entry.problem(("recipe",), "unknown-swing",
                                    f"die {die.text!r} uses the swing letter '{swing}', which "
                                    "buttonmen/swing_letters.yaml does not define",
                                    did_you_mean(swing, swings) or
                                    f"known letters: {', '.join(sorted(swings))}",
                                    column_offset=die.column - 1)


def more_fun_covers_d20(catalog: Catalog) -> Iterator[Problem]:
    """The d20 table gives exactly one row for each roll 1-20."""
    entries = list(catalog.entries.get("buttonmen.more_fun", {}).values())
    if not entries:
        return
    owner: dict[int, str] = {}
    for entry in entries:
        row = entry.record
        for roll in range(row.roll_low, row.roll_high + 1):
            if roll in owner:
                yield entry.problem(("roll_low",), "overlapping-rows",
                                    f"roll {roll} is covered by '{owner[roll]}' and '{row.id}'")
            owner[roll] = row.id
    missing = [r for r in range(1, 21) if r not in owner]
    if missing:
        yield entries[-1].problem((), "table-gap", f"no row covers the roll(s) {missing}")


def recipe_rule_matches_button(catalog: Catalog) -> Iterator[Problem]:
    """A recipe rule's base dice are the sizes of its button's printed recipe."""
    for entry in catalog.entries.get("buttonmen.recipe_rule", {}).values():
        rule = entry.record
        button = catalog.get("buttonmen.button", rule.button)
        if button is None:
            continue  # reported as an unknown reference
        try:
            sizes = [d.sides for d in parse_recipe(button.recipe)]
        except RecipeError:
            continue  # reported on the button
        base = [d.sides for d in rule.base_dice]
        if sizes != base:
            yield entry.problem(("base_dice",), "recipe-mismatch",
                                f"base dice {base} differ from {button.name}'s recipe "
                                f"{button.recipe!r}")


CHECKS = (button_recipes_parse, more_fun_covers_d20, recipe_rule_matches_button)
