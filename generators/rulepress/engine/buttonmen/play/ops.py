"""The whole-round ops: `matchup` (who wins a round between two buttons) and `advise` (each
move's chance to win from a position). See content/reference/query-buttonmen.md."""

from __future__ import annotations

import time
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import ButtonMenData
from ..dice import Die, read_die, swing_ranges
from ..ops import Player, _button, _notes, pair, players_notes
from ..options import BMO, read_rules
from ..skills import button_skill
from .match import Match
from .moves import Move
from .policies import NAMES
from .position import Position
from .simulate import Tally, play_rounds, round_rng, wilson
from .solve import NotExact, Solver, TooBig, choices
from .start import opening_count, opening_positions, reacts
from .why_first import why_first

METHODS = ("auto", "exact", "simulated")
SOLVER_STEPS = 40_000  # solver steps one exact answer may spend (about 1 s in CPython)
MAX_OPENINGS = 400_000  # opening rolls listed before the solver starts
DICE_PER_STEP = 12  # dice in play that SOLVER_STEPS's "about 1 s" holds for
SIM_SECONDS = 1.5  # simulated answers stop after this much CPU time unless `rounds` is given
MAX_ROUNDS = 100_000
MAX_ADVICE = 20_000  # playouts one simulated `advise` may ask for, over all its moves


def _asked(req: Request) -> tuple:
    """What every whole-round question says besides its players: the rule options (BMO's
    by default), the method and each side's policy."""
    return read_rules(req, BMO), _method(req), Policies(req)


def _method(req: Request) -> str:
    method = req.string("method", "auto")
    if method not in METHODS:
        raise QueryError(f"'method' must be one of {', '.join(METHODS)}; got {method!r}",
                         "method")
    return method


class Policies:
    """Each side's policy as asked, and as each method plays it: exact answers follow the
    solver's best play unless asked otherwise (`search` plays the solver's move wherever the
    solver can finish); simulations default to Maximize, which plays a round in milliseconds
    (`search` is stronger and about 100 times slower), and play `best` as `search`."""

    def __init__(self, req: Request):
        given = req.get("policy")
        if given is None:
            asked: list[str | None] = [None, None]
        elif isinstance(given, str):
            asked = [given, given]
        elif isinstance(given, dict):
            sub = req.wrap(given, "policy")
            asked = [sub.get("mine"), sub.get("theirs")]
        else:
            raise QueryError("'policy' must be a policy name or {\"mine\": ..., "
                             "\"theirs\": ...}", "policy")
        allowed = NAMES + ("best",)
        for name in asked:
            if name is not None and name not in allowed:
                raise QueryError(f"unknown policy {name!r}; policies: {', '.join(allowed)}",
                                 "policy")
        self.exact: tuple[str, str] = tuple(  # type: ignore[assignment]
            "best" if n in (None, "search") else n for n in asked)
        self.simulated: tuple[str, str] = tuple(  # type: ignore[assignment]
            "maximize" if n is None else "search" if n == "best" else n for n in asked)

    @staticmethod
    def named(names: tuple[str, str]) -> dict:
        return {"mine": names[0], "theirs": names[1]}


def _result_json(value: Fraction, win: Fraction) -> dict:
    draw = 2 * (value - win)
    return {"p_win": fraction_text(win), "p_draw": fraction_text(draw),
            "p_lose": fraction_text(1 - win - draw), "value": fraction_text(value)}


def _refuse_exact(why: str, shrink: str, field: str | None = None) -> QueryError:
    return QueryError(f"no exact answer: {why}; {shrink}, or ask with \"method\": "
                      "\"simulated\"", field)


@contextmanager
def _exactly(limit: int, what: str, shrink: str):
    """Turn the solver's NotExact into a refusal that says what to shrink."""
    try:
        yield
    except TooBig:
        raise _refuse_exact(f"{what} has more positions than one answer may work out "
                            f"({limit:,} steps)", shrink, "mine") from None
    except NotExact as exc:
        raise _refuse_exact(str(exc), "leave out the dice whose attacks can miss (Trip) or "
                            "capture nothing (Boom)", "mine") from None


# --- matchup -------------------------------------------------------------------------------

@op("buttonmen", "matchup", "Who wins a whole round between two buttons or recipes: exact "
                            "when small (both playing their best), else seeded simulation.")
def _matchup(req: Request, data: ButtonMenData) -> dict:
    rules, method, names = _asked(req)
    mine, theirs = req.child("mine", required=True), req.child("theirs", required=True)
    assert mine is not None and theirs is not None
    sweep = _sweep(req, data)
    auxiliary = req.boolean("auxiliary", False)
    rounds = req.get("rounds")
    seed = req.integer("seed", 1)
    first = req.integer("first_round", 0, low=0)
    if rounds is not None:
        rounds = req.integer("rounds", low=1, high=MAX_ROUNDS)
    cases = []
    for size in sweep["sizes"] if sweep else [None]:
        if sweep is not None and size is not None:
            side = mine if sweep["side"] == "mine" else theirs
            side.body = dict(side.body, swing=dict(side.body.get("swing") or {},
                                                   **{sweep["letter"]: size}))
        players = pair(mine, theirs, data, auxiliary)
        cases.append((size, players))
    steps = [0]
    out_cases = [_one_matchup(players, rules, method, names, rounds, seed, first, steps,
                              len(cases))
                 for _, players in cases]
    out: dict[str, Any] = dict(out_cases[0]) if not sweep else {
        "method": out_cases[0]["method"],
        "sweep": [dict(c, size=size) for (size, _), c in zip(cases, out_cases)],
        "swept": {"side": sweep["side"], "letter": sweep["letter"]}}
    out["policies"] = Policies.named(names.exact if out["method"] == "exact" else
                                     names.simulated)
    players = cases[0][1]
    out["dice"] = [[d.label() for d in p.dice] for p in players]
    out |= players_notes(players)
    out["rules"] = {"null_capture": rules.null_capture,
                    "radioactive_split": rules.radioactive_split,
                    "initiative_tie": "random"}
    return out | _notes(players[0].dice + players[1].dice)


def _sweep(req: Request, data: ButtonMenData) -> dict | None:
    given = req.child("sweep")
    if given is None:
        return None
    side = given.string("side", "mine")
    if side not in ("mine", "theirs"):
        raise QueryError("'sweep.side' must be 'mine' or 'theirs'", "sweep.side")
    letter = given.string("letter")
    ranges = swing_ranges(data)
    if letter not in ranges:
        raise QueryError(f"'sweep.letter' must be a swing letter ({', '.join(sorted(ranges))})",
                         "sweep.letter")
    low, high = ranges[letter]
    sizes = given.get("sizes", list(range(low, high + 1)))
    if (not isinstance(sizes, list) or not sizes or len(sizes) > high - low + 1 or
            not all(isinstance(s, int) and not isinstance(s, bool) and low <= s <= high
                    for s in sizes)):
        raise QueryError(f"'sweep.sizes' must list sizes of {letter} from {low} to {high}",
                         "sweep.sizes")
    return {"side": side, "letter": letter, "sizes": sizes}


def _one_matchup(players: list[Player], rules, method: str, names: Policies,
                 rounds: int | None, seed: int, first: int, steps: list[int],
                 cases: int) -> dict:
    dice = (players[0].dice, players[1].dice)
    for i, p in enumerate(players):
        if not p.dice:
            raise QueryError(f"{'mine' if i == 0 else 'theirs'} has no dice in play this round",
                             "mine" if i == 0 else "theirs")
    match = Match(rules, (players[0].skill, players[1].skill))
    if method in ("exact", "auto"):
        try:
            return _exact_matchup(match, dice, names.exact, SOLVER_STEPS // cases)
        except QueryError:
            if method == "exact":
                raise
    return _simulated_matchup(match, dice, names.simulated, rounds, seed, first, cases)


def _exact_matchup(match: Match, dice, names: tuple[str, str], limit: int) -> dict:
    if reacts(dice):
        raise _refuse_exact("Chance and Focus dice make the start of the round a game of its "
                            "own that the solver does not play", "leave those dice out",
                            "mine")
    count = opening_count(dice)
    if count > MAX_OPENINGS:
        raise _refuse_exact(f"the dice have {count:,} opening rolls (the limit is "
                            f"{MAX_OPENINGS:,})", "give fewer or smaller dice", "mine")
    solver = Solver(match, limit, names)
    value, win = Fraction(0), Fraction(0)
    with _exactly(limit, "the round", "give fewer or smaller dice (three d6 a side, or two "
                  "d12, fit)"):
        for p, pos in opening_positions(match, dice):
            v, w = solver.value(pos)
            value += p * v
            win += p * w
    return {"method": "exact"} | _result_json(value, win) | {"positions": len(solver.values)}


def _simulated_matchup(match: Match, dice, names: tuple[str, str], rounds: int | None,
                       seed: int, first: int, cases: int) -> dict:
    start = time.process_time()
    seconds = SIM_SECONDS / cases

    def keep_going(tally: Tally) -> bool:
        return rounds is not None or time.process_time() - start < seconds

    tally = play_rounds(match, dice, names, seed, first, rounds or MAX_ROUNDS,
                        keep_going=keep_going)
    n = tally.rounds
    value = (tally.wins + tally.draws / 2) / n if n else 0.0
    out = {"method": "simulated", "rounds": n, "seed": seed, "first_round": first,
           "wins": tally.wins, "draws": tally.draws, "losses": tally.losses,
           "p_win": round(tally.wins / n, 4) if n else None,
           "p_draw": round(tally.draws / n, 4) if n else None,
           "p_lose": round(tally.losses / n, 4) if n else None,
           "value": round(value, 4),
           "interval": {"confidence": 0.95, "method": "Wilson",
                        "win": [round(x, 4) for x in wilson(tally.wins, n)],
                        "value": [round(x, 4) for x in wilson(tally.wins + tally.draws / 2,
                                                               n)]},
           "went_first": {"mine": tally.firsts[0], "theirs": tally.firsts[1]}}
    if tally.capped:
        out["stopped_at_turn_limit"] = tally.capped
    if rounds is None:
        out["stopped_by"] = "time budget"
    return out


# --- advise --------------------------------------------------------------------------------

@op("buttonmen", "advise", "Every legal move from a position (mine to move) with its chance "
                           "to win the round: exact when small, else seeded playouts.")
def _advise(req: Request, data: ButtonMenData) -> dict:
    rules, method, names = _asked(req)
    ranges = swing_ranges(data)
    sides = []
    for name in ("mine", "theirs"):
        sub = req.child(name, required=True)
        assert sub is not None
        dice = [read_die(obj, f"{name}.dice[{i}]", ranges, need_value=True)
                for i, obj in enumerate(_list(sub, "dice", name))]
        captured = [read_die(obj, f"{name}.captured[{i}]", ranges, need_value=False)
                    for i, obj in enumerate(_list(sub, "captured", name, []))]
        button = sub.get("button")
        skill = button_skill(_button(button, data, f"{name}.button")["name"]) \
            if button is not None else None
        sides.append((dice, captured, skill))
    passes = req.integer("passes_in_a_row", 0, low=0, high=1)
    # read whichever method answers: known fields even when an exact answer needs neither
    seed, rounds = req.integer("seed", 1), req.get("rounds")
    match = Match(rules, (sides[0][2], sides[1][2]))
    pos = Position(tuple(tuple(match.id(d) for d in s[0]) for s in sides),  # type: ignore
                   tuple(tuple(match.id(d) for d in s[1]) for s in sides),  # type: ignore
                   mover=0, passes=passes)
    if pos.over():
        raise QueryError("the round is over: a player has no dice left, or both passed",
                         "mine.dice")
    moves = choices(match, pos)
    out: dict[str, Any] | None = None
    if method in ("exact", "auto"):
        try:
            out = _exact_advice(match, pos, moves, names.exact)
        except QueryError:
            if method == "exact":
                raise
    if out is None:
        out = _simulated_advice(match, pos, moves, names.simulated, seed, rounds)
    out["policies"] = Policies.named(names.exact if out["method"] == "exact" else
                                     names.simulated)
    every = [d for s in sides for d in s[0] + s[1]]
    return out | _notes(every)


def _list(sub: Request, name: str, side: str, default: list | None = None) -> list:
    value = sub.get(name, default)
    if not isinstance(value, list):
        raise QueryError(f"'{side}.{name}' must be a list of dice such as "
                         '[{"recipe": "(6)", "value": 4}]', f"{side}.{name}")
    return value


def _exact_advice(match: Match, pos: Position, moves: list[Move], names) -> dict:
    # a solver step weighs every attack among the dice in play: past DICE_PER_STEP dice, a
    # step costs about (dice / DICE_PER_STEP) ** 3 as much (bench/op_budgets.py: 2 dice
    # against 30 took 0.33 s for 601 steps, against 64 3.7 s for the same 601 steps)
    dice = sum(len(side) for side in pos.dice)
    limit = int(SOLVER_STEPS / max(1.0, dice / DICE_PER_STEP) ** 3)
    solver = Solver(match, limit, names)
    with _exactly(limit, "the rest of the round", "give fewer dice"):
        scored = [(m, solver.move_value(pos, m)) for m in moves]
    scored.sort(key=lambda mv: (-mv[1][0], -mv[1][1]))
    listed = [m.to_json() | _result_json(v, w) for m, (v, w) in scored]
    best_value, best_win = scored[0][1]
    return {"method": "exact"} | _result_json(best_value, best_win) | {"moves": listed}


def _simulated_advice(match: Match, pos: Position, moves: list[Move], names, seed: int,
                      rounds: Any) -> dict:
    """Each move's chance from seeded playouts after it. Without `rounds`, the moves take
    turns, one playout each, for about SIM_SECONDS of CPU; with it, each gets that many
    (move n's playout i always rolls from the same generator, so a count replays)."""
    from .policies import playout
    from .turn import sample
    if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool) or
                               not 1 <= rounds <= MAX_ADVICE // len(moves)):
        raise QueryError(f"'rounds' must be a whole number from 1 to "
                         f"{MAX_ADVICE // len(moves):,} here (playouts per move, "
                         f"{MAX_ADVICE:,} in all)", "rounds")
    tallies = [Tally() for _ in moves]
    start = time.process_time()
    i = 0
    while i < (rounds or MAX_ADVICE):
        if rounds is None and i >= 2 and time.process_time() - start > SIM_SECONDS:
            break
        for n, move in enumerate(moves):
            rng = round_rng(seed, n * 1_000_003 + i)
            tallies[n].add(playout(match, sample(match, pos, move, rng), rng, names), match)
        i += 1
    listed = []
    for move, tally in zip(moves, tallies):
        n = tally.rounds
        value = (tally.wins + tally.draws / 2) / n
        listed.append(move.to_json() | {
            "value": round(value, 4), "p_win": round(tally.wins / n, 4),
            "p_draw": round(tally.draws / n, 4), "rounds": n,
            "interval": [round(x, 4) for x in wilson(tally.wins + tally.draws / 2, n)]})
    listed.sort(key=lambda m: -m["value"])
    out = {"method": "simulated", "seed": seed, "rounds": i, "value": listed[0]["value"],
           "interval_confidence": 0.95, "moves": listed}
    if rounds is None:
        out["stopped_by"] = "time budget"
    return out


# --- play ----------------------------------------------------------------------------------

MAX_MOVES = 2_000  # moves one request may replay


@op("buttonmen", "play", "Play a round against the computer: the board after the moves so "
                         "far (replayed from the seed), the computer's replies, and my legal "
                         "moves, each with its chance to win if asked.")
def _play(req: Request, data: ButtonMenData) -> dict:
    from . import round as rounds
    rules = read_rules(req, BMO)
    mine, theirs = req.child("mine", required=True), req.child("theirs", required=True)
    assert mine is not None and theirs is not None
    players = pair(mine, theirs, data, req.boolean("auxiliary", False))
    for i, p in enumerate(players):
        if not p.dice:
            raise QueryError(f"{('mine', 'theirs')[i]} has no dice in play this round",
                             ("mine", "theirs")[i])
    policy = req.string("policy", "search")
    if policy not in NAMES:
        raise QueryError(f"unknown policy {policy!r}; policies: {', '.join(NAMES)}", "policy")
    seed = req.integer("seed", 1, low=0, high=2**53)
    advice = req.boolean("advice", False)  # read even when the round ends: a known field
    given = req.get("moves", [])
    if not isinstance(given, list) or len(given) > MAX_MOVES:
        raise QueryError(f"'moves' must be a list of at most {MAX_MOVES:,} moves", "moves")
    state = rounds.start((players[0].dice, players[1].dice), rules,
                         (players[0].skill, players[1].skill), seed, ("search", policy))
    events = [_event_start(state)]
    for n, obj in enumerate(given):
        if rounds.over(state):
            raise QueryError(f"moves[{n}]: the round is already over", f"moves[{n}]")
        move = _read_move(obj, f"moves[{n}]")
        if move not in rounds.legal(state):
            raise QueryError(f"moves[{n}] is not a legal move for "
                             f"{('mine', 'theirs')[state.turn]} here", f"moves[{n}]")
        events.append(_event_move(state, move))
    played = list(given)
    while not rounds.over(state) and state.turn == 1:  # the computer's turn(s)
        move = rounds.computer_move(state, policy)
        played.append(move.to_json())
        events.append(_event_move(state, move))
    out: dict[str, Any] = {"seed": seed, "policy": policy, "moves": played,
                           "board": _board_json(state), "events": events,
                           "turn": None if rounds.over(state) else ("mine", "theirs")[state.turn]}
    res = rounds.result(state)
    out["scores"] = [fraction_text(x) for x in res["scores"]]
    if res["over"]:
        out["winner"] = res["winner"]
    else:
        legal = rounds.legal(state)
        out["legal"] = [m.to_json() for m in legal]
        if advice:
            out["advice"] = _advice_for(state, legal, seed)
    return out | _notes(players[0].dice + players[1].dice)


def _read_move(obj: Any, field: str) -> Move:
    if not isinstance(obj, dict):
        raise QueryError(f"{field} must be a move such as {{\"type\": \"power\", \"mine\": [0], "
                         "\"theirs\": [1]}", field)
    unknown = sorted(str(k) for k in obj if k not in ("type", "mine", "theirs", "turbo"))
    if unknown:
        raise QueryError(f"unknown field '{field}.{unknown[0]}' (a move has type, mine, "
                         "theirs, turbo)", field)
    kind = obj.get("type")
    lists = [obj.get(k, []) for k in ("mine", "theirs", "turbo")]
    if not isinstance(kind, str) or not all(
            isinstance(x, list) and len(x) <= 64 and all(
                isinstance(i, int) and not isinstance(i, bool) and 0 <= i <= 1000 for i in x)
            for x in lists):
        raise QueryError(f"{field} must have a 'type' and lists of positions 'mine' and "
                         "'theirs' (and Turbo sizes 'turbo')", field)
    return Move(kind, tuple(lists[0]), tuple(lists[1]), tuple(lists[2]))


def _die_json(match: Match, i: int) -> dict:
    d = match.die(i)
    return {"recipe": d.recipe(), "sized": d.label(), "sides": d.size, "value": d.value}


def _board_json(state) -> dict:
    m, pos = state.match, state.pos
    return {side: {"dice": [_die_json(m, i) for i in pos.dice[k]],
                   "captured": [_die_json(m, i) for i in pos.captured[k]],
                   "score": fraction_text(pos.score(m, k))}
            for k, side in enumerate(("mine", "theirs"))}


def _event_start(state) -> dict:
    out: dict[str, Any] = {"event": "start", "first": ("mine", "theirs")[state.turn],
                           "why": why_first(state.match, state.log)}
    opening = state.log[0]
    out["initiative_values"] = {"mine": opening["values"][0], "theirs": opening["values"][1]}
    for entry in state.log:
        if entry["event"] in ("chance", "focus"):
            out.setdefault("reactions", []).append(
                {"player": ("mine", "theirs")[entry["player"]], "kind": entry["event"],
                 "gained": entry["gained"]})
        if entry["event"] == "tie":
            out["tie"] = True
    return out


def _event_move(state, move: Move) -> dict:
    """Play the move on `state` and describe it: who, what with what on what, what it rolled."""
    from . import round as rounds
    m, before = state.match, state.pos
    me = before.mover
    out: dict[str, Any] = {"event": "move", "player": ("mine", "theirs")[me],
                           "move": move.to_json()}
    if move.type != "pass":
        out["attackers"] = [_die_json(m, before.dice[me][i]) for i in move.mine]
        out["targets"] = [_die_json(m, before.dice[1 - me][j]) for j in move.theirs]
    rounds.play(state, move)
    after = state.pos
    out["captured"] = [_die_json(m, i) for i in after.captured[me][len(before.captured[me]):]]
    out["next"] = ("mine", "theirs")[after.mover] if not after.over() else None
    out["dice_after"] = [_die_json(m, i) for i in after.dice[me]]
    return out


def _advice_for(state, legal: list[Move], seed: int) -> dict:
    """Each of my moves with its chance to win: exact when the solver can finish."""
    names: tuple[str, str] = ("best", "best")
    try:
        out = _exact_advice(state.match, state.pos, legal, names)
    except QueryError:
        names = ("maximize", "maximize")
        out = _simulated_advice(state.match, state.pos, legal, names, seed, None)
    return out | {"policies": Policies.named(names)}
