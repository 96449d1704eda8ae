"""The other readings of three ambiguous rules, offered as named options (rulebook seed 003,
line numbers), with the expected values worked out by hand in the comments."""

from __future__ import annotations

import pytest

from asking import BRIKWARS
from rulepress.engine.query import answer


ask = BRIKWARS.answered


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


# --- Combined Damage and Critical Failures (L760, L179) -----------------------------------------

ONE_D6 = {"damage": "1d6", "auto_hit": True}


def test_combined_one_roll_fails_only_on_every_die_one(engine_data):
    """Two sure hits of 1d6, no bonus dice, Armor 3: kill when the sum is over 3.
    Each attacker on its own (ours): a 1 adds nothing, so 1-1 (0), 1-2, 2-1 (2), 1-3, 3-1
    (3) fail: 5 of 36, p_kill 31/36. One roll: only 1-1 fails (0); 1-2 and 2-1 total 3,
    not over 3; 1-3 is 4 and kills: 3 of 36 fail, p_kill 33/36 = 11/12."""
    body = dict(op="combined", attackers=[ONE_D6, ONE_D6], armor=3, bonus_dice=False)
    each = ask(engine_data, **body)
    assert each["p_kill"] == "31/36"
    assert "`each_attacker`" in each["not_modelled"][0]
    one = ask(engine_data, **body, combined_roll="one_roll")
    assert one["p_kill"] == "11/12"
    assert "`one_roll`" in one["not_modelled"][0]
    assert ask(engine_data, **body, combined_roll="each_attacker")["p_kill"] == "31/36"


def test_combined_one_roll_counts_only_attackers_that_hit(engine_data):
    """Skill d6 against Use 3 hits on 3-6 (2/3; a 6 is Overskill, not spent). One hit alone:
    its 1 is the whole roll, so it fails either way: beats Armor 3 on 4-6, 1/2. Both hit
    (4/9): 31/36 or 11/12 as above. P(exactly one hit) = 2 * 2/3 * 1/3 = 4/9.
    Each attacker: 4/9 * 1/2 + 4/9 * 31/36 = 2/9 + 31/81 = 49/81.
    One roll: 2/9 + 4/9 * 11/12 = 2/9 + 11/27 = 17/27."""
    attacker = {"damage": "1d6", "use": 3}
    body = dict(op="combined", attackers=[attacker, attacker], armor=3, bonus_dice=False)
    assert ask(engine_data, **body)["p_kill"] == "49/81"
    assert ask(engine_data, **body, combined_roll="one_roll")["p_kill"] == "17/27"


def test_combined_one_roll_loses_a_fixed_damage_with_the_dice(engine_data):
    """Cannon Fodder does exactly 1 point (L2403) and rolls no die. With a sure 1d6 hit
    against Armor 0 rolled for (`zero_armor: roll`): each on its own, the d6's 1 adds
    nothing but the Fodder's point is over 0: p_kill 1. One roll: on a 1 the only die shows
    1, so the whole roll fails (0) and the point is lost: p_kill 5/6. Against Armor 1 both
    readings kill on 2-6 only (a sum of 1 is not over 1): 5/6."""
    fodder = {"attacker": "cannon-fodder", "auto_hit": True}
    body = dict(op="combined", attackers=[fodder, ONE_D6], bonus_dice=False,
                zero_armor="roll")
    assert ask(engine_data, **body, armor=0)["p_kill"] == "1"
    assert ask(engine_data, **body, armor=0, combined_roll="one_roll")["p_kill"] == "5/6"
    assert ask(engine_data, **body, armor=1)["p_kill"] == "5/6"
    assert ask(engine_data, **body, armor=1, combined_roll="one_roll")["p_kill"] == "5/6"


def test_combined_roll_must_be_named(engine_data):
    out = answer({"game": "brikwars", "op": "combined", "attackers": [ONE_D6],
                  "combined_roll": "together"}, engine_data)
    assert not out["ok"] and "combined_roll" in out["error"]["message"]


@pytest.mark.parametrize("text,levels", [("2d6+1", 0), ("1d6", 1), ("1d12+1d6", 2),
                                         ("1d12+2", 1), ("1d10+1d4", 1), ("3", 0)])
def test_damage_kinds_rejoin_to_the_damage(text, levels):
    """The split by kind, a roll of all 1s taken back to 0, is the Damage roll itself."""
    from rulepress.engine.brikwars.attack import mix
    from rulepress.engine.brikwars.damage import damage_dist, damage_kinds
    from rulepress.engine.dice.dist import Dist
    from rulepress.engine.dice.parse import parse
    from rulepress.engine.dice.roll import RollRules
    rules = RollRules(depth=2)
    whole, _ = damage_dist(parse(text), rules, levels)
    kinds, _ = damage_kinds(parse(text), rules, levels)
    assert sum(w for w, _, _ in kinds) == 1
    back = mix([(w, Dist.constant(0) if k == "ones" else d) for w, d, k in kinds])
    assert back.fractions() == whole.fractions()


# --- Armor-Piercing bonus dice (L1948, L1950-1952) ----------------------------------------------

MINIFIG = {"structure_level": 0.5, "armor": 4}


def test_ap_bonus_dice_pierce_on_down_a_line(engine_data):
    """1d6 Piercing through three minifigs (SL ½: one AP d6 each, Armor 4), depth 2.
    Pierce: the first takes the d6's face: over 4 on 5 or 6 (1/3); a 6 (1/6) sends a bonus
    AP d6 on, which the second takes (1/6 * 1/3 = 1/18) and whose 6 sends the last bonus die
    of the chain to the third (1/36 * 1/3 = 1/108); that die sends nothing on.
    Stay (ours): the first takes the d6 with its bonus dice (5, or 6 and more): 1/3, and
    nothing reaches the others."""
    body = dict(op="armor_piercing", damage="1d6 Piercing", targets=[MINIFIG] * 3, depth=2)
    out = ask(engine_data, **body, ap_bonus_dice="pierce")
    assert [t["p_beats_armor"] for t in out["targets"]] == ["1/3", "1/18", "1/108"]
    assert [t["ap_dice_pmf"] for t in out["targets"]] == [
        [[1, "1"]], [[0, "5/6"], [1, "1/6"]], [[0, "35/36"], [1, "1/36"]]]
    assert out["ap_dice_beyond_pmf"] == [[0, "1"]]
    assert any("`pierce`" in n for n in out["not_modelled"])
    stay = ask(engine_data, **body)
    assert [t["p_beats_armor"] for t in stay["targets"]] == ["1/3", "0", "0"]
    assert any("`stay`" in n for n in stay["not_modelled"])
    assert not any("not worked out" in n for n in stay["not_modelled"])


def test_ap_bonus_die_that_pierces_adds_nothing_here(engine_data):
    """1d6 Piercing + 1d6 into Armor 6 (SL ½), then a minifig, depth 1. Stay: the AP d6 beats
    6 only as a 6 plus its bonus d6 (7..12): 1/6; the minifig takes the plain d6 (5, or a 6
    and more): 1/3. Pierce: a d6's face never beats 6 (0); its 6 (1/6) sends a bonus AP d6
    (chain spent) that the minifig takes instead, over 4 on 5 or 6 (1/3), the plain d6
    then going beyond (1/6); otherwise the minifig takes the plain d6 (1/3): 1/3 in all."""
    body = dict(op="armor_piercing", damage="1d6 Piercing + 1d6", depth=1,
                targets=[{"structure_level": 0.5, "armor": 6}, MINIFIG])
    stay = ask(engine_data, **body)
    assert [t["p_beats_armor"] for t in stay["targets"]] == ["1/6", "1/3"]
    out = ask(engine_data, **body, ap_bonus_dice="pierce")
    assert [t["p_beats_armor"] for t in out["targets"]] == ["0", "1/3"]
    assert out["p_plain_dice_beyond"] == "1/6"


def test_ap_bonus_dice_readings_agree_without_bonus_dice(engine_data):
    """The Gas Station (L1956-1961) with no bonus dice: both readings give the book's line."""
    body = dict(op="armor_piercing", damage="2d6 Piercing + 1d4 Fire", bonus_dice=False,
                targets=[{"structure_level": 0}, {"structure_level": 0.5, "armor": 4,
                                                  "deflection": 1},
                         {"structure_level": 1}, {"structure_level": 1}])
    stay = [t["p_beats_armor"] for t in ask(engine_data, **body)["targets"]]
    pierce = [t["p_beats_armor"] for t in
              ask(engine_data, **body, ap_bonus_dice="pierce")["targets"]]
    assert stay == pierce == ["1", "1/3", "1/4", "3/20"]


def test_ap_bonus_dice_pierce_is_budget_checked(engine_data):
    out = answer({"game": "brikwars", "op": "armor_piercing", "damage": "39d6 Piercing + 1d6",
                  "targets": [{"structure_level": 5}] * 20, "depth": 40,
                  "ap_bonus_dice": "pierce"}, engine_data)
    assert not out["ok"] and "too big to work out exactly" in out["error"]["message"]
