"""Who acts when: the countdown (high power first) and the pass phase (low power first).

Rules v0.81 lines 105-108, 122-123, 166, 170. Ties: in the countdown the first player to
claim a level goes first and picks the order of the rest; in the pass phase the previous
player to act picks. The engine cannot know those choices, so tied players keep the
order they were given in and are reported as tie groups.
"""

from __future__ import annotations

from itertools import groupby

from ..query import QueryError


def turn_order(players: list[dict], data: dict) -> dict:
    bots = {b["id"]: b for b in data["bots"]}
    for index, player in enumerate(players):
        player["level"] = _level(player, index)
    countdown = sorted((p for p in players if p["passed"] != "debate"),
                       key=lambda p: -p["level"])  # sorted() is stable: claim order stays
    result = {"countdown": _entries(countdown), "countdown_ties": _ties(countdown)}

    gandalf = [p for p in players if p["robot"] == "gandalfbot" and p["ability_used"]]
    passers = [p for p in players if p["passed"] and not p["reacted"]]
    result["removed_by_reaction"] = [p["name"] for p in players if p["passed"] and p["reacted"]]
    if gandalf:
        result |= {"pass_phase": [], "pass_phase_ties": [], "skipped": [],
                   "why": f"{gandalf[0]['name']} used {bots['gandalfbot']['name']}: this "
                          "round has no pass phase"}
        return result
    first = [p for p in passers if p["robot"] == "passbot"]  # acts first, never lowest
    rest = [p for p in passers if p["robot"] != "passbot"]
    skipped: list[dict] = []
    if len(passers) > 1 and rest:
        lowest = min(p["level"] for p in rest)
        skipped = [p for p in rest if p["level"] == lowest]
        rest = [p for p in rest if p["level"] != lowest]
    order = first + sorted(rest, key=lambda p: p["level"])
    result |= {"pass_phase": _entries(order), "pass_phase_ties": _ties(order[len(first):]),
               "skipped": [p["name"] for p in skipped]}
    return result


def _level(player: dict, index: int) -> int:
    """The level a player acts at: the power card, or `acts_at` if their robot allows it."""
    acts_at, power = player["acts_at"], player["power"]
    if acts_at is None or acts_at == power:
        return power
    field = f"players[{index}].acts_at"
    if player["robot"] == "freebot":
        return acts_at
    if player["robot"] == "plusbot" and acts_at == power + 3:
        return acts_at
    raise QueryError(f"{player['name']} cannot act at {acts_at} with power {power}: only "
                     "FreeBot (any level) or PlusBot (power + 3) may act away from their card",
                     field)


def _entries(players: list[dict]) -> list[dict]:
    return [{"name": p["name"], "level": p["level"]} for p in players]


def _ties(players: list[dict]) -> list[list[str]]:
    groups = [[p["name"] for p in group] for _, group in groupby(players, lambda p: p["level"])]
    return [g for g in groups if len(g) > 1]
