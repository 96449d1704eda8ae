"""`rulepress build`: build the site into site/.

Check the data, then build the site into site/. A failed or interrupted build leaves the
previous site/ untouched: site/ always holds one complete build.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..build import build_all
from ..problems import BuildError, DataError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass  # no options yet: it builds everything


def run(project: Path, args: argparse.Namespace | None = None) -> int:
    started = time.perf_counter()
    try:
        site = build_all(project, progress=lambda line: print(line, file=sys.stderr))
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        print("build stopped: the previous site/ is unchanged", file=sys.stderr)
        return 1
    except BuildError as exc:
        print(exc, file=sys.stderr)
        print("build stopped: the previous site/ is unchanged", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("build interrupted: the previous site/ is unchanged", file=sys.stderr)
        return 130
    except OSError as exc:  # a full disk while writing the new build
        print(f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), file=sys.stderr)
        print("build stopped: the previous site/ is unchanged", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"built {site.relative_to(project).as_posix()}/ in {seconds:.1f} s")
    return 0
