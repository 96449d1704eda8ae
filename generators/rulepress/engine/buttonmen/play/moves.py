"""Every legal move of a position: the attacks BMO allows, and Pass when it is allowed.

The same moves as the `attacks` op (menus.every_attack and menus.menu), found faster for
play: candidates come from the same searches (menus.skill_groups, menus.exact_groups), and
each is judged by legal.illegal once per match and remembered (Match.legal), so a position
mostly costs dictionary look-ups.
Pass is allowed only when no attack is (a Skill attack that needs a Warrior die is
optional), as in menus.menu.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..legal import Board, fire_room, power_value, skill_values
from ..menus import exact_groups, shift_all, skill_groups

from ..skills import ATTACKS
from .match import Match
from .position import Position

SINGLE = ("power", "shadow", "trip", "boom")  # one attacking die, one target
MANY_TARGETS = {"speed": "z", "berserk": "B"}  # one attacking die, targets adding up to it
SMALL_TEAM = 7  # up to this many dice, every Skill group's totals are listed at once


@dataclass(frozen=True)
class Move:
    """An attack (`mine`: positions in the mover's dice, `theirs`: in the other's) or a pass.

    `turbo` gives the new size of each Turbo die among the attackers, in their order (empty:
    every Turbo die keeps its size)."""
    type: str
    mine: tuple[int, ...] = ()
    theirs: tuple[int, ...] = ()
    turbo: tuple[int, ...] = ()

    def to_json(self) -> dict:
        out: dict = {"type": self.type, "mine": list(self.mine), "theirs": list(self.theirs)}
        if self.turbo:
            out["turbo"] = list(self.turbo)
        return out


PASS = Move("pass")


def attacks(match: Match, pos: Position) -> list[Move]:
    """Every legal attack of the player to move, in BMO's menu order of types."""
    me, them = pos.mover, 1 - pos.mover
    mine, theirs = pos.dice[me], pos.dice[them]
    if not mine or not theirs:
        return []
    usable = [k for k in range(len(mine)) if k not in pos.dizzy]
    fire_at = [k for k in range(len(mine)) if match.die(mine[k]).has("F")]
    kinds: set[str] = set()
    for k in usable:
        kinds |= match.kinds(mine[k], len(mine))
    if any(match.die(t).has("#") for t in theirs):
        kinds.add("rush")  # a Rush target lets any die rush it (legal.py decides)
    found: list[Move] = []
    for kind in ATTACKS:
        if kind not in kinds:
            continue
        if kind in SINGLE:
            room = fire_room([match.die(mine[k]) for k in fire_at]) if fire_at else 0
            for i in usable:
                fire = _fire(mine, fire_at, (i,)) if kind == "power" and fire_at else ()
                reach = power_value(match.die(mine[i])) + room if kind == "power" else None
                for j in range(len(theirs)):
                    if reach is not None and reach < (match.die(theirs[j]).value or 0):
                        continue  # power needs the attacker (with Fire help) to reach it
                    if match.legal(kind, me, (mine[i],), (theirs[j],), fire, kind == "trip"):
                        found.append(Move(kind, (i,), (j,)))
        elif kind == "rush":
            for i in usable:
                for j, k in combinations(range(len(theirs)), 2):
                    if match.legal(kind, me, (mine[i],), (theirs[j], theirs[k])):
                        found.append(Move(kind, (i,), (j, k)))
        elif kind in MANY_TARGETS:
            open_ = [j for j, t in enumerate(theirs) if match.die(t).value is not None]
            for i in usable:
                if not match.die(mine[i]).has(MANY_TARGETS[kind]):
                    continue
                values = [{match.die(theirs[j]).shown} for j in open_]
                for group in exact_groups(values, match.die(mine[i]).shown):
                    targets = tuple(open_[g] for g in group)
                    if match.legal(kind, me, (mine[i],), tuple(theirs[j] for j in targets)):
                        found.append(Move(kind, (i,), targets))
        elif len(usable) <= SMALL_TEAM:  # skill: every group that can reach a target
            dice = [match.die(mine[k]) for k in usable]
            room = fire_room([match.die(mine[k]) for k in fire_at])
            for used, sums, offset in _group_sums(usable, dice):
                ids = tuple(mine[g] for g in used)
                fire = _fire(mine, fire_at, used) if fire_at else ()
                for j in range(len(theirs)):
                    t = match.die(theirs[j]).shown
                    # a total from t - room to t (Fire help) is needed; legal.py decides
                    if sums >> (t - room + offset) & ((2 << room) - 1) and \
                            match.legal(kind, me, ids, (theirs[j],), fire):
                        found.append(Move(kind, used, (j,)))
        else:  # skill: groups of my dice whose totals can reach one target
            dice = [match.die(mine[k]) for k in usable]
            helpers = Board(tuple(match.die(mine[k]) for k in fire_at if k not in usable))
            for j in range(len(theirs)):
                for group in skill_groups(dice, match.die(theirs[j]), helpers, optional=True):
                    used = tuple(usable[g] for g in group)
                    ids = tuple(mine[g] for g in used)
                    if match.legal(kind, me, ids, (theirs[j],), _fire(mine, fire_at, used)):
                        found.append(Move(kind, used, (j,)))
    return found


def _group_sums(usable: list[int], dice) -> list[tuple[tuple[int, ...], int, int]]:
    """Each group of the usable dice (smallest groups first) with the totals it can make as
    a bit set (legal.skill_values per die; bit v + offset stands for total v)."""
    values = [skill_values(d) for d in dice]
    offset = sum(max(abs(v) for v in vs) for vs in values) + 1
    masks = [sum(1 << (v + offset) for v in vs) for vs in values]
    single: list[int | None] = [next(iter(vs)) if len(vs) == 1 else None for vs in values]
    sums: dict[tuple[int, ...], int] = {(): 1 << offset}
    out = []
    for size in range(1, len(usable) + 1):
        for group in combinations(range(len(usable)), size):
            last = group[-1]
            v = single[last]
            if v is not None:  # one value: a shift (most dice)
                made = sums[group[:-1]] << v if v >= 0 else sums[group[:-1]] >> -v
            else:
                made = shift_all(sums[group[:-1]], masks[last], offset)
            sums[group] = made
            out.append((tuple(usable[g] for g in group), made, offset))
    return out


def _fire(mine: tuple[int, ...], fire_at: list[int], used: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(mine[k] for k in fire_at if k not in used)


def may_pass(match: Match, pos: Position, found: list[Move]) -> bool:
    """menus.menu's rule: Pass only when every legal attack is an optional Warrior one."""
    mine = pos.dice[pos.mover]
    return all(m.type == "skill" and any(match.die(mine[g]).has("`") for g in m.mine)
               for m in found)


def legal_moves(match: Match, pos: Position) -> list[Move]:
    """Every move the player to move may make: each legal attack, then Pass if allowed."""
    found = attacks(match, pos)
    return found + [PASS] if may_pass(match, pos, found) else found
