"""`rulepress build`: the whole site (later also PDFs and the browser bundle) into site/."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ..problems import DataError
from ..website.build import BuildError, build_site


def run(project: Path) -> int:
    started = time.perf_counter()
    try:
        site = build_site(project, progress=lambda line: print(line, file=sys.stderr))
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        print("build stopped: the previous site/ is unchanged", file=sys.stderr)
        return 1
    except BuildError as exc:
        print(exc, file=sys.stderr)
        print("build stopped: the previous site/ is unchanged", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"built {site.relative_to(project).as_posix()}/ in {seconds:.1f} s")
    return 0
