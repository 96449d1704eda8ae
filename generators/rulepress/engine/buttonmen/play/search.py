"""The `search` policy: exact where the rest of the round is small, playouts elsewhere.

1. If the dice left could show few enough combinations, solve the rest of the round
   exactly (solve.Solver, bounded by EXACT_STEPS) and play its best move.
2. Otherwise keep the CANDIDATES moves `maximize` likes most and share a budget of
   playouts between them by successive halving: every candidate gets playouts, the worse
   half is dropped, the rest get more. A playout draws the move's own rolls with their
   exact chances, then plays the round out with the quick player on both sides
   (policies.quick, after BMAI's QAI) until few enough dice are left for the solver, whose
   exact value ends the playout. The candidate with the best mean result (a draw counts
   half) wins.
"""

from __future__ import annotations

from random import Random

from .match import Match
from .moves import Move
from .position import Position
from .turn import sample

EXACT_STEPS = 10_000  # solver steps one decision may spend
EXACT_SPACE = 4_000  # combinations of values the dice left may show, to try the solver
LEAF_SPACE = 800  # a playout stops and asks the solver once the dice left are this few
LEAF_STEPS = 5_000  # solver steps one playout's end may spend
LEAF_DICE = 4  # (a quick test first: more dice than this are never few enough)
LEAF_BUDGET = 6_000  # solver steps all the playouts of one decision may spend
PLAYOUTS = 500  # playouts one decision spends when the solver cannot finish
CANDIDATES = 8  # moves given playouts


def search_move(match: Match, pos: Position, moves: list[Move], rng: Random,
                budget: int = 0) -> Move:
    exact = _exact_move(match, pos, moves)
    if exact is not None:
        return exact
    from .policies import gain
    ranked = sorted(range(len(moves)), key=lambda n: -gain(match, pos, moves[n]))
    alive = sorted(ranked[:CANDIDATES])
    if len(alive) == 1:
        return moves[alive[0]]
    total = {n: 0.0 for n in alive}
    runs = {n: 0 for n in alive}
    left = budget or PLAYOUTS
    rounds = max(1, (len(alive) - 1).bit_length())
    me = pos.mover
    base = rng.getrandbits(32)
    spend = [LEAF_BUDGET]  # solver steps the playouts of this decision may still spend
    while len(alive) > 1 and left > 0:
        each = max(2, left // (rounds * len(alive)))
        for n in alive:
            for k in range(runs[n], runs[n] + each):
                # common random numbers: playout k of every candidate draws the same numbers,
                # so candidates are compared on the same luck
                luck = Random(base * 100_003 + k)
                result = _playout(match, sample(match, pos, moves[n], luck), luck, spend)
                total[n] += result if me == 0 else 1 - result
                runs[n] += 1
                left -= 1
        alive.sort(key=lambda n: (-total[n] / runs[n], n))
        alive = alive[:max(1, len(alive) // 2)]
        rounds = max(1, rounds - 1)
    return moves[alive[0]]


def _playout(match: Match, pos: Position, rng: Random, spend: list[int]) -> float:
    """Player 0's result of one playout: the quick player on both sides until the dice left
    are few enough for the solver, whose exact value then ends it (while `spend`, the
    decision's solver steps, lasts; a position the solver could not finish is not tried
    again)."""
    from .policies import MAX_TURNS, choose
    from .solve import NotExact
    for _ in range(MAX_TURNS):
        if pos.over():
            return float(pos.result(match))
        if spend[0] > 0 and len(pos.dice[0]) + len(pos.dice[1]) <= LEAF_DICE and \
                _space(match, pos) <= LEAF_SPACE:
            solver = solver_of(match)
            key = solver.state(pos)
            if key not in match.unsolved:
                before = solver.steps
                try:
                    return float(solver.within(min(LEAF_STEPS, spend[0])).value(pos)[0])
                except NotExact:
                    match.unsolved.add(key)
                finally:
                    spend[0] -= solver.steps - before
        pos = sample(match, pos, choose(match, pos, "quick", rng), rng)
    return 0.5


def _space(match: Match, pos: Position) -> int:
    """How many combinations of values the dice left can show (the solver's work grows
    with it)."""
    space = 1
    for side in pos.dice:
        for i in side:
            space *= max(1, match.die(i).size)
    return space


def solver_of(match: Match):
    """The match's own solver: what one decision works out, the next ones reuse."""
    from .solve import Solver
    if match.solver is None:
        match.solver = Solver(match, 0)
    return match.solver


def _exact_move(match: Match, pos: Position, moves: list[Move]) -> Move | None:
    from .solve import NotExact
    if _space(match, pos) > EXACT_SPACE:
        return None
    solver = solver_of(match).within(EXACT_STEPS)
    sign = 1 if pos.mover == 0 else -1
    try:
        scored = [(sign * v, w, -n) for n, (v, w) in
                  enumerate(solver.move_value(pos, m) for m in moves)]
    except NotExact:
        return None
    return moves[-max(scored)[2]]
