"""The data export the engine reads matches its typed records (engine/records.py), both ways:
every key a record declares as required is there with the declared type, and the export
holds no key the records do not declare."""

from __future__ import annotations

import json
import types
import typing
from typing import Any, NotRequired, Required, get_args, get_origin, get_type_hints

from rulepress.engine import records
from rulepress.engine.records import EngineData, fact_value, player_limits


def problems(value: Any, kind: Any, where: str, bound: dict | None = None) -> list[str]:
    """Where `value` does not fit the type `kind` (TypedDicts, lists, dicts, unions)."""
    bound = bound or {}
    if isinstance(kind, typing.TypeVar):
        kind = bound.get(kind, Any)
    origin, args = get_origin(kind), get_args(kind)
    if kind is Any:
        return []
    if origin in (typing.Union, types.UnionType):
        found = [problems(value, option, where, bound) for option in args]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, expected a list"]
        return [p for i, item in enumerate(value) for p in problems(item, args[0], f"{where}[{i}]",
                                                                      bound)]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, expected an object"]
        return [p for k, item in value.items() for p in problems(item, args[1], f"{where}.{k}",
                                                                   bound)]
    typed_dict = origin if typing.is_typeddict(origin) else kind
    if typing.is_typeddict(typed_dict):
        if args:  # a generic TypedDict such as Fact[int]
            bound = {**bound, **dict(zip(typed_dict.__parameters__, args))}
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, expected a {typed_dict.__name__}"]
        hints = get_type_hints(typed_dict, include_extras=True)
        found = [f"{where}.{key}: not in the {typed_dict.__name__} record"
                 for key in value if key not in hints]
        for key, hint in hints.items():
            # read from the hint: with postponed annotations 3.11's __required_keys__ errs
            required = get_origin(hint) is not NotRequired
            if get_origin(hint) in (NotRequired, Required):
                hint = get_args(hint)[0]
            if key not in value:
                if required:
                    found.append(f"{where}: no '{key}' ({typed_dict.__name__})")
                continue
            found += problems(value[key], hint, f"{where}.{key}", bound)
        return found
    if kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind)
    return [] if ok else [f"{where}: {value!r} is not {getattr(kind, '__name__', kind)}"]


def test_the_export_matches_the_records(engine_data):
    found = problems(engine_data, EngineData, "data")
    assert found == [], "\n".join(found[:20])


def test_the_export_is_the_json_the_browser_gets(engine_data):
    assert json.loads(json.dumps(engine_data)) == engine_data


def test_the_checker_catches_drift(engine_data):
    game = engine_data["evilrobots"]
    broken = {**engine_data, "evilrobots": {**game, "round_rules": [
        {**game["round_rules"][0], "max_player": {"value": 9}}]}}
    found = problems(broken, EngineData, "data")
    assert "data.evilrobots.round_rules[0].max_player: not in the RoundRules record" in found
    wrong = {**engine_data, "evilrobots": {**game, "power_decks": [
        {**game["power_decks"][0], "size": {"value": "18"}}]}}
    assert problems(wrong, EngineData, "data") == [
        "data.evilrobots.power_decks[0].size.value: '18' is not int"]


def test_accessors_read_the_facts(engine_data):
    assert player_limits(engine_data["evilrobots"]) == (3, 9)  # Evil Robots seed line 4
    assert fact_value({"reason": "lost"}) is None
    assert fact_value(None) is None
    assert records.round_rules(engine_data["evilrobots"])["tie_team"]
