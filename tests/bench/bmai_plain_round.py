"""A stand-in for the engine's round player, for plain dice only, written from BMAI's source.

Not rulepress's engine (which plays every skill through engine/buttonmen/): this is a small
test double with the interface bench/bmai_vs_rulepress.py expects of
rulepress.engine.buttonmen.round_play and .policies, so the bench's loop, the BMAI adapter
and the pinned fixture can be checked before (and apart from) the real round player.

It plays a round of plain, swing and option dice (no skills) the way BMAI's BMC_Game does:
dice kept sorted by value, highest first, with BMAI's own swap sort (BMC_Player::
OptimizeDice), so `maximize` can break ties in BMAI's move order (BMC_Game::
GenerateValidAttacks: attacker by attacker, Power before Skill, Power targets lowest value
first, Skill groups grown from the attacker in index order); the lower dice go first, the
player with more dice wins an initiative where the other runs out, and a full tie goes to
player 0 (`initiative_tie="player0"`, BMAI) or to a random player ("random", BMO).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction

from rulepress.engine.buttonmen.dice import Die

import bmai
from bmai import notation


@dataclass
class State:
    live: tuple[list[Die], list[Die]]
    captured: tuple[list[Die], list[Die]] = field(default_factory=lambda: ([], []))
    turn: int = 0
    passes: int = 0
    rng: random.Random = field(default_factory=random.Random)
    first: int = 0  # who had the initiative

    @property
    def scores(self) -> tuple[Fraction, Fraction]:
        return tuple(sum((Fraction(d.size, 2) for d in self.live[k]), Fraction(0)) +
                     sum((Fraction(d.size) for d in self.captured[k]), Fraction(0))
                     for k in range(2))


def bmai_sort(dice: list[Die]) -> list[Die]:
    """BMC_Player::OptimizeDice's swap sort (highest value first; equal values keep the
    order this sort leaves them in)."""
    out = list(dice)
    for i in range(len(out)):
        for j in range(i + 1, len(out)):
            if out[i].shown < out[j].shown:
                out[i], out[j] = out[j], out[i]
    return out


def _roll(die: Die, rng: random.Random) -> Die:
    return replace(die, value=sum(rng.randint(1, h) for h in die.halves))


def initiative(live: tuple[list[Die], list[Die]], rule: str, rng: random.Random) -> int:
    """BMC_Game::CheckInitiative: compare from the lowest die up; lower goes first."""
    a, b = sorted(d.shown for d in live[0]), sorted(d.shown for d in live[1])
    for x, y in zip(a, b):
        if x != y:
            return 0 if x < y else 1
    if len(a) != len(b):
        return 0 if len(a) > len(b) else 1
    return 0 if rule == "player0" else rng.randrange(2)


def new_round(mine: dict, theirs: dict, seed: int, initiative_tie: str = "random") -> State:
    rng = random.Random(seed)
    ranges = bmai.swing_ranges()
    live = tuple(bmai_sort([_roll(d, rng) for d in notation.engine_dice(
        side["recipe"], side.get("swing", {}), side.get("options", []), ranges)])
        for side in (mine, theirs))
    first = initiative(live, initiative_tie, rng)
    return State(live, turn=first, rng=rng, first=first)


def legal_moves(state: State) -> list[dict]:
    """Every attack in BMAI's order (Pass alone when there is none)."""
    mine, theirs = state.live[state.turn], state.live[1 - state.turn]
    moves = []
    for i, a in enumerate(mine):
        for j in range(len(theirs) - 1, -1, -1):  # Power: lowest target first
            if theirs[j].shown > a.shown:
                break
            moves.append({"type": "power", "mine": [i], "theirs": [j]})
        for group in _groups(i, mine):  # Skill: groups led by die i, in BMAI's walk
            total = sum(mine[k].shown for k in group)
            for j, t in enumerate(theirs):
                if t.shown < total:
                    break
                if t.shown == total:
                    moves.append({"type": "skill", "mine": list(group), "theirs": [j]})
    return moves or [{"type": "pass", "mine": [], "theirs": []}]


def _groups(first: int, dice: list[Die]):
    """Index groups starting with `first`, each later index greater, in depth-first order
    (every group BMAI's die stack visits; it prunes only groups that cannot match)."""
    def grow(group):
        yield group
        for k in range(group[-1] + 1, len(dice)):
            yield from grow(group + [k])
    yield from grow([first])


def apply_move(state: State, move: dict) -> State:
    me, them = state.turn, 1 - state.turn
    live = (list(state.live[0]), list(state.live[1]))
    captured = (list(state.captured[0]), list(state.captured[1]))
    if move["type"] == "pass":
        return replace(state, turn=them, passes=state.passes + 1)
    target = live[them].pop(move["theirs"][0])
    captured[me].append(target)
    for k in move["mine"]:
        live[me][k] = _roll(live[me][k], state.rng)
    live[me][:] = bmai_sort(live[me])
    return replace(state, live=live, captured=captured, turn=them, passes=0)


def is_over(state: State) -> bool:
    return not state.live[0] or not state.live[1] or state.passes >= 2


def result(state: State) -> dict:
    a, b = state.scores
    return {"winner": "mine" if a > b else "theirs" if b > a else "draw", "scores": [a, b]}


def choose_move(state: State, policy: str, rng: random.Random) -> dict:
    """`maximize`: BMAI's Maximize (largest score difference, first in BMAI's order);
    `random`: any legal move."""
    moves = legal_moves(state)
    if policy == "random":
        return rng.choice(moves)
    if policy != "maximize":
        raise ValueError(f"no policy {policy!r} in the stand-in")
    best, best_gain = moves[0], None
    for move in moves:
        if move["type"] == "pass":
            return move
        gain = state.live[1 - state.turn][move["theirs"][0]].size  # 1.5 x size, same order
        if best_gain is None or gain > best_gain:
            best, best_gain = move, gain
    return best
