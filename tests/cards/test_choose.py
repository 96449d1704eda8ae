"""Choosing what to print: --only cuts a deck to named cards; the Button Men deck has a
bookmark (PDF outline entry) per set, pointing at the sheet of the set's first button."""

from __future__ import annotations

import dataclasses

import pikepdf
import pytest

from pdftools import page_texts
from rulepress.cards.compose import PrintSettings
from rulepress.cards.make import make_item, product
from rulepress.cli import main
from rulepress.data.load import load_catalog


@pytest.fixture(scope="module")
def buttons(root):
    return product(root, load_catalog(root), "buttonmen-cards")


def test_only_takes_ids_or_names_in_any_case_in_deck_order(buttons):
    deck = buttons.only(["bauer", "Avis", "FRIEND COMPUTER", "button/zeppo"])
    assert [c.name for c in deck.cards] == [c.name for c in buttons.cards
                                            if c.name in ("Avis", "Bauer", "Friend Computer",
                                                          "Zeppo")]
    assert len(deck.cards) == 4
    # each keeps its number in the whole deck, so a card printed again matches its deck
    whole = {c.key: c.front.fields["number"] for c in buttons.cards}
    assert [c.front.fields["number"] for c in deck.cards] == [whole[c.key] for c in deck.cards]
    assert all(c.front.fields["of"] == len(buttons.cards) for c in deck.cards)


def test_only_names_what_matched_nothing_with_the_nearest_names(buttons):
    with pytest.raises(ValueError, match=r"'avix' \(did you mean [^)]*Avis"):
        buttons.only(["avix"])


def test_cards_only_on_the_command_line(root, tmp_path, capsys):
    out = tmp_path / "two.pdf"
    assert main(["--project", str(root), "cards", "buttonmen-cards", "--only", "avis,bauer",
                 "--out", str(out)]) == 0
    assert "2 cards" in capsys.readouterr().out
    front = page_texts(out)[0]
    number = {c.name: c.front.fields["number"] for c in product(
        root, load_catalog(root), "buttonmen-cards").cards}
    total = len(number)
    assert "Avis" in front and "Bauer" in front
    assert f"{number['Avis']}/{total}" in front and f"{number['Bauer']}/{total}" in front
    assert "1/2" not in front and "2/2" not in front
    assert main(["--project", str(root), "cards", "buttonmen-cards", "--only", "nobody-x",
                 "--out", str(out)]) == 3
    assert "no card in buttonmen-cards is called 'nobody-x'" in capsys.readouterr().err


def test_button_men_bookmarks_each_set_at_its_first_sheet(root, buttons, tmp_path):
    deck = dataclasses.replace(buttons, cards=buttons.cards[:40])
    made = make_item(deck, PrintSettings("a4"))
    path = tmp_path / "bm.pdf"
    path.write_bytes(made.pdf)
    sets = list(dict.fromkeys(c.section for c in deck.cards))
    texts = page_texts(path)
    with pikepdf.open(path) as pdf:
        assert pdf.Root.PageMode == pikepdf.Name("/UseOutlines")
        with pdf.open_outline() as outline:
            entries = [(item.title, pdf.pages.index(pikepdf.Page(item.destination[0])))
                       for item in outline.root]
    assert [title for title, _ in entries] == sets
    for title, page in entries:
        first = next(c for c in deck.cards if c.section == title)
        assert first.name in texts[page]  # the set's first button is on that sheet
        assert page % 2 == 0  # a front sheet (each is followed by its backs)


def test_text_below_the_6_pt_floor_is_reported_as_an_overflow(root):
    """The print page promises no card text below 6 pt: smaller text fails --strict."""
    from rulepress.cards.layout import FLOOR_PT, Face

    units = product(root, load_catalog(root), "brikwars-units")
    card = units.cards[0]
    tiny = dataclasses.replace(card, front=Face(card.front.template,
                                                {**card.front.fields, "size": 5.0}))
    made = make_item(dataclasses.replace(units, cards=[tiny, units.cards[1]]),
                     PrintSettings("a4"))
    assert FLOOR_PT == 6.0
    small = [o for o in made.overflows if o.small_pt]
    assert [(o.card, o.box, o.small_pt) for o in small] == [(card.key, "stats", 5.0)]
    assert "set at 5 pt, below the 6 pt floor" in str(small[0])


@pytest.mark.parametrize("size, mm, per_sheet", [("us-poker", (63.5, 88.9), 9),
                                                 ("bridge", (57.0, 89.0), 9)])
def test_card_size_sets_every_face_and_the_sheet_grid(root, size, mm, per_sheet):
    from rulepress.cards.sheets import CARD_SIZES, sheet_layout

    assert CARD_SIZES[size] == mm
    layout = sheet_layout("a4", 0, mm)
    assert layout.per_sheet == per_sheet
    units = product(root, load_catalog(root), "brikwars-units")
    made = make_item(dataclasses.replace(units, cards=units.cards[:2]),
                     PrintSettings("a4", card=mm))
    import io
    with pikepdf.open(io.BytesIO(made.pdf)) as pdf:
        page = pdf.pages[0]
        faces = [page.Resources.XObject[name] for name in page.Resources.XObject
                 if name.startswith("/F")]
        assert len(faces) == 2
        for face in faces:
            x0, y0, x1, y1 = (float(v) for v in face.BBox)
            assert ((x1 - x0) * 25.4 / 72, (y1 - y0) * 25.4 / 72) == pytest.approx(mm, abs=0.01)


def test_the_calibration_sheet_stays_poker_size(root):
    cal = product(root, load_catalog(root), "calibration")
    assert cal.card_size == (63.0, 88.0)
