"""Exact chances of each round result from what the table knows.

Unknown power cards are drawn without replacement from the cards nobody has shown;
unknown teams follow the coin rule. Robots that nobody named are taken to leave power
alone (PlusBot and NegativeBot only count when the request names them).

Only Good's total minus Evil's total decides the winner, so each unknown-power player
is a card added (+) or taken away (-): a Good player, or an Evil player whose power
NegativeBot flipped, adds; the others take away; Neutral cards do not count.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import cache
from math import comb, factorial

from ..dice.dist import Dist
from ..query import QueryError
from ..records import EvilRobotsData, given
from .allegiance import allegiance_odds
from .deal import power_cards
from .players import power_bonus

SIGN = {"Good": 1, "Evil": -1, "Neutral": 0}


def round_odds(players: list[dict], data: EvilRobotsData, points: int | None,
               extra_robot: str | None, decks: int = 1) -> dict[str, Fraction]:
    """`decks`: the copies of the game whose power cards are shuffled together."""
    bots = {b["id"]: b for b in data["bots"]}
    rules = data["round_rules"][0]
    deck = Counter(power_cards(data["power_decks"][0]) * decks)
    shown = [(f"players[{i}].power", p["power"]) for i, p in enumerate(players)
             if p["power"] is not None] + ([("points", points)] if points is not None else [])
    for field, card in shown:
        deck[card] -= 1
        if deck[card] < 0:
            raise QueryError(f"more cards of power {card} are known than the deck holds", field)
    coin = allegiance_odds(next(r for r in data["allegiance_rules"] if r["id"] == "coin-flips"))
    levels = tuple(sorted((level, n) for level, n in deck.items() if n))

    # Players whose team is unknown are grouped by what they bring (power, robot, flip);
    # each group is enumerated as counts per team, weighted by the multinomial.
    def contribution(player: dict, team: str) -> tuple[int, int, int]:
        """(fixed shift, cards added, cards taken away) of one player on one team."""
        sign = SIGN[team] * (-1 if player["negated"] else 1)
        extra = power_bonus(player["robot"], bots)
        if sign == 0:
            return 0, 0, 0
        if player["power"] is None:
            return sign * extra, int(sign > 0), int(sign < 0)
        return sign * (player["power"] + extra), 0, 0

    base = [0, 0, 0]
    for player in players:
        if player["team"] is not None:
            base = [a + b for a, b in zip(base, contribution(player, player["team"]))]
    if extra_robot:
        base[0] += SIGN[extra_robot] * given(rules["extra_robot_power"], "extra robot power")
    known_teams = {p["team"] for p in players if p["team"] is not None}
    open_groups = Counter((p["power"], p["robot"], p["negated"]) for p in players
                          if p["team"] is None)
    # chances by state: Fractions, so a defaultdict (a Counter's counts are typed int)
    states: defaultdict[tuple, Fraction] = defaultdict(Fraction, {(tuple(base), frozenset()):
                                                                  Fraction(1)})
    for (power, robot, negated), count in open_groups.items():
        player = {"power": power, "robot": robot, "negated": negated}
        step: defaultdict[tuple, Fraction] = defaultdict(Fraction)
        for good in range(count + 1):
            for evil in range(count - good + 1):
                neutral = count - good - evil
                weight = (multinomial(count, good, evil, neutral) * coin["Good"] ** good
                          * coin["Evil"] ** evil * coin["Neutral"] ** neutral)
                adds = [0, 0, 0]
                used = set()
                for team, n in (("Good", good), ("Evil", evil), ("Neutral", neutral)):
                    if n:
                        used.add(team)
                        adds = [a + n * b for a, b in zip(adds, contribution(player, team))]
                for (shift, teams), chance in states.items():
                    key = (tuple(a + b for a, b in zip(shift, adds)), teams | used)
                    step[key] += chance * weight
        states = step
    groups: defaultdict[tuple, Fraction] = defaultdict(Fraction)
    for ((shift, adds, takes), teams), chance in states.items():
        groups[(shift, adds, takes, len(teams | known_teams) == 1)] += chance

    odds = {"Good": Fraction(0), "Evil": Fraction(0), "Neutral": Fraction(0),
            "nobody": Fraction(0)}
    tie = rules["tie_team"]
    limit = sum(1 for p in players if p["power"] is None)
    for (shift, adds, takes, one_team), share in groups.items():
        if one_team:
            odds["nobody"] += share
            continue
        for diff, chance in _difference(levels, adds, takes, limit).pmf():
            total = shift + diff
            odds["Good" if total > 0 else "Evil" if total < 0 else tie] += share * chance
    return odds


def _difference(levels: tuple, adds: int, takes: int, limit: int) -> Dist:
    """The distribution of (sum of `adds` cards) - (sum of `takes` cards), all drawn at once
    without replacement from the deck `levels` ((level, copies) pairs): the ways to draw
    each difference, over every way to draw."""
    cards = sum(copies for _, copies in levels)
    if adds + takes > cards:
        raise QueryError(f"{adds + takes} unknown power cards, but only {cards} are left",
                         "players")
    return Dist.from_counts(_ways(levels, limit)[(adds, takes)])


@cache
def _ways(levels: tuple, limit: int) -> dict[tuple[int, int], dict[int, int]]:
    """For every a, t with a + t <= limit: the number of ways to pick a cards to add and t
    cards to take away, by the difference of their sums. One pass serves every split."""
    ways: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for level, copies in levels:
        step: dict[tuple[int, int, int], int] = {}
        for (a, t, diff), count in ways.items():
            for x in range(min(copies, limit - a - t) + 1):
                for y in range(min(copies - x, limit - a - t - x) + 1):
                    key = (a + x, t + y, diff + level * (x - y))
                    step[key] = step.get(key, 0) + count * comb(copies, x) * comb(copies - x, y)
        ways = step
    table: dict[tuple[int, int], dict[int, int]] = {}
    for (a, t, diff), count in ways.items():
        table.setdefault((a, t), {})[diff] = count
    return table


def multinomial(total: int, *parts: int) -> int:
    result = factorial(total)
    for part in parts:
        result //= factorial(part)
    return result
