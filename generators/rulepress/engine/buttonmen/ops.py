"""Query operations for Button Men (see the query reference page)."""

from __future__ import annotations

from ..query import QueryError, Request, op
from .recipe import RecipeError, parse_recipe


@op("buttonmen", "skills", "The die skills and die types, from the data.")
def _skills(req: Request, data: dict) -> dict:
    skills = data["skills"]
    wanted = req.string_list("ids", [s["id"] for s in skills])
    known = {s["id"]: s for s in skills}
    missing = [i for i in wanted if i not in known]
    if missing:
        raise QueryError(f"unknown skill id '{missing[0]}'; known: {', '.join(known)}", "ids")
    return {"skills": [_public(known[i]) for i in wanted]}


def _public(skill: dict) -> dict:
    """A skill as the engine reports it: mechanics and short rules, no provenance."""
    return {k: v for k, v in skill.items() if k != "source"}


@op("buttonmen", "parse", "Split a recipe into dice, with each die's kind, size and skills.")
def _parse(req: Request, data: dict) -> dict:
    recipe = req.string("recipe")
    try:
        dice = parse_recipe(recipe)
    except RecipeError as exc:
        raise QueryError(f"recipe: {exc}", "recipe") from None
    return {"recipe": recipe, "dice": [d.to_json() for d in dice]}
