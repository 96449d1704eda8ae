"""The start of a round: the opening roll, who goes first, and Chance and Focus reactions.

Button Men Online's order (BMGame: DETERMINE_INITIATIVE, REACT_TO_INITIATIVE): every die
rolls (opening.opening_roll: a Warrior die shows its top); initiative.leader says who goes
first, a button that cannot win the initiative (Giant) never does, and a full tie is
settled by a coin. Then the player without the initiative may react once: re-roll one
Chance die, or turn Focus dice down, if that gives them the initiative alone
(BMSkillFocus::react_to_initiative); on success the other player may react in turn. A failed
Chance re-roll ends the reactions. Focus dice turned down by the player who goes first may
not take part in their first attack (BMO's Dizzy flag).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from random import Random

from ..dice import Die
from ..initiative import chance_odds, counting, initiative_values, leader, leader_of
from ..opening import opening_roll
from ..resize import reroll
from .draw import pick
from .match import Match
from .position import Position


def slow(match: Match) -> tuple[bool, bool]:
    return tuple(bool(b and b.effect == "slow") for b in match.buttons)  # type: ignore


def first_player(match: Match, dice: tuple[list[Die], list[Die]]) -> int | None:
    """Who goes first with these values (None: a full tie, settled by a coin)."""
    return _first(match, initiative_values(dice[0]), initiative_values(dice[1]))


def _first(match: Match, a: tuple[int, ...], b: tuple[int, ...]) -> int | None:
    late = slow(match)
    if late[0] != late[1]:
        return 1 if late[0] else 0
    if all(late):
        return None
    return leader_of(a, b)


def reacts(dice: tuple[list[Die], list[Die]]) -> bool:
    """Whether either player has a die that can react to the initiative."""
    return any(d.has("c") or d.has("f") for side in dice for d in side)


def side_rolls(match: Match, dice: list[Die]) -> list[tuple[int, tuple[int, ...],
                                                           tuple[int, ...]]]:
    """One player's opening rolls: (ways, the dice shown as sorted ids, initiative values),
    rolls showing the same dice merged (the order of dice changes nothing)."""
    faces = []
    for die in dice:
        roll = opening_roll(die)
        faces.append([(count, match.id(replace(die, value=v))) for v, count in roll.items()])
    merged: dict[tuple[int, ...], int] = {}
    for combo in product(*faces):
        ways = 1
        for count, _ in combo:
            ways *= count
        ids = tuple(sorted(i for _, i in combo))
        merged[ids] = merged.get(ids, 0) + ways
    return [(ways, ids, initiative_values([match.die(i) for i in ids]))
            for ids, ways in merged.items()]


def opening_positions(match: Match, dice: tuple[list[Die], list[Die]]
                      ) -> list[tuple[Fraction, Position]]:
    """Every opening roll with its exact chance, as the position the first attack is made
    from (no reactions: the solver refuses dice that react; see `reacts`)."""
    rolls = [side_rolls(match, dice[0]), side_rolls(match, dice[1])]
    total = sum(w for w, _, _ in rolls[0]) * sum(w for w, _, _ in rolls[1])
    out = []
    for wa, a, ia in rolls[0]:
        for wb, b, ib in rolls[1]:
            first = _first(match, ia, ib)
            chance = Fraction(wa * wb, total)
            if first is None:  # a full tie: a coin decides (BMO)
                out += [(chance / 2, Position((a, b), mover=0)),
                        (chance / 2, Position((a, b), mover=1))]
            else:
                out.append((chance, Position((a, b), mover=first)))
    return out


def opening_count(dice: tuple[list[Die], list[Die]]) -> int:
    """How many opening rolls there are (before merging equal ones): the price of listing."""
    count = 1
    for die in dice[0] + dice[1]:
        count *= len(list(opening_roll(die).items()))
    return count


@dataclass
class Reaction:
    """A reaction to the initiative: re-roll the Chance die at `die`, or turn Focus dice down
    to the values in `focus` (position -> new value)."""
    kind: str  # "chance" or "focus"
    die: int = -1
    focus: tuple[tuple[int, int], ...] = ()


def reactions(dice: tuple[list[Die], list[Die]], player: int, chance_spent: bool
              ) -> list[Reaction]:
    """What the player without the initiative may do (declining is always allowed)."""
    out = []
    mine = dice[player]
    if not chance_spent:
        out += [Reaction("chance", i) for i, d in enumerate(mine) if d.has("c")]
    focus = [i for i, d in enumerate(mine) if d.has("f") and d.shown > d.low]
    if focus:
        lowest = [replace(d, value=d.low) if i in focus else d for i, d in enumerate(mine)]
        if _alone_first(dice, player, lowest):
            out.append(Reaction("focus", focus=_least_turn_down(dice, player, focus)))
    return out


def _alone_first(dice, player: int, mine: list[Die]) -> bool:
    trial = (mine, dice[1]) if player == 0 else (dice[0], mine)
    return leader(trial[0], trial[1]) == player


def _least_turn_down(dice, player: int, focus: list[int]) -> tuple[tuple[int, int], ...]:
    """Focus dice turned down only as far as needed: all to their lowest, then each raised
    back as far as the initiative stays (a choice the rules leave to the player)."""
    mine = list(dice[player])
    for i in focus:
        mine[i] = replace(mine[i], value=mine[i].low)
    for i in focus:
        for v in range(dice[player][i].shown, mine[i].low, -1):
            trial = mine[:i] + [replace(mine[i], value=v)] + mine[i + 1:]
            if _alone_first(dice, player, trial):
                mine[i] = trial[i]
                break
    return tuple((i, mine[i].shown) for i in focus if mine[i].shown != dice[player][i].shown)


def react(dice: tuple[list[Die], list[Die]], player: int, reaction: Reaction, rng: Random
          ) -> tuple[tuple[list[Die], list[Die]], bool]:
    """The dice after a reaction, and whether it gave the player the initiative alone."""
    mine = list(dice[player])
    if reaction.kind == "chance":
        die = mine[reaction.die]
        shapes = reroll(die)
        weights = [w * shown.total for w, _, shown in shapes]
        w, shape, shown = shapes[pick(rng, weights)]
        values = list(shown.items())
        value = values[pick(rng, [c for _, c in values])][0]
        mine[reaction.die] = replace(shape, value=value)
    else:
        for i, v in reaction.focus:
            mine[i] = replace(mine[i], value=v)
    new = (mine, list(dice[1])) if player == 0 else (list(dice[0]), mine)
    return new, _alone_first(new, player, mine)


def start_round(match: Match, dice: tuple[list[Die], list[Die]], rng: Random,
                names: tuple[str, str]) -> tuple[Position, list[dict]]:
    """A round's start drawn at random: the opening roll, who goes first, and the reactions
    each player's policy makes. Returns the first position and what happened, in order."""
    shown: list[list[Die]] = []
    for side in dice:
        rolled = []
        for die in side:
            roll = opening_roll(die)
            values = list(roll.items())
            rolled.append(replace(die, value=values[pick(rng, [c for _, c in values])][0]))
        shown.append(rolled)
    now = (shown[0], shown[1])
    log: list[dict] = [{"event": "opening roll",
                        "values": [list(initiative_values(now[0])),
                                   list(initiative_values(now[1]))],
                        "left_out": [len(side) - len(counting(side)) for side in now]}]
    first = first_player(match, now)
    if first is None:
        first = rng.randrange(2)
        log.append({"event": "tie", "first": first})
    turned: dict[int, tuple[int, ...]] = {0: (), 1: ()}
    spent = [False, False]
    while True:
        player = 1 - first
        options = reactions(now, player, spent[player])
        if not options or slow(match)[player]:
            break
        if names[player] == "random":
            choice = rng.randrange(len(options) + 1)
            reaction = options[choice - 1] if choice else None
        else:  # take the initiative with Focus when it can; else the best Chance re-roll
            focus = [r for r in options if r.kind == "focus"]
            odds = dict(chance_odds(now[player], now[1 - player]))
            chances = sorted((r for r in options if r.kind == "chance"),
                             key=lambda r: -odds.get(r.die, Fraction(0)))
            reaction = focus[0] if focus else (
                chances[0] if chances and odds.get(chances[0].die, 0) > 0 else None)
        if reaction is None:
            break
        now, gained = react(now, player, reaction, rng)
        log.append({"event": reaction.kind, "player": player, "gained": gained})
        if reaction.kind == "focus":
            turned[player] = tuple(sorted(set(turned[player]) | {i for i, _ in reaction.focus}))
        if not gained:
            spent[player] = True  # a failed Chance re-roll ends the reactions
            break
        first = player
    ids = (tuple(match.id(d) for d in now[0]), tuple(match.id(d) for d in now[1]))
    log.append({"event": "first", "player": first})
    return Position(ids, mover=first, dizzy=turned[first]), log
