"""Evil Robots cards: power cards read the same way up and upside down."""

from __future__ import annotations

from rulepress.cards.decks.evilrobots import deck
from rulepress.cards.pdf import faces_html
from rulepress.cards.compose import FaceUse


def test_six_and_nine_are_underlined_and_no_other_power(root, catalog):
    for card in deck(root, catalog).cards:
        if card.front.template != "power":
            continue
        use = FaceUse(card.front, card, 1, 63, 88, 0)
        html = faces_html([(0, use)], "test")
        level = str(card.front.fields["level"])
        assert ("turnable" in html) == (level in ("6", "9")), level
