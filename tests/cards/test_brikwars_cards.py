"""BrikWars card values: "?" only where the book should give a value and lost it, "—"
where there is none to give (the cases are the book's own, seed 003). The kind is the
data's (null_kind), and the site's pages show the same."""

from __future__ import annotations

import pytest

from rulepress.cards.make import product
from rulepress.data.load import load_catalog
from rulepress.data.models.brikwars import Item
from rulepress.website.facts import blank_html


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
    ("item/heavy-charging-weapon", "Cost", "?"),  # the jousting table lists none (L1175)
    ("item/random-object", "Cost", "—"),  # the book prints "Cost:-" (L535)
    ("item/thrown-object", "Use", "varies"),  # the thrown item's own Use (L543)
    ("specialist/rider", "Unit inches", "—"),  # included with a Horse (L2699)
    ("scaled/launcher", "Damage", "?"),  # the payload's die was lost (L1744)
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


def test_the_site_shows_the_cards_blank(root):
    catalog = load_catalog(root)
    shield = catalog.get("brikwars.item", "shield")
    assert blank_html(shield, "damage").startswith('<span class="rp-fact">— does not apply</span>: ')
    autogun = catalog.get("brikwars.item", "autogun")
    assert blank_html(autogun, "damage").startswith(
        '<span class="rp-fact rp-unknown">? unknown (lost from the book)</span>: ')
    body_armor = catalog.get("brikwars.item", "body-armor")
    assert blank_html(body_armor, "use") == '<span class="rp-fact">— does not apply</span>'


def test_every_explained_blank_has_a_kind():
    record = {"id": "x", "name": "X", "group": "minifig-weapon", "use": None,
              "size_class": None, "range": None,
              "effect": "e", "source": {"seed": "003_6de682f32705c108.txt", "lines": "1"},
              "unknown": {"use": "lost"}}
    with pytest.raises(ValueError, match="null_kind"):
        Item.model_validate(record)
    assert Item.model_validate({**record, "null_kind": {"use": "lost"}}).null_kind == {
        "use": "lost"}
