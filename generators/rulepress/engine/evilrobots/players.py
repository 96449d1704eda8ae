"""Read the `players` list of a request: each player is an object with known fields only,
and every mistake names the exact field, e.g. "players[2].team"."""

from __future__ import annotations

from ..query import QueryError, Request

TEAMS = ("Good", "Evil", "Neutral")


def read_players(req: Request, data: dict, fields: dict[str, str],
                 required: tuple[str, ...] = ()) -> list[dict]:
    """`fields` maps each allowed field to its type: team, power, robot, bool, text."""
    raw = req.require("players")
    if not isinstance(raw, list) or not raw:
        raise QueryError("'players' must be a non-empty list of objects", "players")
    players, seen_robots, seen_names = [], set(), set()
    for index, item in enumerate(raw):
        where = f"players[{index}]"
        player = read_player(item, where, data, fields, required)
        if player["name"] is None:
            player["name"] = f"P{index + 1}"
        if player["name"] in seen_names:
            raise QueryError(f"{where}.name: two players are called {player['name']!r}",
                             f"{where}.name")
        seen_names.add(player["name"])
        robot = player.get("robot")
        if robot is not None:
            if robot in seen_robots:
                raise QueryError(f"two players hold {robot}; each robot card is in the deck "
                                 "once", f"{where}.robot")
            seen_robots.add(robot)
        players.append(player)
    return players


def read_player(item, where: str, data: dict, fields: dict[str, str],
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


def _check(value, kind: str, field: str, bots: dict, deck: dict):
    if kind == "bool":
        if not isinstance(value, bool):
            raise QueryError(f"{field} must be true or false", field)
    elif kind == "team":
        if value not in TEAMS:
            raise QueryError(f"{field} must be Good, Evil or Neutral, got {value!r}", field)
    elif kind == "power":
        if isinstance(value, bool) or not isinstance(value, int) or not (
                deck["low"] <= value <= deck["high"]):
            raise QueryError(f"{field} must be a power card, {deck['low']} to {deck['high']}, "
                             f"got {value!r}", field)
    elif kind == "level":  # a power level a player acts at (PlusBot and FreeBot go past 9)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise QueryError(f"{field} must be a whole number of at least 1, got {value!r}",
                             field)
    elif kind == "passed":
        if value not in ("debate", "turn"):
            raise QueryError(f"{field} must be \"debate\" (passed before the countdown) or "
                             f"\"turn\" (passed as the countdown action), got {value!r}", field)
    elif kind == "robot":
        if value not in bots:
            raise QueryError(f"{field}: unknown robot {value!r}; known: {', '.join(bots)}",
                             field)
    return value


def power_card(req: Request, data: dict, name: str) -> int | None:
    """An optional power-card field of the request itself (e.g. the points card)."""
    if req.get(name) is None:
        return None
    return _check(req.get(name), "power", name, {}, data["power_decks"][0])


def team_field(req: Request, name: str) -> str | None:
    value = req.get(name)
    if value is not None and value not in TEAMS:
        raise QueryError(f"'{name}' must be Good, Evil or Neutral, got {value!r}", name)
    return value
