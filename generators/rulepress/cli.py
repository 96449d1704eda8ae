"""The `rulepress` command: parse flags, call one command, set the exit code.

Exit codes: 0 success, 1 bad data or a failed build, 2 a query that was refused.
The verbs live in `commands/`, one module each (see `commands/__init__.py`).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from .commands import COMMANDS
from .project import ProjectNotFound, find_project


def _command(name: str):
    return importlib.import_module(f"rulepress.commands.{name}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulepress",
        description="Turn the YAML game data in data/ into a rules site, print-and-play PDFs "
                    "and exact odds. Run it in the project folder (or below it).")
    parser.add_argument("--project", type=Path, default=None,
                        help="the project folder (default: found from the current folder)")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="COMMAND")
    for name in COMMANDS:
        module = _command(name)
        sub = verbs.add_parser(name.replace("_", "-"), help=module.HELP,
                               description=module.DESCRIPTION)
        module.add_arguments(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        project = find_project(args.project)
    except ProjectNotFound as exc:
        print(f"rulepress: {exc}", file=sys.stderr)
        return 1
    return _command(args.verb.replace("-", "_")).run(project, args)


if __name__ == "__main__":
    sys.exit(main())
