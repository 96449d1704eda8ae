"""Rule cases from seed 002 that earlier answers got wrong: PlusBot's level in conversions
(line 171), one turn a round (lines 122, 145), and impossible tables refused (lines 4, 143,
164, 166, 169)."""

from __future__ import annotations

import pytest

from rulepress.engine.query import answer


def ask(engine_data, op, **body):
    return answer({"game": "evilrobots", "op": op, **body}, engine_data)


@pytest.mark.parametrize("rule, converter, target, works", [
    # lower-converts: 7 < 6 + 3
    ("lower-converts", {"power": 7}, {"power": 6, "robot": "plusbot"}, True),
    # PlusBot converting: card 2 is level 5, which is not below 4
    ("lower-converts", {"power": 2, "robot": "plusbot"}, {"power": 4}, False),
    ("lower-converts", {"power": 2, "robot": "plusbot"}, {"power": 6}, True),
    # higher-converts: 5 + 3 > 7
    ("higher-converts", {"power": 5, "robot": "plusbot"}, {"power": 7}, True),
    ("higher-converts", {"power": 8}, {"power": 6, "robot": "plusbot"}, False),
])
def test_plusbot_converts_and_is_converted_at_card_plus_three(engine_data, rule, converter,
                                                              target, works):
    result = ask(engine_data, "convert", rule=rule,
                 converter={**converter, "team": "Good"}, target={**target, "team": "Evil"})
    assert result["succeeds"] is works


def test_a_reaction_is_the_one_turn_of_the_round(engine_data):
    result = ask(engine_data, "turn_order", players=[
        {"name": "A", "power": 9, "reacted": True}, {"name": "B", "power": 5},
        {"name": "C", "power": 2}])
    assert [e["name"] for e in result["countdown"]] == ["B", "C"]
    assert result["removed_by_reaction"] == ["A"]


def test_a_reaction_in_the_pass_phase_keeps_the_place_but_must_pass(engine_data):
    result = ask(engine_data, "turn_order", players=[
        {"name": "A", "power": 3, "passed": "debate"},
        {"name": "B", "power": 6, "passed": "debate", "reacted_in_pass_phase": True},
        {"name": "C", "power": 8, "passed": "turn"}])
    assert result["pass_phase"] == [{"name": "B", "level": 6, "must_pass": True},
                                    {"name": "C", "level": 8}]
    bad = ask(engine_data, "turn_order", players=[
        {"name": "A", "power": 3, "reacted_in_pass_phase": True}, {"power": 4}, {"power": 5}])
    assert bad["error"]["field"] == "players[0].reacted_in_pass_phase"


def test_levels_of_nine_or_more_answer_the_first_call_together(engine_data):
    result = ask(engine_data, "turn_order", players=[
        {"name": "N", "power": 9}, {"name": "P", "power": 8, "robot": "plusbot", "acts_at": 11},
        {"name": "C", "power": 4}])
    assert [e["name"] for e in result["countdown"]] == ["N", "P", "C"]
    assert result["countdown_ties"] == [["N", "P"]]


def test_gandalfbot_needs_a_turn_to_cancel_the_pass_phase(engine_data):
    lowest = ask(engine_data, "turn_order", players=[
        {"name": "G", "power": 2, "robot": "gandalfbot", "passed": "debate",
         "ability_used": True}, {"name": "A", "power": 5, "passed": "debate"},
        {"name": "B", "power": 7}])
    assert lowest["ok"] is False and lowest["error"]["field"] == "players[0].ability_used"
    middle = ask(engine_data, "turn_order", players=[
        {"name": "A", "power": 2, "passed": "debate"},
        {"name": "G", "power": 5, "robot": "gandalfbot", "passed": "debate",
         "ability_used": True}, {"name": "B", "power": 7, "passed": "turn"}])
    assert middle["skipped"] == ["A"] and [e["name"] for e in middle["pass_phase"]] == ["G"]


@pytest.mark.parametrize("op, body, field", [
    ("convert", {"converter": {"power": 2, "team": "Evil", "shows": "Good"},
                 "target": {"power": 8}}, "converter.shows"),
    ("turn_order", {"players": [{"power": 2, "robot": "freebot", "acts_at": 100},
                                {"power": 3}, {"power": 4}]}, "players[0].acts_at"),
    ("turn_order", {"players": [{"power": 2, "robot": "freebot", "acts_at": 10},
                                {"power": 3}, {"power": 4}]}, "players[0].acts_at"),
    ("score_round", {"points": 5, "players": [{"power": 5, "team": "Good"}] * 10}, "players"),
    ("score_round", {"points": 5, "players": [{"power": 5, "team": "Good"}] * 2}, "players"),
    ("score_round", {"points": 5, "players": [
        {"power": 5, "team": "Good", "negated": True, "robot": "badbot"},
        {"power": 3, "team": "Evil", "robot": "sumobot"},
        {"power": 2, "team": "Evil", "robot": "lockbot"}]}, "players[0].negated"),
    ("score_round", {"points": 5, "players": [
        {"power": 5, "team": "Good", "robot": ["plusbot"]}] * 3}, "players[0].robot"),
    ("round_odds", {"players": [{}] * 10000}, "players"),
    ("deal", {"code": "\ud800", "players": 6}, "code"),
])
def test_impossible_tables_are_refused(engine_data, op, body, field):
    result = ask(engine_data, op, **body)
    assert result["ok"] is False and result["error"]["field"] == field, result


def test_a_negativebot_or_an_unnamed_robot_can_negate(engine_data):
    players = [{"power": 5, "team": "Good", "negated": True}, {"power": 3, "team": "Evil"},
               {"power": 2, "team": "Evil", "robot": "lockbot"}]
    assert ask(engine_data, "score_round", points=5, players=players)["winner"] == "Evil"
    players[1]["robot"] = "negativebot"
    players[0]["robot"] = "badbot"
    assert ask(engine_data, "score_round", points=5, players=players)["winner"] == "Evil"
