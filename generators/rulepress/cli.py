"""The `rulepress` command: parse flags, call one command, set the exit code.

Every failure ends here as one message, never a traceback (RULEPRESS_DEBUG=1 shows the
traceback of a defect). The verbs live in `commands/`, one module each (see
`commands/__init__.py`).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import signal
import sys
from pathlib import Path

from . import interrupt, site_folder
from .commands import COMMANDS
from .problems import BuildError, DataError
from .project import ProjectNotFound, find_project

# Exit codes (also in README.md and --help).
OK = 0
FAILED = 1  # bad data, a failed build or PDF, or a command that could not do its work
REFUSED = 2  # the engine refused a query (query, odds, friend-computer): the JSON says why
USAGE = 3  # a wrong command line: an unknown option, a value out of range
DEFECT = 4  # a bug in rulepress itself: please report the message
INTERRUPTED = 130  # Ctrl-C

EXIT_CODES = (f"exit codes: {OK} success; {FAILED} bad data, a failed build or a command that "
              f"could not do its work; {REFUSED} a query the engine refused; {USAGE} a wrong "
              f"command line; {DEFECT} a defect in rulepress; {INTERRUPTED} interrupted")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own exit code 2 means a refused query here
        self.print_usage(sys.stderr)
        self.exit(USAGE, f"{self.prog}: error: {message}\n")


def _command(name: str):
    return importlib.import_module(f"rulepress.commands.{name}")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rulepress",
        description="Turn the YAML game data in data/ into a rules site, print-and-play PDFs "
                    "and exact odds. Run it in the project folder (or below it).",
        epilog=EXIT_CODES)
    parser.add_argument("--project", type=Path, default=None,
                        help="the project folder (default: found from the current folder)")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="COMMAND",
                                  parser_class=_Parser)
    for name in COMMANDS:
        module = _command(name)
        help_line, description = command_texts(module.__doc__ or "")
        sub = verbs.add_parser(name.replace("_", "-"), help=help_line,
                               description=description, epilog=EXIT_CODES)
        module.add_arguments(sub)
    return parser


def command_texts(doc: str) -> tuple[str, str]:
    """A verb's help line and description, from its module's docstring: its first paragraph
    after "`rulepress VERB …`: " (without the full stop), and the paragraph after that.
    Later paragraphs are notes for whoever reads the code."""
    paragraphs = [" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n")]
    return paragraphs[0].split("`: ", 1)[-1].removesuffix("."), paragraphs[1]


_MAIN = os.getpid()


def _interrupted(signum, frame) -> None:
    """Ctrl-C: the main process stops with KeyboardInterrupt; a worker it forked (the PDF
    pool, the step beside the others) leaves quietly instead of printing a traceback."""
    if os.getpid() != _MAIN:
        os._exit(INTERRUPTED)
    interrupt.request()  # in case a library swallows the KeyboardInterrupt
    # Stopping now: a second Ctrl-C must not break the clean-up with a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    global _MAIN
    _MAIN = os.getpid()
    interrupt.clear()
    before = signal.getsignal(signal.SIGINT)
    if before is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupted)
    code = FAILED
    try:
        code = _run(args)
        return code
    finally:
        # after an interrupt SIGINT stays ignored until the process exits (see _interrupted)
        if before is signal.default_int_handler and code != INTERRUPTED:
            signal.signal(signal.SIGINT, before)


def _run(args: argparse.Namespace) -> int:
    name = args.verb.replace("-", "_")
    try:
        project = find_project(args.project)
        repaired = site_folder.repair(project)
        if repaired:
            print(f"rulepress: {repaired}", file=sys.stderr)
        return _command(name).run(project, args)
    except ProjectNotFound as exc:
        return _fail(str(exc))
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return FAILED
    except BuildError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return _fail("interrupted", INTERRUPTED)
    except OSError as exc:  # a full disk, a folder that cannot be written…
        where = f": {exc.filename}" if exc.filename else ""
        return _fail(f"{exc.strerror or exc}{where}")
    except (MemoryError, RecursionError) as exc:
        return _fail(f"the input is too large or too deeply nested ({type(exc).__name__})")
    except Exception as exc:  # noqa: BLE001  the one place a defect becomes a message
        if os.environ.get("RULEPRESS_DEBUG"):
            raise
        return _fail(f"internal error in '{args.verb}', a defect in rulepress (please report "
                     f"it; RULEPRESS_DEBUG=1 shows the traceback): {type(exc).__name__}: "
                     f"{exc}", DEFECT)


def _fail(message: str, code: int = FAILED) -> int:
    print(f"rulepress: {message}", file=sys.stderr)
    return code


def entry() -> None:
    """The process's entry point (`rulepress`, `python -m rulepress`)."""
    code = main()
    if code == INTERRUPTED:
        # Ctrl-C was handled and reported: leave at once with 130. Python's own exit would
        # turn it into "killed by SIGINT" when a library had seen the interrupt first.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(INTERRUPTED)
    sys.exit(code)


if __name__ == "__main__":
    entry()
