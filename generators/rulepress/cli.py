"""The `rulepress` command: parse flags, call one command, set the exit code.

Exit codes: 0 success, 1 bad data or a failed build, 2 a query that was refused.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .project import ProjectNotFound, find_project


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulepress",
        description="Turn the YAML game data in data/ into a rules site, print-and-play PDFs "
                    "and exact odds. Run it in the project folder (or below it).")
    parser.add_argument("--project", type=Path, default=None,
                        help="the project folder (default: found from the current folder)")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="COMMAND")
    verbs.add_parser("check", help="validate all data and report every problem",
                     description="Validate every data file; print each problem with its "
                                 "file, line and a likely fix. Exit 1 if any.")
    verbs.add_parser("build", help="build the site into site/",
                     description="Check the data, then build the site into site/. A failed "
                                 "build leaves the previous site/ untouched.")
    serve = verbs.add_parser("serve", help="build, then serve site/ on 127.0.0.1",
                             description="Build the site, then serve site/ locally.")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any)")
    serve.add_argument("--no-build", action="store_true", help="serve the existing site/")
    query = verbs.add_parser(
        "query", help="answer one JSON request with the rules engine",
        description='Answer one JSON request, e.g. \'{"game": "evilrobots", "op": '
                    '"allegiance_odds"}\', given as an argument or on standard input. '
                    "Prints one JSON response; exit 2 when the response is an error.")
    query.add_argument("request", nargs="?", help="the JSON request (default: read stdin)")
    verbs.add_parser("schema", help="regenerate data/schema/ from the models",
                     description="Write the JSON Schema of every kind of data file into "
                                 "data/schema/.")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        project = find_project(args.project)
    except ProjectNotFound as exc:
        print(f"rulepress: {exc}", file=sys.stderr)
        return 1
    if args.verb == "check":
        from .commands import check
        return check.run(project)
    if args.verb == "build":
        from .commands import build
        return build.run(project)
    if args.verb == "serve":
        from .commands import serve
        return serve.run(project, args.port, args.no_build)
    if args.verb == "query":
        from .commands import query
        return query.run(project, args.request)
    from .commands import schema
    return schema.run(project)


if __name__ == "__main__":
    sys.exit(main())
