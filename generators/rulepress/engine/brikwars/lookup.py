"""Find attackers, weapons, targets and modifiers in the exported data by id."""

from __future__ import annotations

import difflib

from ..dice.dist import Dist
from ..dice.parse import ParseError, parse
from ..dice.roll import RollRules, roll
from ..query import QueryError, Request

DICE = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12}


def find(data: dict, sections: tuple[str, ...], record_id: str, field: str) -> dict:
    known: dict[str, dict] = {}
    for section in sections:
        for record in data.get(section, []):
            known.setdefault(record["id"], record)
    if record_id not in known:
        close = difflib.get_close_matches(record_id, list(known), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise QueryError(f"no {' or '.join(s.rstrip('s') for s in sections)} has the id "
                         f"'{record_id}'{hint}", field)
    return known[record_id]


def fact(value):
    """A data field that may be a Fact ({"value": …}) or a plain value."""
    return value.get("value") if isinstance(value, dict) else value


def skill_sides(req: Request, data: dict, field: str = "skill",
                id_field: str = "attacker") -> int:
    """The Skill die: from `skill` ("d6"), or from an attacker id in the data."""
    if req.has(field):
        name = req.string(field)
    elif req.has(id_field):
        record = find(data, ("specialists", "units"), req.string(id_field), id_field)
        name = fact(record.get("skill"))
        if name is None:
            raise QueryError(f"the data does not know the Skill die of '{record['id']}' "
                             f"(lost from the source); give 'skill' instead", id_field)
    else:
        name = "d6"
    if name not in DICE:
        raise QueryError(f"'{field}' must be one of {', '.join(DICE)}, got {name!r}", field)
    return DICE[name]


def modifier_dist(req: Request, data: dict, field: str, rules: RollRules) -> Dist:
    """`modifiers`: a number, or a list of numbers and modifier ids from the data."""
    value = req.get(field, 0)
    if isinstance(value, bool):
        raise QueryError(f"'{field}' must be a number or a list of modifier ids", field)
    if isinstance(value, int):
        return Dist.constant(value)
    if not isinstance(value, list):
        raise QueryError(f"'{field}' must be a number or a list of modifier ids", field)
    total = Dist.constant(0)
    for item in value:
        if isinstance(item, int) and not isinstance(item, bool):
            total = total + item
            continue
        if not isinstance(item, str):
            raise QueryError(f"'{field}' items must be numbers or modifier ids", field)
        record = find(data, ("modifiers",), item, field)
        if record.get("value") is not None:
            total = total + record["value"] * record.get("sign", 1)
        else:
            rolled = roll(parse(record["dice"]), RollRules(
                bonus_dice=rules.bonus_dice, depth=rules.depth, floor=False)).totals()
            total = total + (rolled if record.get("sign", 1) > 0 else -rolled)
    return total


def parse_field(text: str, field: str):
    try:
        return parse(text)
    except ParseError as exc:
        raise QueryError(f"{field}: {exc}", field) from None
