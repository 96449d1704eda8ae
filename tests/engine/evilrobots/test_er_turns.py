"""turn_order: countdown high to low, pass phase low to high with the lowest skipped."""

from __future__ import annotations

from rulepress.engine.query import answer


def order(engine_data, players):
    return answer({"game": "evilrobots", "op": "turn_order", "players": players}, engine_data)


def names(entries):
    return [e["name"] for e in entries]


def test_countdown_descends_and_keeps_claim_order_for_ties(engine_data):
    result = order(engine_data, [{"name": "A", "power": 3}, {"name": "B", "power": 8},
                                 {"name": "C", "power": 3}, {"name": "D", "power": 5,
                                                             "passed": "debate"}])
    assert names(result["countdown"]) == ["B", "A", "C"]
    assert result["countdown_ties"] == [["A", "C"]]
    assert names(result["pass_phase"]) == ["D"]  # a lone passer is not skipped


def test_pass_phase_ascends_and_skips_the_lowest(engine_data):
    result = order(engine_data, [
        {"name": "A", "power": 2, "passed": "turn"}, {"name": "B", "power": 2, "passed": "debate"},
        {"name": "C", "power": 7, "passed": "debate"}, {"name": "D", "power": 4,
                                                        "passed": "turn"}])
    assert result["skipped"] == ["A", "B"]
    assert names(result["pass_phase"]) == ["D", "C"]


def test_passbot_acts_first_and_is_never_the_lowest(engine_data):
    result = order(engine_data, [
        {"name": "P", "power": 1, "passed": "debate", "robot": "passbot"},
        {"name": "A", "power": 6, "passed": "debate"}, {"name": "B", "power": 3,
                                                        "passed": "turn"}])
    assert result["skipped"] == ["B"] and names(result["pass_phase"]) == ["P", "A"]


def test_gandalfbot_cancels_the_pass_phase_and_reactions_leave_it(engine_data):
    players = [{"name": "G", "power": 9, "robot": "gandalfbot"},
               {"name": "A", "power": 6, "passed": "debate"},
               {"name": "B", "power": 3, "passed": "debate", "reacted": True},
               {"name": "C", "power": 4, "passed": "debate"}]
    result = order(engine_data, players)
    assert result["removed_by_reaction"] == ["B"] and result["skipped"] == ["C"]
    players[0]["ability_used"] = True
    result = order(engine_data, players)
    assert result["pass_phase"] == [] and "no pass phase" in result["why"]


def test_freebot_and_plusbot_may_act_away_from_their_card(engine_data):
    result = order(engine_data, [
        {"name": "F", "power": 2, "robot": "freebot", "acts_at": 9},
        {"name": "P", "power": 6, "robot": "plusbot", "acts_at": 9},
        {"name": "A", "power": 8}])
    assert result["countdown"] == [{"name": "F", "level": 9}, {"name": "P", "level": 9},
                                   {"name": "A", "level": 8}]
    bad = order(engine_data, [{"power": 6, "acts_at": 9}, {"power": 1}, {"power": 2}])
    assert bad["ok"] is False and bad["error"]["field"] == "players[0].acts_at"
    bad = order(engine_data, [{"power": 6, "passed": "later"}, {"power": 1}, {"power": 2}])
    assert bad["error"]["field"] == "players[0].passed"
