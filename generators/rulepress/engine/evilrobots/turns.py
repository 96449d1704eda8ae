"""Who acts when: the countdown (high power first) and the pass phase (low power first).

Rules v0.81 lines 105-108, 122-123, 145, 164, 166, 170-171. Ties: in the countdown the first
player to claim a level goes first and picks the order of the rest; in the pass phase the
previous player to act picks. The engine cannot know those choices, so tied players keep
the order they were given in and are reported as tie groups. The countdown's first call is
"Nine or more?", so every level of 9 and above (PlusBot's card + 3) answers it together.

A player has one turn a round (line 145): a reaction used before the pass phase
(`reacted`) costs the countdown turn and, for a passer, the pass-phase turn; a reaction
used during the pass phase (`reacted_in_pass_phase`, line 122) keeps the player's place,
but that turn must be a pass. A GandalfBot that acts in the pass phase ends it after its
own turn (our reading: the turns already taken stand); the lowest passer gets no turn, so
it cannot use the ability at all.

Only a passer's level is needed (line 122: passers show their power in the pass phase);
a player who did not pass and whose power the table has not seen is left out of the
countdown order and named in `countdown_unknown`. A level is the power card, or `acts_at`:
FreeBot may act at any level without showing its power (line 164), PlusBot at its card plus
its bonus (line 171), in the countdown or, if it passed, in the pass phase.
"""

from __future__ import annotations

from itertools import groupby

from ..query import QueryError
from ..records import EvilRobotsData
from .players import power_bonus


def turn_order(players: list[dict], data: EvilRobotsData) -> dict:
    bots = {b["id"]: b for b in data["bots"]}
    top = data["power_decks"][0]["high"]
    for index, player in enumerate(players):
        player["level"] = _level(player, index, bots)
        _check_reactions(player, index)
    in_countdown = [p for p in players if p["passed"] != "debate" and not p["reacted"]]
    countdown = sorted((p for p in in_countdown if p["level"] is not None),
                       key=lambda p: -min(p["level"], top))  # stable: claim order stays
    result = {"countdown": _entries(countdown),
              "countdown_ties": _ties(countdown, lambda p: min(p["level"], top))}
    unknown = [p["name"] for p in in_countdown if p["level"] is None]

    passers = [p for p in players if p["passed"] and not p["reacted"]]
    result["removed_by_reaction"] = [p["name"] for p in players if p["reacted"]]
    first = [p for p in passers if p["robot"] == "passbot"]  # acts first, never lowest
    rest = [p for p in passers if p["robot"] != "passbot"]
    skipped: list[dict] = []
    if len(passers) > 1 and rest:
        lowest = min(p["level"] for p in rest)
        skipped = [p for p in rest if p["level"] == lowest]
        rest = [p for p in rest if p["level"] != lowest]
    order = first + sorted(rest, key=lambda p: p["level"])

    gandalf = [(i, p) for i, p in enumerate(players)
               if p["robot"] == "gandalfbot" and p["ability_used"]]
    why = None
    if gandalf:
        index, wizard = gandalf[0]
        name = bots["gandalfbot"]["name"]
        if wizard in skipped:
            raise QueryError(f"{wizard['name']} passed with the lowest power, so gets no turn in "
                             f"the pass phase and cannot use {name}", f"players[{index}]"
                             ".ability_used")
        if wizard in order:  # acted in the pass phase: the rest of it is cancelled
            cut = order.index(wizard) + 1
            why = (f"{wizard['name']} used {name} in the pass phase: no more pass-phase turns "
                   f"after theirs ({', '.join(p['name'] for p in order[cut:]) or 'none left'})")
            order = order[:cut]
        else:
            why = f"{wizard['name']} used {name}: this round has no pass phase"
            order, skipped = [], []
    result |= {"pass_phase": _entries(order, must_pass=True),
               "pass_phase_ties": _ties([p for p in order if p not in first],
                                        lambda p: p["level"]),
               "skipped": [p["name"] for p in skipped]}
    if why:
        result["why"] = why
    if unknown:
        result["countdown_unknown"] = unknown
    return result


def _check_reactions(player: dict, index: int) -> None:
    """One turn a round: the reaction flags must describe something that can happen."""
    where = f"players[{index}]"
    if player["reacted"] and player["reacted_in_pass_phase"]:
        raise QueryError(f"{player['name']} has one reaction a round; give 'reacted' or "
                         "'reacted_in_pass_phase', not both", f"{where}.reacted_in_pass_phase")
    if player["reacted_in_pass_phase"] and not player["passed"]:
        raise QueryError(f"{player['name']} took a countdown turn, so cannot also use a "
                         "reaction (one turn a round, line 145); only a passer reacts in the "
                         "pass phase", f"{where}.reacted_in_pass_phase")
    if player["reacted"] and player["ability_used"]:
        raise QueryError(f"{player['name']} used a reaction, which was their one turn, so "
                         "cannot also use an action ability", f"{where}.ability_used")
    if player["reacted_in_pass_phase"] and player["ability_used"] and player["passed"]:
        raise QueryError(f"{player['name']} reacted in the pass phase, so their pass-phase "
                         "turn must be a pass and cannot use an action ability",
                         f"{where}.ability_used")


def _level(player: dict, index: int, bots: dict) -> int | None:
    """The level a player acts at: the power card, or `acts_at` if their robot allows it;
    None when neither is known. A passer must have one (line 122)."""
    acts_at, power = player["acts_at"], player["power"]
    where = f"players[{index}]"
    if acts_at is None or acts_at == power:
        if power is None and player["passed"] and not player["reacted"]:
            raise QueryError(f"{player['name']} passed, so shows their power level in the "
                             "pass phase: give 'power' (or 'acts_at' for a FreeBot that keeps "
                             "its power hidden)", f"{where}.power")
        return power
    field = f"{where}.acts_at"
    if player["robot"] == "freebot":  # any level the countdown calls, power shown or not
        if acts_at > 9:
            raise QueryError(f"FreeBot acts at a level the countdown calls, 1 to 9 (9 means "
                             f"\"nine or more\"), not {acts_at}", field)
        return acts_at
    bonus = power_bonus(player["robot"], bots)
    if bonus:
        if power is None:
            raise QueryError(f"{player['name']} claims level {acts_at} as a PlusBot, which "
                             f"is proved by the power card: give 'power' (the card; level = "
                             f"card + {bonus})", f"{where}.power")
        if acts_at == power + bonus:
            return acts_at
    plus = ", ".join(f"{b['name']} (its card + {power_bonus(key, bots)})"
                     for key, b in bots.items() if power_bonus(key, bots))
    raise QueryError(f"{player['name']} cannot act at {acts_at} with power {power}: only "
                     f"FreeBot (any level) or {plus} may act away from their card", field)


def _entries(players: list[dict], must_pass: bool = False) -> list[dict]:
    """Name and level of each; in the pass phase, `must_pass` for a player who reacted in it."""
    return [{"name": p["name"], "level": p["level"]}
            | ({"must_pass": True} if must_pass and p["reacted_in_pass_phase"] else {})
            for p in players]


def _ties(players: list[dict], slot) -> list[list[str]]:
    groups = [[p["name"] for p in group] for _, group in groupby(players, slot)]
    return [g for g in groups if len(g) > 1]
