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
import json
import pkgutil
import re
from dataclasses import dataclass
from difflib import get_close_matches
from functools import cache
from typing import Any, Callable, Mapping

from .budget import TooBig

# What one request may be: the engine refuses larger ones before reading them (no op needs
# more), so bad input cannot exhaust the stack or the memory of the browser tab.
MAX_DEPTH = 32  # nesting of objects and lists
MAX_TEXT_DEPTH = 200  # ... checked in the text first, so json.loads never recurses deeper
MAX_TEXT = 1_000_000  # characters of request JSON
MAX_DIGITS = 100  # digits of one number


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
    run: Callable[["Request", Any], dict]  # takes its game's data (records.BrikWarsData, …)


_OPS: dict[tuple[str, str], Op] = {}


def op(game: str, name: str, summary: str) -> Callable:
    """Register a function as the operation `{"game": game, "op": name}`."""

    def register(fn: Callable[["Request", Any], dict]) -> Callable:
        _OPS[(game, name)] = Op(game, name, summary, fn)
        return fn

    return register


def operations() -> list[Op]:
    """Every registered operation, sorted by game and name."""
    _load_games()
    return sorted(_OPS.values(), key=lambda o: (o.game, o.name))


@cache
def _game_packages() -> tuple[str, ...]:
    """The engine's subpackages: each is a game whose `ops` module registers its ops (read
    from the files once: they do not change while the engine runs)."""
    package = importlib.import_module("rulepress.engine")
    return tuple(m.name for m in pkgutil.iter_modules(package.__path__) if m.ispkg)


_LOADED: set[str] = set()


def _load_game(game: str) -> None:
    """Import just this game's ops (the browser then starts faster); unknown names are ignored:
    only a name listed as a subpackage is imported, never a module such as `exact`."""
    if game not in _LOADED and game in _game_packages():
        _import_ops(game)
        _LOADED.add(game)


def _load_games() -> None:
    """Import every `rulepress.engine.<game>.ops` module, so its ops register themselves."""
    for game in _game_packages():
        _import_ops(game)


def _import_ops(game: str) -> None:
    try:
        importlib.import_module(f"rulepress.engine.{game}.ops")
    except ModuleNotFoundError as exc:
        if exc.name != f"rulepress.engine.{game}.ops":
            raise  # a real missing import inside an ops module


class Request:
    """Typed access to the fields of a request; every failure names the field.

    Every accessor records the name it was asked for, so `unknown_fields` can
    tell a typo (`skil`) from a field the op reads, at every level: nested
    objects are read through `child` and `children`, whose paths read like
    `players[0].dice`. `answer` refuses a request with a field nobody asked for.
    """

    def __init__(self, body: dict, path: str = ""):
        self.body = body
        self.path = path
        self._asked: set[str] = set()
        self._children: list["Request"] = []

    def field(self, name: str) -> str:
        """The full path of one of this object's fields, for error messages."""
        return f"{self.path}.{name}" if self.path else name

    def _ask(self, name: str) -> Any:
        self._asked.add(name)
        return self.body.get(name)

    def has(self, name: str) -> bool:
        """Whether the request gives `name` (and `name` counts as a known field)."""
        self._asked.add(name)
        return name in self.body

    def get(self, name: str, default: Any = None) -> Any:
        self._asked.add(name)
        return self.body.get(name, default)

    def require(self, name: str) -> Any:
        self._asked.add(name)
        if name not in self.body:
            raise QueryError(f"the request needs a '{self.field(name)}' field", self.field(name))
        return self.body[name]

    def string(self, name: str, default: str | None = None) -> str:
        value = self.get(name, default)
        if value is None:
            raise QueryError(f"the request needs a '{self.field(name)}' field (text)",
                             self.field(name))
        if not isinstance(value, str):
            raise QueryError(f"'{self.field(name)}' must be text, got {type(value).__name__}",
                             self.field(name))
        return value

    def integer(self, name: str, default: int | None = None, low: int | None = None,
                high: int | None = None) -> int:
        value = self.get(name, default)
        where = self.field(name)
        if value is None:
            raise QueryError(f"the request needs a '{where}' field (a whole number)", where)
        if isinstance(value, bool) or not isinstance(value, int):
            raise QueryError(f"'{where}' must be a whole number, got {_short(value)}", where)
        if low is not None and value < low:
            raise QueryError(f"'{where}' must be at least {low}, got {_short(value)}", where)
        if high is not None and value > high:
            raise QueryError(f"'{where}' must be at most {high}, got {_short(value)}", where)
        return value

    def boolean(self, name: str, default: bool = False) -> bool:
        value = self.get(name, default)
        if not isinstance(value, bool):
            raise QueryError(f"'{self.field(name)}' must be true or false, got {_short(value)}",
                             self.field(name))
        return value

    def string_list(self, name: str, default: list[str] | None = None) -> list[str]:
        value = self.get(name, default)
        if value is None:
            raise QueryError(f"the request needs a '{self.field(name)}' field (a list of text)",
                             self.field(name))
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise QueryError(f"'{self.field(name)}' must be a list of text", self.field(name))
        return value

    def child(self, name: str, required: bool = False) -> "Request | None":
        """The nested object `name` as a Request of its own (None when absent)."""
        value = self.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, dict):
            raise QueryError(f"'{self.field(name)}' must be an object", self.field(name))
        return self.wrap(value, self.field(name))

    def children(self, name: str, default: list | None = None) -> list["Request"]:
        """The list of objects `name`, each a Request whose path is `name[i]`."""
        value = self.get(name, default)
        if value is None:
            raise QueryError(f"the request needs a '{self.field(name)}' field (a list of "
                             f"objects)", self.field(name))
        if not isinstance(value, list):
            raise QueryError(f"'{self.field(name)}' must be a list of objects", self.field(name))
        out = []
        for i, item in enumerate(value):
            where = f"{self.field(name)}[{i}]"
            if not isinstance(item, dict):
                raise QueryError(f"'{where}' must be an object", where)
            out.append(self.wrap(item, where))
        return out

    def wrap(self, body: dict, path: str) -> "Request":
        """A nested object read by hand (already checked to be a dict) as a child Request."""
        sub = Request(body, path)
        self._children.append(sub)
        return sub

    def unknown_fields(self) -> list[tuple[str, list[str]]]:
        """(path of a field nobody asked for, the asked names it may be a typo of), at every
        level that was read through `child`/`children`/`wrap`."""
        found = [(self.field(key), get_close_matches(key, sorted(self._asked), n=3))
                 for key in self.body if key not in self._asked]
        for sub in self._children:
            found += sub.unknown_fields()
        return found

    def refuse_unknown(self) -> None:
        """Raise for the first field no accessor asked for, with a did-you-mean hint."""
        unknown = self.unknown_fields()
        if unknown:
            where, close = unknown[0]
            hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            known = sorted(self._asked - {"game", "op"})
            listed = f" (this op reads: {', '.join(known)})" if known and not close else ""
            raise QueryError(f"unknown field '{where}'{hint}{listed}", where)


def _short(value: Any) -> str:
    """A value for an error message, never thousands of characters long."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return "a number of more than 30 digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def answer(request: Any, data: Mapping[str, Any]) -> dict:
    """Answer one request. Never raises: bad input and engine defects come back as JSON."""
    try:
        if not isinstance(request, dict):
            raise QueryError("a request is a JSON object such as "
                             '{"game": "evilrobots", "op": "allegiance_odds"}')
        check_shape(request)
        req = Request(request)
        game = req.string("game")
        name = req.string("op")
        _load_game(game)
        found = _OPS.get((game, name))
        if found is None:
            _load_games()  # the error lists every game and op
            raise _unknown(game, name)
        result = found.run(req, data.get(game, {}))  # games without data (dice) get {}
        req.refuse_unknown()
        return {"ok": True, **result}
    except (QueryError, TooBig) as exc:  # a bad request, or one over the engine's budget
        return {"ok": False, "error": {"message": exc.message, "field": exc.field}}
    except RecursionError:
        return {"ok": False, "error": {"message": "the request is too large to answer",
                                       "field": None}}
    except MemoryError:
        return {"ok": False, "error": {"message": "the request needs more memory than the "
                                       "engine allows; ask for fewer or smaller dice",
                                       "field": None}}
    except Exception as exc:  # noqa: BLE001 - the one door never raises
        return {"ok": False, "error": {"message": _defect(request, exc), "field": None,
                                       "defect": True}}


def answer_text(text: Any, data: Mapping[str, Any]) -> str:
    """One JSON text in, one JSON text out (the browser worker's door). Never raises."""
    try:
        response = answer(load_request(text), data)
    except QueryError as exc:
        response = {"ok": False, "error": {"message": exc.message, "field": exc.field}}
    return json.dumps(response)  # ASCII escapes: any text survives the trip


def load_request(text: Any) -> Any:
    """Parse request JSON, refusing (QueryError) what the engine would not read anyway:
    too long, too deeply nested, numbers of more than MAX_DIGITS digits, NaN or Infinity."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise QueryError(f"the request is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise QueryError("a request is JSON text")
    if len(text) > MAX_TEXT:
        raise QueryError(f"the request is {len(text):,} characters long; the engine reads at "
                         f"most {MAX_TEXT:,}")
    if _nesting(text) > MAX_TEXT_DEPTH:  # (deeper than MAX_DEPTH: answer names the field)
        raise QueryError(f"the request is nested too deeply (more than {MAX_DEPTH} levels of objects and lists)")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise QueryError(f"the request is not valid JSON: {exc.msg} at line {exc.lineno} "
                         f"column {exc.colno}") from None
    except RecursionError:
        raise QueryError(f"the request is nested too deeply (more than {MAX_DEPTH} levels of objects and lists)") \
            from None


# A string (an unterminated one runs to the end) or a bracket: one linear scan, no backtracking.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.S)


def _nesting(text: str) -> int:
    """How deep brackets nest outside strings (json.loads would recurse to find out)."""
    if text.count("[") + text.count("{") <= MAX_TEXT_DEPTH:
        return 0
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        char = match.group()
        if char in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
        elif char in ("]", "}"):
            depth -= 1
    return deepest


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise QueryError(f"a number in the request has {len(digits.lstrip('-')):,} digits; "
                         f"the engine reads at most {MAX_DIGITS}")
    return int(digits)


def _parse_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise QueryError(f"a number in the request is {len(text):,} characters long; the "
                         f"engine reads at most {MAX_DIGITS} digits")
    return float(text)


def _parse_constant(name: str) -> float:
    raise QueryError(f"the request holds {name}, which is not a JSON number")


def check_shape(request: dict) -> None:
    """Refuse, naming the field, what no op can read: nesting deeper than MAX_DEPTH, text that
    is not valid Unicode (a lone surrogate such as "\\ud800"), a key that is not text, and a
    number of more than MAX_DIGITS digits. One pass over the request, without recursion."""
    stack: list[tuple[str, Any, int]] = [("", request, 0)]
    while stack:
        path, value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise QueryError(f"'{path}' nests objects and lists more than {MAX_DEPTH} deep",
                             path or None)
        if isinstance(value, str):
            _check_text(value, path)
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) >= 10**MAX_DIGITS:
                raise QueryError(f"'{path}' is a number of more than {MAX_DIGITS} digits",
                                 path or None)
        elif isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise QueryError(f"a key of '{path or 'the request'}' is not text",
                                     path or None)
                where = f"{path}.{key}" if path else key
                _check_text(key, where)
                stack.append((where, item, depth + 1))
        elif isinstance(value, (list, tuple)):
            stack.extend((f"{path}[{i}]", item, depth + 1) for i, item in enumerate(value))


def _check_text(text: str, path: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        path = _printable(path)  # the message itself must encode
        raise QueryError(f"'{path}' is not valid Unicode text (character {exc.start + 1} is "
                         f"a lone surrogate)", path or None) from None


def _printable(text: str) -> str:
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _defect(request: Any, exc: Exception) -> str:
    """An unexpected exception is a defect of the engine: say so, and what was asked."""
    asked = _short(request) if not isinstance(request, dict) else ", ".join(
        f"{k}={_short(v)}" for k, v in list(request.items())[:8])
    return (f"engine defect ({type(exc).__name__}: {_short(str(exc))}) while answering "
            f"{asked}; please report it")


def _unknown(game: str, name: str) -> QueryError:
    games = sorted({g for g, _ in _OPS})
    if game not in games:
        return QueryError(f"unknown game '{game}'; known games: {', '.join(games)}", "game")
    names = sorted(n for g, n in _OPS if g == game)
    return QueryError(f"unknown op '{name}' for {game}; known ops: {', '.join(names)}", "op")
