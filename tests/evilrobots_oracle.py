"""Brute-force oracle for Evil Robots round odds: every ordered deal of the unknown power
cards and every coin outcome. Slow, obviously right; the tests and bench/evilrobots.py
check the engine's round_odds against it."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations, product

COIN = {"Good": Fraction(1, 4), "Evil": Fraction(1, 4), "Neutral": Fraction(1, 2)}


def brute_force(players, deck, extra_power=0, plus=()):
    """Walk every ordered deal of the unknown cards and every coin outcome."""
    unknown = [i for i, p in enumerate(players) if "power" not in p]
    for p in players:
        if "power" in p:
            deck.remove(p["power"])
    deals = Counter(permutations(deck, len(unknown)))
    total = sum(deals.values())
    result = Counter()
    open_seats = [i for i, p in enumerate(players) if "team" not in p]
    for teams in product(COIN, repeat=len(open_seats)):
        weight = Fraction(1)
        for t in teams:
            weight *= COIN[t]
        final = [p.get("team") for p in players]
        for i, t in zip(open_seats, teams):
            final[i] = t
        for cards, ways in deals.items():
            power = [p.get("power") for p in players]
            for i, c in zip(unknown, cards):
                power[i] = c
            power = [v + (3 if i in plus else 0) for i, v in enumerate(power)]
            if len(set(final)) == 1:
                result["nobody"] += weight * Fraction(ways, total)
                continue
            good = sum(v for v, t in zip(power, final) if t == "Good") + extra_power
            evil = sum(v for v, t in zip(power, final) if t == "Evil")
            key = "Good" if good > evil else "Evil" if evil > good else "Neutral"
            result[key] += weight * Fraction(ways, total)
    return dict(result)


def deck():
    return [level for level in range(1, 10) for _ in range(2)]
