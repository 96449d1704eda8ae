"""The engine's round state as a BMAI position, and BMAI's move as the engine's.

The engine side (rulepress.engine.buttonmen.round_play) is read only here, by
`whose_turn` and `position_from_state`: if the round state's shape changes, these two
functions are all that change. What they expect of a state:

- `state.turn`: 0 or 1, the side to move;
- `state.live`: a pair of lists, each side's dice in play, in the order moves index them;
- `state.captured`: a pair of lists, the dice each side has captured (what it scores);

- `state.scores` (optional): each side's round score; without it the score is worked out
  with the engine's own scoring (scoring.round_score) from the dice above;

where a die is an engine `Die` (rulepress.engine.buttonmen.dice) with its sizes and value,
or a request-shaped dict {"recipe": "s(X)", "sides": 12, "value": 7} (for a twin die with
swing halves, "sides" is one half, as in the `attacks` op). Either way BMAI is told the
score rulepress keeps.

Moves: BMAI always acts as its player 0, so the mover's dice are player 0 and the
opponent's player 1, each in the state's order, and BMAI's attacker and target indices are
the engine's "mine" and "theirs" directly.
"""

from __future__ import annotations

from typing import Any

from rulepress.engine.buttonmen.dice import Die, read_die
from rulepress.engine.buttonmen.scoring import round_score

from . import notation, protocol, swing_ranges


def whose_turn(state: Any) -> int:
    """The side to move (0 or 1)."""
    return int(state.turn)


def position_from_state(state: Any, marks: tuple[str, str] = ("", "")) -> protocol.Position:
    """The position BMAI needs to choose the mover's move (the mover as player 0).

    `marks` are extra BMAI die properties per side (notation.button_marks, e.g. "~" for a
    button that cannot Skill attack), in the state's side order."""
    me = whose_turn(state)
    scores = getattr(state, "scores", None)
    players = []
    for side in (me, 1 - me):
        live = [_die(d) for d in state.live[side]]
        score = scores[side] if scores is not None else \
            round_score(live, [_die(d) for d in state.captured[side]])
        players.append(protocol.Player(
            tuple(notation.die_text(d, marks[side]) for d in live), score))
    return protocol.Position((players[0], players[1]), phase="fight")


def engine_move(move: dict) -> dict:
    """BMAI's move (protocol.parse_move) as the engine's {"type", "mine", "theirs"}."""
    out = {"type": move["type"], "mine": list(move["attackers"]),
           "theirs": list(move["targets"])}
    if "turbo" in move:
        out["turbo"] = dict(move["turbo"])
    return out


def same_move(a: dict, b: dict) -> bool:
    """Two moves in the engine's form are the same attack (dice in any order)."""
    return (a.get("type") == b.get("type") and sorted(a.get("mine", [])) ==
            sorted(b.get("mine", [])) and sorted(a.get("theirs", [])) ==
            sorted(b.get("theirs", [])) and a.get("turbo") == b.get("turbo"))


def _die(d: Any) -> Die:
    if isinstance(d, Die):
        return d
    if isinstance(d, dict):
        return read_die(d, "die", swing_ranges(), need_value=False)
    raise TypeError(f"a die in the round state should be an engine Die or a dict, got "
                    f"{type(d).__name__}: adjust bench/bmai/adapter.py")
