"""All 875 Button Men Online buttons are data: each parses or says exactly why not."""

from __future__ import annotations

from collections import Counter

import pytest

from rulepress.data.load import load_catalog
from rulepress.engine.buttonmen.recipe import RecipeError, check_recipe, parse_recipe

BMO = "bmo_buttons.tsv"


@pytest.fixture(scope="module")
def catalog(root):
    return load_catalog(root)


@pytest.fixture(scope="module")
def bmo_buttons(catalog):
    return [b for b in catalog.all("buttonmen.button")
            if b.source.seed == BMO or any(s.seed == BMO for s in b.also_in)]


def test_every_line_of_the_extract_is_one_button(bmo_buttons):
    lines = sorted(int(s.lines) for b in bmo_buttons
                   for s in [b.source, *b.also_in] if s.seed == BMO)
    assert lines == list(range(2, 877))  # 875 rows after the header


def test_corpus_parses_or_is_rejected_with_the_parser_reason(catalog, bmo_buttons, capsys):
    letters = {s.letter for s in catalog.all("buttonmen.skill") if s.letter}
    swings = set(catalog.ids("buttonmen.swing_letter"))
    outcome = Counter()
    for button in bmo_buttons:
        try:
            check_recipe(button.recipe, letters, swings)
            assert button.rejected is None, button.id
            assert button.dice, button.id
            outcome["parsed"] += 1
        except RecipeError as exc:
            assert (button.rejected.code, button.rejected.column) == (exc.code, exc.column)
            assert button.dice is None
            outcome[exc.code] += 1
    with capsys.disabled():
        print(f"\nBMO corpus: {dict(outcome)}")
    # 14 buttons have no recipe (random, custom, echo); 69 use letters BMO does not
    # implement either (e.g. '@' Chaotic, '=' Rebound, 'A' Armor)
    assert outcome == {"parsed": 792, "empty-recipe": 14, "unknown-skill": 69}


def test_die_kinds_match_the_research_count(bmo_buttons):
    # the research note counted 4,544 dice in BMO's database by type
    kinds = Counter(d.kind for b in bmo_buttons for d in parse_recipe(b.recipe))
    assert kinds == {"fixed": 3315, "swing": 813, "twin": 208, "option": 194, "wildcard": 14}


def test_aysez_merges_seed_and_bmo(catalog):
    aysez = catalog.get("buttonmen.button", "aysez")
    assert aysez.source.seed == "001_bc9dfc60ee15be7d.txt"
    assert [s.seed for s in aysez.also_in] == [BMO]
    assert [d["swing"] for d in aysez.dice] == ["U"] * 6


def test_plasma_and_mood_dice_are_parsed(catalog):
    maya = catalog.get("buttonmen.button", "maya")
    plasma = [d for d in maya.dice if "plasma" in d]
    assert plasma and plasma[0]["plasma"] == [["h", "s"], ["H"]]
