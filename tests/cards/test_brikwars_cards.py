"""BrikWars card values: "?" only where the book should give a value and lost it, "—"
where there is none to give (the cases are the book's own, seed 003)."""

from __future__ import annotations

import pytest

from rulepress.cards.make import product
from rulepress.data.load import load_catalog


@pytest.fixture(scope="module")
def rows(root):
    catalog = load_catalog(root)
    out = {}
    for name in ("brikwars-weapons", "brikwars-units", "brikwars-specialists"):
        for card in product(root, catalog, name).cards:
            out[card.key] = (dict(card.front.fields["rows"]), card.front.fields["legend"])
    return out


@pytest.mark.parametrize("key, label, shown", [
    ("item/body-armor", "Use", "—"),  # armor is worn, not rolled for (L499, L503)
    ("item/body-armor", "Damage", "—"),
    ("item/shield", "Damage", "—"),  # Parry or Shove only (L491)
    ("item/wand", "Damage", "—"),  # no Damage of its own (L3275)
    ("item/autogun", "Damage", "?"),  # the cell is cut (L1555)
    ("item/heavy-charging-weapon", "Use", "?"),  # the jousting table lists none (L1175)
    ("item/random-object", "Cost", "?"),
    ("item/hand-weapon", "Use", "2"),
    ("unit/4pion", "Move", "varies"),  # 1d4 inches or an Action each turn (L3146)
])
def test_unknown_and_not_applicable_are_told_apart(rows, key, label, shown):
    values, legend = rows[key]
    assert values[label] == shown
    assert ("— does not apply" in legend) == ("—" in values.values())
    assert ("? unknown" in legend) == ("?" in values.values())


def test_the_legend_names_only_the_marks_on_the_card(rows):
    values, legend = rows["item/hand-weapon"]
    assert "inferred" not in legend and "recovered" not in legend
    values, legend = rows["scaled/armor-plating"]  # a formula's "Size+1" is no mark
    assert legend == "— does not apply"
