"""Read the `players` list of a request: each player is an object with known fields only,
and every mistake names the exact field, e.g. "players[2].team"."""

from __future__ import annotations

from collections import Counter

from ..query import QueryError, Request
from ..records import EvilRobotsData, PowerDeck, given, player_limits
from ..query import _short as shown

TEAMS = ("Good", "Evil", "Neutral")


def read_players(req: Request, data: EvilRobotsData, fields: dict[str, str],
                 required: tuple[str, ...] = ()) -> list[dict]:
    """`fields` maps each allowed field to its type: team, power, robot, bool, text.

    The list is the whole table, so its length must be a legal player count (3 to 9 in
    data/evilrobots/round.yaml; the optional non-player robot is `extra_robot`, not a player).
    """
    raw = req.require("players")
    if not isinstance(raw, list) or not raw:
        raise QueryError("'players' must be a non-empty list of objects", "players")
    low, high = player_range(data)
    if len(raw) > high:  # before reading them: 10,000 players are refused at once
        raise QueryError(f"Evil Robots is for {low} to {high} players, not {len(raw)}",
                         "players")
    players, seen_names = [], set()
    for index, item in enumerate(raw):
        where = f"players[{index}]"
        player = read_player(item, where, data, fields, required)
        if player["name"] is None:
            player["name"] = f"P{index + 1}"
        if player["name"] in seen_names:
            raise QueryError(f"{where}.name: two players are called {player['name']!r}",
                             f"{where}.name")
        seen_names.add(player["name"])
        players.append(player)
    if len(players) < low:
        raise QueryError(f"Evil Robots is for {low} to {high} players, not {len(players)}; "
                         "list every player at the table (an empty object is a player you "
                         "know nothing about)", "players")
    return players


def read_decks(req: Request, data: EvilRobotsData) -> int:
    """`decks`: how many copies of the game the table deals from (default 1). The rules let
    players share one deck or use separate copies (seed 002 lines 95, 96, 100), so one
    robot card may then be held by several players. At most one copy a player."""
    return req.integer("decks", 1, low=1, high=player_range(data)[1])


def check_cards(players: list[dict], data: EvilRobotsData, decks: int,
                points: int | None = None) -> None:
    """No more copies of a card than `decks` copies of the game hold: a game has each robot
    card once and each power level `copies_per_level` times (the points card is one of
    them). The first player over a limit is named."""
    per_level = decks * given(data["power_decks"][0]["copies_per_level"],
                              "copies per power level")
    games = "one copy of the game has" if decks == 1 else f"{decks} copies of the game have"
    fix = (" (the rules allow separate copies: give \"decks\", the number of copies the "
           "table deals from)")
    robots: Counter[str] = Counter()
    powers: Counter[int] = Counter()
    for index, player in enumerate(players):
        robot, power = player.get("robot"), player.get("power")
        if robot is not None:
            robots[robot] += 1
            if robots[robot] > decks:
                raise QueryError(f"{robots[robot]} players hold {robot}, but {games} "
                                 f"{decks} such card{'s' * (decks > 1)}{fix}",
                                 f"players[{index}].robot")
        if power is not None:
            powers[power] += 1
            if powers[power] > per_level:
                raise QueryError(f"{powers[power]} power cards of {power} are in play, but "
                                 f"{games} {per_level}{fix}", f"players[{index}].power")
    if points is not None and powers[points] + 1 > per_level:
        raise QueryError(f"the points card is a {points} too, which makes "
                         f"{powers[points] + 1} power cards of {points}, but {games} "
                         f"{per_level}{fix}", "points")


def player_range(data: EvilRobotsData) -> tuple[int, int]:
    """(fewest, most) players the rules allow."""
    return player_limits(data)


def power_bonus(robot: str | None, bots: dict) -> int:
    """How much a robot adds to its holder's power level: PlusBot's `power_bonus` in its
    scoring record (data/evilrobots/bots.yaml, seed 002 line 171); 0 for the others."""
    rule = bots[robot]["scoring"] if robot else {}
    return rule.get("points", 0) if rule.get("effect") == "power_bonus" else 0


def power_level(player: dict, bots: dict) -> int:
    """A player's power level: the card, plus PlusBot's bonus (data: `power_bonus`).

    Conversions compare levels and the team totals add them (seed 002 line 171)."""
    return player["power"] + power_bonus(player.get("robot"), bots)


def highest_level(data: EvilRobotsData) -> int:
    """The highest power level a player can have: the top card plus the largest bonus."""
    bots = {b["id"]: b for b in data["bots"]}
    return data["power_decks"][0]["high"] + max((power_bonus(b, bots) for b in bots),
                                                default=0)


def read_player(item, where: str, data: EvilRobotsData, fields: dict[str, str],
                required: tuple[str, ...] = ()) -> dict:
    """One player object; `where` is its place in the request, for error fields."""
    bots = {b["id"]: b for b in data["bots"]}
    deck = data["power_decks"][0]
    if not isinstance(item, dict):
        raise QueryError(f"{where} must be an object such as "
                         '{"power": 7, "team": "Good"}', where)
    extra = sorted(set(item) - set(fields) - {"name"})
    if extra:
        raise QueryError(f"{where} has unknown field '{extra[0]}'; allowed: "
                         f"name, {', '.join(fields)}", f"{where}.{extra[0]}")
    player = {"name": item.get("name")}
    if player["name"] is not None and not isinstance(player["name"], str):
        raise QueryError(f"{where}.name must be text", f"{where}.name")
    for name, kind in fields.items():
        value = item.get(name)
        field = f"{where}.{name}"
        if value is None:
            if name in required:
                raise QueryError(f"{where} needs '{name}'", field)
            player[name] = False if kind == "bool" else None
            continue
        player[name] = _check(value, kind, field, bots, deck)
    return player


def _check(value, kind: str, field: str, bots: dict, deck: PowerDeck):
    if kind == "bool":
        if not isinstance(value, bool):
            raise QueryError(f"{field} must be true or false", field)
    elif kind == "team":
        if not isinstance(value, str) or value not in TEAMS:
            raise QueryError(f"{field} must be Good, Evil or Neutral, got {shown(value)}", field)
    elif kind == "power":
        if isinstance(value, bool) or not isinstance(value, int) or not (
                deck["low"] <= value <= deck["high"]):
            raise QueryError(f"{field} must be a power card, {deck['low']} to {deck['high']}, "
                             f"got {shown(value)}", field)
    elif kind == "level":  # a level a player acts at: 1 to 9, or PlusBot's card + bonus
        top = deck["high"] + max((power_bonus(b, bots) for b in bots), default=0)
        if isinstance(value, bool) or not isinstance(value, int) or not (
                deck["low"] <= value <= top):
            raise QueryError(f"{field} must be a power level, {deck['low']} to {top}, "
                             f"got {shown(value)}", field)
    elif kind == "passed":
        if not isinstance(value, str) or value not in ("debate", "turn"):
            raise QueryError(f"{field} must be \"debate\" (passed before the countdown) or "
                             f"\"turn\" (passed as the countdown action), got {shown(value)}", field)
    elif kind == "robot":
        if not isinstance(value, str) or value not in bots:
            raise QueryError(f"{field}: unknown robot {value!r}; known: {', '.join(bots)}",
                             field)
    return value


def check_negated(players: list[dict]) -> None:
    """`negated` needs a NegativeBot to have picked the player (or CopyBot copying one that
    acted): no more negated players than NegativeBots, CopyBots and players whose robot is
    not given could account for (line 169)."""
    negated = [i for i, p in enumerate(players) if p.get("negated")]
    robots = [p.get("robot") for p in players]
    possible = robots.count("negativebot") + robots.count(None)
    if possible:
        possible += robots.count("copybot")
    if len(negated) > possible:
        where = f"players[{negated[possible]}].negated"
        raise QueryError("no NegativeBot (or CopyBot copying it) is left to have picked this "
                         "player; give the robot of the player who did", where)


def power_card(req: Request, data: EvilRobotsData, name: str) -> int | None:
    """An optional power-card field of the request itself (e.g. the points card)."""
    if req.get(name) is None:
        return None
    return _check(req.get(name), "power", name, {}, data["power_decks"][0])


def team_field(req: Request, name: str) -> str | None:
    value = req.get(name)
    if value is not None and (not isinstance(value, str) or value not in TEAMS):
        raise QueryError(f"'{name}' must be Good, Evil or Neutral, got {shown(value)}", name)
    return value
