"""Who goes first, exactly.

Rule (Button Men Online's, the seeds only say which dice do not count): each
player sorts the values of their counting dice, lowest first; the lists are
compared position by position and the lower value goes first; a list that runs
out loses to one that goes on, so with equal values more dice go first.

Comparing sorted lists this way is the same as walking the values v = 0, 1, 2…:
at the first v where the players have different numbers of dice showing v, the
player with more dice showing v goes first. So we never enumerate rolls; we
walk v and keep, per group of identical dice, how many are still above v.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from .dice import Die, roll_distribution, shown

NOT_COUNTING = ("t", "g")  # Trip and Stinger dice do not count for going first (seeds)


def counting(dice: list[Die]) -> list[Die]:
    return [d for d in dice if not any(d.has(s) for s in NOT_COUNTING)]


def first_player_odds(players: list[list[Die]]) -> tuple[list[Fraction], Fraction]:
    """(P(each player goes first), P(full tie)) for two players' counting dice.

    Works in whole numbers of roll combinations (Fractions only at the end): a
    state's weight counts the ways the dice already placed (below v) can show
    the values they do, with equal counts for both players at every value.
    """
    groups = [_groups(dice) for dice in players]
    total = 1
    for dice in players:
        for die in dice:
            total *= _faces(die.halves)
    top = max((max(ways) for g in groups for ways, _ in g), default=0)
    wins = [0, 0]
    tie = 0
    states = {(tuple(n for _, n in groups[0]), tuple(n for _, n in groups[1])): 1}
    for v in range(0, top + 1):
        nxt: dict[tuple, int] = {}
        for (left_a, left_b), weight in states.items():
            by_a = _showing(groups[0], left_a, v)
            by_b = _showing(groups[1], left_b, v)
            # decided here: the player showing v more often goes first; the others stay above v
            done_a = {c: sum(w * up for _, w, up in rows) for c, rows in by_a.items()}
            done_b = {c: sum(w * up for _, w, up in rows) for c, rows in by_b.items()}
            for ca, wa in done_a.items():
                for cb, wb in done_b.items():
                    if ca > cb:
                        wins[0] += weight * wa * wb
                    elif cb > ca:
                        wins[1] += weight * wa * wb
            for c in by_a.keys() & by_b.keys():  # equal counts: the comparison goes on
                for rest_a, wa, _ in by_a[c]:
                    for rest_b, wb, _ in by_b[c]:
                        key = (rest_a, rest_b)
                        nxt[key] = nxt.get(key, 0) + weight * wa * wb
        states = {}
        for key, weight in nxt.items():
            if any(key[0]) or any(key[1]):
                states[key] = weight
            else:
                tie += weight  # every die placed, all counts equal: the same values
    return [Fraction(w, total) for w in wins], Fraction(tie, total)


def _faces(halves: tuple[int, ...]) -> int:
    out = 1
    for h in halves:
        out *= max(h, 1)
    return out


def _groups(dice: list[Die]) -> list[tuple[dict[int, int], int]]:
    """Identical dice together: (ways to roll each value, how many such dice)."""
    by_shape: dict[tuple, int] = {}
    for die in dice:
        key = tuple(sorted(die.halves))
        by_shape[key] = by_shape.get(key, 0) + 1
    return [(_ways(shape), n) for shape, n in by_shape.items()]


def _ways(halves: tuple[int, ...]) -> dict[int, int]:
    ways = {0: 1}
    for half in halves:
        faces = range(1, half + 1) if half > 0 else range(0, 1)
        nxt: dict[int, int] = {}
        for total, w in ways.items():
            for face in faces:
                nxt[total + face] = nxt.get(total + face, 0) + w
        ways = nxt
    return ways


def _showing(groups, left: tuple[int, ...], v: int) -> dict[int, list[tuple[tuple, int, int]]]:
    """By how many dice show v: [(dice left above v per group, ways, ways the rest are > v)]."""
    outcomes: list[tuple[int, tuple[int, ...], int, int]] = [(0, (), 1, 1)]
    for (ways, _), n in zip(groups, left):
        at = ways.get(v, 0)
        above = sum(w for x, w in ways.items() if x > v)
        nxt = []
        for shown, rest, w, up in outcomes:
            for k in range(n + 1):
                wk = comb(n, k) * at ** k
                if wk:
                    nxt.append((shown + k, rest + (n - k,), w * wk, up * above ** (n - k)))
        outcomes = nxt
    grouped: dict[int, list[tuple[tuple, int, int]]] = {}
    for shown, rest, w, up in outcomes:
        grouped.setdefault(shown, []).append((rest, w, up))
    return grouped


def leader(mine: list[Die], theirs: list[Die]) -> int | None:
    """Who goes first with the values showing: 0 (mine), 1 (theirs) or None (full tie)."""
    a = sorted(shown(d) for d in counting(mine))
    b = sorted(shown(d) for d in counting(theirs))
    for x, y in zip(a, b):
        if x != y:
            return 0 if x < y else 1
    if len(a) == len(b):
        return None
    return 0 if len(a) > len(b) else 1  # equal so far: more dice go first


def chance_odds(mine: list[Die], theirs: list[Die]) -> list[tuple[int, Fraction]]:
    """For each of my Chance dice: P(re-rolling it alone puts me first; a tie fails)."""
    out = []
    for i, die in enumerate(mine):
        if not die.has("c"):
            continue
        wins = Fraction(0)
        for value, p in roll_distribution(die).items():
            trial = mine[:i] + [Die(die.halves, die.skills, value, die.swing)] + mine[i + 1:]
            if leader(trial, theirs) == 0:
                wins += p
        out.append((i, wins))
    return out
