"""The BrikWars attack calculator: one set of defaults with the weapon pages, no doubled
choices, and a Horse's wound never shown as a kill."""

from __future__ import annotations

from rulepress.engine.query import answer
from rulepress.website.calculators.model import fill
from rulepress.website.calculators.pages import _with_options
from rulepress.website.calculators.specs import CALCULATORS
from rulepress.website.render.brikwars import ODDS_SKILL

ATTACK = next(c for c in CALCULATORS if c.id == "brikwars-attack")


def defaults() -> dict:
    return {f.name: f.default for f in ATTACK.fields}


def test_calculator_defaults_are_the_engines_and_the_weapon_pages(engine_data):
    """The same attack gives the same odds in the calculator and on the weapon page: a d6
    Long-Ranged Weapon (1d6+1, Use 3) against Armor 4 hits 2/3 and beats 4 half the time."""
    calc = answer(fill(ATTACK.request, defaults()), engine_data)
    page = answer({"game": "brikwars", "op": "attack", "weapon": defaults()["weapon"],
                   "skill": ODDS_SKILL, "armor": "4"}, engine_data)
    assert calc["p_kill"] == page["p_kill"] == "1/3"
    bare = answer({"game": "brikwars", "op": "attack", "weapon": "long-ranged-weapon"},
                  engine_data)
    assert bare["p_kill"] == calc["p_kill"]  # the engine's own defaults, nothing added


def test_no_choice_is_listed_twice(catalog):
    calc = _with_options(ATTACK, catalog)
    for field in calc.fields:
        if field.kind != "select":
            continue
        ids = [v for v, _ in field.options]
        labels = [label for _, label in field.options]
        assert len(ids) == len(set(ids)), field.name
        assert len(labels) == len(set(labels)), field.name
    weapons = dict(next(f for f in calc.fields if f.name == "weapon").options)
    assert weapons["explosive"] != weapons["minifig-explosive"]
