"""Every skill Button Men Online plays: the cases of issue 15, with BMO's answers.

Expected values come from BMO's engine (buttonmen-dev/buttonmen at a04ab98462e7,
src/engine/BMSkill*.php, BMAttack*.php, BMGame.php), as the issue and the BMO agreement
fixtures record them; the file named after each case says which rule decides it.
"""

from __future__ import annotations

import pytest

from rulepress.engine.query import answer


def ask(data, **request):
    out = answer({"game": "buttonmen"} | request, data)
    assert out["ok"], out
    return out


def die(recipe, value=None, **extra):
    return {"recipe": recipe} | ({"value": value} if value is not None else {}) | extra


@pytest.mark.parametrize("dice, captured, score", [
    ([die("p(10)")], [], "-10"),                    # BMSkillPoison: kept, minus the size
    ([], [die("p(10)")], "-5"),                     # captured: minus half
    ([die("p(4)"), die("(12)"), die("p(20)"), die("(20)"), die("(V)", sides=11)], [], "-5/2"),
    ([die("v(10)", 3)], [die("v(10)", 3)], "9/2"),  # BMSkillValue: the shown value
    ([die("`(20)")], [], "0"),                      # BMSkillWarrior: out of play
    ([die("np(8)")], [], "0"),                      # Null wins over Poison
])
def test_scores(engine_data, dice, captured, score):
    assert ask(engine_data, op="score", dice=dice, captured=captured)["score"] == score


def test_slow_rage_warrior_do_not_count_for_initiative(engine_data):
    out = ask(engine_data, op="chance", mine=[die("w(4)", 1), die("(20)", 20)],
              theirs=[die("(6)", 2), die("(6)", 3)])
    assert out["first"] == "theirs" and "not_modelled" not in out
    out = ask(engine_data, op="initiative",
              players=[{"recipe": "G(4) `(4) (20)"}, {"recipe": "(20)"}])
    assert out["counting_dice"] == [1, 1]


def test_giant_never_goes_first(engine_data):
    out = ask(engine_data, op="initiative", players=[{"button": "Giant"}, {"recipe": "(30)"}])
    assert out["first"] == ["0", "1"]
    assert out["button_skills"][0]["button_skill"] == "Giant"


@pytest.mark.parametrize("kind, attackers, defenders, legal", [
    ("power", [die("d(10)", 9)], [die("(6)", 2)], False),       # Stealth: no Power
    ("skill", [die("d(10)", 2)], [die("(6)", 2)], False),       # nor a lone Skill attack
    ("skill", [die("d(10)", 1), die("(4)", 1)], [die("d(6)", 2)], True),
    ("skill", [die("k(10)", 3), die("(6)", 5)], [die("(6)", 2)], True),  # Konstant subtracts
    ("skill", [die("k(10)", 3)], [die("(6)", 3)], False),       # but never alone
    ("power", [die("k(10)", 9)], [die("(6)", 3)], False),
    ("shadow", [die("q(10)", 3)], [die("(6)", 5)], True),       # odd Queer: Shadow
    ("power", [die("q(10)", 3)], [die("(6)", 2)], False),
    ("power", [die("q(10)", 4)], [die("(6)", 2)], True),        # even Queer: normal
    ("skill", [die("(10)", 4)], [die("I(6)", 4)], False),       # Insult: no Skill attack
    ("power", [die("(10)", 4)], [die("I(6)", 4)], True),
    ("trip", [die("tH(1)")], [die("(1,1)")], True),             # Mighty grows before rolling
    ("trip", [die("t(1)")], [die("(1,1)")], False),
    ("trip", [die("t(4)")], [die("M(6)")], False),              # a Maximum target shows 6
    ("berserk", [die("B(10)", 7)], [die("(6)", 3), die("(8)", 4)], True),
    ("skill", [die("B(10)", 3), die("(6)", 3)], [die("(8)", 6)], False),
    ("rush", [die("(10)", 7)], [die("#(6)", 3), die("(8)", 4)], True),
    ("rush", [die("(10)", 7)], [die("(6)", 3), die("(8)", 4)], False),
    ("boom", [die("b(4)", 1)], [die("d(20)", 20)], True),       # Boom may hit Stealth
    ("power", [die("(20)", 20)], [die("`(4)", 4)], False),      # Warrior: untouchable
])
def test_attack_legality(engine_data, kind, attackers, defenders, legal):
    out = ask(engine_data, op="attack", type=kind, attackers=attackers, defenders=defenders)
    assert out["valid"] is legal, out
    assert "not_modelled" not in out


def test_fire_dice_help_a_power_attack(engine_data):
    out = ask(engine_data, op="attack", type="power", attackers=[die("(6)", 2)],
              defenders=[die("(20)", 6)], others=[die("F(10)", 8)])
    assert out["valid"]
    without = ask(engine_data, op="attack", type="power", attackers=[die("(6)", 2)],
                  defenders=[die("(20)", 6)])
    assert not without["valid"]


def test_menus_offer_what_bmo_offers(engine_data):
    boom = ask(engine_data, op="attacks", mine=[die("b(4)", 1)], theirs=[die("(20)", 20)])
    assert boom["types"] == ["boom"] and boom["must_pass"] is False
    warrior = ask(engine_data, op="attacks", mine=[die("`(4)", 4), die("(6)", 2)],
                  theirs=[die("(20)", 6)])
    assert warrior["types"] == ["skill", "pass"]  # Warrior Skill attacks are optional
    fire = ask(engine_data, op="attacks", mine=[die("F(10)", 8), die("(6)", 2)],
               theirs=[die("(20)", 6)])
    assert fire["types"] == ["power", "skill"]


def test_after_an_attack(engine_data):
    miss = ask(engine_data, op="attack", type="trip", attackers=[die("t(10)")],
               defenders=[die("%(U)", sides=16)], radioactive_split="halves")
    assert miss["after"]["on_miss"]["defenders"][0]["sized"] == "(U=16)"  # loses Radioactive
    grow = ask(engine_data, op="attack", type="power", attackers=[die("H(6)", 6)],
               defenders=[die("(4)", 2)])
    assert grow["after"]["attackers"][0]["sides"] == 8
    berserk = ask(engine_data, op="attack", type="berserk", attackers=[die("B(10)", 7)],
                  defenders=[die("(8)", 7)])
    assert berserk["after"]["attackers"][0]["recipe"] == "(5)"
    konstant = ask(engine_data, op="attack", type="skill",
                   attackers=[die("k(10)", 3), die("(6)", 5)], defenders=[die("(6)", 2)])
    assert konstant["after"]["attackers"][0]["value"] == 3
    jolt = ask(engine_data, op="attack", type="power", attackers=[die("J(6)", 6)],
               defenders=[die("(4)", 2)])
    assert jolt["after"]["extra_turn"] == "1"
    assert jolt["after"]["attackers"][0]["recipe"] == "(6)"
    morph = ask(engine_data, op="attack", type="power", attackers=[die("m(6)", 6)],
                defenders=[die("(20)", 2)])
    assert morph["after"]["attackers"][0]["recipe"] == "m(20)"


def test_bmo_refusals_and_limits(engine_data):
    assert not ask(engine_data, op="validate", recipe="M!(20)")["valid"]
    refused = answer({"game": "buttonmen", "op": "parse", "recipe": "Dm(8)"}, engine_data)
    assert not refused["ok"]
    twelve = " ".join(["(4)"] * 12)
    assert not ask(engine_data, op="validate", recipe=twelve)["valid"]
    assert not ask(engine_data, op="validate", recipe="(99) (99) (3)")["valid"]  # 201 sides
    assert ask(engine_data, op="validate", recipe="(99) (99) (2)")["valid"]
    assert not ask(engine_data, op="validate", recipe="+(4) (6)")["valid"]


def test_sized_notation(engine_data):
    out = ask(engine_data, op="attack", type="power",
              attackers=[die("t(X)", 9, sides=9)], defenders=[die("(4/20)", 2, sides=20)])
    after = out["after"]
    assert after["attackers"][0]["sized"] == "t(X=9)"
    assert after["captured"][0]["sized"] == "(4/20=20)"
    twin = ask(engine_data, op="attack", type="power", attackers=[die("(6,X)", 9, sides=5)],
               defenders=[die("(4)", 2)])
    assert twin["after"]["attackers"][0]["sized"] == "(6,X=5)"


def test_buttons_by_name(engine_data):
    out = ask(engine_data, op="initiative", players=[{"button": "Aysez", "swing": {"U": 10}},
                                                   {"button": "giant"}])
    assert out["first"] == ["1", "0"]


def test_focus_surrender_and_the_round_limit(engine_data):
    out = ask(engine_data, op="chance", mine=[die("f(6)", 5), die("(8)", 3)],
              theirs=[die("(6)", 2), die("(10)", 9)])
    assert out["focus"] == {"dice": [0], "can_take_initiative": True}  # turned down to 1
    side = {"dice": [die("(6)")], "captured": []}
    gave_up = ask(engine_data, op="round", mine=side, theirs=side, surrendered="mine")
    assert (gave_up["winner"], gave_up["wins"]) == ("theirs", [0, 1])
    last = ask(engine_data, op="round", mine=side, theirs=side, surrendered="mine",
               round_number=200)
    assert last["match_cancelled"] and last["wins"] == [0, 0]


def test_wildcard_dice(engine_data):
    # BMDieWildcard: scored as 16 sides; an Ace (1) powers as 14; values 1-13 or 20
    assert ask(engine_data, op="score", dice=[die("(C)")], captured=[])["score"] == "8"
    ace = ask(engine_data, op="attack", type="power", attackers=[die("(C)", 1)],
              defenders=[die("(20)", 14)])
    assert ace["valid"] and ace["not_modelled"]  # the re-roll assumes a full deck
    assert ace["after"]["attackers"][0]["shows"]["20"] == "1/27"  # two jokers in 54 cards
    assert not answer({"game": "buttonmen", "op": "score", "dice": [die("(C)", 15)],
                       "captured": []}, engine_data)["ok"]


def test_button_skills_that_change_recipes(engine_data):
    # BMBtnSkillBruno/Pappy: each adds a die against the other; BMBtnSkillEcho copies
    out = ask(engine_data, op="odds", players=[{"button": "Bruno", "swing": {"X": 10}},
                                               {"button": "Pappy", "swing": {"X": 4}}])
    assert out["dice"][0][-1] == "(X=10)" and out["dice"][1][-1] == "B(X=4)"
    echo = ask(engine_data, op="initiative", players=[{"button": "Echo"},
                                                      {"recipe": "(4) (6)"}])
    assert echo["first"] == ["15/32", "15/32"] and echo["tie"] == "1/16"


def test_a_button_name_where_a_recipe_goes(engine_data):
    by_name = ask(engine_data, op="initiative", players=[{"recipe": "Aysez", "swing": {"U": 10}},
                                                       {"recipe": "(4) (8)"}])
    by_id = ask(engine_data, op="initiative", players=[{"button": "aysez", "swing": {"U": 10}},
                                                     {"recipe": "(4) (8)"}])
    assert by_name == by_id and by_name["counting_dice"] == [4, 2]  # Trip, Stinger sit out
    wrong = answer({"game": "buttonmen", "op": "initiative",
                    "players": [{"recipe": "Nobody"}, {"recipe": "(4)"}]}, engine_data)
    assert wrong["error"]["field"] == "players[0].recipe"


def test_extra_turns(engine_data):
    # BMSkillJolt::be_captured: capturing a Jolt die gives a turn, even with a Null attacker
    null = ask(engine_data, op="attack", type="power", attackers=[die("n(6)", 6)],
               defenders=[die("J(4)", 2)])
    assert null["after"]["extra_turn"] == "1"
    # BMSkillTimeAndSpace::post_roll: an odd re-roll of a d6 is 1/2; a Mighty d6 grows to 8
    assert ask(engine_data, op="attack", type="power", attackers=[die("^H(6)", 6)],
               defenders=[die("(4)", 2)])["after"]["extra_turn"] == "1/2"
    # a Mighty TimeAndSpace trip die grows once (t(1) -> 2) for its roll: odd = a 1
    trip = ask(engine_data, op="attack", type="trip", attackers=[die("^tH(1)")],
               defenders=[die("(1)")])
    assert trip["p_capture"] == "1" and trip["after"]["on_capture"]["extra_turn"] == "1/2"


def test_first_turn_of_a_round(engine_data):
    # BMGame::do_next_step_commit_attack raises the turn number before committing any attack
    # (BMGame.php:1860), so BMSkillMighty::pre_roll's turn-1 case never applies to a die an
    # attack rolls: a split Mighty half grows on the round's first attack too. `first_turn`
    # is accepted, changes nothing, and the answer says so (fixtures: first_turn.jsonl)
    split = {"type": "power", "attackers": [die("H%(6)", 6)], "defenders": [die("(4)", 2)],
             "radioactive_split": "halves"}
    later = ask(engine_data, op="attack", **split)
    first = ask(engine_data, op="attack", first_turn=True, **split)
    assert [d["sides"] for d in later["after"]["attackers"]] == [4, 4]
    assert first["after"] == later["after"] and "notes" not in later
    assert "changes nothing" in first["notes"][0] and "BMGame.php:1860" in first["notes"][0]