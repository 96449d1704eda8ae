"""Starting allegiance from fair coin flips, as the data's coin rule says."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..records import AllegianceRule


def allegiance_odds(rule: AllegianceRule) -> dict[str, Fraction]:
    """Exact chance of each team: flip a fair coin `flips` times; the number of
    heads picks the team (the rule lists a team for every head count)."""
    flips = rule["flips"]
    odds: dict[str, Fraction] = {}
    for outcome in rule["outcomes"]:
        ways = comb(flips, outcome["heads"])
        odds[outcome["team"]] = odds.get(outcome["team"], Fraction(0)) + Fraction(ways, 2 ** flips)
    return odds
