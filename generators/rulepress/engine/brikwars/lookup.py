"""Find attackers, weapons, targets and modifiers in the exported data by id."""

from __future__ import annotations

import difflib

from ..dice.dist import Dist
from ..dice.ops import read_rules
from ..dice.parse import ParseError, parse
from ..budget import refuse_over
from ..dice.roll import RollRules, bonus_sides, roll
from ..query import QueryError, Request
from ..records import BrikWarsData, records_in

MAX_MODIFIERS = 50
DICE = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12}


# Ids the data has renamed, by section (every rename in the data's git history), so a saved
# request or roster that still says an old one is told the new id: the minifig's grenade
# became `minifig-explosive` when ids were made unique across items and size-scaled weapons,
# and `explosive` now names only the size-scaled Explosive (L1711).
RENAMED: dict[str, dict[str, tuple[str, str]]] = {
    "items": {"explosive": ("minifig-explosive", "the minifig's thrown Explosive (L469)")},
}


def renamed(sections: tuple[str, ...], record_id: str) -> str:
    """A sentence naming the new id, when `record_id` is an old id of one of `sections`."""
    for section in sections:
        if record_id in RENAMED.get(section, {}):
            new, what = RENAMED[section][record_id]
            return f"'{record_id}' was the old id of {what}, which is now '{new}'"
    return ""


def find(data: BrikWarsData, sections: tuple[str, ...], record_id: str, field: str) -> dict:
    known: dict[str, dict] = {}
    for section in sections:
        for record in records_in(data, section):
            known.setdefault(record["id"], record)
    if record_id not in known:
        moved = renamed(sections, record_id)
        if moved:
            raise QueryError(f"{moved}: ask for it by its new id", field)
        close = difflib.get_close_matches(record_id, list(known), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise QueryError(f"no {' or '.join(s.rstrip('s') for s in sections)} has the id "
                         f"'{record_id}'{hint}", field)
    return known[record_id]


def fact(value):
    """A data field that may be a Fact ({"value": …}) or a plain value."""
    return value.get("value") if isinstance(value, dict) else value


def skill_sides(req: Request, data: BrikWarsData, field: str = "skill",
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


def modifier_dist(req: Request, data: BrikWarsData, field: str, rules: RollRules) -> Dist:
    """`modifiers`: a number, or a list of numbers and modifier ids from the data."""
    value = req.get(field, 0)
    if isinstance(value, bool):
        raise QueryError(f"'{field}' must be a number or a list of modifier ids", field)
    if isinstance(value, int):
        return Dist.constant(_bounded(value, field))
    if not isinstance(value, list):
        raise QueryError(f"'{field}' must be a number or a list of modifier ids", field)
    if len(value) > MAX_MODIFIERS:
        raise QueryError(f"'{field}' lists {len(value)} modifiers; at most {MAX_MODIFIERS}",
                         field)
    if any(isinstance(item, bool) or not isinstance(item, (int, str)) for item in value):
        raise QueryError(f"'{field}' items must be numbers or modifier ids", field)
    records = [find(data, ("modifiers",), item, field) if isinstance(item, str) else item
               for item in value]
    # A rolled modifier (-1d4 On Fire) widens every Skill roll: bound its spread first.
    spread = 0
    for r in records:
        if isinstance(r, dict) and r.get("value") is None:
            for t in parse(r["dice"]).terms:
                sides = t.sides or 6
                bonus = rules.bonus_dice and r.get("sign", 1) > 0
                chain = rules.depth * bonus_sides(sides) if bonus else 0
                spread += t.count * (sides + chain)
    refuse_over(spread * 2_000, "the spread of the rolled modifiers", f"give fewer rolled modifiers in "
                f"'{field}' (such as on-fire) or lower the bonus-dice depth", field)
    total = Dist.constant(0)
    for record in records:
        if isinstance(record, int):
            total = total + _bounded(record, field)
        elif record.get("value") is not None:
            total = total + record["value"] * record.get("sign", 1)
        else:
            total = total + rolled_modifier(record, rules)
    return total


def rolled_modifier_rules(record: dict, rules: RollRules) -> RollRules:
    """How a rolled modifier's dice are rolled: a penalty die (-1d4 On Fire, L1693) is rolled
    plain, as its bonus dice would only lower its own player's roll, and a player may decline
    them (L179, L1233)."""
    bonus = rules.bonus_dice and record.get("sign", 1) > 0
    return RollRules(bonus_dice=bonus, depth=rules.depth, floor=False)


def rolled_modifier(record: dict, rules: RollRules) -> Dist:
    """What a rolled modifier adds to a roll (a penalty die: minus its roll)."""
    rolled = roll(parse(record["dice"]), rolled_modifier_rules(record, rules)).totals()
    return rolled if record.get("sign", 1) > 0 else -rolled


def _bounded(value: int, field: str, limit: int = 1000) -> int:
    if abs(value) > limit:
        raise QueryError(f"'{field}': a modifier must be between -{limit} and {limit}", field)
    return value


def parse_field(text: str, field: str):
    try:
        return parse(text)
    except ParseError as exc:
        raise QueryError(f"{field}: {exc}", field) from None


def rules_for(req: Request, what: str, penalty: bool = True, d10: bool = True) -> RollRules:
    """The roll options of `req` for the op `what`, refusing those it does not model."""
    rules = read_rules(req)
    refuse_unused(rules, what, penalty, d10)
    return rules


def refuse_unused(rules: RollRules, what: str, penalty: bool = True,
                  d10: bool = True) -> None:
    """An op that does not model a roll option refuses it rather than ignore it."""
    if penalty and rules.penalty:
        raise QueryError(f"'penalty' is not used by {what}; leave it out", "penalty")
    if d10 and rules.d10_as_2d6:
        raise QueryError(f"'d10_as_2d6' is not used by {what}; leave it out", "d10_as_2d6")
