"""Button Men cards: what goes on the front and on the back."""

from __future__ import annotations

import dataclasses
import json

from rulepress.cards.compose import PrintSettings
from rulepress.cards.decks.buttonmen import deck
from rulepress.cards.layout import Face
from rulepress.cards.make import make_item
from rulepress.cards.notation import recipe_marks


def test_letters_without_rules_are_named_on_the_front_so_backs_are_shared(root, catalog):
    cards = deck(root, catalog).cards
    by_name = {card.name: card for card in cards}
    # GreatWolf: every skill has rules now (BMO's engine), so all of them are on the back,
    # explained, or (the longest, when they do not all fit) named with where to read them
    front, back = by_name["GreatWolf"].front.fields, by_name["GreatWolf"].back.fields
    assert not front["undescribed"]
    words = " ".join(f"{e['name']} {e['text']}" for e in back["skills"])
    assert all(name in words for name in ("Berserk", "Poison", "Rage", "Slow"))
    # Memento-Mori's '~' is a letter BMO does not implement: named on the front
    assert "'~'" in by_name["Memento-Mori"].front.fields["undescribed"]
    backs = {repr(card.back.fields) for card in cards}
    assert len(backs) < len(cards) / 2  # 876 buttons, about 400 different backs
    plain = [card for card in cards if not card.front.fields["undescribed"]]
    assert plain and all(card.back.fields["skills"][-1]["name"] != "Other skills"
                         for card in plain)


def test_a_recipe_too_long_for_its_box_is_reported_as_an_overflow(root, catalog):
    buttons = deck(root, catalog)
    card = buttons.cards[0]
    marks = recipe_marks(" ".join(["p(20)"] * 60), {})
    front = Face("button", {**card.front.fields, "recipe": json.dumps(marks)})
    one = dataclasses.replace(buttons, cards=[dataclasses.replace(card, front=front)])
    made = make_item(one, PrintSettings("a4"), workers=1)
    assert [(o.card, o.box) for o in made.overflows] == [(card.key, "recipe")]
    assert made.overflows[0].over_mm > 20


def test_a_button_with_special_rules_says_so_on_its_back(root, catalog):
    card = {c.name: c for c in deck(root, catalog).cards}["Friend Computer"]
    entries = card.back.fields["skills"]
    assert entries[0]["name"] == "Special rules"
    assert "change before each match" in entries[0]["text"]
    assert "Plain dice" not in [e["name"] for e in entries]


def test_a_back_with_too_many_skills_names_the_rest_and_says_where_they_are(root, catalog):
    cards = {c.key: c for c in deck(root, catalog).cards}
    entries = cards["button/gryphon"].back.fields["skills"]
    [last] = [e for e in entries if e["name"] == "Also on this button"]
    assert "rules site" in last["text"]
    explained = {e["name"] for e in entries if e is not last}
    named = last["text"].split(":")[0]
    assert explained and not any(f"{name} (" in named for name in explained)  # each once
