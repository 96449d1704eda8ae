"""`rulepress cards`: build one print-and-play PDF.

Build one print-and-play PDF: a card deck (poker cards, 9 to a sheet), a quick-reference
sheet or the back-offset calibration sheet; or, with --pod or --png, files for
print-on-demand services. Text that does not fit its box (or is set below 6 pt) is listed;
with --strict that is an error (exit 1).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..cards.compose import BACKS, PrintSettings
from ..cards.decks import BUILDERS
from ..cards.layout import overflow_report
from ..cards.layout import Deck
from ..cards.make import make_item, product
from ..cards.services import SERVICES
from ..cards.sheets import CARD_SIZES, DUPLEX, PAPERS, SheetError
from ..cards.step import cache_folder
from ..data.load import load_catalog
from ..problems import BuildError, DataError

USAGE = 3  # exit code of a wrong command line (cli.USAGE)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("deck", choices=[*BUILDERS, "army"], metavar="DECK",
                        help=f"one of: {', '.join(BUILDERS)}; or army, with --roster")
    parser.add_argument("--roster", type=Path, default=None, metavar="ROSTER.json",
                        help="for 'army': a BrikWars roster file (as `rulepress army` reads, "
                             "custom_cards too): a roster sheet and one stat card per line")
    parser.add_argument("--paper", choices=list(PAPERS), default="a4")
    parser.add_argument("--card-size", choices=list(CARD_SIZES), default="poker",
                        help="poker 63 x 88 mm (default), us-poker 63.5 x 88.9 (2.5 x 3.5 in), "
                             "bridge 57 x 89, mini 44 x 63 (not the BrikWars decks); text "
                             "that does not fit is listed (--strict fails)")
    parser.add_argument("--bleed", type=float, default=0.0, metavar="MM",
                        help="bleed around every card in mm, e.g. 3 (default 0)")
    parser.add_argument("--back-offset-x", type=float, default=0.0, metavar="MM",
                        help="move every back right by this much (read it off the "
                             "calibration sheet)")
    parser.add_argument("--back-offset-y", type=float, default=0.0, metavar="MM",
                        help="move every back down by this much")
    parser.add_argument("--duplex", choices=list(DUPLEX), default="long",
                        help="the edge your printer flips the sheet over: long (default) "
                             "or short; the backs are laid out for it and the PDF asks the "
                             "viewer for that flip")
    parser.add_argument("--backs", choices=list(BACKS), default="full",
                        help="full (default): backs as designed; light: the same backs on "
                             "white paper with little ink, for home printers; none: no back "
                             "sheets (single-sided)")
    parser.add_argument("--one-back-sheet", action="store_true",
                        help="print one sheet of each back design instead of a back sheet "
                             "per front sheet (for cards that share a back, such as the "
                             "Evil Robots decks): print it behind each front sheet it names")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when any card's text overflows its box or is set below 6 pt")
    parser.add_argument("--only", default=None, metavar="NAME[,NAME...]",
                        help="print only these cards: buttons, units, weapons... by id or "
                             "name, comma-separated (e.g. --only avis,bauer)")
    parser.add_argument("--pod", nargs="?", const="generic", default=None,
                        choices=list(SERVICES), metavar="SERVICE",
                        help="files for a print-on-demand service, one card face a page "
                             "with a credits card last: drivethrucards (CMYK PDF/X-1a, "
                             "each back before its front, 1/8 in bleed, ink at most "
                             "240 %%), thegamecrafter (one 300-dpi PNG a face), or generic "
                             "(the default: RGB PDF, front then back, --bleed or 3 mm); "
                             "written to build/print/DECK-SERVICE.pdf (PNGs: a folder)")
    parser.add_argument("--png", type=Path, default=None, metavar="DIR",
                        help="one PNG per face into DIR: the same as --pod thegamecrafter "
                             "(825 x 1125 px for poker cards, 300 dpi, bleed included)")
    parser.add_argument("-o", "--out", type=Path, default=None,
                        help="where to write the PDF (default: build/print/DECK-PAPER.pdf)")


def run(project: Path, args: argparse.Namespace) -> int:
    if args.deck == "army" or args.roster is not None:
        from .cards_army import run_army

        return run_army(project, args)
    try:
        catalog = load_catalog(project)
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    try:
        item = _chosen(project, catalog, args)
    except ValueError as exc:
        print(f"rulepress cards: {exc}", file=sys.stderr)
        return USAGE
    if args.pod or args.png:
        return _run_pod(project, item, args)
    settings = PrintSettings(args.paper, args.bleed, (args.back_offset_x, args.back_offset_y),
                             CARD_SIZES[args.card_size], args.duplex, args.backs,
                             args.one_back_sheet)
    try:
        made = None if item is None else make_item(item, settings,
                                                     cache_dir=cache_folder(project))
    except SheetError as exc:  # a setting out of range: a wrong command line
        print(f"rulepress cards: {exc}", file=sys.stderr)
        return USAGE
    except BuildError as exc:  # e.g. text the card font cannot draw, a missing font
        print(f"rulepress cards: {exc}", file=sys.stderr)
        return 1
    if made is None:
        print(f"rulepress cards: there is no data for {args.deck} yet", file=sys.stderr)
        return 1
    suffix = ((f"-{args.card_size}" if args.card_size != "poker" else "")
              + (f"-bleed{args.bleed:g}" if args.bleed else "")
              + ("-short" if args.duplex == "short" else "")
              + (f"-backs-{args.backs}" if args.backs != "full" else "")
              + ("-one-back" if args.one_back_sheet else "") + ("-only" if args.only else ""))
    out = args.out or project / "build" / "print" / f"{args.deck}-{args.paper}{suffix}.pdf"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(made.pdf)
    if made.overflows:
        print(overflow_report(made.overflows), file=sys.stderr)
    what = f"{_count(made.cards, 'card')}, " if made.cards else ""
    print(f"wrote {_shown(out, project)}: {what}{_count(made.pages, 'page')} in "
          f"{made.seconds:.1f} s")
    return 1 if made.overflows and args.strict else 0


def _chosen(project: Path, catalog, args: argparse.Namespace):
    """The product, cut to --only's cards. Raises ValueError for a bad --only."""
    item = product(project, catalog, args.deck)
    if item is None or not args.only:
        return item
    if not isinstance(item, Deck):
        raise ValueError(f"{args.deck} is a document, not cards; --only picks cards")
    wanted = [name.strip() for name in args.only.split(",") if name.strip()]
    if not wanted:
        raise ValueError("--only needs at least one card name")
    return item.only(wanted)


def _run_pod(project: Path, item, args: argparse.Namespace) -> int:
    from ..cards.pod import pod_pdf, write_pngs

    if item is None:
        print(f"rulepress cards: there is no data for {args.deck} yet", file=sys.stderr)
        return 1
    if not isinstance(item, Deck):
        print(f"rulepress cards: {args.deck} is a document, not cards; --pod and --png "
              "are for card decks", file=sys.stderr)
        return USAGE
    jobs = [SERVICES[args.pod]] if args.pod else []
    if args.png and SERVICES["thegamecrafter"] not in jobs:
        jobs.append(SERVICES["thegamecrafter"])
    made = None
    try:
        for chosen in jobs:
            if not chosen.own_size and args.bleed:
                raise SheetError(f"{chosen.title} sets its own bleed (1/8 in); leave out "
                                 "--bleed")
            images = chosen.output == "png"
            made, faces = pod_pdf(item, chosen, args.card_size, args.bleed or None,
                                  cache_folder(project), pages_once=images)
            suffix = ((f"-{args.card_size}" if args.card_size != "poker" else "")
                      + ("-only" if args.only else ""))
            name = "pod" if chosen.own_size else chosen.name
            if images:
                folder = args.png or (args.out if args.pod == chosen.name else None) \
                    or project / "build" / "print" / f"{args.deck}-{name}{suffix}"
                written = write_pngs(made.pdf, faces, folder)
                width, height = chosen.pixels(chosen.trim(args.card_size, (0, 0)))
                print(f"wrote {len(written)} PNGs ({width} x {height} px, {chosen.dpi} dpi; "
                      f"{made.cards} cards, the credits card included) to "
                      f"{_shown(folder, project)} for {chosen.title}")
                continue
            out = args.out or project / "build" / "print" / f"{args.deck}-{name}{suffix}.pdf"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(made.pdf)
            print(f"wrote {_shown(out, project)} for {chosen.title}: {made.cards} cards (the "
                  f"credits card included), {made.pages} pages in {made.seconds:.1f} s")
    except SheetError as exc:
        print(f"rulepress cards: {exc}", file=sys.stderr)
        return USAGE
    except BuildError as exc:
        print(f"rulepress cards: {exc}", file=sys.stderr)
        return 1
    if made is not None and made.overflows:
        print(overflow_report(made.overflows), file=sys.stderr)
    return 1 if made is not None and made.overflows and args.strict else 0


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'s' if number != 1 else ''}"


def _shown(path: Path, project: Path) -> str:
    try:
        return path.resolve().relative_to(project.resolve()).as_posix()
    except ValueError:
        return str(path)
