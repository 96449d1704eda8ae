"""The JSON query protocol: exact answers, and errors that name the field."""

from __future__ import annotations

from rulepress.engine.query import answer


def test_allegiance_odds_exactly_as_specified(engine_data):
    assert answer({"game": "evilrobots", "op": "allegiance_odds"}, engine_data) == {
        "ok": True, "odds": {"Good": "1/4", "Evil": "1/4", "Neutral": "1/2"}}


def test_allegiance_odds_follow_the_coin_rule_in_the_data(engine_data):
    three = {"id": "three", "flips": 3, "outcomes": [
        {"heads": 3, "team": "Good"}, {"heads": 0, "team": "Evil"},
        {"heads": 1, "team": "Neutral"}, {"heads": 2, "team": "Neutral"}]}
    data = {**engine_data, "evilrobots": {**engine_data["evilrobots"],
                                          "allegiance_rules": [three]}}
    odds = answer({"game": "evilrobots", "op": "allegiance_odds", "rule": "three"}, data)
    assert odds["odds"] == {"Good": "1/8", "Evil": "1/8", "Neutral": "3/4"}


def test_skills_op_returns_the_data(engine_data):
    response = answer({"game": "buttonmen", "op": "skills"}, engine_data)
    assert response["ok"]
    assert [s["id"] for s in response["skills"]] == [s["id"] for s in
                                                     engine_data["buttonmen"]["skills"]]
    assert all(s["described"] for s in response["skills"])  # rules from the seeds or BMO
    assert all("source" not in s for s in response["skills"])


def test_errors_name_the_field(engine_data):
    cases = [
        ([], None),
        ({"op": "skills"}, "game"),
        ({"game": "buttonmen"}, "op"),
        ({"game": "buttonmen", "op": "nope"}, "op"),
        ({"game": 3, "op": "skills"}, "game"),
        ({"game": "buttonmen", "op": "skills", "ids": ["nope"]}, "ids"),
        ({"game": "buttonmen", "op": "skills", "ids": "shadow"}, "ids"),
        ({"game": "evilrobots", "op": "allegiance_odds", "rule": "dice"}, "rule"),
    ]
    for request, field in cases:
        response = answer(request, engine_data)
        assert response["ok"] is False, request
        assert response["error"]["field"] == field, request
        assert response["error"]["message"]
