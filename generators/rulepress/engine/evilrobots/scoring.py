"""The end of a round: team totals, the winner, the points pool and bot bonuses.

Rules v0.81 lines 50-55 and 158-175: add up Good's and Evil's power; the higher total
wins and a tie goes to Neutral; if every player ends on one team nobody scores (we read
"nobody" as covering the robots' bonus points too). Each bot's effect on scoring is data
(`scoring` in data/evilrobots/bots.yaml), read here.
"""

from __future__ import annotations

from ..query import QueryError
from ..records import BotScoring, EvilRobotsData, given

CAN_ACT_AS = {"bet": "bet", "swapped": "swap_with_points"}  # request flag -> bot effect


def score_round(players: list[dict], points: int, data: EvilRobotsData,
                extra_robot: str | None) -> dict:
    bots = {b["id"]: b for b in data["bots"]}
    rules = data["round_rules"][0]

    def effect(player: dict) -> BotScoring | dict:
        return bots[player["robot"]]["scoring"] if player["robot"] else {"effect": "none"}

    _check_action_flags(players, bots)
    effects: list[dict] = []
    for player in players:  # swaps happen in the order given
        if player["swapped"]:
            effects.append({"player": player["name"], "robot": player["robot"],
                            "change": f"swapped power {player['power']} with points card "
                                      f"{points}"})
            player["power"], points = points, player["power"]
    totals = {"Good": 0, "Evil": 0}
    rows = []
    for player in players:
        power = player["power"]
        if effect(player)["effect"] == "power_bonus":
            power += effect(player)["points"]
            effects.append({"player": player["name"], "robot": player["robot"],
                            "change": f"power {player['power']} + {effect(player)['points']}"})
        counted = -power if player["negated"] else power
        if player["negated"]:
            effects.append({"player": player["name"], "robot": "negativebot",
                            "change": f"power counts as {counted}"})
        if player["team"] in totals:
            totals[player["team"]] += counted
        rows.append({"name": player["name"], "team": player["team"], "power": counted})
    if extra_robot in totals:
        totals[extra_robot] += given(rules["extra_robot_power"], "extra robot power")

    teams = {p["team"] for p in players}
    if len(teams) == 1:
        return {"totals": totals, "winner": None, "points": points,
                "why": f"every player is {teams.pop()}, so nobody scores",
                "pool": None, "bot_points": {}, "effects": effects, "players": rows}
    if totals["Good"] != totals["Evil"]:
        winner = max(totals, key=lambda team: totals[team])
    else:
        winner = rules["tie_team"]
    winners = [p["name"] for p in players if p["team"] == winner]
    bonus = _bot_points(players, winner, effect, bots)
    for row in rows:
        row["won"] = row["team"] == winner
    return {"totals": totals, "winner": winner, "points": points,
            "pool": {"points": points if winners else 0, "shared_by": winners,
                     "each_if_no_agreement": given(rules["fallback_points"], "fallback points")},
            "bot_points": bonus, "effects": effects, "players": rows}


def _bot_points(players: list[dict], winner: str, effect, bots: dict) -> dict[str, int]:
    bonus: dict[str, int] = {}
    stake = next(b["scoring"]["points"] for b in bots.values()
                 if b["scoring"]["effect"] == "bet")
    for player in players:
        rule = effect(player)
        kind, gain = rule["effect"], 0
        if kind == "bonus_if_team_wins" and winner == rule["team"]:
            gain = rule["points"]
        elif kind == "bonus_if_losing" and player["team"] not in ("Neutral", winner):
            gain = rule["points"]
        elif kind == "bonus_if_hidden" and not player["revealed_more"]:
            gain = rule["points"]
        if player["bet"]:  # BetBot, or CopyBot copying it
            gain += stake if player["bet"] == winner else -stake
        if gain:
            bonus[player["name"]] = gain
    return bonus


def _check_action_flags(players: list[dict], bots: dict) -> None:
    """A bet or a swap needs the bot whose action it is, or CopyBot copying it."""
    for index, player in enumerate(players):
        for flag, needed in CAN_ACT_AS.items():
            if not player[flag]:
                continue
            robot = player["robot"]
            if robot == "copybot" or (robot and bots[robot]["scoring"]["effect"] == needed):
                continue
            owner = next(b["name"] for b in bots.values() if b["scoring"]["effect"] == needed)
            raise QueryError(f"only {owner} (or CopyBot copying it) can set '{flag}'",
                             f"players[{index}].{flag}")
