"""Button Men checks that span fields or records: recipes, the d20 table."""

from __future__ import annotations

from typing import Iterator

from ...engine.buttonmen.recipe import RecipeError, check_recipe, parse_recipe
from ...engine.buttonmen.validate import (MAX_DICE, MAX_LENGTH, MAX_SIDES, size_problems,
                                          zero_sided)
from ...problems import Problem
from ..catalog import Catalog
from .reads import reads


@reads("buttonmen.skill", "buttonmen.swing_letter")
def button_recipes_parse(catalog: Catalog) -> Iterator[Problem]:
    """Every recipe parses with known letters, or its `rejected` reason is exactly why not."""
    letters = {s.letter: s.id for s in catalog.all("buttonmen.skill") if s.letter}
    swings = set(catalog.ids("buttonmen.swing_letter"))
    for entry in catalog.entries.get("buttonmen.button", {}).values():
        button = entry.record
        try:
            check_recipe(button.recipe, letters, swings)
            found = None
        except RecipeError as exc:
            found = exc
        stated = button.rejected
        if found is None and stated is not None:
            yield entry.problem(("rejected",), "stale-rejection",
                                f"recipe {button.recipe!r} now parses, but the record says it "
                                f"is rejected ({stated.message})", "delete 'rejected'")
        elif found is not None and stated is None:
            yield entry.problem(("recipe",), _CODES.get(found.code, found.code),
                                f"recipe {button.recipe!r}: {found}",
                                _hint(found, letters, swings),
                                column_offset=found.column - 1)
        elif found is not None and (stated.code, stated.column, stated.message) != (
                found.code, found.column, found.message):
            yield entry.problem(("rejected",), "stale-rejection",
                                f"the rejection says {stated.code} at column {stated.column} "
                                f"({stated.message}), but the parser finds {found.code} at "
                                f"column {found.column} ({found.message})",
                                f"set rejected to {{code: {found.code}, column: "
                                f"{found.column}, message: {found.message!r}}}")


@reads("buttonmen.skill", "buttonmen.swing_letter")
def recipes_are_playable_sizes(catalog: Catalog) -> Iterator[Problem]:
    """A recipe that parses stays within Button Men Online's size limits for custom buttons
    (11 dice, 200 sides, under 150 characters: no button BMO stores is larger), and has a
    0-sided die only where `zero_sided` says why (a mistyped size is not a real 0)."""
    letters = {s.letter: s.id for s in catalog.all("buttonmen.skill") if s.letter}
    ranges = {s.id: (s.low, s.high) for s in catalog.all("buttonmen.swing_letter")}
    for entry in catalog.entries.get("buttonmen.button", {}).values():
        button = entry.record
        if button.rejected is not None:
            continue  # its rejection says what is wrong
        try:
            dice = check_recipe(button.recipe, letters, set(ranges))
        except RecipeError:
            continue  # reported by button_recipes_parse
        too_large = size_problems(button.recipe, dice, ranges)
        if too_large:
            yield entry.problem(("recipe",), "recipe-too-large",
                                f"recipe of {button.name!r}: {'; '.join(too_large)}",
                                f"data recipes stay within Button Men Online's limits for "
                                f"custom buttons: at most {MAX_DICE} dice, {MAX_SIDES} sides "
                                f"in all, under {MAX_LENGTH} characters")
        zero = next((d for d in dice if zero_sided(d)), None)
        if zero is not None and button.zero_sided is None:
            yield entry.problem(("recipe",), "zero-sided-die",
                                f"die {zero.text!r} at column {zero.column} has a 0-sided part,"
                                " which always shows 0 and scores nothing",
                                "write its real size; if the button truly has 0-sided dice "
                                "(Button Men Online's Dead Guy has five), add zero_sided: "
                                "\"why\"", column_offset=zero.column - 1)
        elif zero is None and button.zero_sided is not None:
            yield entry.problem(("zero_sided",), "stale-zero-sided",
                                "zero_sided explains 0-sided dice, but the recipe has none",
                                "delete 'zero_sided'")


def skill_letters_are_distinct(catalog: Catalog) -> Iterator[Problem]:
    """A letter marks one skill: recipes would be read with whichever skill came last."""
    first: dict[str, str] = {}
    for entry in catalog.entries.get("buttonmen.skill", {}).values():
        letter = entry.record.letter
        if letter is None:
            continue
        if letter in first:
            yield entry.problem(("letter",), "duplicate-letter",
                                f"the letter '{letter}' already marks the skill "
                                f"'{first[letter]}'", "give each skill its own letter")
        first.setdefault(letter, entry.record.id)


_CODES = {"syntax": "bad-recipe"}  # problem codes, by parser error code


def _hint(found: RecipeError, letters: dict[str, str], swings: set[str]) -> str:
    if found.code == "unknown-skill":
        known = ", ".join(f"{k} ({v})" for k, v in sorted(letters.items()))
        return (f"known letters: {known}; or add a skill with this letter to "
                "buttonmen/skills.yaml, or record the button as 'rejected'")
    if found.code == "unknown-swing":
        return f"swing letters are {', '.join(sorted(swings))}"
    return "write each die as skill letters then '(size)', e.g. s(12)"


@reads("buttonmen.skill")
def skills_match_the_engine(catalog: Catalog) -> Iterator[Problem]:
    """Every letter the engine plays has a skill record of the same id, with rules.

    The engine declares what each skill changes (engine/buttonmen/skills.py) and the pages
    print that declaration beside the record's rules, so the two must name the same skill.
    """
    from ...engine.buttonmen.skills import FACTS
    entries = {e.record.letter: e for e in catalog.entries.get("buttonmen.skill", {}).values()
               if e.record.letter}
    for letter, facts in FACTS.items():
        entry = entries.get(letter)
        if entry is None:
            continue  # a missing letter already fails every recipe that uses it
        if entry.record.id != facts.id:
            yield entry.problem(("id",), "engine-mismatch",
                                f"the engine plays '{letter}' as {facts.name} "
                                f"(id {facts.id!r}), but this record is {entry.record.id!r}")
        elif not entry.record.rules:
            yield entry.problem(("rules",), "missing-rules",
                                f"the engine plays {facts.name}; write its rules")


@reads("buttonmen.skill")
def button_skills_have_pages(catalog: Catalog) -> Iterator[Problem]:
    """Every button skill the engine plays (engine/buttonmen/skills.py BUTTON_SKILLS) names a
    button-skill record, whose page states its rule and which each button page links to."""
    from ...engine.buttonmen.skills import BUTTON_SKILLS
    records = catalog.entries.get("buttonmen.skill", {})
    pages = {e.record.id for e in records.values() if e.record.category == "button-skill"}
    missing = sorted({b.page for b in BUTTON_SKILLS.values()} - pages)
    if missing and records:
        first = next(iter(records.values()))
        users = ", ".join(sorted(b.name for b in BUTTON_SKILLS.values() if b.page == missing[0]))
        yield first.problem((), "missing-button-skill",
                            f"the engine plays the button skill of {users} and links its "
                            f"page '{missing[0]}', but no button-skill record has that id",
                            f"add '- id: {missing[0]}' with category: button-skill to "
                            "buttonmen/skills.yaml")


@reads("buttonmen.more_fun")
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


CHECKS = (skill_letters_are_distinct, button_recipes_parse, recipes_are_playable_sizes,
          skills_match_the_engine,
          button_skills_have_pages, more_fun_covers_d20,
          recipe_rule_matches_button)
