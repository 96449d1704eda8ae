"""Turn order: who acts first (`who_acts_first`) and Mob Rule's picks (`mob_rule`)."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..fields import die_field, object_list
from ..lookup import modifier_dist, rules_for


@op("brikwars", "who_acts_first", "Who acts first when two Actions race: Skill against Skill.")
def _who_acts_first(req: Request, data: BrikWarsData) -> dict:
    """L683: when neither Action is faster by the rules, a unit at regular speed acts before
    one at Half Speed; at the same speed both roll Skill and the higher goes first. Ties:
    `ties: "reroll"` (our reading: roll again until one is higher) or `"simultaneous"` (the
    Actions happen together, L683's default). A Critical Failure (a natural 1) loses to any
    roll that is not one (`critical_failure: "loses"`), or counts as rolled
    (`"counts_as_rolled"`)."""
    rules = rules_for(req, "who_acts_first", penalty=False, d10=True)
    ties = req.string("ties", "reroll")
    if ties not in ("reroll", "simultaneous"):
        raise QueryError("'ties' must be reroll or simultaneous", "ties")
    crit = req.string("critical_failure", "loses")
    if crit not in ("loses", "counts_as_rolled"):
        raise QueryError("'critical_failure' must be loses or counts_as_rolled",
                         "critical_failure")
    sides_ = []
    rolls = []
    halves = []
    for name in ("a", "b"):
        sub = req.child(name, required=True)
        assert sub is not None
        sides = die_field(sub, "skill", "d6")
        halves.append(sub.boolean("half_speed", False))
        mod = modifier_dist(sub, data, "modifiers", rules)
        dist: dict[tuple[bool, int], Fraction] = {}
        for face in range(1, sides + 1):
            for m, c in mod.items():
                key = (face == 1 and crit == "loses", max(0, face - rules.penalty + m))
                dist[key] = dist.get(key, Fraction(0)) + Fraction(c, sides * mod.total)
        sides_.append(sides)
        rolls.append(dist)
    if halves[0] != halves[1]:
        first = "b" if halves[0] else "a"
        return {"decided_by": "speed", "p_a_first": "0" if first == "b" else "1",
                "p_b_first": "1" if first == "b" else "0", "p_tie": "0"}
    a_wins = b_wins = tie = Fraction(0)
    for (ca, va), pa in rolls[0].items():
        for (cb, vb), pb in rolls[1].items():
            p = pa * pb
            if ca and cb or (not ca and not cb and va == vb):
                tie += p
            elif cb or (not ca and va > vb):
                a_wins += p
            else:
                b_wins += p
    if ties == "reroll":
        if tie == 1:
            raise QueryError("these two rolls always tie", "a")
        a_wins, b_wins, tie = a_wins / (1 - tie), b_wins / (1 - tie), Fraction(0)
    return {"decided_by": "skill roll", "p_a_first": fraction_text(a_wins), "p_b_first": fraction_text(b_wins),
            "p_tie": fraction_text(tie)}


@op("brikwars", "mob_rule", "Mob Rule: who picks each Mob unit, and when the Mob turn ends.")
def _mob_rule(req: Request, data: BrikWarsData) -> dict:
    """L1270-1280: the remaining players take turns picking one Mob unit each until every
    Mob has moved or half of the players have declined. Alliances take turns, fewest
    forces first (`forces`; a tie is settled by a roll, so the order given is kept and
    `tie_roll_needed` says so), rotating between their players. A player who passes is out
    for the rest of that Mob turn and the next ally in rotation picks instead. `decisions`
    are the picks in order ("move" or "pass"); when they run out every pick is a move.
    `mobs` (optional) is how many picks the Mob units need. `half` for an odd number of
    players: `up` (our reading: 3 of 5 must pass) or `down` (2 of 5)."""
    subs = object_list(req, "alliances", 20, "objects with 'players'")
    alliances = []
    for i, sub in enumerate(subs):
        players = sub.string_list("players")
        if not players or len(players) > 20:
            raise QueryError("each alliance has 1 to 20 players", sub.field("players"))
        forces = sub.integer("forces", 0, low=0, high=10**6) if sub.has("forces") else None
        alliances.append((forces, i, players))
    names = [p for _, _, ps in alliances for p in ps]
    if len(set(names)) != len(names):
        raise QueryError("a player is named twice", "alliances")
    given = [f for f, _, _ in alliances]
    tie_roll = False
    if all(f is not None for f in given):
        alliances.sort(key=lambda a: (a[0], a[1]))
        shown = [a[0] for a in alliances]
        tie_roll = len(set(shown)) != len(shown)
    elif any(f is not None for f in given):
        raise QueryError("give 'forces' for every alliance or for none", "alliances")
    half = req.string("half", "up")
    if half not in ("up", "down"):
        raise QueryError("'half' must be up or down", "half")
    count = len(names)
    threshold = ceil(count / 2) if half == "up" else max(1, count // 2)
    decisions = list(req.string_list("decisions", []))  # a copy: the request stays as given
    if len(decisions) > 1000 or any(d not in ("move", "pass") for d in decisions):
        raise QueryError("'decisions' is a list of at most 1000 'move' or 'pass'", "decisions")
    mobs = req.integer("mobs", 1000, low=0, high=1000)
    out_players: set[str] = set()
    turn = [0] * len(alliances)  # whose turn it is inside each alliance
    picks: list[dict] = []
    moved = passes = 0
    step = 0
    reason = "every Mob unit has moved"
    pick = 0
    while moved < mobs:
        a = step % len(alliances)
        step += 1
        _, _, players = alliances[a]
        if all(p in out_players for p in players):
            if len(out_players) == count:
                break
            continue
        pick += 1
        if pick > 2000:
            break
        while True:
            player = players[turn[a] % len(players)]
            turn[a] += 1
            if player in out_players:
                continue
            choice = decisions.pop(0) if decisions else "move"
            picks.append({"pick": pick, "alliance": alliances[a][1] + 1, "player": player,
                          "action": choice})
            if choice == "move":
                moved += 1
                break
            out_players.add(player)
            passes += 1
            if passes >= threshold or all(p in out_players for p in players):
                break
        if passes >= threshold:
            reason = f"{passes} of {count} players have passed"
            break
    return {"order": [alliances[a][1] + 1 for a in range(len(alliances))],
            "tie_roll_needed": tie_roll, "passes_to_end": threshold, "picks": picks,
            "mobs_moved": moved, "ended": reason}
