"""Button Men cards: what goes on the front and on the back."""

from __future__ import annotations

import dataclasses
import json

from rulepress.cards.compose import PrintSettings
from rulepress.cards.decks.buttonmen import deck
from rulepress.cards.layout import Face
from rulepress.cards.make import make_item
from rulepress.cards.notation import recipe_marks


def test_letters_without_rules_are_named_on_the_front(root, catalog):
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


def test_a_back_names_its_button_and_fits_its_skills_by_measuring(root, catalog, tmp_path):
    """Aysez's seven skills fill its back at more than the floor (they were set at 6 pt by
    their length, half the card empty); Gryphon's twenty do not fit even at the floor,
    so the longest are named in a closing line, each skill once, none cut off."""
    import re

    import pikepdf

    from pdftools import page_texts

    buttons = deck(root, catalog).only(["aysez", "gryphon"])
    made = make_item(buttons, PrintSettings("a4"), workers=1)
    assert not made.overflows
    path = tmp_path / "two.pdf"
    path.write_bytes(made.pdf)
    back = page_texts(path)[1]
    assert "Aysez · skills" in back and "Gryphon · skills" in back
    with pikepdf.open(path) as pdf:
        sizes = {name: sorted({float(v) for v in re.findall(
            r" ([\d.]+) Tf ", form.read_bytes().decode("ascii"))})
            for name, form in pdf.pages[1].Resources.XObject.items() if name.startswith("/A")}
    smallest = sorted(min(v) for v in sizes.values())
    assert smallest[0] == 6.0 and smallest[1] >= 7.0  # Gryphon at the floor, Aysez above
    alone = make_item(deck(root, catalog).only(["gryphon"]), PrintSettings("a4"), workers=1)
    path.write_bytes(alone.pdf)
    back = page_texts(path)[1]
    closing = back.split("Also on this button:")[1].split(": their rules")[0]
    gryphon = catalog.get("buttonmen.button", "gryphon")
    skills = {s.name for s in catalog.all("buttonmen.skill") if s.summary}
    named = {n.split(" (")[0].strip() for n in closing.split(",")}
    explained = {name for name in skills if re.search(rf"\b{re.escape(name)}( \(.\))?\. ",
                                                      back)}
    assert named and explained and not (named & explained)
    assert "Berserk" not in named and len(named | explained) >= 18, gryphon.recipe


def test_backs_name_each_skill_by_the_mark_the_front_draws(root, catalog):
    """A back says "Speed (red frame, lightning bolt)", not the recipe letter "(z)" that
    no printed card shows; a letter the front does print is named as printed."""
    entries = {e["name"]: e["mark"] for card in deck(root, catalog).cards
               for e in card.back.fields["skills"]}
    assert entries["Speed"] == "red frame, lightning bolt"
    assert entries["Stinger"] == "blue frame, cube behind the size"
    assert entries["Trip"] == "size struck through"
    assert entries["Shadow"] == "s, bar over the size"
    assert entries["Null"] == "n, black frame"
    assert entries["Chance"] == "©"
    assert entries["Berserk"] == "B" and entries["Option"] == "two sizes stacked"
    arts = " ".join(card.back.fields["art"] for card in deck(root, catalog).cards)
    assert "Speed (z)" not in arts and "Stinger (g)" not in arts


def test_swing_backs_give_each_letters_range(root, catalog):
    ranges = {s.id: (s.low, s.high) for s in catalog.all("buttonmen.swing_letter")}
    by_name = {card.name: card for card in deck(root, catalog).cards}
    [swing] = [e for e in by_name["Avis"].back.fields["skills"] if e["name"] == "Swing"]
    low, high = ranges["X"]
    assert swing["mark"] == f"X: {low}–{high} sides"
    every = [e["mark"] for card in by_name.values() for e in card.back.fields["skills"]
             if e["name"] == "Swing"]
    assert every and all("sides" in mark or "range unknown" in mark for mark in every)


def test_friend_computers_front_shows_each_dies_skill_and_its_option(root, catalog):
    by_name = {card.name: card for card in deck(root, catalog).cards}
    lead, text = by_name["Friend Computer"].front.fields["note"]
    assert lead == "Printed skills:"
    for part in ("Null (n, black frame) on the 4", "Chance (©) on the 8",
                 "Trip (size struck through) on the 10", "Shadow (s, bar over the size)",
                 "Speed (red frame, lightning bolt)", "option dice", "(4/20)"):
        assert part in text, part
    assert by_name["Avis"].front.fields["note"] is None
