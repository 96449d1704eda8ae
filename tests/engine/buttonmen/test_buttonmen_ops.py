"""The Button Men ops through the JSON door: answers, options and precise errors."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulepress.engine.query import answer


def ask(engine_data, **body):
    return answer({"game": "buttonmen", **body}, engine_data)


def test_parse_gives_swing_ranges_and_skill_ids(engine_data):
    out = ask(engine_data, op="parse", recipe="s(U) z(U) %(U) n(U) g(U) t(U)")
    assert [d["range"] for d in out["dice"]] == [[8, 30]] * 6
    assert [d["skill_ids"] for d in out["dice"]] == [["shadow"], ["speed"], ["radioactive"],
                                                     ["null"], ["stinger"], ["trip"]]


def test_parse_a_button_by_id_and_mood_turbo_markers(engine_data):
    assert ask(engine_data, op="parse", button="aysez")["recipe"].startswith("s(U)")
    out = ask(engine_data, op="parse", recipe="(X)? (Y)& (4)!")
    assert [d["skill_ids"] for d in out["dice"]] == [["mood"], ["mad"], ["turbo"]]


def test_parse_refuses_unknown_letters_at_their_column(engine_data):
    out = ask(engine_data, op="parse", recipe="(4) @(8)")
    assert out["ok"] is False and "column 5" in out["error"]["message"]
    assert ask(engine_data, op="parse", recipe="(Q)")["error"]["field"] == "recipe"


def test_attack_trip_is_exact(engine_data):
    out = ask(engine_data, op="attack", type="trip", attackers=[{"recipe": "t(6)", "value": 3}],
              defenders=[{"recipe": "(4)", "value": 4}])
    assert (out["valid"], out["p_capture"]) == (True, "3/4")
    assert set(out["after"]) == {"on_capture", "on_miss"}


def test_attack_options_switch_to_bmo_behaviour(engine_data):
    body = dict(op="attack", type="power", attackers=[{"recipe": "%(10)", "value": 6}],
                defenders=[{"recipe": "(20)", "value": 5}])
    seed = ask(engine_data, **body)["after"]["attackers"]
    bmo = ask(engine_data, radioactive_split="halves", **body)["after"]["attackers"]
    assert [d["sides"] for d in seed] == [6, 4] and [d["sides"] for d in bmo] == [5, 5]
    bad = ask(engine_data, radioactive_split="thirds", **body)
    assert bad["error"]["field"] == "radioactive_split"


@pytest.mark.parametrize("body, field", [
    ({"type": "punch"}, "type"),
    ({"type": "power", "attackers": [{"recipe": "(6)"}], "defenders": []}, "attackers[0].value"),
    ({"type": "power", "attackers": [{"recipe": "(6)", "value": 7}], "defenders": []},
     "attackers[0].value"),
    ({"type": "power", "attackers": [{"recipe": "(X)", "value": 3}], "defenders": []},
     "attackers[0].sides"),
    ({"type": "power", "attackers": [{"recipe": "(X)", "sides": 40, "value": 3}],
      "defenders": []}, "attackers[0].sides"),
    ({"type": "power", "attackers": [{"recipe": "(4/20)", "sides": 6, "value": 3}],
      "defenders": []}, "attackers[0].sides"),
    ({"type": "power", "attackers": [{"recipe": "(4) (6)", "value": 3}], "defenders": []},
     "attackers[0].recipe"),
    ({"type": "power", "attackers": "(6)"}, "attackers"),
])
def test_attack_errors_name_the_field(engine_data, body, field):
    out = ask(engine_data, op="attack", **body)
    assert out["ok"] is False and out["error"]["field"] == field, out


def test_attacks_lists_the_board_and_must_pass(engine_data):
    out = ask(engine_data, op="attacks", mine=[{"recipe": "(4)", "value": 1}],
              theirs=[{"recipe": "(20)", "value": 17}])
    assert out["attacks"] == [] and out["must_pass"] is True


def test_initiative_ignores_trip_and_stinger(engine_data):
    out = ask(engine_data, op="initiative",
              players=[{"button": "aysez", "swing": {"U": 8}}, {"recipe": "(8) (8) (8) (8)"}])
    assert out["counting_dice"] == [4, 4]
    # four counting d8 each: the two players are symmetric
    assert out["first"][0] == out["first"][1]
    tie = Fraction(out["tie"])
    assert 2 * Fraction(out["first"][0]) + tie == 1


def test_initiative_random_tiebreak_option(engine_data):
    out = ask(engine_data, op="initiative", players=[{"recipe": "(2)"}, {"recipe": "(2)"}],
              initiative_tie="random")
    assert out["first"] == ["1/2", "1/2"] and out["tie"] == "0"


def test_initiative_needs_each_swing_size(engine_data):
    out = ask(engine_data, op="initiative", players=[{"button": "aysez"}, {"recipe": "(4)"}])
    assert out["ok"] is False and "U" in out["error"]["message"]


def test_score_and_sides(engine_data):
    out = ask(engine_data, op="score", dice=[{"recipe": "(X)", "sides": 10}, {"recipe": "n(6)"}],
              captured=[{"recipe": "(4,4)"}],
              theirs={"dice": [{"recipe": "(12)"}], "captured": []})
    # live X=10 scores 5, null scores 0, captured (4,4) scores 8; theirs: 12/2 = 6
    assert out == {"ok": True, "score": "13", "their_score": "6", "sides": "14/3"}


def test_friend_computer_against_plain_dice_is_the_base_button(engine_data):
    out = ask(engine_data, op="friend_computer", opponent="(4) (8) (10) (12) (20)")
    assert out["count"] == 1 and out["variants"][0]["recipe"] == "(4) (8) (10) (12) (12)"


def test_friend_computer_limits(engine_data):
    # one swing die and one skill die: at most one option and one skill
    out = ask(engine_data, op="friend_computer", opponent="(X) s(8) (6)")
    assert out["limits"] == [{"options": 1, "skills": 1}]
    assert all(v["options"] <= 1 and v["skills"] <= 1 for v in out["variants"])
    # a skilled swing die counts for one change or the other, never both
    both = ask(engine_data, op="friend_computer", opponent="s(X) (6)")
    assert both["limits"] == [{"options": 0, "skills": 1}, {"options": 1, "skills": 0}]
    assert "(4/20) (8) (10) s(12) (12)" not in {v["recipe"] for v in both["variants"]}


def test_friend_computer_seed_example_is_a_high_programmer_recipe(engine_data):
    row = ask(engine_data, op="more_fun", roll=18)
    assert row["id"] == "high-programmer" and row["p"] == "3/20"
    assert "(4/20) (8) t(10) (12) z(12)" in row["recipes"]


def test_more_fun_table_chances_sum_to_one(engine_data):
    rows = ask(engine_data, op="more_fun")["rows"]
    assert sum(Fraction(r["p"]) for r in rows) == 1
    assert ask(engine_data, op="more_fun", roll=21)["error"]["field"] == "roll"


die_sizes = st.integers(min_value=1, max_value=20)


@settings(max_examples=60, deadline=None)
@given(die_sizes, die_sizes, die_sizes, st.booleans())
def test_every_trip_probability_is_in_0_1(engine_data, a, b, c, twin):
    target = f"({b},{c})" if twin else f"({b})"
    out = ask(engine_data, op="attack", type="trip", attackers=[{"recipe": f"t({a})"}],
              defenders=[{"recipe": target}])
    assert 0 <= Fraction(out["p_capture"]) <= 1
    assert out["valid"] == (a >= (2 if twin else 1))


def test_chance_reroll_odds_count_ties_as_failures(engine_data):
    out = ask(engine_data, op="chance", mine=[{"recipe": "c(6)", "value": 5}],
              theirs=[{"recipe": "(6)", "value": 2}])
    # re-rolling to 1 wins; 2 ties (fails); 3-6 lose
    assert out == {"ok": True, "first": "theirs", "rerolls": [{"die": 0, "p_first": "1/6"}]}


def test_chance_when_no_reroll_can_win(engine_data):
    out = ask(engine_data, op="chance", mine=[{"recipe": "c(4)", "value": 4}],
              theirs=[{"recipe": "(6)", "value": 1}, {"recipe": "(6)", "value": 1}])
    assert out["rerolls"] == [{"die": 0, "p_first": "0"}]


def test_round_goes_on_until_no_dice_or_two_passes(engine_data):
    mine = {"dice": [{"recipe": "(6)"}], "captured": []}
    theirs = {"dice": [{"recipe": "(6)"}], "captured": []}
    assert ask(engine_data, op="round", mine=mine, theirs=theirs)["over"] is False
    draw = ask(engine_data, op="round", mine=mine, theirs=theirs, passes_in_a_row=2)
    assert (draw["over"], draw["winner"], draw["may_change_sizes"]) == (True, "draw", [])


def test_round_win_counts_towards_the_match(engine_data):
    out = ask(engine_data, op="round", mine={"dice": [], "captured": [{"recipe": "(20)"}]},
              theirs={"dice": [{"recipe": "(4)"}], "captured": []}, wins=[2, 0])
    assert (out["winner"], out["may_change_sizes"]) == ("mine", ["theirs"])
    assert (out["wins"], out["match_winner"]) == ([3, 0], "mine")
    bad = ask(engine_data, op="round", mine={"dice": [], "captured": []},
              theirs={"dice": "x", "captured": []})
    assert bad["error"]["field"] == "theirs.dice"
