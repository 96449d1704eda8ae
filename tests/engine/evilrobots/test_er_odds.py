"""round_odds: exact, and equal to brute force over every deal and every coin."""

from __future__ import annotations

from fractions import Fraction

from evilrobots_oracle import brute_force, deck
from rulepress.engine.query import answer


def odds(engine_data, players, **extra):
    response = answer({"game": "evilrobots", "op": "round_odds", "players": players, **extra},
                      engine_data)
    assert response["ok"], response
    return {k: Fraction(v) for k, v in response["odds"].items() if Fraction(v)}


def test_matches_brute_force_with_nothing_known(engine_data):
    players = [{}, {}, {}]
    assert odds(engine_data, players) == brute_force(players, deck())


def test_matches_brute_force_with_some_known(engine_data):
    players = [{"power": 7, "team": "Good"}, {"power": 7}, {"team": "Evil"}, {}]
    assert odds(engine_data, players) == brute_force(players, deck())


def test_plusbot_and_extra_robot_match_brute_force(engine_data):
    players = [{"power": 2, "team": "Good", "robot": "plusbot"}, {}, {"team": "Evil"}]
    got = odds(engine_data, players, extra_robot="Good")
    assert got == brute_force(players, deck(), extra_power=5, plus=(0,))


def test_symmetric_when_nothing_is_known(engine_data):
    result = odds(engine_data, [{}] * 9)
    assert set(result) == {"Good", "Evil", "Neutral", "nobody"}
    assert result["Good"] == result["Evil"] and sum(result.values()) == 1
    assert result["nobody"] == 2 * Fraction(1, 4) ** 9 + Fraction(1, 2) ** 9


def test_impossible_knowledge_is_refused(engine_data):
    response = answer({"game": "evilrobots", "op": "round_odds", "points": 7,
                       "players": [{"power": 7}, {"power": 7}, {}]}, engine_data)
    assert response["ok"] is False and response["error"]["field"] == "points"
    response = answer({"game": "evilrobots", "op": "round_odds", "players": [{}] * 10},
                      engine_data)
    assert response["error"]["field"] == "players"
