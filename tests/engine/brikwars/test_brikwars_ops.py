"""The "brikwars" query ops: ids from the data, named modifiers, errors naming the field."""

from __future__ import annotations

from fractions import Fraction

from asking import BRIKWARS


ask = BRIKWARS.ask


def test_issue_example(engine_data):
    r = ask(engine_data, op="attack", skill="d6", use=3, modifiers=0, damage="1d6+1", armor="4",
            deflection=0, bonus_dice=True, overskill="none")
    assert (r["p_hit"], r["p_kill_given_hit"], r["p_kill"]) == ("2/3", "1/2", "1/3")
    assert sum(Fraction(p) for _, p in r["damage_pmf"]) == 1


def test_ids_from_the_data(engine_data):
    r = ask(engine_data, op="attack", attacker="marksman", weapon="long-ranged-weapon",
            target="minifig", overskill="damage")
    assert r["p_kill"] == "29/72" and r["skill"] == "d6" and r["use"] == 3


def test_named_modifiers_and_worn_armor(engine_data):
    r = ask(engine_data, op="attack", weapon="hand-weapon",
            modifiers=["target-stationary", "outnumbered"], target_wears=["heavy-armor"])
    assert r["deflection"] == 1
    plain = ask(engine_data, op="attack", weapon="hand-weapon", target_wears=["heavy-armor"])
    assert plain["p_hit"] == r["p_hit"]  # +1 and -1 cancel
    fire = ask(engine_data, op="attack", weapon="hand-weapon", modifiers=["on-fire"])
    assert Fraction(fire["p_hit"]) < Fraction(plain["p_hit"])


def test_scaled_weapon_by_size(engine_data):
    r = ask(engine_data, op="size_table", weapon="flamethrower", to_size=3)
    assert r["rows"][2] == {"size": 3, "cost_cp": 9, "use": 4, "range": 8, "damage": "3d4 Fire"}
    shot = ask(engine_data, op="attack", weapon="gun", weapon_size=2)
    assert shot["damage_expr"] == "2d6" and shot["use"] == 4


def test_combined_three_attacker_cap(engine_data):
    one = {"weapon": "hand-weapon"}
    r = ask(engine_data, op="combined", attackers=[one] * 3, close_combat=True)
    assert r["ok"] and len(r["p_hit"]) == 3
    four = ask(engine_data, op="combined", attackers=[one] * 4, close_combat=True)
    assert four["error"]["field"] == "attackers"


def test_quikwars_feat_explosion_ops(engine_data):
    q = ask(engine_data, op="quikwars_attack", weapons=["quikwars-hand-weapon"],
            target="quikwars-minifig")
    assert q["p_kill"] == "5/6"
    f = ask(engine_data, op="heroic_feat", hero_dice=2)
    assert f["p_success_counting_paradox"] == "161/216"
    e = ask(engine_data, op="explosion", dice=2, armor=4)
    assert [ring["knockback_inches"] for ring in e["rings"]] == [2, 1]


def test_errors_name_the_field(engine_data):
    assert ask(engine_data, op="attack", weapon="long-range-weapon")["error"]["field"] == "weapon"
    assert "did you mean 'long-ranged-weapon'" in ask(
        engine_data, op="attack", weapon="long-range-weapon")["error"]["message"]
    assert ask(engine_data, op="attack", attacker="phalanx")["error"]["field"] == "attacker"
    assert ask(engine_data, op="attack", armor="2d")["error"]["field"] == "armor"
    assert ask(engine_data, op="attack", overskill="all")["error"]["field"] == "overskill"
    assert ask(engine_data, op="attack", modifiers=["fast"])["error"]["field"] == "modifiers"
    assert ask(engine_data, op="attack", parry={"use": "x"})["error"]["field"] == "parry"


def test_charge_with_momentum(engine_data):
    """Solo Jones (L1182-1191): a Hero's Two-Handed weapon, 2 MOMs on horseback: 4d10."""
    r = ask(engine_data, op="attack", attacker="hero", weapon="two-handed-charging-weapon-mounted",
            use=4, momentum=2, depth=1)
    assert r["damage_expr"] == "4d10"
    too_many = ask(engine_data, op="attack", weapon="two-handed-charging-weapon-on-foot",
                   use=4, momentum=2)
    assert too_many["error"]["field"] == "momentum"


def test_shotgun_falloff_and_target_size(engine_data):
    """ShotGun Wedding (L1667-1669): 1d8+1 at under an inch, 1d8-1 at two inches."""
    near = ask(engine_data, op="attack", weapon="shotgun", depth=0)
    two = ask(engine_data, op="attack", weapon="shotgun", damage_modifier=-2, depth=0)
    assert (near["damage_expr"], two["damage_expr"]) == ("1d8 + 1", "1d8 - 1")
    big = ask(engine_data, op="to_hit", use=5, target_size=4)  # +2 for a 4-inch target
    assert big["p_hit"] == ask(engine_data, op="to_hit", use=3)["p_hit"]


def test_twice_over_kills_a_horse_outright(engine_data):
    """L1078-1080: a first blow over a Horse's Armor wounds it; over twice the Armor kills."""
    r = ask(engine_data, op="attack", weapon="heavy-weapon", target="horse", depth=3)
    assert r["p_kill"] == r["p_twice_armor"]
    assert Fraction(r["p_kill"]) + Fraction(r["p_wound"]) == Fraction(r["p_beats_armor"])
    assert Fraction(r["p_kill"]) < Fraction(r["p_beats_armor"])
    wounded = ask(engine_data, op="attack", weapon="heavy-weapon", target="horse", depth=3,
                  target_wounded=True)
    assert wounded["p_kill"] == r["p_beats_armor"] and "p_wound" not in wounded
    fixed = ask(engine_data, op="attack", damage="1d6", auto_hit=True, armor=2, bonus_dice=False)
    assert fixed["p_twice_armor"] == "1/3"  # 5 or 6 is more than 4


def test_redshirt_reach(engine_data):
    """Inventory 4.10: P(1d6 with bonus dice >= distance), a Critical Failure fails."""
    want = {1: "5/6", 2: "5/6", 3: "2/3", 4: "1/2", 5: "1/3", 6: "1/6", 7: "1/6", 8: "5/36",
            9: "1/9"}
    for distance, p in want.items():
        assert ask(engine_data, op="redshirt", distance=distance)["p"] == p
    assert ask(engine_data, op="redshirt", distance=3, die="d8")["error"]["field"] == "die"


def test_bare_handed_parry_reduces_no_damage(engine_data):
    """L850: a Parry with Bare Hands does not reduce the Damage in any way."""
    plain = ask(engine_data, op="attack", weapon="hand-weapon")
    bare = ask(engine_data, op="attack", weapon="hand-weapon",
               parry={"use": 0, "bare_hands": True})
    held = ask(engine_data, op="attack", weapon="hand-weapon", parry={"use": 0})
    assert bare["p_kill"] == plain["p_kill"]
    assert Fraction(held["p_kill"]) < Fraction(plain["p_kill"])


def test_close_combat_reads_the_parry_once(engine_data):
    """The target's Parry in close_combat takes every field attack's parry does."""
    r = ask(engine_data, op="close_combat", attack={
        "weapon": "hand-weapon", "parry": {"defender": "hero", "use": 0, "bare_hands": True}})
    assert r["ok"] and r["p_parry"] == "9/10"  # a d10 fails Use 0 only on a 1
    typo = ask(engine_data, op="close_combat", attack={"weapon": "hand-weapon",
                                                        "parry": {"usee": 2}})
    assert typo["error"]["field"] == "attack.parry.usee"


def test_collision_reference_values(engine_data):
    """Inventory 4.9: 1 MOM against 1 POP knocks back 5/12 of the time without bonus dice
    (a d6 beats a d6), 3/7 with them (here followed 8 deep); a Charging Shove's d10 ~0.6057;
    a Horse's 2 MOMs against a minifig's POP ~0.7878."""
    assert ask(engine_data, op="knockback", moms=1, pops=1, bonus_dice=False)[
        "p_knockback"] == "5/12"
    deep = Fraction(ask(engine_data, op="knockback", moms=1, pops=1)["p_knockback"])
    assert abs(deep - Fraction(3, 7)) < Fraction(1, 10**6)
    shove = float(Fraction(ask(engine_data, op="knockback", moms=1, pops=1, shove=True)[
        "p_knockback"]))
    assert round(shove, 4) == 0.6057
    horse = float(Fraction(ask(engine_data, op="knockback", moms=2, pops=1)["p_knockback"]))
    assert round(horse, 4) == 0.7878
