"""round_odds: exact, and equal to brute force over every deal and every coin."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations, product

from rulepress.engine.query import answer

COIN = {"Good": Fraction(1, 4), "Evil": Fraction(1, 4), "Neutral": Fraction(1, 2)}


def odds(engine_data, players, **extra):
    response = answer({"game": "evilrobots", "op": "round_odds", "players": players, **extra},
                      engine_data)
    assert response["ok"], response
    return {k: Fraction(v) for k, v in response["odds"].items() if Fraction(v)}


def brute_force(players, deck, extra_power=0, plus=()):
    """Walk every ordered deal of the unknown cards and every coin outcome."""
    unknown = [i for i, p in enumerate(players) if "power" not in p]
    for p in players:
        if "power" in p:
            deck.remove(p["power"])
    deals = Counter(permutations(deck, len(unknown)))
    total = sum(deals.values())
    result = Counter()
    open_seats = [i for i, p in enumerate(players) if "team" not in p]
    for teams in product(COIN, repeat=len(open_seats)):
        weight = Fraction(1)
        for t in teams:
            weight *= COIN[t]
        final = [p.get("team") for p in players]
        for i, t in zip(open_seats, teams):
            final[i] = t
        for cards, ways in deals.items():
            power = [p.get("power") for p in players]
            for i, c in zip(unknown, cards):
                power[i] = c
            power = [v + (3 if i in plus else 0) for i, v in enumerate(power)]
            if len(set(final)) == 1:
                result["nobody"] += weight * Fraction(ways, total)
                continue
            good = sum(v for v, t in zip(power, final) if t == "Good") + extra_power
            evil = sum(v for v, t in zip(power, final) if t == "Evil")
            key = "Good" if good > evil else "Evil" if evil > good else "Neutral"
            result[key] += weight * Fraction(ways, total)
    return dict(result)


def deck():
    return [level for level in range(1, 10) for _ in range(2)]


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
                       "players": [{"power": 7}, {"power": 7}]}, engine_data)
    assert response["ok"] is False and response["error"]["field"] == "points"
    response = answer({"game": "evilrobots", "op": "round_odds", "players": [{}] * 10},
                      engine_data)
    assert response["error"]["field"] == "players"
