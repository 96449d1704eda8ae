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

from dataclasses import replace

from ..budget import refuse_over
from ..dice.dist import Dist
from .dice import Die
from .resize import WILDCARD_DECK
from .skills import counts_for_initiative

def counting(dice: list[Die]) -> list[Die]:
    """The dice that count for going first (skills.py: Trip, Stinger, Slow, Rage, Warrior
    do not)."""
    return [d for d in dice if counts_for_initiative(d.skills)]


def first_player_odds(players: list[list[Die]]) -> tuple[list[Fraction], Fraction]:
    """(P(each player goes first), P(full tie)) for two players' counting dice.

    Works in whole numbers of roll combinations (Fractions only at the end). A joint
    state is (dice of each group still above v for player A, the same for B), reached
    with equal counts at every value below v; its weight counts the ways the placed dice
    show what they do. Each player's step at v is tabulated once per own state and the
    two are combined by contracting one player at a time, so the work grows with
    (A's states x B's states), not with the product of their per-step choices.
    """
    groups = [_groups(dice) for dice in players]
    plain = [_plain_sizes(dice) for dice in players]
    cost = initiative_cost(groups)
    if plain[0] is not None and plain[1] is not None:
        fast = _plain_cost(plain[0], plain[1])
        if fast < cost:
            refuse_over(fast, "this initiative calculation", "give fewer dice", "players")
            return _plain_odds(plain[0], plain[1])
    total = 1
    for dice in players:
        for die in dice:
            total *= 1 if die.has("M") else WILDCARD_DECK.total if die.kind == "wildcard" \
                else _faces(die.halves)
    refuse_over(cost, "this initiative calculation",
                "give fewer different dice (identical dice are cheap)", "players")
    start = (tuple(n for _, n in groups[0]), tuple(n for _, n in groups[1]))
    if not any(start[0]) or not any(start[1]):
        return _exhausted(start)
    top = max((ways.high for g in groups for ways, _ in g), default=0)
    wins = [0, 0]
    tie = 0
    states: dict[tuple, dict[tuple, int]] = {start[0]: {start[1]: 1}}
    for v in range(0, top + 1):
        lefts_b = {rb for row in states.values() for rb in row}
        steps_a = _steps(groups[0], v, set(states))
        steps_b = _steps(groups[1], v, lefts_b)
        # decided at v: the player showing v more often goes first (the rest stay above v)
        for ra, row in states.items():
            da = steps_a[ra][1]
            for rb, weight in row.items():
                run = steps_b[rb][2]  # run[c]: B's ways of showing v fewer than c times
                last = len(run) - 1
                wins[0] += weight * sum(wa * run[min(ca, last)] for ca, wa in da.items())
                wins[1] += weight * sum(wa * (run[last] - run[min(ca + 1, last)])
                                        for ca, wa in da.items())
        # equal counts at v: the comparison goes on (contract A's step first, then B's)
        half: dict[tuple, dict[tuple, int]] = {}
        for ra, row in states.items():
            for c, rest_a, wa in ((c, r, w) for c, rows in steps_a[ra][0].items()
                                  for r, w in rows):
                cell = half.setdefault((c, rest_a), {})
                for rb, weight in row.items():
                    cell[rb] = cell.get(rb, 0) + weight * wa
        nxt: dict[tuple, dict[tuple, int]] = {}
        for (c, rest_a), row in half.items():
            for rb, weight in row.items():
                for rest_b, wb in steps_b[rb][0].get(c, ()):
                    out = nxt.setdefault(rest_a, {})
                    out[rest_b] = out.get(rest_b, 0) + weight * wb
        states = {}
        for ra, row in nxt.items():
            for rb, weight in row.items():
                if any(ra) and any(rb):
                    states.setdefault(ra, {})[rb] = weight
                elif any(ra):  # B has placed every die, A has more: A goes first
                    wins[0] += weight * _up(groups[0], ra, v)
                elif any(rb):
                    wins[1] += weight * _up(groups[1], rb, v)
                else:
                    tie += weight  # every die placed, all counts equal: the same values
        if not states:
            break
    return [Fraction(w, total) for w in wins], Fraction(tie, total)


def _faces(halves: tuple[int, ...]) -> int:
    out = 1
    for h in halves:
        out *= max(h, 1)
    return out


def _groups(dice: list[Die]) -> list[tuple[Dist, int]]:
    """Identical dice together: (ways to roll each value, how many such dice)."""
    by_shape: dict[tuple, int] = {}
    for die in dice:
        kind = "max" if die.has("M") else "card" if die.kind == "wildcard" else "roll"
        key = (tuple(sorted(die.halves)), kind)  # a Maximum die shows its top
        by_shape[key] = by_shape.get(key, 0) + 1
    return [(Dist.constant(sum(shape)) if kind == "max" else WILDCARD_DECK
             if kind == "card" else _ways(shape), n) for (shape, kind), n in by_shape.items()]


def _ways(halves: tuple[int, ...]) -> Dist:
    """Ways to roll each total of a die with these halves (a half of size 0 shows 0)."""
    return sum((Dist.die(half) if half > 0 else Dist.constant(0) for half in halves),
               Dist.constant(0))


def _plain_sizes(dice: list[Die]) -> list[int] | None:
    """The sizes of plain one-piece dice (each face equally likely), or None if any is not."""
    sizes = []
    for d in dice:
        if len(d.halves) != 1 or d.has("M") or d.kind == "wildcard":
            return None
        sizes.append(d.halves[0])
    return sizes


def _plain_cost(a: list[int], b: list[int]) -> int:
    """Rough steps of _plain_odds (calibrated: 22 different dice a side, about a second)."""
    top = max(a + b, default=0)
    return (top + 1) * (len(a) + 1) ** 2 * (len(b) + 1) ** 2 // 3


def _plain_odds(a: list[int], b: list[int]) -> tuple[list[Fraction], Fraction]:
    """first_player_odds for plain dice, walking the values from the top down.

    A die of size s can show any number up to s with the same chance, so going down from the
    largest number, the dice that may show v are those of size >= v not yet placed higher,
    and which of them they are does not matter for what comes below: the state is only how
    many dice each player has placed, plus who won the lowest value so far where the counts
    differed (lower values decide, so each difference overrides the one above it).
    """
    top = max(a + b, default=0)
    zeros = [sum(1 for s in a if s == 0), sum(1 for s in b if s == 0)]
    live = [[s for s in a if s > 0], [s for s in b if s > 0]]
    total = 1
    for s in live[0] + live[1]:
        total *= s
    # states[(placed_a, placed_b)] = [ways with no difference yet, A ahead, B ahead]
    states: dict[tuple[int, int], list[int]] = {(0, 0): [1, 0, 0]}
    for v in range(top, 0, -1):
        eligible = [sum(1 for s in live[p] if s >= v) for p in (0, 1)]
        nxt: dict[tuple[int, int], list[int]] = {}
        for (pa, pb), ways in states.items():
            free_a, free_b = eligible[0] - pa, eligible[1] - pb
            merged = sum(ways)
            for ca in range(free_a + 1):
                wa = comb(free_a, ca)
                for cb in range(free_b + 1):
                    w = wa * comb(free_b, cb)
                    cell = nxt.setdefault((pa + ca, pb + cb), [0, 0, 0])
                    if ca == cb:
                        for k in range(3):
                            cell[k] += ways[k] * w
                    else:
                        cell[1 if ca > cb else 2] += merged * w
        states = nxt
    final = states.get((len(live[0]), len(live[1])), [0, 0, 0])
    if zeros[0] != zeros[1]:  # the zero-sided dice show 0, the lowest value of all
        final = [0, sum(final), 0] if zeros[0] > zeros[1] else [0, 0, sum(final)]
    return [Fraction(final[1], total), Fraction(final[2], total)], Fraction(final[0], total)


def _exhausted(start) -> tuple[list[Fraction], Fraction]:
    """A player with no counting dice: the other goes first if it has any, else a tie."""
    if any(start[0]):
        return [Fraction(1), Fraction(0)], Fraction(0)
    if any(start[1]):
        return [Fraction(0), Fraction(1)], Fraction(0)
    return [Fraction(0), Fraction(0)], Fraction(1)


def _up(groups, left: tuple[int, ...], v: int) -> int:
    """Ways the dice still left can all show more than v."""
    out = 1
    for (ways, _), n in zip(groups, left):
        out *= ways.count_at_least(v + 1) ** n
    return out


def _steps(groups, v: int, lefts: set[tuple]) -> dict[tuple, tuple]:
    """For each state of one player, how many of its dice show v and in how many ways.

    (count -> [(dice left above v, ways)] to go on with; count -> ways with the rest
    above v, for when the comparison stops at v; and the running sums of the latter). Dice that cannot exceed v must
    show v by now, so states keeping them are dropped.
    """
    out = {}
    for left in lefts:
        go: dict[int, list[tuple[tuple, int]]] = {}
        decided: dict[int, int] = {}
        for shown, rest, w, up in _showing(groups, left, v):
            if all(n == 0 or ways.high > v for (ways, _), n in zip(groups, rest)):
                go.setdefault(shown, []).append((rest, w))
            decided[shown] = decided.get(shown, 0) + w * up
        run = [0]  # run[c]: ways this player shows v fewer than c times
        for c in range(0, max(decided) + 1):
            run.append(run[-1] + decided.get(c, 0))
        out[left] = (go, decided, run)
    return out


def _showing(groups, left: tuple[int, ...], v: int) -> list[tuple]:
    """[(dice showing v, dice left above v per group, ways, ways the rest are > v)]."""
    outcomes: list[tuple] = [(0, (), 1, 1)]
    for (ways, _), n in zip(groups, left):
        at = ways.count(v)
        above = ways.count_at_least(v + 1)
        nxt: list[tuple] = []
        for shown, rest, w, up in outcomes:
            for k in range(n + 1):
                wk = comb(n, k) * at ** k
                if wk:
                    nxt.append((shown + k, rest + (n - k,), w * wk, up * above ** (n - k)))
        outcomes = nxt
    return outcomes


def initiative_cost(groups) -> int:
    """Rough steps: over the values v, each joint state still open at v (both players have
    placed as many dice; dice that cannot exceed v are placed) times its own choices of
    which dice show v (a group of n dice still open gives n + 1), for both players."""
    values = max((ways.high for g in groups for ways, _ in g), default=0) + 1
    totals = [sum(n for _, n in g) for g in groups]
    cost = 0
    for v in range(values):
        count_polys, choice_polys = [], []
        for g in groups:
            count, choice = [1], [1]
            for ways, n in g:
                if ways.high < v:
                    continue
                step = [1] * (n + 1)
                weighted = [j + 1 for j in range(n + 1)] if ways.count(v) else step
                count = _times(count, step)
                choice = _times(choice, weighted)
            count_polys.append(count)
            choice_polys.append(choice)
        for ka in range(len(count_polys[0])):
            kb = totals[1] - totals[0] + ka
            if 0 <= kb < len(count_polys[1]):
                cost += (choice_polys[0][ka] * count_polys[1][kb] +
                         count_polys[0][ka] * choice_polys[1][kb])
    dice = sum(totals)
    # measured: about 3.5 such steps per microsecond, slower with many dice (big integers)
    return cost * (25 + dice) // (25 * 3)


def _times(p: list[int], q: list[int]) -> list[int]:
    out = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            out[i + j] += a * b
    return out


def leader(mine: list[Die], theirs: list[Die]) -> int | None:
    """Who goes first with the values showing: 0 (mine), 1 (theirs) or None (full tie)."""
    return leader_of(initiative_values(mine), initiative_values(theirs))


def initiative_values(dice: list[Die]) -> tuple[int, ...]:
    """What a player's dice count for the initiative: their counting values, lowest first."""
    return tuple(sorted(d.shown for d in counting(dice)))


def leader_of(a: tuple[int, ...], b: tuple[int, ...]) -> int | None:
    """`leader` for two players' initiative values (initiative_values)."""
    for x, y in zip(a, b):
        if x != y:
            return 0 if x < y else 1
    if len(a) == len(b):
        return None
    return 0 if len(a) > len(b) else 1  # equal so far: more dice go first


def chance_odds(mine: list[Die], theirs: list[Die]) -> list[tuple[int, Fraction]]:
    """For each of my Chance dice: P(re-rolling it alone puts me first; a tie fails).

    The re-roll is a real one (BMGame::react_to_initiative_chance): Mighty grows, Weak
    shrinks, Mood and Mad pick a size first; a Konstant die keeps its value.
    """
    from .resize import reroll
    out = []
    for i, die in enumerate(mine):
        if not die.has("c"):
            continue
        wins = Fraction(0)
        shapes = reroll(die)
        total = sum(w for w, _, _ in shapes)
        for w, shape, shown in shapes:
            for value, count in shown.items():
                trial = mine[:i] + [replace(shape, value=value)] + mine[i + 1:]
                if leader(trial, theirs) == 0:
                    wins += Fraction(w * count, total * shown.total)
        out.append((i, wins))
    return out
