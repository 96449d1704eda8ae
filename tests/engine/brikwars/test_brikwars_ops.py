"""The "brikwars" query ops: ids from the data, named modifiers, errors naming the field."""

from __future__ import annotations

from fractions import Fraction

from rulepress.engine.query import answer


def ask(engine_data, **body):
    return answer({"game": "brikwars", **body}, engine_data)


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
