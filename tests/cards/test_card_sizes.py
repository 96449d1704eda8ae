"""Every card size of --card-size: the faces are laid out for it and their text fits,
measured in the rendered PDF; a deck not made for a size refuses it and says why.

Button Men is checked on its most demanding buttons (the longest names, recipes and
back texts, and the buttons of a set with one long name); the whole deck at every size
is for `rulepress cards buttonmen-cards --card-size SIZE --strict`."""

from __future__ import annotations

import io

import pikepdf
import pytest

from rulepress.cards.compose import PrintSettings
from rulepress.cards.layout import CardTooSmall
from rulepress.cards.make import make_item, product
from rulepress.cards.sheets import CARD_SIZES

PT = 72 / 25.4


def demanding(deck, count: int = 12):
    def back_text(card):
        return sum(len(e["text"]) for e in card.back.fields["skills"])
    chosen: list[str] = []
    for key in (lambda c: len(c.name), lambda c: len(c.front.fields["recipe"]), back_text,
                lambda c: len(c.front.fields["undescribed"])):
        chosen += [c.key for c in sorted(deck.cards, key=key, reverse=True)[:count]]
    chosen += [c.key for c in deck.cards if c.section == "2004 Origins"]  # shares a title size
    return deck.only(list(dict.fromkeys(chosen)))


@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_evil_robots_and_button_men_fit_every_card_size(root, catalog, size):
    card = CARD_SIZES[size]
    robots = product(root, catalog, "evilrobots-cards")
    buttons = demanding(product(root, catalog, "buttonmen-cards"))
    for deck in (robots, buttons):
        made = make_item(deck, PrintSettings("a4", card=card), workers=2)
        assert not made.overflows, (size, deck.name, [str(o) for o in made.overflows][:5])
        with pikepdf.open(io.BytesIO(made.pdf)) as pdf:  # the faces are the card's size
            forms = [x for page in pdf.pages[:1] for name, x in page.Resources.XObject.items()
                     if name.startswith("/F")]
            width, height = (float(v) / PT for v in forms[0].BBox[2:])
        assert (width, height) == pytest.approx(card, abs=0.01)


@pytest.mark.parametrize("name, refused", [
    ("brikwars-units", ["mini"]), ("brikwars-specialists", ["mini"]),
    ("brikwars-weapons", ["mini", "bridge"]), ("brikwars-quikwars", ["mini", "bridge"])])
def test_brikwars_decks_refuse_cards_too_small_for_them_and_say_why(root, catalog, name,
                                                                       refused):
    deck = product(root, catalog, name)
    for size in refused:
        w, h = CARD_SIZES[size]
        with pytest.raises(CardTooSmall, match=f"{w:g} x {h:g} mm.*stat table"):
            make_item(deck, PrintSettings("a4", card=CARD_SIZES[size]), workers=1)


def test_a_set_shares_one_title_size_unless_a_name_cannot_fit_it(root, catalog):
    deck = product(root, catalog, "buttonmen-cards")
    for size in ("poker", "mini"):
        sized = deck.for_size(CARD_SIZES[size])
        origins = [c for c in sized.cards if c.section == "2004 Origins"]
        sizes = [c.front.fields["name_size"] for c in origins]
        common = max(set(sizes), key=sizes.count)
        assert sizes.count(common) >= len(sizes) - 2, (size, sizes)  # one size, few exceptions
        assert all(s <= common for s in sizes)  # an exception is only ever smaller
    poker = {c.key: c.front.fields["name_size"] for c in deck.for_size(CARD_SIZES["poker"]).cards}
    mini = {c.key: c.front.fields["name_size"] for c in deck.for_size(CARD_SIZES["mini"]).cards}
    assert all(mini[k] <= poker[k] for k in poker) and sum(mini.values()) < sum(poker.values())
