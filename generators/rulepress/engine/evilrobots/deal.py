"""Deal a round from a shared game code: robots, power cards and the points card.

One code shuffles ONE robot deck and ONE power deck for the whole table, so no two seats
ever hold the same card. Seat N (1-based) takes the N-th card of each deck; the points
card is the last card of the shuffled power deck, so a seat's cards never depend on how
many players there are.

Coins are not dealt: anyone who knows the code could work them out, and a starting team
must stay secret. Each phone flips its own coins (the applet uses the browser's random
numbers; `allegiance_odds` gives the chances).
"""

from __future__ import annotations

from ..query import QueryError
from ..records import EvilRobotsData, PowerDeck, given, player_limits
from .shuffle import draws_for, normal_code, shuffled

MAX_CODE = 64  # plenty for a code typed on a phone; keeps the hash cheap


def power_cards(deck: PowerDeck) -> list[int]:
    copies = given(deck["copies_per_level"], "copies per power level")
    return [level for level in range(deck["low"], deck["high"] + 1) for _ in range(copies)]


def deal_table(data: EvilRobotsData, code: str, round_number: int, players: int) -> dict:
    """Every seat's cards, plus the points card."""
    bots, deck = data["bots"], data["power_decks"][0]
    cards = power_cards(deck)
    low, high = player_limits(data)
    # The points card needs one power card beyond the seats.
    high = min(high, len(bots), len(cards) - 1)
    if not low <= players <= high:
        raise QueryError(f"Evil Robots deals to {low} to {high} players, not {players}",
                         "players")
    if not normal_code(code):
        raise QueryError("the game code is empty; every phone at the table types the same "
                         "code, e.g. \"PLUM-42\"", "code")
    if len(code) > MAX_CODE or any(0xD800 <= ord(c) <= 0xDFFF for c in code):
        raise QueryError(f"a game code is at most {MAX_CODE} ordinary characters (letters, "
                         "digits, signs), e.g. \"PLUM-42\"", "code")
    draws = draws_for(code, round_number)
    robot_deck = shuffled(bots, draws)
    power_deck = shuffled(cards, draws)
    seats = []
    for seat in range(1, players + 1):
        bot = robot_deck[seat - 1]
        seats.append({
            "seat": seat,
            "robot": {key: bot[key] for key in ("id", "name", "kind", "ability")},
            "power": power_deck[seat - 1],
        })
    return {"code": normal_code(code), "round": round_number, "players": players,
            "points": power_deck[-1], "seats": seats}
