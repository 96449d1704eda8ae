"""How a computer player picks its move: the named policies.

- `random`: any legal move, each equally likely (Turbo sizes spelled out as moves).
- `maximize`: the move with the largest expected gain in score difference right away
  (captured points and the change in dice still in play), as BMAI's Maximize does, and
  BMAI's order of moves on a tie (BMAI samples a Trip or Mood outcome once; we weigh them
  exactly).
- `search`: our player. Where the rest of the round is small enough it plays the exact
  solver's best move; otherwise it weighs each move by the exact chances of its own rolls and
  scores each board that can follow by seeded playouts in which both sides play `maximize`,
  within a budget of steps.
- `best` (exact answers only): the solver's best move, both players seeing everything.

Every policy is a function of the position and a seeded `random.Random`, so a seed replays
the same round.
"""

from __future__ import annotations

from fractions import Fraction
from random import Random
from typing import Callable

from ..skills import ATTACKS
from .match import Match
from .moves import Move
from .position import Position
from .turn import effects, sample

NAMES = ("search", "maximize", "random")  # what a player may be asked to use
EXACT = ("best", "maximize", "random")  # policies the exact solver can follow


def exact_policy(name: str) -> Callable:
    """The solver's rule for a policy: (solver, pos, state, moves) -> (value, P(win))."""
    if name in ("best", "search"):  # search plays the solver's move wherever it can solve
        return lambda solver, pos, state, moves: solver.best(pos, state, moves)
    if name == "random":
        return _uniform
    if name == "maximize":
        return lambda solver, pos, state, moves: solver._move_value(
            pos, state, greedy(solver.match, pos, moves))
    raise ValueError(f"no policy named {name!r}")


def _uniform(solver, pos, state, moves):
    from .solve import expectation
    share = Fraction(1, len(moves))
    return expectation([(share, solver._move_value(pos, state, m)) for m in moves])


def gain(match: Match, pos: Position, move: Move) -> Fraction:
    """The mover's expected gain in score difference from this move, right away: what the
    dice the move involves score after it (each as likely as it is), less what they scored
    before, plus what it captures. It depends only on those dice, so it is remembered."""
    if move.type == "pass":
        return Fraction(0)
    found = effects(match, pos, move)
    known = match.gains.get(id(found))
    if known is not None:
        return known
    me = pos.mover
    mine, theirs = pos.dice[me], pos.dice[1 - me]
    changed = list(move.mine) if found[0].helpers is None else list(range(len(mine)))
    before = sum((match.points(mine[k], False) for k in changed), Fraction(0)) - sum(
        (match.points(theirs[j], False) for j in move.theirs), Fraction(0))
    total = Fraction(0)
    for effect in found:
        after = _expected(match, [s for group in effect.attackers for s in group])
        if effect.helpers is not None:
            after += _expected(match, list(effect.helpers))
        after -= _expected(match, [s for group in effect.targets for s in group])
        caught = sum((match.points(i, True) for i in effect.captured), Fraction(0))
        total += effect.weight * (after + caught - before)
    match.gains[id(found)] = total
    match.keep.append(found)  # id() stays unique while the tuple lives
    return total


def _expected(match: Match, slots) -> Fraction:
    return sum((p * match.points(i, False) for slot in slots for p, i in slot.options),
               Fraction(0))


def greedy(match: Match, pos: Position, moves: list[Move]) -> Move:
    """`maximize`'s move: the largest immediate gain; on a tie, the first in BMAI's order of
    moves (bmai_order), so both Maximize players play alike."""
    gains = [gain(match, pos, move) for move in moves]
    top = max(gains)
    tied = [m for m, g in zip(moves, gains) if g == top]
    return tied[0] if len(tied) == 1 else min(tied, key=bmai_order(match, pos))


def bmai_order(match: Match, pos: Position):
    """A sort key putting moves in BMAI's Maximize order (BMC_Game::GenerateValidAttacks):
    each side's dice ranked by value, highest first (BMAI keeps them so); attack by attack
    from the highest-ranked die: its Power attacks on the lowest target first, then its
    Skill groups grown from it in rank order, each on the highest target first; other types
    after, in the menu's order; Pass last."""
    mine, theirs = pos.dice[pos.mover], pos.dice[1 - pos.mover]
    place = [_ranks(match, mine), _ranks(match, theirs)]

    def key(move: Move) -> tuple:
        if move.type == "pass":
            return (len(mine) + 1,)
        used = sorted(place[0][i] for i in move.mine)
        hit = sorted(place[1][j] for j in move.theirs)
        if move.type == "power":
            return (used[0], 0, -hit[0])
        if move.type == "skill":
            return (used[0], 1, tuple(used), hit[0])
        return (used[0], 2 + ATTACKS.index(move.type), tuple(used), tuple(hit))
    return key


def _ranks(match: Match, dice: tuple[int, ...]) -> list[int]:
    """Each die's rank by value, highest first (ties in their order)."""
    order = sorted(range(len(dice)), key=lambda k: -(match.die(dice[k]).value or 0))
    ranks = [0] * len(dice)
    for r, k in enumerate(order):
        ranks[k] = r
    return ranks


QUICK_FUZZ = 5  # the quick player's random bonus, 0 to 4 points (BMAI's QAI fuzziness)


def quick(match: Match, pos: Position, moves: list[Move], rng: Random) -> Move:
    """The playouts' quick player, after BMAI's QAI: the points a move takes off the board
    (what its targets score captured and what their owner loses), plus, for each attacking
    die, how much higher it should show after its re-roll (a die showing a high number is
    safe from Power attacks, so spending a low one is better), plus a random 0-4. Much
    cheaper than `maximize`, which works out every move's whole outcome. (In half-points,
    whole numbers, for speed.)"""
    best, best_score = [], None
    mine, theirs = pos.dice[pos.mover], pos.dice[1 - pos.mover]
    halves = match.halves
    for move in moves:
        if move.type == "pass":
            score = -10_000
        else:
            score = sum(halves(theirs[j], True) + halves(theirs[j], False)
                        for j in move.theirs)
            if move.type == "trip":
                score //= 2
            elif move.type == "boom":
                score = 0
            for i in move.mine:
                die = match.die(mine[i])
                if die.has("s") or die.value is None:
                    continue
                delta = die.size + die.low - 2 * die.value
                score += -delta if die.has("p") else delta
        score += 2 * rng.randrange(QUICK_FUZZ)
        if best_score is None or score > best_score:
            best, best_score = [move], score
        elif score == best_score:
            best.append(move)
    return best[0] if len(best) == 1 else min(best, key=bmai_order(match, pos))


def choose(match: Match, pos: Position, name: str, rng: Random, budget: int = 0) -> Move:
    """The move policy `name` plays here (`budget`: steps the search may spend)."""
    from .solve import choices
    moves = choices(match, pos)
    if len(moves) == 1:
        return moves[0]
    if name == "random":
        return moves[rng.randrange(len(moves))]
    if name == "maximize":
        return greedy(match, pos, moves)
    if name == "quick":
        return quick(match, pos, moves, rng)
    if name == "search":
        from .search import search_move
        return search_move(match, pos, moves, rng, budget)
    raise ValueError(f"no policy named {name!r}")


MAX_TURNS = 1000  # a round still going after this many turns is stopped (missed Trips)


def playout(match: Match, pos: Position, rng: Random, names: tuple[str, str],
            max_turns: int = MAX_TURNS, budget: int = 0) -> Position:
    """Play the round to its end from `pos` with each player's policy."""
    turns = 0
    while not pos.over() and turns < max_turns:
        move = choose(match, pos, names[pos.mover], rng, budget)
        pos = sample(match, pos, move, rng)
        turns += 1
    return pos
