"""The exact value of a position when both players play their best, by memoised expectimax.

A position's value is player 0's P(win) + 1/2 P(draw) when the player to move picks the
move best for them (the game is zero-sum: player 1 minimises what player 0 maximises) and
every roll is weighed by its chance. The solver's state is a key: each side's dice sorted
(their order changes nothing but move numbers), player 0's lead in captured points (in
half-points), the mover, passes in a row. Between a move and the next state it keeps the
board "after the move, before its dice roll" as a key too, with each die still to roll as
a negative token, and rolls those one at a time; attacks that lead to the same board share
that work.

A round can revisit a position only through moves that capture nothing (a missed Trip
attack, a Boom): a position met again while it is being worked out has no finite tree, and
the solver says so (`NotExact`). Work is counted in steps and stops at `limit`.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from ..flow import ends
from .match import Match
from .moves import Move, legal_moves
from .position import Position
from .turn import Slot, effects, passed, turbo_options

HALF = Fraction(1, 2)
ZERO = Fraction(0)
State = tuple  # (dice of player 0, dice of player 1, lead, mover, passes, dizzy)
# What the solver works out for a state: player 0's (value, P(win)); value = P(win) +
# 1/2 P(draw). Among moves of equal value a player takes the one that wins more often
# (fewer draws): with the value fixed, more wins for player 0 also means more for player 1.
Pair = tuple[Fraction, Fraction]
WIN, LOSS, DRAW = (Fraction(1), Fraction(1)), (ZERO, ZERO), (HALF, ZERO)


def expectation(parts: list[tuple[Fraction, Pair]]) -> Pair:
    """Sum of chance x (value, P(win)) over the parts, on one common denominator (whole
    numbers, then one reduction: much faster than adding Fractions one by one)."""
    scale = lcm(*(p.denominator for p, _ in parts),
                *(v.denominator for _, (v, _) in parts),
                *(w.denominator for _, (_, w) in parts))
    value = wins = 0
    for p, (v, w) in parts:
        factor = p.numerator * (scale // p.denominator)
        value += factor * v.numerator * (scale // v.denominator)
        wins += factor * w.numerator * (scale // w.denominator)
    return Fraction(value, scale * scale), Fraction(wins, scale * scale)


class NotExact(Exception):
    """The position cannot be solved exactly here; the message says why."""


class TooBig(NotExact):
    """The work would exceed the step limit."""


LISTED = 50_000  # positions whose moves a match remembers (playouts meet many again)


def choices(match: Match, pos: Position) -> list[Move]:
    """Every legal move with each Turbo size choice spelled out (remembered per match)."""
    key = (pos.dice[pos.mover], pos.dice[1 - pos.mover], pos.mover, pos.dizzy)
    found = match.listings.get(key)
    if found is None:
        found = []
        for move in legal_moves(match, pos):
            for turbo in turbo_options(match, pos, move) if move.type != "pass" else [()]:
                found.append(Move(move.type, move.mine, move.theirs, turbo))
        if len(match.listings) >= LISTED:
            match.listings.clear()
        match.listings[key] = found
    return found


class Solver:
    def __init__(self, match: Match, limit: int, policies: tuple = ("best", "best")):
        """`policies`: how each player picks moves, by name ("best", or a policy of
        policies.EXACT that the solver can follow exactly)."""
        from .policies import exact_policy
        self.match = match
        self.policies = tuple(exact_policy(name) for name in policies)
        self.limit = limit
        self.steps = 0
        self.values: dict[State, Pair | None] = {}  # None: being worked out
        self.afters: dict[tuple, Pair] = {}
        self.tokens: dict[Slot, int] = {}  # a slot still to roll -> its negative token
        self.slots: list[Slot] = []
        self.compiled: dict[int, list[tuple]] = {}  # by id() of an effects tuple

    def _step(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > self.limit:
            raise TooBig(f"more than {self.limit:,} steps")

    # --- states ---------------------------------------------------------------------------

    def state(self, pos: Position) -> State:
        h = self.match.halves
        lead = sum(h(i, True) for i in pos.captured[0]) - sum(h(i, True)
                                                             for i in pos.captured[1])
        return (tuple(sorted(pos.dice[0])), tuple(sorted(pos.dice[1])), lead, pos.mover,
                pos.passes, pos.dizzy)

    def value(self, pos: Position) -> Pair:
        """Player 0's (value, P(win)) of a position, both playing as their policy says."""
        return self.state_value(self.state(pos))

    def state_value(self, state: State) -> Pair:
        found = self.values.get(state, 0)  # 0: not seen
        if found is None:
            raise NotExact("a position can come back (a move that captures nothing, such as "
                           "a missed Trip attack or a Boom), so the round has no finite game "
                           "tree to solve exactly")
        if found != 0:
            return found  # type: ignore[return-value]
        d0, d1, lead, mover, passes, dizzy = state
        if ends((len(d0), len(d1)), passes):
            return self._ended(d0, d1, lead)
        self.values[state] = None
        try:
            self._step()
            pos = Position((d0, d1), mover=mover, passes=passes, dizzy=dizzy)
            moves = choices(self.match, pos)
            found = self.policies[mover](self, pos, state, moves)
        except NotExact:
            del self.values[state]  # unfinished: a later, larger budget may finish it
            raise
        self.values[state] = found
        return found

    def within(self, limit: int) -> "Solver":
        """This solver (with all it has worked out) allowed `limit` more steps."""
        self.limit = self.steps + limit
        return self

    def best(self, pos: Position, state: State, moves: list[Move]) -> Pair:
        """The policy "best": the move best for the mover (then more wins, fewer draws)."""
        best: Pair | None = None
        sign = 1 if state[3] == 0 else -1
        for move in moves:
            v, w = self._move_value(pos, state, move)
            if best is None or (sign * v, w) > (sign * best[0], best[1]):
                best = (v, w)
        assert best is not None  # a player always has a move (an attack or Pass)
        return best

    def _ended(self, d0, d1, lead: int) -> Pair:
        h = self.match.halves
        lead += sum(h(i, False) for i in d0) - sum(h(i, False) for i in d1)
        return WIN if lead > 0 else LOSS if lead < 0 else DRAW

    def move_value(self, pos: Position, move: Move) -> Pair:
        """Player 0's (value, P(win)) after this move, both playing their policies."""
        return self._move_value(pos, self.state(pos), move)

    def _move_value(self, pos: Position, state: State, move: Move) -> Pair:
        d0, d1, lead, me = state[0], state[1], state[2], state[3]
        if move.type == "pass":
            p = passed(pos)
            return self.state_value((d0, d1, lead, p.mover, p.passes, ()))
        mine, theirs = pos.dice[me], pos.dice[1 - me]
        parts = []
        for weight, attackers, targets, helpers, gained, extra in self._compile(pos, move):
            rest = [mine[k] for k in range(len(mine)) if k not in move.mine] \
                if helpers is None else list(helpers)
            left = [theirs[j] for j in range(len(theirs)) if j not in move.theirs]
            key = (tuple(sorted(rest + attackers)), tuple(sorted(left + targets)),
                   lead + (gained if me == 0 else -gained), me, extra)
            parts.append((weight, self._after(key)))
        return parts[0][1] if len(parts) == 1 else expectation(parts)

    def _compile(self, pos: Position, move: Move) -> list[tuple]:
        """turn.effects as tokens: (chance, the attackers' new dice, the targets' remains,
        the mover's other dice if changed, half-points captured, another turn for certain)."""
        found = effects(self.match, pos, move)
        compiled = self.compiled.get(id(found))
        if compiled is None:
            compiled = [(e.weight, [self._token(s) for group in e.attackers for s in group],
                         [self._token(s) for group in e.targets for s in group],
                         None if e.helpers is None else [self._token(s) for s in e.helpers],
                         sum(self.match.halves(i, True) for i in e.captured), e.extra_turn)
                        for e in found]
            self.compiled[id(found)] = compiled
            self.match.keep.append(found)  # id() stays unique while the tuple lives
        return compiled

    def _token(self, slot: Slot) -> int:
        if len(slot.options) == 1 and not slot.time_and_space:
            return slot.options[0][1]
        token = self.tokens.get(slot)
        if token is None:
            token = self.tokens[slot] = -1 - len(self.slots)
            self.slots.append(slot)
        return token

    def _after(self, key: tuple) -> Pair:
        """The value of a board whose dice still have to roll (negative tokens), rolled one
        at a time; then the next state (another turn after an odd TimeAndSpace re-roll)."""
        mover, other, lead, me, extra = key
        side = 0 if mover and mover[0] < 0 else 1 if other and other[0] < 0 else -1
        if side < 0:
            nxt = me if extra else 1 - me
            d = (mover, other) if me == 0 else (other, mover)
            return self.state_value((d[0], d[1], lead, nxt, 0, ()))
        found = self.afters.get(key)
        if found is not None:
            return found
        dice = mover if side == 0 else other
        slot = self.slots[-1 - dice[0]]
        self._step(len(slot.options))
        parts = []
        for p, die in slot.options:
            rolled = tuple(sorted(dice[1:] + (die,)))
            odd = slot.time_and_space and (self.match.die(die).value or 0) % 2 == 1
            nxt = (rolled, other, lead, me, extra or odd) if side == 0 else \
                (mover, rolled, lead, me, extra)
            parts.append((p, self._after(nxt)))
        found = self.afters[key] = expectation(parts)
        return found
