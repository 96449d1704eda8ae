"""The other readings of three ambiguous rules, offered as named options (rulebook seed 003,
line numbers), with the expected values worked out by hand in the comments."""

from __future__ import annotations

from rulepress.engine.query import answer


def ask(engine_data, **body):
    out = answer({"game": "brikwars", **body}, engine_data)
    assert out["ok"], out
    return out


# --- Grinding and Burning: "each individual die" (L1417, L1836) ------------------------------

def test_grinding_each_die_counts_a_bonus_die_on_its_own_face(engine_data):
    """1d6 against SL 4, at most one bonus die (depth 1). Die by die: a 5 grinds 1; a 6
    grinds 1 and its bonus d6 grinds 1 more on a 5 or 6 (the cut die just counts its face).
    P(0) = 4/6 = 2/3; P(2) = 1/6 * 2/6 = 1/18; P(1) = 1/6 + 1/6 * 4/6 = 5/18.
    With its bonus dice (our reading) a 5, or a 6 plus anything (7..12), beats 4: 1/3."""
    each = ask(engine_data, op="grinding", damage="1d6", structure_level=4, depth=1,
               die_reading="each_die")
    assert each["grinding_pmf"] == [[0, "2/3"], [1, "5/18"], [2, "1/18"]]
    assert each["grinding_mean"] == "7/18"
    plain = ask(engine_data, op="grinding", damage="1d6", structure_level=4, depth=1)
    assert plain["grinding_pmf"] == [[0, "2/3"], [1, "1/3"]]
    assert any("with_bonus_dice" in n for n in plain["not_modelled"])
    assert any("each_die" in n and "own face" in n for n in each["not_modelled"])


def test_grinding_each_die_no_d4_beats_sl_4(engine_data):
    """A d4 shows at most 4, so die by die it never beats SL 4; with its bonus d4 a natural
    4 totals 5..8 and grinds: P = 1/4."""
    each = ask(engine_data, op="grinding", damage="1d4", structure_level=4,
               die_reading="each_die")
    assert each["grinding_pmf"] == [[0, "1"]]
    plain = ask(engine_data, op="grinding", damage="1d4", structure_level=4)
    assert plain["grinding_pmf"] == [[0, "3/4"], [1, "1/4"]]


def test_burning_each_die_bonus_d4_is_a_burning_d4(engine_data):
    """Von Bragstein's boiler (Size 4, SL 2, L1840), Fire 1, one turn, depth 1. Die by die:
    1 or 2 -> an inch off (1/2: out); 3 -> +1 (1/4: Fire 2); 4 -> +1, then its bonus d4:
    1-2 an inch off (1/8: Fire 1), 3-4 another inch (1/8: Fire 3). Spreads: 1/4 + 1/4 * (1
    + 1/2) = 5/8 points of Grinding. With the bonus dice counted in (ours) a 3 or 4 spreads:
    Fire 0 or 2, each 1/2, Grinding 1/2."""
    each = ask(engine_data, op="burning", size=4, structure_level=2, fire=1, turns=1,
               depth=1, die_reading="each_die")["turns"][0]
    assert each["fire_size_pmf"] == [[0, "1/2"], [1, "1/8"], [2, "1/4"], [3, "1/8"]]
    assert each["p_out"] == "1/2" and each["grinding_mean"] == "5/8"
    plain = ask(engine_data, op="burning", size=4, structure_level=2, fire=1, turns=1,
                depth=1)["turns"][0]
    assert plain["fire_size_pmf"] == [[0, "1/2"], [2, "1/2"]]
    assert plain["grinding_mean"] == "1/2"


def test_burning_each_die_sl_4_always_dies_down(engine_data):
    """SL 4: die by die no d4 spreads, so a 1" Fire always goes out; with its bonus d4 a
    natural 4 totals 5..8 > 4 and spreads (1/4: Fire 2)."""
    each = ask(engine_data, op="burning", size=4, structure_level=4, fire=1, turns=1,
               die_reading="each_die")["turns"][0]
    assert each["p_out"] == "1" and each["grinding_mean"] == "0"
    plain = ask(engine_data, op="burning", size=4, structure_level=4, fire=1, turns=1)
    assert plain["turns"][0]["fire_size_pmf"] == [[0, "3/4"], [2, "1/4"]]


def test_die_reading_must_be_named(engine_data):
    out = answer({"game": "brikwars", "op": "grinding", "die_reading": "faces"}, engine_data)
    assert not out["ok"] and "die_reading" in out["error"]["message"]
