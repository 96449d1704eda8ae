"""The JSON query protocol: exact answers, and errors that name the field."""

from __future__ import annotations

import json

from rulepress.engine.query import answer, answer_text


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


def test_hostile_requests_get_clean_errors(engine_data):
    """Issue 14's reproductions: each an error naming the field, never a defect."""
    deep: list = []
    for _ in range(40):
        deep = [deep]
    cases = [
        ({"game": "exact", "op": "x"}, "game", "unknown game 'exact'"),
        ({"game": "__pycache__", "op": "x"}, "game", "unknown game"),
        ({"game": "evilrobots", "op": "deal", "code": "\ud800", "players": 6}, "code",
         "not valid Unicode"),
        ({"game": "dice", "op": "distribution", "expr": "1d" + "9" * 4301}, "expr",
         "4,301 digits"),
        ({"game": "dice", "op": "distribution", "expr": "9" * 4301 + "d6"}, "expr",
         "4,301 digits"),
        ({"game": "dice", "op": "keep", "dice": 10 ** 4300, "sides": 6, "keep": 1}, "dice",
         "more than 100 digits"),
        ({"game": "dice", "op": "bonus_means", "x": deep}, "x" + "[0]" * 32, "32 deep"),
        ({"game": "dice", "op": "bonus_means", 3: "x"}, None, "not text"),
    ]
    for request, field, words in cases:
        response = answer(request, engine_data)
        assert response["ok"] is False and "defect" not in response["error"], request
        assert response["error"]["field"] == field and words in response["error"]["message"]
        json.dumps(response).encode("utf-8")  # printable as it stands


def test_answer_text_never_raises(engine_data):
    texts = ["[" * 100_000 + "]" * 100_000, '{"a":' * 10_000, '"' + '\\"' * 500_000,
             '{"game": "dice", "op": "keep", "dice": ' + "9" * 5000 + "}", '{"game": NaN}',
             b"\xff", "not json", "", '{"game": "dice", "op": "bonus_means", "x": 1e999999}']
    for text in texts:
        response = json.loads(answer_text(text, engine_data))
        assert response["ok"] is False and "defect" not in response["error"], text[:40]
    ok = json.loads(answer_text('{"game": "evilrobots", "op": "allegiance_odds"}', engine_data))
    assert ok == answer({"game": "evilrobots", "op": "allegiance_odds"}, engine_data)


def test_a_defect_is_reported_as_one(engine_data, monkeypatch):
    from rulepress.engine import query
    query.operations()
    broken = query.Op("dice", "broken", "raises", lambda req, data: 1 // 0)
    monkeypatch.setitem(query._OPS, ("dice", "broken"), broken)
    response = answer({"game": "dice", "op": "broken"}, engine_data)
    assert response["error"]["defect"] is True
    assert "ZeroDivisionError" in response["error"]["message"]


def test_a_typo_inside_a_die_is_refused_not_ignored(engine_data):
    response = answer({"game": "buttonmen", "op": "score",
                       "dice": [{"recipe": "p(10)", "valu": 3}], "captured": []}, engine_data)
    assert response["ok"] is False and response["error"]["field"] == "dice[0].valu"
    assert "did you mean 'value'" in response["error"]["message"]
