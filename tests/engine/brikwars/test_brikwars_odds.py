"""BrikWars odds against the book's worked examples and the inventory's exact values."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulepress.engine.brikwars.attack import Attack, Options, Parry, kill_chance, resolve
from rulepress.engine.brikwars.deflect import deflect
from rulepress.engine.brikwars.explosion import ring_p_kill
from rulepress.engine.brikwars.feats import feat_odds
from rulepress.engine.brikwars.quikwars import quikwars_kill
from rulepress.engine.brikwars.skill import skill_odds
from rulepress.engine.dice.dist import Dist
from rulepress.engine.dice.parse import parse
from rulepress.engine.dice.roll import RollRules


@pytest.mark.parametrize("sides, table", [
    (6, {2: "5/6", 3: "2/3", 4: "1/2", 5: "1/3", 6: "1/6", 7: "1/6", 8: "5/36", 9: "1/9"}),
    (10, {4: "7/10", 6: "1/2", 7: "1/2", 8: "29/60", 10: "2/5", 12: "1/4"}),
    (4, {2: "3/4", 4: "1/4", 5: "1/4", 6: "3/16"}),
])
def test_chance_to_hit_with_overskill_on_the_roll(sides, table):
    for use, p in table.items():
        assert skill_odds(sides, use, overskill="skill").p_hit == Fraction(p), use


def test_overskill_chances():
    """6 or more on the natural Skill die: d6 1/6, d8 3/8, d10 1/2, d12 7/12; d4 never."""
    for sides, p in [(6, "1/6"), (8, "3/8"), (10, "1/2"), (12, "7/12"), (4, "0")]:
        assert skill_odds(sides, 3).overskill == Fraction(p)


WEAPONS = [("S", 2, "5/18", "13/36"), ("S+2", 3, "4/9", "107/216"), ("2S", 4, "5/12", "143/324"),
           ("1d6", 3, "2/9", "11/36"), ("1d6+1", 3, "1/3", "29/72"), ("S-1", 3, "1/9", "11/54"),
           ("S-2", 4, "1/12", "11/72"), ("1d10 Exp", 1, "1/2", "167/300")]


@pytest.mark.parametrize("damage, use, plain, overskill", WEAPONS)
def test_single_attack_d6_minifig_vs_armor_4(damage, use, plain, overskill):
    options = Options()
    expr = parse(damage).with_skill(6)
    for policy, want in (("none", plain), ("damage", overskill)):
        outcome = resolve(Attack(6, use, expr, overskill=policy), options)
        assert kill_chance([outcome], "4", options) == Fraction(want)


def test_against_heavy_armor_deflection():
    """Two-handed Heavy swing keeps its die (AP): 0.306; a Two-Handed 2S becomes 1S: 1/4."""
    options = Options()
    heavy = resolve(Attack(6, 3, parse("S+2").with_skill(6), overskill="damage",
                           deflection=1, armor_piercing=True), options)
    assert round(float(kill_chance([heavy], "4", options)), 3) == 0.306
    two = resolve(Attack(6, 4, parse("2S").with_skill(6), overskill="damage", deflection=1),
                  options)
    assert kill_chance([two], "4", options) == Fraction(1, 4)


def test_deflection_removes_one_die_of_each_type_but_not_d12():
    """L481-482: Yoko's S+2 becomes S (AP); the hippie pike 2d6 becomes 1d6 (L3114)."""
    assert deflect(parse("1d6+2"), 1, armor_piercing=True).expr.text() == "1d6"
    assert deflect(parse("2d6"), 1).expr.text() == "1d6"
    assert deflect(parse("1d10+1d4 Exp"), 1).expr.text() == "0"
    assert deflect(parse("1d12 Phased + 1d6"), 1).expr.text() == "1d12 Phased"
    left = deflect(parse("1d6"), 2)
    assert left.expr.text() == "0" and left.cancel_d6 == 1  # "cancels 1d6 worth" (L482)


def test_parry_adds_deflection():
    """Yoko vs Dan (L863-872): Dan's d6 Parry with a Use 3 tool against S+2 two-handed."""
    options = Options()
    no_parry = resolve(Attack(6, 3, parse("S+2").with_skill(6), armor_piercing=True), options)
    parried = resolve(Attack(6, 3, parse("S+2").with_skill(6), armor_piercing=True,
                             parry=Parry(6, 3)), options)
    assert kill_chance([parried], "4", options) < kill_chance([no_parry], "4", options)


def test_rolled_armor_reference_values():
    options = Options()
    cases = [("1d6", "2d6", 0.1551), ("1d10", "2d6", 0.2971), ("2d6", "2d6", 0.4605),
             ("1d6", "1d10", 0.3019)]
    for damage, armor, want in cases:
        outcome = resolve(Attack(6, 0, parse(damage), auto_hit=True), options)
        assert round(float(kill_chance([outcome], armor, options)), 4) == want


def test_combined_fire_adds_damage():
    """Long-Ranged 1d6+1 vs Heavy Armor: each hit leaves +1, so five hits are needed."""
    options = Options()
    shot = resolve(Attack(6, 0, parse("1d6+1"), auto_hit=True, deflection=1,
                          ), Options(no_dice="ignore"))
    assert kill_chance([shot] * 4, "4", Options(no_dice="ignore")) == 0
    assert kill_chance([shot] * 5, "4", Options(no_dice="ignore")) == 1
    one = resolve(Attack(6, 3, parse("1d6")), options)
    assert kill_chance([one, one], "4", options) > kill_chance([one], "4", options)


def test_thieven_hood_shot():
    """L659-663: d10 Skill 8, -2 size, 3 inches out of range, Use 3: hits; 1d6+1 at -3."""
    odds = skill_odds(10, 3, Dist.constant(-2), "none", penalty=3)
    # the natural 8 hits (8-2-3 = 3); so do 9 and 10, and a 7 does not
    assert odds.p_hit == Fraction(3, 10)


def test_explosion_rings_vs_armor_4():
    want = {1: [0.60], 2: [0.94, 0.36], 3: [0.996, 0.851, 0.216]}
    for dice, values in want.items():
        got = [round(float(p), 3) for p in ring_p_kill(dice, RollRules(), Dist.constant(4))]
        assert got == values


def test_heroic_feat_odds_from_the_book():
    """L1019: 7/12 with one die; 'a little less than 3/4' (161/216) with two."""
    one, two = feat_odds(1), feat_odds(2)
    assert one.success_counting_paradox == Fraction(7, 12)
    assert (one.success, one.paradox) == (Fraction(5, 9), Fraction(1, 36))
    assert two.success_counting_paradox == Fraction(161, 216)


def test_quikwars_reference_values():
    assert quikwars_kill([(2, "hand")], 4)[0] == Fraction(5, 6)
    assert quikwars_kill([(1, "ranged")], 4)[0] == Fraction(1, 3)
    assert quikwars_kill([(2, "hand")], 4, shield=True)[0] == Fraction(1, 3)
    assert round(float(quikwars_kill([(2, "hand")], 4, body_armor=1)[0]), 4) == 0.4303
    assert round(float(quikwars_kill([(1, "r")] * 3, 4, body_armor=1)[0]), 4) == 0.7400
    assert quikwars_kill([(2, "siege")], 8)[0] == Fraction(41, 108)


DEFLECTED = [("S", 2, 0.056), ("1d6", 3, 0.056), ("1d6+1", 3, 0.083), ("S-1", 3, 0.028),
             ("S-2", 4, 0.028), ("1d10 Exp", 1, 0.100)]


@pytest.mark.parametrize("damage, use, want", DEFLECTED)
def test_single_attack_against_one_level_of_deflection(damage, use, want):
    """Inventory 4.3, last column: a d6 minifig spending Overskill on damage against a
    target with one level of Deflection (Armor 4): only the Overskill's extra die gets
    through, and a source left with no dice loses a rolled d6 more."""
    options = Options()
    outcome = resolve(Attack(6, use, parse(damage).with_skill(6), overskill="damage",
                             deflection=1), options)
    assert round(float(kill_chance([outcome], "4", options)), 3) == want
