"""`rulepress cards army --roster ROSTER.json`: a roster sheet and the army's stat cards
in one PDF (WeasyPrint, through the cards package): the sheet first, then the single
cards (units, custom cards), then the fold-over cards (specialists, Creations)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..cards.compose import PrintSettings
from ..cards.decks.army import RosterError, army_print, check_custom, price_custom
from ..cards.docinfo import About, joined
from ..cards.make import make_many
from ..cards.sheets import SheetError
from ..cards.step import cache_folder
from ..data.load import load_catalog
from ..engine.query import answer
from ..problems import BuildError, DataError
from .roster_file import RosterFileError, read_roster

USAGE = 3


def run_army(project: Path, args: argparse.Namespace) -> int:
    if args.deck != "army" or args.roster is None:
        print("rulepress cards: --roster goes with the army deck: "
              "rulepress cards army --roster ROSTER.json", file=sys.stderr)
        return USAGE
    if args.pod or args.png or args.only or args.bleed or args.card_size != "poker":
        print("rulepress cards army: prints poker-size cards on A4 or Letter only "
              "(--paper, --out); leave out --pod, --png, --only, --bleed and --card-size",
              file=sys.stderr)
        return USAGE
    started = time.perf_counter()
    try:
        roster = read_roster(args.roster)
    except RosterFileError as exc:
        print(f"rulepress cards army: {exc}", file=sys.stderr)
        return 1
    try:
        custom = check_custom(roster.custom_cards)
    except RosterError as exc:
        print(f"rulepress cards army: {roster.where(exc.where)}: "
              f"{str(exc).split(': ', 1)[1]}", file=sys.stderr)
        return 1
    try:
        catalog = load_catalog(project)
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    data = catalog.engine_data()
    try:
        priced = price_custom(custom, data)
    except RosterError as exc:
        print(f"rulepress cards army: {roster.where(exc.where)}: "
              f"{str(exc).split(': ', 1)[1]}", file=sys.stderr)
        return 1
    response = answer(roster.request, data)
    if not response.get("ok"):
        error = response.get("error") or {}
        print(f"rulepress cards army: {roster.where(error.get('field'))}: "
              f"{error.get('message')}", file=sys.stderr)
        return 1
    title = f"BrikWars army: {roster.army_name or Path(roster.name).stem}"
    printed = army_print(project, catalog, roster.request, response, custom, title,
                         roster.notes, priced)
    settings = PrintSettings(args.paper)
    items = [(item, settings) for item in (printed.sheet, printed.singles, printed.folds)
             if item is not None]
    try:
        made = make_many(items, cache_folder(project))
    except (SheetError, BuildError) as exc:
        print(f"rulepress cards army: {exc}", file=sys.stderr)
        return 1
    pdf = joined([m.pdf for m in made], About(title, "a roster sheet and stat cards",
                                               "brikwars"))
    out = args.out or project / "build" / "print" / f"army-{args.paper}.pdf"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(pdf)
    cards = sum(m.cards for m in made)
    pages = sum(m.pages for m in made)
    print(f"wrote {_shown(out, project)}: a roster sheet and {cards} cards, {pages} pages, "
          f"{response.get('total_cp') or '?'} CP in {time.perf_counter() - started:.1f} s")
    for note in printed.no_card:  # the roster sheet says the same
        print(f"  {note}", file=sys.stderr)
    for m in made:
        for overflow in m.overflows:
            print(f"  text does not fit: {overflow}", file=sys.stderr)
    if response["problems"]:
        print(f"{len(response['problems'])} rule(s) broken (also on the roster sheet):",
              file=sys.stderr)
        for p in response["problems"]:
            print(f"  {roster.where(p['line'])}: {p['message']} ({p['section']}, {p['rule']})",
                  file=sys.stderr)
        return 1
    return 0


def _shown(path: Path, project: Path) -> str:
    from .cards import _shown as shown

    return shown(path, project)
