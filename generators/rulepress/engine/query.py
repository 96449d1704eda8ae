"""One JSON request in, one JSON response out: the engine's only public door.

The command line (`rulepress query`), the tests, the site build and the
browser worker all call `answer(request, data)`. `data` is the game data as
plain JSON-able dicts (exported from the YAML at build time), so this module
and everything it calls run unchanged in Pyodide.

Each game module registers its operations with `@op(game, name)`; an op gets a
`Request` (typed field access with precise errors) and that game's data.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass
from typing import Any, Callable


class QueryError(ValueError):
    """A request the engine cannot answer; `field` names the offending input."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass(frozen=True)
class Op:
    game: str
    name: str
    summary: str
    run: Callable[["Request", dict], dict]


_OPS: dict[tuple[str, str], Op] = {}


def op(game: str, name: str, summary: str) -> Callable:
    """Register a function as the operation `{"game": game, "op": name}`."""

    def register(fn: Callable[["Request", dict], dict]) -> Callable:
        _OPS[(game, name)] = Op(game, name, summary, fn)
        return fn

    return register


def operations() -> list[Op]:
    """Every registered operation, sorted by game and name."""
    _load_games()
    return sorted(_OPS.values(), key=lambda o: (o.game, o.name))


def _load_game(game: str) -> None:
    """Import just this game's ops (the browser then starts faster); unknown names are ignored."""
    if game.isidentifier() and importlib.util.find_spec(f"rulepress.engine.{game}") is not None:
        importlib.import_module(f"rulepress.engine.{game}.ops")


def _load_games() -> None:
    """Import every `rulepress.engine.<game>.ops` module, so its ops register themselves."""
    package = importlib.import_module("rulepress.engine")
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            try:
                importlib.import_module(f"rulepress.engine.{module.name}.ops")
            except ModuleNotFoundError as exc:
                if exc.name != f"rulepress.engine.{module.name}.ops":
                    raise  # a real missing import inside an ops module


class Request:
    """Typed access to the fields of a request; every failure names the field."""

    def __init__(self, body: dict):
        self.body = body

    def get(self, name: str, default: Any = None) -> Any:
        return self.body.get(name, default)

    def require(self, name: str) -> Any:
        if name not in self.body:
            raise QueryError(f"the request needs a '{name}' field", name)
        return self.body[name]

    def string(self, name: str, default: str | None = None) -> str:
        value = self.body.get(name, default)
        if value is None:
            raise QueryError(f"the request needs a '{name}' field (text)", name)
        if not isinstance(value, str):
            raise QueryError(f"'{name}' must be text, got {type(value).__name__}", name)
        return value

    def integer(self, name: str, default: int | None = None, low: int | None = None,
                high: int | None = None) -> int:
        value = self.body.get(name, default)
        if value is None:
            raise QueryError(f"the request needs a '{name}' field (a whole number)", name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise QueryError(f"'{name}' must be a whole number, got {value!r}", name)
        if low is not None and value < low:
            raise QueryError(f"'{name}' must be at least {low}, got {value}", name)
        if high is not None and value > high:
            raise QueryError(f"'{name}' must be at most {high}, got {value}", name)
        return value

    def boolean(self, name: str, default: bool = False) -> bool:
        value = self.body.get(name, default)
        if not isinstance(value, bool):
            raise QueryError(f"'{name}' must be true or false, got {value!r}", name)
        return value

    def string_list(self, name: str, default: list[str] | None = None) -> list[str]:
        value = self.body.get(name, default)
        if value is None:
            raise QueryError(f"the request needs a '{name}' field (a list of text)", name)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise QueryError(f"'{name}' must be a list of text", name)
        return value


def answer(request: Any, data: dict) -> dict:
    """Answer one request. Never raises for bad input: errors come back as JSON."""
    try:
        if not isinstance(request, dict):
            raise QueryError("a request is a JSON object such as "
                             '{"game": "evilrobots", "op": "allegiance_odds"}')
        req = Request(request)
        game = req.string("game")
        name = req.string("op")
        _load_game(game)
        found = _OPS.get((game, name))
        if found is None:
            _load_games()  # the error lists every game and op
            raise _unknown(game, name)
        result = found.run(req, data.get(game, {}))  # games without data (dice) get {}
        return {"ok": True, **result}
    except QueryError as exc:
        return {"ok": False, "error": {"message": exc.message, "field": exc.field}}
    except RecursionError:
        return {"ok": False, "error": {"message": "the request is too large to answer",
                                       "field": None}}


def _unknown(game: str, name: str) -> QueryError:
    games = sorted({g for g, _ in _OPS})
    if game not in games:
        return QueryError(f"unknown game '{game}'; known games: {', '.join(games)}", "game")
    names = sorted(n for g, n in _OPS if g == game)
    return QueryError(f"unknown op '{name}' for {game}; known ops: {', '.join(names)}", "op")
