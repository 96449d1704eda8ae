"""The army builder (`army`): a roster's price in CP and Unit Inches, its problems
and its budget; the request guards the Creation designer shares."""

from __future__ import annotations

from fractions import Fraction

from ...budget import refuse_over
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData, records_in
from ..army import MAX_LINES, Roster, check_army
from ..creation_price import ROUNDING, read_fraction
from ..fields import one_of


MAX_BUDGET = Fraction(10**9)
STEPS_PER_PART = 400  # measured: about 300 us to price one weapon, item or line


def guard_parts(value, what: str) -> None:
    """Refuse before pricing a request with too many parts (lines, weapons, items...)."""
    parts, todo = 0, [value]
    while todo and parts * STEPS_PER_PART <= 10**7:
        item = todo.pop()
        if isinstance(item, dict):
            parts += 1
            todo.extend(item.values())
        elif isinstance(item, list):
            parts += sum(not isinstance(v, dict) for v in item)  # item ids as text
            todo.extend(item)
    refuse_over(parts * STEPS_PER_PART, what, "give fewer lines, weapons or items (use "
                "'count' for many of the same)")


def read_rounding(req: Request) -> str:
    return one_of(req, "rounding", ROUNDING, "exact")


def read_readings(req: Request, data: BrikWarsData) -> dict[str, float]:
    """`readings`: {option: value} picks another reading where the book conflicts
    (hero_cost_cp 11 or 12, mechanikal_aptitude_cp 1 or 2)."""
    sub = req.child("readings")
    if sub is None:
        return {}
    options: dict[str, list] = {}
    for section in ("units", "specialists", "specialties", "items"):
        for record in records_in(data, section):
            for conflict in record.get("conflicts", []):
                if conflict.get("option"):
                    options.setdefault(conflict["option"], []).extend(
                        r["value"] for r in conflict["readings"])
    out = {}
    for name, values in options.items():
        if sub.has(name):
            value = sub.get(name)
            if isinstance(value, bool) or value not in values:
                raise QueryError(f"'{sub.field(name)}' must be one of "
                                 f"{', '.join(str(v) for v in sorted(set(values)))}",
                                 sub.field(name))
            out[name] = value
    return out


@op("brikwars", "army", "An army roster: each line's cost in CP and Unit Inches, the total, "
    "and the budget and composition rules of 11.1 and 11.3 it breaks.")
def _army(req: Request, data: BrikWarsData) -> dict:
    raw = req.get("lines")
    if isinstance(raw, list):
        refuse_over(len(raw), "the roster", f"give at most {MAX_LINES} lines (use 'count' "
                    f"for many of the same)", "lines", limit=MAX_LINES)
    guard_parts(raw, "the roster")
    lines = req.children("lines")
    if not lines:
        raise QueryError("'lines' needs at least one line", "lines")
    roster = Roster(data, read_readings(req, data), read_rounding(req))
    priced = [roster.line(line) for line in lines]
    check_army(roster, priced)
    total_cp = _total([(p.each_cp, p.count) for p in priced])
    total_ui = _total([(p.each_ui, p.count) for p in priced])
    out: dict = {"lines": [p.json() for p in priced],
                 "total_cp": None if total_cp is None else fraction_text(total_cp),
                 "total_unit_inches": None if total_ui is None else fraction_text(total_ui)}
    if total_cp is None:
        roster.not_modelled.append("a line has no CP price in the book, so the CP total is "
                                   "unknown")
    if total_ui is None:
        roster.not_modelled.append("a line has no Unit Inch value in the book, so the Ű total "
                                   "is unknown")
    budget = req.child("budget")
    if budget is not None:
        out["budget"] = _budget(budget, roster, total_cp, total_ui)
    if req.has("opponent_unit_inches"):
        theirs = read_fraction(req, "opponent_unit_inches", high=MAX_BUDGET)
        if total_ui is not None:
            # A weaker side may take one Almighty Benny per Ű of difference (L2500).
            out["almighty_bennies"] = fraction_text(max(theirs - total_ui, Fraction(0)))
            out["endgame_below_unit_inches"] = fraction_text(theirs / 2)  # L2501
    out["problems"] = roster.problems
    out["warnings"] = roster.warnings
    if roster.not_modelled:
        out["not_modelled"] = sorted(set(roster.not_modelled))
    return out


def _total(values: list[tuple[Fraction | None, int]]) -> Fraction | None:
    if any(v is None for v, _ in values):
        return None
    return sum((v * n for v, n in values if v is not None), Fraction(0))


def _budget(req: Request, roster: Roster, total_cp: Fraction | None,
            total_ui: Fraction | None) -> dict:
    out: dict = {}
    for name, total, unit, lines in (("cp", total_cp, "CP", "L2459"),
                                     ("unit_inches", total_ui, "Ű", "L2474")):
        if not req.has(name):
            continue
        limit = read_fraction(req, name, high=MAX_BUDGET)
        out[name] = fraction_text(limit)
        if total is None:
            roster.problem(req.field(name), f"the {unit} total is unknown, so the {unit} "
                           f"budget cannot be checked", "11.1", lines)
        elif total > limit:
            roster.problem(req.field(name), f"the army costs {fraction_text(total)} {unit}, "
                           f"{fraction_text(total - limit)} over the budget of "
                           f"{fraction_text(limit)} {unit}: remove or shrink lines",
                           "11.1", lines)
        else:
            out[f"{name}_left"] = fraction_text(limit - total)
    if not out:
        raise QueryError("'budget' needs 'cp' and/or 'unit_inches'", req.path)
    return out
