"""Query operations for Evil Robots (see the query reference page)."""

from __future__ import annotations

from ..exact import fraction_text
from ..query import QueryError, Request, op
from ..records import EvilRobotsData
from .allegiance import allegiance_odds
from .conversion import RULES, convert
from .deal import deal_table
from .odds import round_odds
from .players import (check_cards, check_negated, power_card, read_decks, read_player,
                      read_players, team_field)
from .scoring import score_round
from .turns import turn_order


@op("evilrobots", "allegiance_odds", "Chance of starting Good, Evil or Neutral.")
def _allegiance_odds(req: Request, data: EvilRobotsData) -> dict:
    rules = {r["id"]: r for r in data["allegiance_rules"]}
    rule_id = req.string("rule", "coin-flips")
    if rule_id not in rules:
        raise QueryError(f"unknown allegiance rule '{rule_id}'; known: {', '.join(rules)}", "rule")
    odds = allegiance_odds(rules[rule_id])
    return {"odds": {team: fraction_text(p) for team, p in odds.items()}}


@op("evilrobots", "deal", "One seat's robot and power card from a "
                          "shared game code, and the round's points card.")
def _deal(req: Request, data: EvilRobotsData) -> dict:
    players = req.integer("players")
    table = deal_table(data, req.string("code"), req.integer("round", 1, low=1), players)
    if req.get("seat") is None:
        return table  # the whole table: for a host, a test, or a printed check sheet
    seat = req.integer("seat")
    if not 1 <= seat <= players:
        raise QueryError(f"seat must be 1 to {players} (the number of players), got {seat}",
                         "seat")
    mine = table["seats"][seat - 1]
    return {key: table[key] for key in ("code", "round", "players", "points")} | mine


@op("evilrobots", "score_round", "Team totals, the winner, the points pool and every "
                                 "robot's bonus at the end of a round.")
def _score_round(req: Request, data: EvilRobotsData) -> dict:
    players = read_players(req, data, {
        "power": "power", "team": "team", "robot": "robot", "negated": "bool",
        "revealed_more": "bool", "bet": "team", "swapped": "bool"}, required=("power", "team"))
    check_negated(players)
    points = power_card(req, data, "points")
    if points is None:
        raise QueryError("the request needs 'points': the round's points card", "points")
    check_cards(players, data, read_decks(req, data), points)
    return score_round(players, points, data, team_field(req, "extra_robot"))


@op("evilrobots", "turn_order", "Countdown order (high power first) and pass-phase order "
                                "(low power first, lowest passer skipped).")
def _turn_order(req: Request, data: EvilRobotsData) -> dict:
    players = read_players(req, data, {
        "power": "power", "robot": "robot", "passed": "passed", "reacted": "bool",
        "reacted_in_pass_phase": "bool", "ability_used": "bool", "acts_at": "level"})
    check_cards(players, data, read_decks(req, data))
    return turn_order(players, data)


@op("evilrobots", "round_odds", "Exact chance each team wins the round, from the powers and "
                                "teams known at the table; the rest are random.")
def _round_odds(req: Request, data: EvilRobotsData) -> dict:
    players = read_players(req, data, {
        "power": "power", "team": "team", "robot": "robot", "negated": "bool"})
    check_negated(players)
    points, decks = power_card(req, data, "points"), read_decks(req, data)
    check_cards(players, data, decks, points)
    odds = round_odds(players, data, points, team_field(req, "extra_robot"), decks)
    return {"odds": {result: fraction_text(p) for result, p in odds.items()}}


@op("evilrobots", "convert", "Does a conversion succeed, under either conversion rule and "
                             "after a chain of reactions?")
def _convert(req: Request, data: EvilRobotsData) -> dict:
    rule = req.string("rule", "lower-converts")
    if rule not in RULES:
        raise QueryError(f"unknown conversion rule '{rule}'; known: {', '.join(RULES)}", "rule")
    sides = {}
    for side in ("converter", "target"):
        fields = {"power": "power", "robot": "robot", "team": "team"}
        if side == "converter":
            fields["shows"] = "team"
        sides[side] = read_player(req.require(side), side, data, fields, required=("power",))
    converter, target = sides["converter"], sides["target"]
    target["team"] = target["team"] or "Neutral"
    # Converting means showing your allegiance (line 40); only CheatBot may show a false one
    # (cheating is forbidden, line 143). So a converter's team defaults to what it shows.
    converter["team"] = converter["team"] or converter["shows"] or "Neutral"
    converter["shows"] = converter["shows"] or converter["team"]
    if converter["shows"] != converter["team"] and converter["robot"] != "cheatbot":
        raise QueryError(f"the converter is {converter['team']} but shows "
                         f"{converter['shows']}: only CheatBot may show an allegiance it does "
                         "not have (cheating is forbidden); give \"robot\": \"cheatbot\" or "
                         "make 'shows' its team", "converter.shows")
    reactions = req.get("reactions", [])
    if not isinstance(reactions, list) or not all(
            isinstance(r, dict) and isinstance(r.get("robot"), str) for r in reactions):
        raise QueryError('\'reactions\' must be a list like [{"robot": "forcebot"}]',
                         "reactions")
    for index, reaction in enumerate(reactions):
        extra = sorted(set(reaction) - {"robot", "redirect", "team"})
        if extra:
            raise QueryError(f"reactions[{index}] has unknown field '{extra[0]}'; allowed: "
                             "robot, redirect (blockbot), team (dooverbot)",
                             f"reactions[{index}].{extra[0]}")
    return convert(converter, target, reactions, rule, {b["id"]: b for b in data["bots"]})
