"""`rulepress army ROSTER.json`: price a BrikWars army roster (CP and Unit Inches) and check
its rules.

Read a roster file (JSON: {"lines": [...], "budget": {"cp": 30}} as for the engine's
brikwars 'army' op, or just the list of lines) and print each line's cost, the totals, the
problems and the warnings. Exit 0 when the army keeps every rule checked, 1 when it breaks
one, 2 when the roster cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..data.load import load_catalog
from ..engine.query import answer
from ..problems import DataError
from ..roster_names import display_names, varieties
from .roster_file import RosterFileError, read_roster


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("roster", type=Path, help="the roster file (JSON)")
    parser.add_argument("--budget-cp", type=_budget, default=None, metavar="CP",
                        help="a CP budget (overrides the file's)")
    parser.add_argument("--budget-unit-inches", type=_budget, default=None, metavar="UI",
                        help="a Unit Inch budget (overrides the file's)")
    parser.add_argument("--json", action="store_true", help="print the engine's JSON answer")


def _budget(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a budget is a whole number, got {text[:20]!r}") \
            from None
    if not 0 <= value <= 10**9:
        raise argparse.ArgumentTypeError("a budget is between 0 and 1000000000")
    return value


def run(project: Path, args: argparse.Namespace) -> int:
    try:
        roster = read_roster(args.roster)
    except RosterFileError as exc:
        return _refuse(str(exc))
    name, request = roster.name, roster.request
    budget = dict(request.get("budget") or {}) if isinstance(request.get("budget"), dict) \
        else request.get("budget")
    if args.budget_cp is not None or args.budget_unit_inches is not None:
        budget = budget if isinstance(budget, dict) else {}
        if args.budget_cp is not None:
            budget["cp"] = args.budget_cp
        if args.budget_unit_inches is not None:
            budget["unit_inches"] = args.budget_unit_inches
    if budget is not None:
        request["budget"] = budget
    try:
        data = load_catalog(project).engine_data()
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    response = answer(request, data)
    if args.json:
        print(json.dumps(response, ensure_ascii=False))
    if not response.get("ok"):
        error = response.get("error") or {}
        where = error.get("field")
        if not args.json:
            print(f"{roster.where(where)}: {error.get('message')}", file=sys.stderr)
        return 2
    if not args.json:
        named = display_names(request, response, varieties(data["brikwars"].get("items", [])))
        print(render(roster.army_name or name, response, roster.where, roster.notes, named))
    return 1 if response["problems"] else 0


def render(name: str, r: dict, where=None, notes: str = "",
           named: dict[str, str] | None = None) -> str:
    """The answer as a table; `where` turns a problem's field into its place in the file;
    the army's `notes` follow its name; `named` gives lines their names on paper
    (roster_names.display_names)."""
    rows: list[tuple[str, ...]] = [("line", "count", "name", "each CP", "CP", "Ű")]
    named = named or {}
    for line in r["lines"]:
        rows.append(_row(line, "", named))
        for member in line.get("members", []):
            rows.append(_row(member, "  ", named))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = [f"Army: {name}"] + ([f"Notes: {line}" for line in notes.splitlines()] if notes
                               else [])
    out += ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    total = f"Total: {_v(r['total_cp'])} CP, {_v(r['total_unit_inches'])} Ű"
    budget = r.get("budget") or {}
    budgets = [f"{budget[k]} {unit} budget, {budget[k + '_left']} left"
               if k + "_left" in budget else f"{budget[k]} {unit} budget" for k, unit in
               (("cp", "CP"), ("unit_inches", "Ű")) if k in budget]
    out.append(total + (f" ({'; '.join(budgets)})" if budgets else ""))
    for title, key in (("Problems", "problems"), ("Warnings", "warnings")):
        if r.get(key):
            out.append(f"{title}:")
            out += [f"  {where(p['line']) if where else p['line']}: {p['message']} "
                    f"({p['section']}, {p['rule']})"
                    for p in r[key]]
    for note in r.get("not_modelled", []):
        out.append(f"Not modelled: {note}")
    if not r.get("problems"):
        out.append("No rule broken.")
    return "\n".join(out)


def _row(line: dict, indent: str, named: dict[str, str]) -> tuple[str, ...]:
    return (indent + line["line"], str(line["count"]), named.get(line["line"], line["name"]),
            _v(line["each_cp"]),
            _v(line["cp"]), _v(line["unit_inches"]))


def _v(value) -> str:
    return "?" if value is None else str(value)


def _refuse(message: str) -> int:
    print(message, file=sys.stderr)
    return 2
