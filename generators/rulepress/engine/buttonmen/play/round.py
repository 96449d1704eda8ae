"""A round played move by move: the state a player (a person on the Play page, a bench, a
test) holds, and the calls that advance it.

All dice come from one seeded generator in a fixed order (the opening roll, reactions, then
each move's rolls), and the computer's thinking draws from generators of its own, so a
round is replayed exactly from its seed and its list of moves: the `play` op keeps no
state between requests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from random import Random

from ..dice import Die
from ..flow import outcome
from ..options import Rules
from ..skills import ButtonSkill
from .match import Match
from .moves import Move
from .policies import choose
from .position import Position
from .solve import choices
from .start import start_round
from .turn import sample


@dataclass
class Round:
    match: Match
    pos: Position
    rng: Random  # the dice's generator
    seed: int
    names: tuple[str, str] = ("search", "search")  # how each side reacts to the initiative
    history: list[Move] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)

    @property
    def turn(self) -> int:
        return self.pos.mover

    @property
    def live(self) -> tuple[list[Die], list[Die]]:
        return ([self.match.die(i) for i in self.pos.dice[0]],
                [self.match.die(i) for i in self.pos.dice[1]])

    @property
    def captured(self) -> tuple[list[Die], list[Die]]:
        return ([self.match.die(i) for i in self.pos.captured[0]],
                [self.match.die(i) for i in self.pos.captured[1]])

    @property
    def scores(self) -> tuple[Fraction, Fraction]:
        return self.pos.score(self.match, 0), self.pos.score(self.match, 1)


def start(dice: tuple[list[Die], list[Die]], rules: Rules,
          buttons: tuple[ButtonSkill | None, ButtonSkill | None], seed: int,
          names: tuple[str, str] = ("search", "search")) -> Round:
    """A new round from the two players' dice (sizes chosen), rolled from `seed`."""
    match = Match(rules, buttons)
    rng = Random(f"dice:{seed}")
    pos, log = start_round(match, dice, rng, names)
    return Round(match, pos, rng, seed, names, [], log)


def legal(state: Round) -> list[Move]:
    """The moves the player to move may make (Turbo sizes spelled out)."""
    return choices(state.match, state.pos)


def play(state: Round, move: Move) -> Round:
    """Make a legal move (checked); the dice roll from the round's own generator."""
    if move not in legal(state):
        raise ValueError(f"not a legal move here: {move.to_json()}")
    state.pos = sample(state.match, state.pos, move, state.rng)
    state.history.append(move)
    return state


def thinking_rng(state: Round) -> Random:
    """The generator the computer thinks with at this turn (apart from the dice's)."""
    return Random(f"think:{state.seed}:{len(state.history)}")


def computer_move(state: Round, policy: str, budget: int = 0) -> Move:
    return choose(state.match, state.pos, policy, thinking_rng(state), budget)


def over(state: Round) -> bool:
    return state.pos.over()


def result(state: Round) -> dict:
    """The round's result for player 0 ("mine"): winner, scores."""
    scores = state.scores
    winner = {Fraction(1): "mine", Fraction(0): "theirs"}.get(outcome(scores), "draw")
    return {"over": over(state), "winner": winner if over(state) else None,
            "scores": scores}
