

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
