"""score_round: totals, ties to Neutral, one-team rounds, and every bot that scores."""

from __future__ import annotations

from rulepress.engine.query import answer


def score(engine_data, players, points=5, **extra):
    """Score a round; a table of fewer than 3 (the rules' least) is filled up with Neutral
    players of power 1, who change neither total."""
    if isinstance(players, list):
        players = players + [{"name": f"N{i}", "power": 1, "team": "Neutral"}
                             for i in range(3 - len(players))]
    return answer({"game": "evilrobots", "op": "score_round", "points": points,
                   "players": players, **extra}, engine_data)


def test_higher_total_wins_and_shares_the_points(engine_data):
    result = score(engine_data, [
        {"name": "A", "power": 9, "team": "Good"}, {"name": "B", "power": 4, "team": "Evil"},
        {"name": "C", "power": 3, "team": "Evil"}, {"name": "D", "power": 8, "team": "Neutral"}])
    assert result["totals"] == {"Good": 9, "Evil": 7} and result["winner"] == "Good"
    assert result["pool"] == {"points": 5, "shared_by": ["A"], "each_if_no_agreement": 1}


def test_a_tie_goes_to_neutral(engine_data):
    result = score(engine_data, [
        {"name": "A", "power": 6, "team": "Good"}, {"name": "B", "power": 6, "team": "Evil"},
        {"name": "C", "power": 1, "team": "Neutral"}])
    assert result["winner"] == "Neutral" and result["pool"]["shared_by"] == ["C"]


def test_everyone_on_one_team_scores_nothing_not_even_bots(engine_data):
    result = score(engine_data, [
        {"power": 6, "team": "Evil", "robot": "badbot"}, {"power": 2, "team": "Evil"},
        {"power": 1, "team": "Evil", "robot": "scaredybot"}])
    assert result["winner"] is None and result["pool"] is None and result["bot_points"] == {}


def test_plusbot_and_negativebot_change_the_totals(engine_data):
    result = score(engine_data, [
        {"name": "A", "power": 4, "team": "Good", "robot": "plusbot"},
        {"name": "B", "power": 8, "team": "Evil", "negated": True},
        {"name": "C", "power": 2, "team": "Evil", "robot": "negativebot"}])
    assert result["totals"] == {"Good": 7, "Evil": -6} and result["winner"] == "Good"


def test_bonus_bots(engine_data):
    result = score(engine_data, [
        {"name": "Bad", "power": 1, "team": "Good", "robot": "badbot"},
        {"name": "Misery", "power": 2, "team": "Good", "robot": "miserybot"},
        {"name": "Bet", "power": 3, "team": "Evil", "robot": "betbot", "bet": "Good"},
        {"name": "Copy", "power": 4, "team": "Neutral", "robot": "copybot", "bet": "Evil"},
        {"name": "Scared", "power": 5, "team": "Evil", "robot": "scaredybot"},
        {"name": "Shown", "power": 6, "team": "Neutral", "robot": "cheatbot",
         "revealed_more": True}])
    assert result["winner"] == "Evil"  # Evil 8 against Good 3
    assert result["bot_points"] == {"Bad": 1, "Misery": 2, "Bet": -1, "Copy": 1, "Scared": 1}


def test_scaredybot_loses_its_point_by_revealing_more(engine_data):
    result = score(engine_data, [
        {"name": "S", "power": 5, "team": "Evil", "robot": "scaredybot", "revealed_more": True},
        {"name": "G", "power": 1, "team": "Good"}])
    assert result["bot_points"] == {}


def test_miserybot_on_neutral_gains_nothing(engine_data):
    result = score(engine_data, [
        {"name": "M", "power": 5, "team": "Neutral", "robot": "miserybot"},
        {"name": "G", "power": 1, "team": "Good"}])
    assert result["winner"] == "Good" and result["bot_points"] == {}


def test_swapbot_trades_its_power_with_the_points_card(engine_data):
    result = score(engine_data, [
        {"name": "S", "power": 2, "team": "Good", "robot": "swapbot", "swapped": True},
        {"name": "E", "power": 6, "team": "Evil"}], points=9)
    assert result["totals"] == {"Good": 9, "Evil": 6} and result["points"] == 2


def test_extra_robot_adds_power_five_to_its_team(engine_data):
    players = [{"name": "A", "power": 3, "team": "Good"}, {"name": "B", "power": 7,
                                                           "team": "Evil"}]
    assert score(engine_data, players)["winner"] == "Evil"
    result = score(engine_data, players, extra_robot="Good")
    assert result["totals"] == {"Good": 8, "Evil": 7} and result["winner"] == "Good"
    assert score(engine_data, players, extra_robot="Neutral")["winner"] == "Evil"


def test_every_bot_says_how_it_touches_scoring(engine_data):
    effects = {b["id"]: b["scoring"]["effect"] for b in engine_data["evilrobots"]["bots"]}
    assert len(effects) == 18
    assert {k: v for k, v in effects.items() if v != "none"} == {
        "badbot": "bonus_if_team_wins", "betbot": "bet", "miserybot": "bonus_if_losing",
        "negativebot": "negate_target", "plusbot": "power_bonus",
        "scaredybot": "bonus_if_hidden", "swapbot": "swap_with_points"}


def test_bad_scoring_requests_name_the_field(engine_data):
    cases = [
        ([{"power": 5, "team": "Good", "bet": "Evil"}], "players[0].bet"),
        ([{"power": 10, "team": "Good"}], "players[0].power"),
        ([{"power": 5, "team": "Blue"}], "players[0].team"),
        ([{"power": 5}], "players[0].team"),
        ([{"power": 5, "team": "Good", "robot": "sumo"}], "players[0].robot"),
        ([{"power": 5, "team": "Good", "colour": 1}], "players[0].colour"),
        ([{"power": 5, "team": "Good", "robot": "sumobot"},
          {"power": 5, "team": "Evil", "robot": "sumobot"}], "players[1].robot"),
        ("nobody", "players"),
    ]
    for players, field in cases:
        response = score(engine_data, players)
        assert response["ok"] is False and response["error"]["field"] == field, players
    assert score(engine_data, [{"power": 5, "team": "Good"}], points=0)["error"]["field"] == \
        "points"
