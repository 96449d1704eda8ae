"""Rule cases a real table hits (issue: one table on many screens), each from the words of
seed 002 (the Evil Robots v1 rules page), cited by line: several copies of the game
(95, 96, 100), the pass order from the passers' powers alone (122, 164), a PlusBot that
passed (122, 171), a PlusBot proving a failed conversion (120, 126, 171), SumoBot on a tie
(174) and PlusBot's bonus read from its data (171)."""

from __future__ import annotations

import copy

import pytest

from rulepress.engine.query import answer


def ask(engine_data, op, **body):
    return answer({"game": "evilrobots", "op": op, **body}, engine_data)


def names(entries):
    return [e["name"] for e in entries]


# --- 95: "Multiple players can share a deck or use separate copies of the game."
# --- 96: "multiple decks can be combined or kept separate."


def test_one_copy_of_the_game_holds_each_robot_once(engine_data):
    players = [{"name": "A", "power": 5, "team": "Good", "robot": "sumobot"},
               {"name": "B", "power": 3, "team": "Evil", "robot": "sumobot"},
               {"name": "C", "power": 1, "team": "Neutral"}]
    refused = ask(engine_data, "score_round", points=4, players=players)
    assert refused["ok"] is False and refused["error"]["field"] == "players[1].robot"
    assert '"decks"' in refused["error"]["message"]
    # two copies of the game on a video call (line 100: each player may use physical cards)
    allowed = ask(engine_data, "score_round", points=4, players=players, decks=2)
    assert allowed["winner"] == "Good"


def test_one_copy_holds_each_power_level_twice_as_robots_are_checked(engine_data):
    """Three 5s were accepted while two SumoBots were refused: both are cards of one deck."""
    players = [{"power": 5, "team": "Good"}, {"power": 5, "team": "Evil"},
               {"power": 5, "team": "Neutral"}]
    refused = ask(engine_data, "score_round", points=4, players=players)
    assert refused["ok"] is False and refused["error"]["field"] == "players[2].power"
    assert ask(engine_data, "score_round", points=4, players=players, decks=2)["ok"]
    # line 98: the points card is one more card of the same deck
    two = players[:2] + [{"power": 1, "team": "Neutral"}]
    assert ask(engine_data, "score_round", points=5, players=two)["error"]["field"] == "points"
    order = ask(engine_data, "turn_order", players=[{"power": 5}] * 3)
    assert order["error"]["field"] == "players[2].power"
    assert ask(engine_data, "turn_order", players=[{"power": 5}] * 3, decks=2)["ok"]


def test_round_odds_draws_from_every_copy(engine_data):
    """With two copies shuffled together (line 96) three 9s can be out, and the unknown
    cards come from 36 cards, not 18."""
    players = [{"power": 9, "team": "Good"}, {"power": 9, "team": "Evil"},
               {"power": 9, "team": "Good"}, {"team": "Evil"}]
    assert ask(engine_data, "round_odds", players=players)["ok"] is False
    odds = ask(engine_data, "round_odds", players=players, decks=2)["odds"]
    # Good 18 against Evil 9 + a card from 33 left (a 9 ties: 1 of 33): Neutral 1/33
    assert odds == {"Good": "32/33", "Evil": "0", "Neutral": "1/33", "nobody": "0"}


@pytest.mark.parametrize("decks", [0, 10, "2", True])
def test_a_bad_number_of_decks_names_the_field(engine_data, decks):
    response = ask(engine_data, "turn_order", players=[{"power": 1}] * 3, decks=decks)
    assert response["ok"] is False and response["error"]["field"] == "decks"


# --- 122: "If you chose to Pass you must now reveal your Power level ... The player or
#     players with the lowest Power do not get a turn ... All remaining players take a turn
#     now in ascending Power order."


def test_the_pass_order_needs_only_the_passers_powers(engine_data):
    result = ask(engine_data, "turn_order", players=[
        {"name": "Ann", "power": 7, "passed": "debate"}, {"name": "Bo"},
        {"name": "Cy", "power": 2, "passed": "turn"}, {"name": "Di"},
        {"name": "Ed", "power": 4, "passed": "debate"}])
    assert names(result["pass_phase"]) == ["Ed", "Ann"] and result["skipped"] == ["Cy"]
    assert names(result["countdown"]) == ["Cy"]  # the only non-debate player it can place
    assert result["countdown_unknown"] == ["Bo", "Di"]


def test_a_passer_must_show_a_level(engine_data):
    result = ask(engine_data, "turn_order", players=[
        {"name": "Ann", "passed": "debate"}, {"power": 3, "passed": "turn"}, {}])
    assert result["ok"] is False and result["error"]["field"] == "players[0].power"
    # a passer who reacted before the pass phase leaves it (line 145), power or not
    left = ask(engine_data, "turn_order", players=[
        {"name": "Ann", "passed": "debate", "reacted": True}, {"power": 3, "passed": "turn"},
        {}])
    assert left["removed_by_reaction"] == ["Ann"] and names(left["pass_phase"]) == ["P2"]


def test_a_freebot_that_kept_its_power_hidden_still_has_a_place(engine_data):
    """164: FreeBot acts at any level and shows "optionally your true power"."""
    result = ask(engine_data, "turn_order", players=[
        {"name": "Free", "robot": "freebot", "passed": "debate", "acts_at": 6},
        {"name": "Bo", "power": 3, "passed": "turn"}, {"name": "Cy", "power": 8,
                                                       "passed": "debate"}])
    assert result["pass_phase"] == [{"name": "Free", "level": 6}, {"name": "Cy", "level": 8}]
    assert result["skipped"] == ["Bo"]


# --- 171: "Your power level is three more than your power card shows. You are not obliged
#     to reveal this until the end of the round."


def test_a_plusbot_that_passed_may_claim_its_card_plus_three(engine_data):
    hidden = [{"name": "Plus", "robot": "plusbot", "power": 2, "passed": "debate"},
              {"name": "Four", "power": 4, "passed": "debate"}, {"name": "Cy", "power": 9}]
    assert ask(engine_data, "turn_order", players=hidden)["skipped"] == ["Plus"]
    hidden[0]["acts_at"] = 5  # shows the PlusBot card: level 5, and the 4 is now lowest
    claimed = ask(engine_data, "turn_order", players=hidden)
    assert claimed["skipped"] == ["Four"]
    assert claimed["pass_phase"] == [{"name": "Plus", "level": 5}]
    hidden[0]["acts_at"] = 6
    assert ask(engine_data, "turn_order", players=hidden)["error"]["field"] == \
        "players[0].acts_at"


def test_plusbots_bonus_is_read_from_its_scoring_record(engine_data):
    data = copy.deepcopy(engine_data)
    plus = next(b for b in data["evilrobots"]["bots"] if b["id"] == "plusbot")
    plus["scoring"]["points"] = 2
    players = [{"name": "P", "robot": "plusbot", "power": 4, "acts_at": 6}, {"power": 1},
               {"power": 2}]
    assert answer({"game": "evilrobots", "op": "turn_order", "players": players}, data)["ok"]
    players[0]["acts_at"] = 7
    wrong = answer({"game": "evilrobots", "op": "turn_order", "players": players}, data)
    assert wrong["error"]["field"] == "players[0].acts_at"
    assert "card + 2" in wrong["error"]["message"]


# --- 120: "If it is unsuccessful the targeted player must state that it has failed, and
#     then show proof."  126: "you must provide enough proof to show why it failed, such as
#     your Power level".


def test_a_plusbot_proves_a_failed_conversion_with_its_plusbot_card(engine_data):
    result = ask(engine_data, "convert", converter={"power": 5, "team": "Good"},
                 target={"power": 2, "team": "Evil", "robot": "plusbot"})
    assert result["succeeds"] is False  # level 5 against 5: not lower
    assert result["target_shows"] == ["power", "robot"]  # a 2 alone does not show why
    plain = ask(engine_data, "convert", converter={"power": 5, "team": "Good"},
                target={"power": 2, "team": "Evil"})
    assert plain["target_shows"] == ["power"]
    higher = ask(engine_data, "convert", rule="higher-converts",
                 converter={"power": 8, "team": "Good"},
                 target={"power": 6, "team": "Evil", "robot": "plusbot"})
    assert higher["succeeds"] is False and higher["target_shows"] == ["power", "robot"]


# --- 174: SumoBot: "You succeed when converting someone of equal or lower power than you."


@pytest.mark.parametrize("rule", ["lower-converts", "higher-converts"])
def test_sumobot_converts_on_a_tie_under_either_rule(engine_data, rule):
    result = ask(engine_data, "convert", rule=rule,
                 converter={"power": 6, "team": "Evil", "robot": "sumobot"},
                 target={"power": 6, "team": "Good"})
    assert result["succeeds"] is True and result["teams"]["target"] == "Evil"
