"""The engine's round player as the comparison script calls it (play/round.py underneath).

A state is play.round.Round (it has `turn`, `live`, `captured`, `scores`, as adapter.py
reads); moves are the engine's JSON moves {"type", "mine", "theirs"[, "turbo"]}.
"""

from __future__ import annotations

from random import Random

from rulepress.engine.buttonmen.ops import pair
from rulepress.engine.buttonmen.options import BMO, read_rules
from rulepress.engine.buttonmen.play import round as rounds
from rulepress.engine.buttonmen.play.moves import Move
from rulepress.engine.buttonmen.play.policies import choose
from rulepress.engine.query import Request

from . import engine_data


class round_play:  # noqa: N801 - a namespace, named as the script calls it
    @staticmethod
    def new_round(mine: dict, theirs: dict, seed: int) -> rounds.Round:
        players = pair(Request(mine, "mine"), Request(theirs, "theirs"),
                       engine_data()["buttonmen"], False)
        return rounds.start((players[0].dice, players[1].dice), read_rules(Request({}), BMO),
                            (players[0].skill, players[1].skill), seed)

    @staticmethod
    def is_over(state: rounds.Round) -> bool:
        return rounds.over(state)

    @staticmethod
    def legal_moves(state: rounds.Round) -> list[dict]:
        return [m.to_json() for m in rounds.legal(state)]

    @staticmethod
    def apply_move(state: rounds.Round, move: dict) -> rounds.Round:
        return rounds.play(state, Move(move["type"], tuple(move.get("mine", [])),
                                       tuple(move.get("theirs", [])),
                                       tuple(_turbo(move.get("turbo")))))

    @staticmethod
    def result(state: rounds.Round) -> dict:
        return rounds.result(state)


class policies:  # noqa: N801
    @staticmethod
    def choose_move(state: rounds.Round, name: str, rng: Random) -> dict:
        return choose(state.match, state.pos, name, rng).to_json()


def _turbo(given) -> list[int]:
    """BMAI names a Turbo size per die ({index: size}); the engine lists sizes in order."""
    if not given:
        return []
    if isinstance(given, dict):
        return [given[k] for k in sorted(given)]
    return list(given)
