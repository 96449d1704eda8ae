"""Every legal attack of a position, and BMO's menu of attack types.

The menu follows BMGame::valid_attack_types: the types some die of the attacker lists
(skills.attack_list), each kept when a legal attack of that type exists; Pass is offered
when no attack is obligatory (a Skill attack that needs a Warrior die is optional).

Skill attacks (one target, any group of my dice) and Speed/Berserk attacks (one of my dice,
any group of targets) are searched by subset sums with pruning: each group is visited only
if the dice still to decide can complete a legal total, so the work grows with the answers,
not with 2^n. Each die's possible totals are kept as a Python int used as a bit set.
"""

from __future__ import annotations

from typing import Iterator

from ..query import QueryError
from .dice import Die
from .legal import Board, fire_room, illegal, skill_values
from .options import Rules
from .skills import ATTACKS, attack_list

MAX_LISTED = 5_000  # attacks listed in one answer; beyond, ask for the menu only

Found = tuple  # (Attack, my dice, their dice)


def menu(mine: list[Die], theirs: list[Die], board: Board) -> tuple[list[str], bool]:
    """(BMO's attack types with a legal attack, whether Pass is offered)."""
    types: set[str] = set()
    for d in mine:
        types |= attack_list(d.skills, d.shown, len(mine))
    if board.my_button and board.my_button.effect == "no-skill-attacks":
        types.discard("skill")
    found = []
    for kind in ATTACKS:
        if kind not in types:
            continue
        if kind == "skill":
            if _skill_exists(mine, theirs, board, optional=False):
                found.append(kind)
        elif next(_attacks_of(kind, mine, theirs, board), None) is not None:
            found.append(kind)
    may_pass = not found
    if "skill" in types and "skill" not in found and any(d.has("`") for d in mine):
        if _skill_exists(mine, theirs, board, optional=True):
            found.insert(1 if found and found[0] == "power" else 0, "skill")
    return found, may_pass


def _compatible(kind: str, die: Die) -> bool:
    """BMAttack::add_die: a die whose skills rule the type out is not tried at all."""
    if kind == "power" and (die.has("s") or (die.has("q") and die.shown % 2 == 1)):
        return False
    if kind == "shadow" and die.has("q") and not die.has("s") and die.shown % 2 == 0:
        return False
    if kind == "skill" and die.has("B"):
        return False
    return True


def _attacks_of(kind: str, mine: list[Die], theirs: list[Die],
                board: Board) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every legal attack of one type, as (my dice, their dice) positions."""
    usable = [i for i, d in enumerate(mine) if _compatible(kind, d)]
    tripboard = Board(board.helpers, board.my_button, board.their_button, turbo_top=True)
    if kind in ("power", "shadow", "trip", "boom"):
        for i in usable:
            for j in range(len(theirs)):
                rules_board = tripboard if kind == "trip" else _helpers(board, mine, (i,))
                if not illegal(kind, [mine[i]], [theirs[j]], rules_board):
                    yield (i,), (j,)
    elif kind == "rush":
        for i in usable:
            for j in range(len(theirs)):
                for k in range(j + 1, len(theirs)):
                    if not illegal(kind, [mine[i]], [theirs[j], theirs[k]], board):
                        yield (i,), (j, k)
    elif kind in ("speed", "berserk"):
        letter = "z" if kind == "speed" else "B"
        for i in usable:
            a = mine[i]
            if not a.has(letter) or a.has("d") or a.has("`"):
                continue
            open_ = [j for j, t in enumerate(theirs) if not t.has("d") and not t.has("`")]
            for group in exact_groups([{theirs[j].shown} for j in open_], a.shown):
                yield (i,), tuple(open_[g] for g in group)
    elif kind == "skill":
        for j, t in enumerate(theirs):
            if _immune(t, board) or (board.my_button and
                                     board.my_button.effect == "no-skill-attacks"):
                continue
            for group in skill_groups(mine, t, board, optional=True):
                if not illegal("skill", [mine[g] for g in group], [t],
                               _helpers(board, mine, group)):
                    yield group, (j,)


def _helpers(board: Board, mine: list[Die], used: tuple[int, ...]) -> Board:
    others = tuple(d for k, d in enumerate(mine) if k not in used) + board.helpers
    return Board(others, board.my_button, board.their_button, board.turbo_top)


def exact_groups(value_sets: list[set[int]], goal_low: int, goal_high: int | None = None,
                  ) -> Iterator[tuple[int, ...]]:
    """Every non-empty group of positions whose values (one per die) can total in the goal.

    Bit sets shifted by OFFSET hold totals (negatives included, for Konstant dice).
    """
    goal_high = goal_low if goal_high is None else goal_high
    n = len(value_sets)
    offset = sum(max(abs(v) for v in vs) for vs in value_sets) + 1
    masks = []
    for vs in value_sets:
        m = 0
        for v in vs:
            m |= 1 << (v + offset)
        masks.append(m)
    # reach[i]: totals some subset of dice i.. can make (the empty subset gives 0)
    reach = [0] * (n + 1)
    reach[n] = 1 << offset
    for i in range(n - 1, -1, -1):
        reach[i] = reach[i + 1] | shift_all(reach[i + 1], masks[i], offset)
    window = ((1 << (goal_high - goal_low + 1)) - 1) << (goal_low + offset)

    def walk(i: int, sums: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == n:
            if chosen and sums & window:
                yield chosen
            return
        if not shift_all(sums, reach[i], offset) & window:
            return
        yield from walk(i + 1, sums, chosen)
        yield from walk(i + 1, shift_all(sums, masks[i], offset), chosen + (i,))

    yield from walk(0, 1 << offset, ())


def shift_all(sums: int, mask: int, offset: int) -> int:
    """Totals s + v for every s in `sums` and v in `mask` (both offset bit sets)."""
    if mask.bit_count() > sums.bit_count():
        sums, mask = mask, sums  # s + v is symmetric: loop over the smaller set
    out = 0
    while mask:
        low = mask & -mask
        shift = low.bit_length() - 1 - offset
        out |= sums << shift if shift >= 0 else sums >> -shift
        mask ^= low
    return out


def skill_groups(mine: list[Die], target: Die, board: Board,
                  optional: bool) -> Iterator[tuple[int, ...]]:
    """Groups of my dice whose totals reach the target, directly or with Fire help."""
    usable = [i for i, d in enumerate(mine) if _compatible("skill", d) and (
        optional or not d.has("`"))]
    room = fire_room(list(mine) + list(board.helpers))
    low = target.shown - room if room else target.shown
    for group in exact_groups([skill_values(mine[i]) for i in usable], low, target.shown):
        yield tuple(usable[g] for g in group)


def _immune(target: Die, board: Board) -> bool:
    """Targets no Skill attack can take, whatever the attacking group (checked first)."""
    return (target.has("I") or target.has("`") or bool(
        board.their_button and board.their_button.effect == "skill-immune"))


def _skill_exists(mine: list[Die], theirs: list[Die], board: Board, optional: bool) -> bool:
    for t in theirs:
        if _immune(t, board):
            continue
        for group in skill_groups(mine, t, board, optional):
            if not illegal("skill", [mine[g] for g in group], [t], _helpers(board, mine, group)):
                return True
    return False


def listing_bound(mine: list[Die], theirs: list[Die], board: Board) -> int:
    """An upper bound on the number of legal attacks, counted without listing them.

    Skill: groups of my dice whose lowest..highest total (each die's values taken as the
    interval they span, Fire help added at the top) covers the target; Speed and Berserk:
    groups of targets adding up to the attacker; one-die attacks: pairs of dice.
    """
    room = fire_room(list(mine) + list(board.helpers))
    usable = [skill_values(d) for d in mine if _compatible("skill", d)]
    # the highest total only grows (every die can add a positive value), so it is capped at
    # the largest target; without negative values the lowest total only grows too
    top = max((t.shown for t in theirs), default=0) + room
    growing = all(min(v) >= 0 for v in usable)
    spans: dict[tuple[int, int], int] = {(0, 0): 1}
    for values in usable:
        low, high = min(values), max(values)
        nxt = dict(spans)
        for (a, b), n in spans.items():
            if growing and a + low > top:
                continue
            key = (a + low, min(b + high, top))
            nxt[key] = nxt.get(key, 0) + n
        spans = nxt
    bound = 0
    for t in theirs:
        if not _immune(t, board):
            bound += sum(n for (a, b), n in spans.items() if a <= t.shown <= b + room) - (
                1 if 0 <= t.shown <= room else 0)  # minus the empty group
    sums: dict[int, int] = {0: 1}
    for t in theirs:
        more = dict(sums)
        for v, n in sums.items():
            more[v + t.shown] = more.get(v + t.shown, 0) + n
        sums = more
    speeders = [d for d in mine if d.has("z") or d.has("B")]
    bound += sum(sums.get(d.shown, 0) for d in speeders) * 2
    return bound + len(mine) * len(theirs) * (5 + len(theirs))


def check_listing(mine: list[Die], theirs: list[Die], board: Board) -> None:
    """Refuse at once a position with too many legal attacks to list."""
    bound = listing_bound(mine, theirs, board)
    if bound > MAX_LISTED:
        raise QueryError(f"up to {bound:,} legal attacks: too many to list (the limit is "
                         f"{MAX_LISTED:,}); ask with \"list\": false for BMO's menu of "
                         "attack types only, or give fewer dice", "mine")


def every_attack(mine: list[Die], theirs: list[Die], rules: Rules,
                 board: Board = Board()) -> list[Found]:
    """All legal attacks of `mine` on `theirs`, with the positions of the dice used."""
    from .attacks import judge
    check_listing(mine, theirs, board)
    found: list[Found] = []
    for kind in ATTACKS:
        for a_idx, d_idx in _attacks_of(kind, mine, theirs, board):
            if len(found) >= MAX_LISTED:
                raise QueryError(f"more than {MAX_LISTED:,} legal attacks: too many to list; "
                                 "ask with \"list\": false for the menu of attack types only, "
                                 "or give fewer dice", "mine")
            sub = _helpers(board, mine, a_idx) if kind != "trip" else Board(
                board.helpers, board.my_button, board.their_button, turbo_top=True)
            attack = judge(kind, [mine[i] for i in a_idx], [theirs[j] for j in d_idx], rules,
                           sub, details=False)
            if attack.valid:
                found.append((attack, a_idx, d_idx))
    return found
