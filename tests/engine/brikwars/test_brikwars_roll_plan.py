"""The `roll_plan` op: the dice a player rolls by hand for a BrikWars rule's question, read as
the exact op reads it. Its labels carry the exact op's Use and Armor, its plans are the dice
core's own (bonus dice, Critical Failure, penalties), rolling by them gives the exact op's
distributions, and a bad question is refused as an engine error."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulepress.engine.query import answer


def plan_of(data, question: dict) -> dict:
    return answer({"game": "brikwars", "op": "roll_plan", "question": question}, data)


def rolls_of(data, question: dict) -> list[dict]:
    response = plan_of(data, question)
    assert response["ok"], response
    return response["rolls"]


def dice_plan(data, expr: str, **options) -> dict:
    """The dice op's own plan of an expression (the one definition of a roll plan)."""
    response = answer({"game": "dice", "op": "roll_plan", "expr": expr, **options}, data)
    assert response["ok"], response
    return response["plan"]


def follow(plan: dict, depth: int) -> dict[tuple[int, bool], Fraction]:
    """Every (total, Critical Failure) of rolling by the plan, bonus dice cut after `depth`
    a die (the cut die counts its face, as the exact answers do)."""
    def die(sides: int, natural: bool, left: int) -> list[tuple[int, int, Fraction]]:
        penalty = plan["penalty"] if natural or plan["penalty_on_bonus_dice"] else 0
        bonus = plan["bonus"].get(str(sides))
        out = []
        for face in range(1, sides + 1):
            p = Fraction(1, sides)
            if bonus and face == bonus["on"] and left > 0:
                out += [(face - penalty + v, face, p * q)
                        for v, _, q in die(bonus["die"], False, left - 1)]
            else:
                out.append((face - penalty, face, p))
        return out

    states = {(plan["modifier"], True): Fraction(1)}
    for term in plan["terms"]:
        for _ in range(term["count"]):
            nxt: dict = {}
            for (total, ones), p in states.items():
                for value, shown, q in die(term["sides"], True, depth):
                    key = (total + term["sign"] * value, ones and (term["sign"] < 0 or shown == 1))
                    nxt[key] = nxt.get(key, 0) + p * q
            states = nxt
    out: dict[tuple[int, bool], Fraction] = {}
    for (total, ones), p in states.items():
        key = (max(total, 0) if plan["floor"] else total,
               ones and plan["critical_failure"]["counts"] != "ignore")
        out[key] = out.get(key, 0) + p
    return out


def pmf(chances: dict[int, Fraction]) -> list[list]:
    return [[v, str(p)] for v, p in sorted(chances.items()) if p]


ATTACKS = [
    {"game": "brikwars", "op": "attack", "weapon": "long-ranged-weapon"},
    {"game": "brikwars", "op": "attack", "attacker": "marksman", "weapon": "long-ranged-weapon",
     "target": "minifig"},
    {"game": "brikwars", "op": "attack", "skill": "d8", "use": 5, "damage": "1d10", "armor": 4},
    {"game": "brikwars", "op": "attack", "skill": "d4", "use": 2, "damage": "2S", "armor": "7",
     "modifiers": ["aiming", "two-thirds-visible"]},
]


@pytest.mark.parametrize("question", ATTACKS)
def test_an_attacks_labels_carry_the_use_and_armor_the_attack_op_reports(engine_data,
                                                                          question):
    exact = answer(question, engine_data)
    skill, damage = rolls_of(engine_data, question)
    assert skill["label"].startswith(f"Skill roll 1{exact['skill']}")
    assert f"hits on {exact['use']} or more (Use {exact['use']})" in skill["reads"]
    assert skill["plan"]["critical_failure"]["counts"] == "fail"
    assert damage["label"] == f"Damage {exact['damage_expr']} against Armor {exact['armor']}"
    assert damage["reads"] == f"kills on more than {exact['armor']}"
    assert damage["plan"]["critical_failure"]["counts"] == "zero"


def test_the_skill_roll_adds_the_modifiers_and_earns_bonus_dice_only_as_the_rules_say(
        engine_data):
    d6 = rolls_of(engine_data, ATTACKS[1])[0]["plan"]
    assert d6["bonus"] == {} and d6["terms"] == [{"count": 1, "sides": 6, "sign": 1, "tag": None}]
    d4 = rolls_of(engine_data, ATTACKS[3])[0]
    assert d4["plan"]["bonus"] == {"4": {"on": 4, "die": 4}}  # a d4 earns d4s (L652)
    assert d4["plan"]["modifier"] == 0  # aiming +1, two thirds visible -1
    top = rolls_of(engine_data, {**ATTACKS[2], "skill_bonus_dice": True})[0]["plan"]
    assert top["bonus"] == {"8": {"on": 8, "die": 6}, "6": {"on": 6, "die": 6}}
    plain = rolls_of(engine_data, {**ATTACKS[3], "bonus_dice": False})
    assert all(r["plan"]["bonus"] == {} for r in plain)


def test_the_damage_plan_is_the_dice_cores_own_and_rolls_the_exact_damage(engine_data):
    question = {**ATTACKS[2], "depth": 2}
    exact = answer(question, engine_data)
    damage = rolls_of(engine_data, question)[1]["plan"]
    assert damage == dice_plan(engine_data, "1d10", depth=2)
    dealt: dict[int, Fraction] = {}
    for (total, crit), p in follow(damage, 2).items():
        dealt[0 if crit else total] = dealt.get(0 if crit else total, 0) + p
    assert pmf(dealt) == exact["damage_pmf"]


def test_out_of_range_inches_come_off_every_die_but_an_explosions(engine_data):
    skill, damage = rolls_of(engine_data, {**ATTACKS[2], "out_of_range": 2})
    assert skill["plan"]["penalty"] == damage["plan"]["penalty"] == 2
    assert "(2 taken off each die)" in skill["reads"]
    blast = rolls_of(engine_data, {**ATTACKS[2], "damage": "1d10 Exp", "out_of_range": 2})
    assert blast[0]["plan"]["penalty"] == 2 and blast[1]["plan"]["penalty"] == 0


def test_deflection_and_a_parry_take_dice_off_before_the_damage_is_rolled(engine_data):
    heavy = rolls_of(engine_data, {**ATTACKS[2], "damage": "2d10", "deflection": 1})
    assert heavy[1]["label"] == "Damage 1d10 against Armor 4"
    parried = rolls_of(engine_data, {
        "game": "brikwars", "op": "close_combat",
        "attack": {"skill": "d6", "damage": "2d6", "use": 3, "parry": {"skill": "d6",
                                                                       "use": 3}}})
    assert [r["label"] for r in parried] == [
        "Attack: Skill roll 1d6", "Attack: Target's Parry 1d6",
        "Attack: Damage 2d6 against Armor 4", "Attack: Damage 1d6 against Armor 4",
        "Attack: Damage 0 against Armor 4"]
    assert parried[2]["reads"].startswith("if the Parry failed: ")
    assert parried[4]["reads"] == ("if the Parry succeeded with a natural 6 or more: no Damage "
                                   "dice are left: it deals 0")


def test_an_overskill_on_damage_gives_the_damage_with_one_more_die(engine_data):
    rolls = rolls_of(engine_data, {**ATTACKS[2], "overskill": "best"})
    labels = [r["label"] for r in rolls]
    assert labels == ["Skill roll 1d8", "Overskill on the roll: 1d6",
                      "Damage 1d10 against Armor 4", "Damage 2d10 against Armor 4"]
    assert rolls[3]["reads"].startswith("if the Overskill went on damage")


def test_a_rolled_armor_and_a_horse_are_read_as_the_attack_op_reads_them(engine_data):
    rolls = rolls_of(engine_data, {**ATTACKS[2], "armor": "2d6"})
    assert rolls[-1]["label"] == "Armor roll 2d6"
    assert rolls[-1]["plan"] == dice_plan(engine_data, "2d6", crit_fail="ignore")
    horse = rolls_of(engine_data, {**ATTACKS[2], "hits_to_kill": 2})
    assert horse[1]["reads"] == "wounds on more than 4, kills on more than 8"
    vermin = rolls_of(engine_data, {**ATTACKS[2], "armor": 0})
    assert len(vermin) == 1 and "any hit kills (Armor 0)" in vermin[0]["reads"]


def test_a_rolled_modifier_is_a_roll_of_its_own(engine_data):
    rolls = rolls_of(engine_data, {**ATTACKS[2], "modifiers": ["on-fire", "aiming"]})
    assert rolls[0]["plan"]["modifier"] == 1  # aiming; the -1d4 is rolled apart
    assert rolls[1]["label"].endswith(": 1d4") and rolls[1]["reads"] == "take it off the Skill roll"
    assert rolls[1]["plan"]["bonus"] == {}  # a penalty die is rolled plain


def test_knockback_rolls_the_moms_against_the_pops_as_the_exact_op(engine_data):
    question = {"game": "brikwars", "op": "knockback", "moms": 2, "pops": 1, "depth": 1}
    push, pop = rolls_of(engine_data, question)
    assert push["label"] == "KnockBack 2d6" and pop["label"] == "POP roll 1d6"
    assert not push["plan"]["floor"] and push["plan"]["critical_failure"]["counts"] == "ignore"
    flown: dict[int, Fraction] = {}
    for (a, _), p in follow(push["plan"], 1).items():
        for (b, _), q in follow(pop["plan"], 1).items():
            flown[max(0, a - b)] = flown.get(max(0, a - b), 0) + p * q
    assert pmf(flown) == answer(question, engine_data)["knockback_pmf"]
    shove = rolls_of(engine_data, {**question, "shove": True})[0]["plan"]
    assert shove["terms"][0]["sides"] == 10
    assert rolls_of(engine_data, {**question, "moms": 0}) == []


@pytest.mark.parametrize("skill", ["d4", "d6", "d8"])
def test_the_sprint_roll_gives_the_exact_extra_inches(engine_data, skill):
    question = {"game": "brikwars", "op": "sprint", "skill": skill, "depth": 2}
    (sprint,) = rolls_of(engine_data, question)
    assert sprint["plan"]["critical_failure"]["counts"] == "zero"
    inches: dict[int, Fraction] = {}
    for (total, crit), p in follow(sprint["plan"], 2).items():
        inches[0 if crit else total] = inches.get(0 if crit else total, 0) + p
    assert pmf(inches) == answer(question, engine_data)["inches_pmf"]
    assert "a Critical Failure adds nothing" in sprint["reads"]


def test_size_damage_rolls_the_armor_of_each_inch_as_the_structure_level_falls(engine_data):
    question = {"game": "brikwars", "op": "size_damage", "skill": "d6", "damage": "3d10",
                "use": 3, "size": 4, "structure_level": "2"}
    rolls = rolls_of(engine_data, question)
    assert [r["label"] for r in rolls[2:]] == [
        "Armor 2d10 (Structure Level 2)", "Armor 2d10 (Structure Level 2)",
        "Armor 2d10 (Structure Level 2)", "Armor 1d10 (Structure Level 1)"]
    assert len(rolls_of(engine_data, {**question, "overkill": False})) == 3
    same = rolls_of(engine_data, {**question, "overkill_armor": "same"})
    assert [r["label"] for r in same[2:]] == ["Armor 2d10 (Structure Level 2)",
                                              "Armor 1d10 (Structure Level 1)"]
    big = rolls_of(engine_data, {**question, "size": 20})
    assert len(big) == 2 + 8 and "roll 2d10 again" in big[-1]["reads"]


def test_ker_triage_rolls_each_mediks_die_and_reads_the_table_rows(engine_data):
    question = {"game": "brikwars", "op": "ker_triage", "die": "d8", "mediks": 3}
    rolls = rolls_of(engine_data, question)
    assert [r["label"] for r in rolls] == ["Medik 1's d8", "Medik 2's d8", "Medik 3's d8"]
    assert all(r["plan"]["bonus"] == {} for r in rolls)
    rows = answer(question, engine_data)["outcomes"]
    for row in rows:
        assert row in rolls[0]["reads"]
    assert "8: instant revival; 5-7: no amputations" in rolls[0]["reads"]


def test_supernatural_dice_take_bonus_dice_of_their_own_size(engine_data):
    (sn,) = rolls_of(engine_data, {"game": "brikwars", "op": "supernatural", "die": "d8",
                                   "dice": 2})
    assert sn["plan"]["bonus"] == {"8": {"on": 8, "die": 8}}
    assert sn["plan"]["terms"] == [{"count": 2, "sides": 8, "sign": 1, "tag": None}]
    assert "Fumble Die" in sn["reads"]
    bless = rolls_of(engine_data, {"game": "brikwars", "op": "supernatural", "die": "d8",
                                   "bless": "d6", "use": 4})
    assert [r["label"] for r in bless] == ["SuperNatural 1d8", "Blessing: SN 1d8",
                                           "Blessing: Skill 1d6"]


@pytest.mark.parametrize("body, field, words", [
    ({}, "question", "must be an object"),
    ({"question": "attack"}, "question", "must be an object"),
    ({"question": {"op": "army"}}, "question.op", "no roll plan for op 'army'"),
    ({"question": {"game": "dice", "op": "distribution"}}, "question.game", "brikwars"),
    ({"question": {"op": "attack", "weapon": "nope"}}, "question.weapon", "'nope'"),
    ({"question": {"op": "attack", "skil": "d6"}}, "question.skil", "did you mean 'skill'"),
    ({"question": {"op": "attack", "use": "high"}}, "question.use", "whole number"),
    ({"question": {"op": "size_damage", "size": 2, "structure_level": 3}},
     "question.structure_level", "at most the Creation's Size"),
    ({"question": {"op": "knockback", "penalty": 1}}, "question.penalty", "not used"),
    ({"question": {"op": "attack"}, "extra": 1}, "extra", "unknown field"),
])
def test_a_bad_question_is_refused_as_an_engine_error(engine_data, body, field, words):
    response = answer({"game": "brikwars", "op": "roll_plan", **body}, engine_data)
    assert response["ok"] is False and "defect" not in response["error"], response
    assert response["error"]["field"] == field and words in response["error"]["message"]

