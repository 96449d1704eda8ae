"""Button Men cards: what goes on the front and on the back."""

from __future__ import annotations

from rulepress.cards.decks.buttonmen import deck


def test_skills_without_a_summary_are_named_on_the_front_so_backs_are_shared(root, catalog):
    cards = deck(root, catalog).cards
    by_name = {card.name: card for card in cards}
    # GreatWolf: Berserk, Poison, Rage, Reserve, Slow and TimeAndSpace have no summary yet
    front, back = by_name["GreatWolf"].front.fields, by_name["GreatWolf"].back.fields
    assert "Berserk (B)" in front["undescribed"] and "Poison (p)" in front["undescribed"]
    assert not any("Berserk" in entry["text"] for entry in back["skills"])
    assert back["skills"][-1]["name"] == "Other skills"
    backs = {repr(card.back.fields) for card in cards}
    assert len(backs) < len(cards) / 4  # 876 buttons, under 200 different backs
    plain = [card for card in cards if not card.front.fields["undescribed"]]
    assert plain and all(card.back.fields["skills"][-1]["name"] != "Other skills"
                         for card in plain)
