"""`rulepress import-bmo FILE`: import Button Men Online's button list (name, set, recipe) as
button data.

Read the tab-separated extract of Button Men Online's buttons (header
name<TAB>set<TAB>recipe) and write data/buttonmen/buttons-bmo-*.yaml, one record per line.
Recipes our engine cannot play are kept with a 'rejected' reason. Buttons already written by
hand from a seed are not duplicated.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..data.importers.bmo import FILE_PREFIX, ImportProblem, import_buttons
from ..data.load import check_data


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("tsv", type=Path, help="the extract, e.g. bmo_buttons.tsv")


def run(project: Path, args: argparse.Namespace) -> int:
    if not args.tsv.is_file():
        print(f"rulepress import-bmo: {args.tsv} is not a file; give the path of the "
              "extract (name<TAB>set<TAB>recipe)", file=sys.stderr)
        return 1
    catalog, _ = check_data(project)  # the letters come from the skills and swing data
    skills = {s.letter for s in catalog.all("buttonmen.skill") if s.letter}
    swings = set(catalog.ids("buttonmen.swing_letter"))
    hand = {e.record.id for e in catalog.entries.get("buttonmen.button", {}).values()
            if not Path(e.file).name.startswith(FILE_PREFIX)}
    try:
        result = import_buttons(args.tsv, project / "data" / "buttonmen", skills, swings, hand)
    except ImportProblem as exc:
        print(f"rulepress import-bmo: {exc}", file=sys.stderr)
        return 1
    for path in result.written:
        print(f"wrote {path.relative_to(project).as_posix()}")
    rejected = ", ".join(f"{code} {n}" for code, n in sorted(result.rejected.items()))
    print(f"{result.imported} buttons imported ({sum(result.rejected.values())} rejected: "
          f"{rejected or 'none'}); kept hand-written: {', '.join(result.merged) or 'none'}")
    return 0
