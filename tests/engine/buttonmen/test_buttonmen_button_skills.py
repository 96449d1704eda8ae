"""Button skills, the first turn, Chance for the player going first, merged sizes (issue 30).

What Button Men Online does comes from its classes at a04ab98462e7 (the file named at each
test); tests/fixtures/buttonmen/bmo/{unique_swing,button_recipe,first_turn,chance}.jsonl pin
BMO's own answers to many more cases (test_bmo_agreement.py checks them and what they hold;
this module reads no file, so it runs inside Pyodide too).
"""

from __future__ import annotations

import pytest

from rulepress.engine.buttonmen.random_recipe import DEALERS
from rulepress.engine.buttonmen.recipe import parse_recipe
from rulepress.engine.buttonmen.skills import BUTTON_SKILLS, button_skill
from rulepress.engine.query import answer

def ask(data, **request):
    return answer({"game": "buttonmen"} | request, data)


def die(recipe, value=None, **extra):
    return {"recipe": recipe} | ({"value": value} if value is not None else {}) | extra


# ---- Chance: only the player without the initiative re-rolls (BMGame.php:1126) -----------

def test_no_reroll_for_the_player_already_first(engine_data):
    out = ask(engine_data, op="chance", mine=[die("c(6)", 1), die("(8)", 2)],
              theirs=[die("(6)", 3)])
    assert out["ok"] and out["first"] == "mine" and out["rerolls"] == []
    assert "only the player without the initiative" in out["why"][0]
    behind = ask(engine_data, op="chance", mine=[die("c(6)", 5)], theirs=[die("(6)", 3)])
    assert behind["first"] == "theirs" and behind["rerolls"] == [{"die": 0, "p_first": "1/3"}]


# ---- first_turn: BMO raises the turn number before every attack (BMGame.php:1860) ------

def test_first_turn_is_accepted_and_changes_nothing(engine_data):
    for attack in ({"type": "berserk", "attackers": [die("HB(10)", 5)],
                    "defenders": [die("(5)", 5)]},
                   {"type": "power", "attackers": [die("h%(20)", 20)],
                    "defenders": [die("(4)", 2)], "radioactive_split": "halves"}):
        later, first = ask(engine_data, op="attack", **attack), ask(
            engine_data, op="attack", first_turn=True, **attack)
        assert first["after"] == later["after"]
        assert "first_turn changes nothing" in first["notes"][0]
    halves = ask(engine_data, op="attack", first_turn=True, type="power",
                 attackers=[die("h%(20)", 20)], defenders=[die("(4)", 2)],
                 radioactive_split="halves")["after"]["attackers"]
    assert [d["sides"] for d in halves] == [8, 8]  # both 10s shrink (Weak), as BMO's did


# ---- the sizes list merges equal sizes ----------------------------------------------------

def test_sizes_merge_equal_sizes(engine_data):
    # Mad X re-rolls to an even size from 4 to 20, then Weak shrinks it: 14 and 16 both
    # give 12, 18 and 20 both give 16
    out = ask(engine_data, op="attack", type="power", attackers=[die("h(X)&", 20, sides=20)],
              defenders=[die("(4)", 2)])
    sizes = out["after"]["attackers"][0]["sizes"]
    labels = [s["sized"] for s in sizes]
    assert len(labels) == len(set(labels))
    by = {s["sides"]: s["p"] for s in sizes}
    assert by == {2: "1/9", 4: "1/9", 6: "1/9", 8: "1/9", 10: "1/9", 12: "2/9", 16: "2/9"}


# ---- Gordo, Guillermo, Oregon: different sizes for their swing letters ----------------

@pytest.mark.parametrize("button, same, other", [
    ("Gordo", {"V": 10, "W": 10, "X": 12, "Y": 14, "Z": 16}, {"V": 6, "W": 7, "X": 8,
                                                              "Y": 9, "Z": 11}),
    ("Guillermo", {"X": 12, "Y": 12}, {"X": 12, "Y": 13}),
    ("Oregon", {"R": 8, "W": 8, "X": 9}, {"R": 8, "W": 9, "X": 10}),
])
def test_unique_swing_refuses_equal_sizes(engine_data, button, same, other):
    refused = ask(engine_data, op="initiative",
                  players=[{"button": button, "swing": same}, {"recipe": "(6)"}])
    assert not refused["ok"] and refused["error"]["field"] == "players[0].swing"
    message = refused["error"]["message"]
    assert f"{button}'s swing letters must each take a different size" in message
    assert "both take 10" in message or "both take 12" in message or "both take 8" in message
    assert ask(engine_data, op="initiative",
               players=[{"button": button, "swing": other}, {"recipe": "(6)"}])["ok"]


def test_unique_swing_is_declared_and_no_longer_a_placeholder():
    for name in ("Gordo", "Guillermo", "Oregon"):
        assert BUTTON_SKILLS[name].effect == "unique-swing"
        assert "not implemented" not in BUTTON_SKILLS[name].rule


# ---- Echo and Zero play the opponent's recipe (BMBtnSkillEcho, BMBtnSkillZero) ---------

@pytest.mark.parametrize("copier", ["Echo", "Zero"])
def test_echo_and_zero_play_the_opponents_recipe(engine_data, copier):
    played = ask(engine_data, op="parse", button=copier, opponent="Aysez")
    assert played["recipe"] == "s(U) z(U) %(U) n(U) g(U) t(U)"
    players = [{"button": copier, "swing": {"U": 12}}, {"button": "Aysez", "swing": {"U": 12}}]
    out = ask(engine_data, op="initiative", players=players)
    assert out["ok"] and out["first"][0] == out["first"][1]  # the same dice on both sides
    assert any(copier in w and "opponent's recipe" in w for w in out["why"])
    # against each other neither has a recipe: BMO gives both (4) (4) (10) (12) (X)
    assert ask(engine_data, op="parse", button=copier, opponent="Echo")["recipe"] == \
        "(4) (4) (10) (12) (X)"


def test_opponent_needs_a_button(engine_data):
    out = ask(engine_data, op="parse", recipe="(4)", opponent="Pappy")
    assert not out["ok"] and out["error"]["field"] == "opponent"


# ---- RandomBM: a random recipe, dealt as BMO deals it ---------------------------------

@pytest.mark.parametrize("button", sorted(DEALERS))
def test_random_recipe_is_dealt_and_plays(engine_data, button):
    out = ask(engine_data, op="random_recipe", button=button, seed=7)
    assert out["ok"] and out["recipe"] == ask(engine_data, op="random_recipe", button=button,
                                              seed=7)["recipe"]
    assert "random recipe" in out["rule"] and out["source"].endswith(f"BMBtnSkill{button}.php")
    dice = parse_recipe(out["recipe"])
    assert len(dice) == (8 if button == "RandomBMAnime" else 5)
    assert ask(engine_data, op="parse", recipe=out["recipe"])["ok"]


def test_random_recipe_refusals(engine_data):
    assert not ask(engine_data, op="random_recipe", button="Aysez")["ok"]
    assert not ask(engine_data, op="random_recipe", button="RandomBMMixed", seed=-1)["ok"]
    out = ask(engine_data, op="initiative",
              players=[{"button": "RandomBMMixed"}, {"recipe": "(6)"}])
    assert not out["ok"] and "random_recipe" in out["error"]["message"]
    assert "deals it a new random recipe" in out["error"]["message"]
    # no button given: said so, never Python's None as a name
    out = ask(engine_data, op="random_recipe")
    assert out["error"] == {"message": "the request needs a 'button' field (text)",
                            "field": "button"}


# ---- every calculator says why: the odds answer's reasons and both capture tables ------

def test_odds_say_why_and_give_both_tables(engine_data):
    out = ask(engine_data, op="odds", players=[
        {"button": "Giant"}, {"button": "The Japanese Beetle", "swing": {"X": 10}}])
    assert out["first"] == ["0", "1"]
    assert out["why"][0].startswith("I never go first: Giant's button skill")
    assert any("The Japanese Beetle's dice cannot be the target of Skill attacks" in w
               for w in out["why"])
    assert len(out["table"]) == 6 * 4 and len(out["their_table"]) == 4 * 6
    assert {tuple(sorted(r)) for r in out["their_table"]} == {("capture", "mine", "theirs")}
    # their d6 against my d20s: the same as my d6 would do
    mirrored = ask(engine_data, op="odds", players=[{"recipe": "(6)"}, {"recipe": "(20)"}])
    assert out["their_table"][0]["capture"] == mirrored["table"][0]["capture"]


def test_skill_immune_and_no_skill_buttons_change_the_capture_table(engine_data):
    # a Fire die cannot Power attack: alone it captures only by a one-die Skill attack
    # (equal numbers, 1/6 for two d6s), which The Japanese Beetle's dice are immune to
    plain = ask(engine_data, op="odds", players=[
        {"recipe": "F(6)"}, {"recipe": "(6) (8) (12) (X)", "swing": {"X": 10}}])
    beetle = ask(engine_data, op="odds", players=[
        {"recipe": "F(6)"}, {"button": "The Japanese Beetle", "swing": {"X": 10}}])
    assert plain["table"][0]["capture"] == "1/6" and "why" not in plain
    assert [r["capture"] for r in beetle["table"]] == ["0"] * 4
    # the other way round the Beetle attacks normally: its d6 on my F(6) is not immune
    assert beetle["their_table"] == plain["their_table"]
    squirrel = ask(engine_data, op="odds", players=[
        {"button": "The Flying Squirrel"}, {"recipe": "(6)"}])
    assert any("The Flying Squirrel cannot make Skill attacks" in w for w in squirrel["why"])


@pytest.mark.parametrize("name", sorted(BUTTON_SKILLS))
def test_every_button_skill_names_its_page_and_source(name):
    skill = BUTTON_SKILLS[name]
    assert skill.page and skill.source.startswith("src/engine/BMBtnSkill")
    assert button_skill(name) is skill


# ---- Konstant dice do not resize; a Radioactive Doppelganger's first copy keeps its value

def test_konstant_half_rolls_at_its_size(engine_data):
    out = ask(engine_data, op="attack", type="berserk", attackers=[die("HBk(10)", 5)],
              defenders=[die("(5)", 5)])
    assert out["after"]["attackers"][0]["sides"] == 5  # halved, not grown (doesReroll false)


def test_radioactive_doppelganger_keeps_the_targets_value(engine_data):
    out = ask(engine_data, op="attack", type="power", attackers=[die("%D(20)", 15)],
              defenders=[die("H(10)", 4)], radioactive_split="halves")
    first, second = out["after"]["attackers"]
    assert first["value"] == 4 and first["rerolled"] is False
    assert second["value"] is None and second["sides"] == 12  # the copy's Mighty fires


def test_swing_size_message_uses_an_before_a_vowel_sound(engine_data):
    out = ask(engine_data, op="attack", type="power", attackers=[die("(X)", 2, sides=40)],
              defenders=[die("(4)", 2)])
    assert "an X swing die is 4 to 20 sides" in out["error"]["message"]
    out = ask(engine_data, op="attack", type="power", attackers=[die("(U)", 2, sides=40)],
              defenders=[die("(4)", 2)])
    assert "a U swing die" in out["error"]["message"]
