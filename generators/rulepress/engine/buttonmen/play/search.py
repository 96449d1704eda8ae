"""The `search` policy: exact where the rest of the round is small, playouts elsewhere.

1. If the dice left could show few enough combinations, solve the rest of the round
   exactly (solve.Solver, bounded by EXACT_STEPS) and play its best move.
2. Otherwise weigh each move by the exact chances of its own rolls (turn.outcomes) and score
   each board that can follow by the mean result of seeded playouts in which both players use
   `maximize`, sharing the budget evenly between the moves.
"""

from __future__ import annotations

from fractions import Fraction
from random import Random

from .match import Match
from .moves import Move
from .position import Position
from .turn import outcomes

EXACT_STEPS = 20_000  # solver steps one decision may spend (about 0.1 s in CPython)
EXACT_SPACE = 5_000  # combinations of values the dice left may show, to try the solver
PLAYOUTS = 400  # playouts one decision may spend in all, when the solver cannot finish


def search_move(match: Match, pos: Position, moves: list[Move], rng: Random,
                budget: int = 0) -> Move:
    exact = _exact_move(match, pos, moves)
    if exact is not None:
        return exact
    from .policies import playout
    per_move = max(4, (budget or PLAYOUTS) // len(moves))
    best, best_score = moves[0], None
    me = pos.mover
    for move in moves:
        branches = outcomes(match, pos, move)
        if len(branches) > per_move:  # too many: draw the boards instead of listing them
            branches = [(Fraction(1, per_move), _draw(branches, rng)) for _ in range(per_move)]
        runs = max(1, per_move // len(branches))
        score = Fraction(0)
        for p, nxt in branches:
            wins = Fraction(0)
            for _ in range(runs):
                end = playout(match, nxt, rng, ("maximize", "maximize"))
                result = end.result(match)
                wins += result if me == 0 else 1 - result
            score += p * wins / runs
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best


def _draw(branches: list[tuple[Fraction, Position]], rng: Random) -> Position:
    from .draw import pick
    return branches[pick(rng, [p for p, _ in branches])][1]


def _exact_move(match: Match, pos: Position, moves: list[Move]) -> Move | None:
    from .solve import NotExact, Solver
    space = 1
    for side in pos.dice:
        for i in side:
            space *= max(1, match.die(i).size)
    if space > EXACT_SPACE:
        return None
    solver = Solver(match, EXACT_STEPS)
    sign = 1 if pos.mover == 0 else -1
    try:
        scored = [(sign * v, w, -n) for n, (v, w) in
                  enumerate(solver.move_value(pos, m) for m in moves)]
    except NotExact:
        return None
    return moves[-max(scored)[2]]
