"""convert: the conversion rule option, SumoBot, LockBot and the FAQ's reaction chain."""

from __future__ import annotations

import pytest

from rulepress.engine.query import answer


def convert(engine_data, converter, target, **extra):
    return answer({"game": "evilrobots", "op": "convert", "converter": converter,
                   "target": target, **extra}, engine_data)


@pytest.mark.parametrize("rule, mine, theirs, works", [
    ("lower-converts", 3, 7, True), ("lower-converts", 7, 3, False),
    ("lower-converts", 5, 5, False), ("higher-converts", 7, 3, True),
    ("higher-converts", 3, 7, False), ("higher-converts", 5, 5, False)])
def test_the_conversion_rule_is_an_option(engine_data, rule, mine, theirs, works):
    result = convert(engine_data, {"power": mine, "shows": "Good"}, {"power": theirs},
                     rule=rule)
    assert result["succeeds"] is works
    assert result["target_shows"] == (["allegiance"] if works else ["power"])


def test_sumobot_wins_against_equal_or_lower(engine_data):
    for rule in ("lower-converts", "higher-converts"):
        result = convert(engine_data, {"power": 5, "robot": "sumobot", "shows": "Evil"},
                         {"power": 5, "team": "Good"}, rule=rule)
        assert result["succeeds"] and result["teams"]["target"] == "Evil"


def test_the_faq_reaction_chain(engine_data):
    # Bob converts Alice (LockBot): LockBot stops it, Calvin's ForceBot forces it, Diego's
    # BlockBot turns it on Bob.
    bob, alice = {"power": 2, "shows": "Good", "team": "Good"}, {
        "power": 8, "team": "Evil", "robot": "lockbot"}
    assert convert(engine_data, bob, alice)["succeeds"] is False
    forced = convert(engine_data, bob, alice, reactions=[{"robot": "forcebot"}])
    assert forced["teams"] == {"converter": "Good", "target": "Good"}
    chain = convert(engine_data, bob, alice, reactions=[{"robot": "forcebot"},
                                                        {"robot": "blockbot", "redirect": True}])
    assert chain["applies_to"] == "converter"
    assert chain["teams"] == {"converter": "Good", "target": "Evil"}


def test_dooverbot_and_bad_reactions(engine_data):
    result = convert(engine_data, {"power": 8, "shows": "Good"}, {"power": 3},
                     reactions=[{"robot": "dooverbot", "team": "Evil"}])
    assert result["teams"]["target"] == "Evil"
    bad = convert(engine_data, {"power": 2, "robot": "forcebot"}, {"power": 3},
                  reactions=[{"robot": "forcebot"}])
    assert bad["error"]["field"] == "reactions[0].robot"
    bad = convert(engine_data, {"power": 2}, {"power": 3}, reactions=[{"robot": "pushbot"}])
    assert bad["error"]["field"] == "reactions[0].robot"
    assert convert(engine_data, {"power": 2}, {"power": 3}, rule="x")["error"]["field"] == "rule"
