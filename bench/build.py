"""Benchmark: the whole `rulepress build`, cold and warm, step by step; the size of its pages.

The cold run is a fresh clone's first build: a scratch copy of the project's inputs with no
build caches (PDF faces, engine wheel, Pyodide snapshot, compressed copies) and no compiled
Python (an empty PYTHONPYCACHEPREFIX). The warm runs rebuild the same copy unchanged, as a
developer's rebuilds do. Each build runs in a fresh process; every step is timed from its
progress lines (a step beside the others reports its own time). Side by side it times the
peer: a bare `mkdocs build` of the same generated Markdown tree (no data loading, no page
generation, no PDFs, no browser bundle), so the ratio shows what our own steps add to MkDocs
Material's share. Then it reports the HTML size of entity pages (goal: under 150 KB each)
and of the whole site.

    .venv/bin/python bench/build.py [--repeat 3]

Goals on the 2-core machine: the cold build under 60 s, a warm rebuild under 20 s. CPU
seconds are printed beside wall seconds: other work on a shared machine stretches the
wall clock but not the CPU the build used.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "generators"))
from rulepress.build import BESIDE, FINISHING, STEPS  # noqa: E402

INPUTS = ("data", "content", "site_overrides", "mkdocs.yml")
LINKED = ("node_modules",)
ENTITY_FOLDERS = ("buttonmen/buttons", "buttonmen/skills", "evilrobots/bots", "brikwars/units",
                  "brikwars/weapons", "brikwars/scaled-weapons", "brikwars/specialists",
                  "brikwars/specialties")
GOAL_COLD_SECONDS = 60.0
GOAL_WARM_SECONDS = 20.0
GOAL_PAGE_BYTES = 150_000
START_UP = "start-up"
# the steps in the order they start, as their progress lines name them
STEP_LABELS = [START_UP, "loading and checking data",
               *(label for label, _, _ in STEPS), FINISHING.split(":")[0]]
BESIDE_LABELS = {label for label, _, how in STEPS if how == BESIDE}
BESIDE_LINE = re.compile(r"^\s+(.+): ([\d.]+) s \(beside\)$")


def copy_project(folder: Path) -> Path:
    for part in INPUTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, folder / part)
        elif source.exists():
            shutil.copy2(source, folder / part)
    for part in LINKED:
        (folder / part).symlink_to(ROOT / part, target_is_directory=True)
    return folder


def _env(pycache: Path) -> dict:
    """This checkout's generators/ first, so the benchmark measures this tree's code; its
    compiled Python in `pycache` (empty for the cold run, as in a fresh clone)."""
    path = os.pathsep.join(filter(None, [str(ROOT / "generators"), os.environ.get("PYTHONPATH")]))
    # shared caches would make the cold run warm: the scratch project keeps its own
    own = {k: v for k, v in os.environ.items()
           if k not in ("RULEPRESS_PRINT_CACHE", "RULEPRESS_BUNDLE_CACHE",
                        "RULEPRESS_ANSWER_CACHE", "PYTHONDONTWRITEBYTECODE")}
    return dict(own, PYTHONPATH=path, PYTHONPYCACHEPREFIX=str(pycache),
                NO_MKDOCS_2_WARNING="1")


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Run:
    wall: float
    cpu: float
    steps: dict[str, float] = field(default_factory=dict)  # wall seconds of each step


def _step_label(line: str) -> str:
    """"[4/5] building the website" -> "building the website"."""
    label = line.split("]", 1)[1].strip()
    return label.split(":")[0] if label.startswith("finishing") else label


def timed_build(project: Path, pycache: Path) -> Run:
    """Wall and CPU seconds of one `rulepress build`, and the wall seconds of each step."""
    cpu = _child_cpu()
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "rulepress", "--project", str(project),
                                "build"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=_env(pycache))
    run = Run(0.0, 0.0)
    label, since = START_UP, start
    output: list[str] = []
    for line in process.stdout:
        output.append(line)
        beside = BESIDE_LINE.match(line.rstrip("\n"))
        if beside and beside.group(1) in BESIDE_LABELS:
            run.steps[beside.group(1)] = float(beside.group(2))
        elif line.startswith("[") and "]" in line and "(beside" not in line:
            now = time.perf_counter()
            run.steps[label] = now - since
            label, since = _step_label(line), now
    process.wait()
    end = time.perf_counter()
    run.steps[label] = end - since
    if process.returncode != 0:
        sys.exit(f"rulepress build failed (exit {process.returncode}):\n" + "".join(output[-15:]))
    run.wall, run.cpu = end - start, _child_cpu() - cpu
    return run


def timed_peer(project: Path, pycache: Path) -> tuple[float, float]:
    """Wall and CPU seconds of a bare `mkdocs build` of the Markdown the last build made."""
    cpu = _child_cpu()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(project / "mkdocs.yml"),
                    "-d", str(project / "build" / "peer-site")], check=True, env=_env(pycache),
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start, _child_cpu() - cpu


def page_sizes(site: Path) -> dict[str, list[int]]:
    sizes = {}
    for folder in ENTITY_FOLDERS:
        pages = sorted((site / folder).glob("*/index.html"))
        if pages:
            sizes[folder] = [p.stat().st_size for p in pages]
    return sizes


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3,
                        help="builds in all: one cold, the others warm (at least 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulepress-bench-") as scratch:
        project = Path(scratch) / "project"
        project.mkdir()
        copy_project(project)
        pycache = Path(scratch) / "pycache"  # empty: the cold run compiles, as a clone's does
        cold = timed_build(project, pycache)
        warm = [timed_build(project, pycache) for _ in range(max(1, args.repeat - 1))]
        peers = [timed_peer(project, pycache) for _ in warm]
        site = project / "site"
        print(f"rulepress build: one cold run (a fresh clone: no caches, no compiled Python), "
              f"{len(warm)} warm; {os.cpu_count()} cores, load average now "
              f"{os.getloadavg()[0]:.1f}")
        print(f"{'step (wall s)':46} {'cold':>7} {'warm median':>12}")
        for label in STEP_LABELS:
            if label not in cold.steps:
                continue
            name = f"{label} (beside)" if label in BESIDE_LABELS else label
            print(f"  {name[:44]:44} {cold.steps[label]:7.1f} "
                  f"{statistics.median(r.steps.get(label, 0.0) for r in warm):12.1f}")
        print(f"  {'whole build, wall':44} {cold.wall:7.1f} "
              f"{statistics.median(r.wall for r in warm):12.1f}")
        print(f"  {'whole build, CPU (all processes)':44} {cold.cpu:7.1f} "
              f"{statistics.median(r.cpu for r in warm):12.1f}")
        print(f"  (a step beside the others runs during the steps after it: its time is inside "
              f"theirs)")
        warm_wall = statistics.median(r.wall for r in warm)
        for what, seconds, goal in (("cold build", cold.wall, GOAL_COLD_SECONDS),
                                    ("warm rebuild", warm_wall, GOAL_WARM_SECONDS)):
            verdict = "meets" if seconds < goal else "MISSES"
            print(f"goal: {what} under {goal:.0f} s: {verdict} it ({seconds:.1f} s)")
        peer_wall = statistics.median(wall for wall, _ in peers)
        print(f"peer: bare mkdocs build of the same Markdown {peer_wall:.1f} s wall, "
              f"{statistics.median(cpu for _, cpu in peers):.1f} s CPU; warm rebuild / peer "
              f"{warm_wall / peer_wall:.2f}")
        print()
        print(f"{'entity pages':28} {'pages':>6} {'min KB':>7} {'median':>7} {'max KB':>7}")
        biggest = 0
        for folder, sizes in page_sizes(site).items():
            biggest = max(biggest, max(sizes))
            print(f"{folder:28} {len(sizes):6} {min(sizes) / 1000:7.1f} "
                  f"{statistics.median(sizes) / 1000:7.1f} {max(sizes) / 1000:7.1f}")
        verdict = "meets" if biggest < GOAL_PAGE_BYTES else "MISSES"
        print(f"goal: every entity page under {GOAL_PAGE_BYTES // 1000} KB: {verdict} it")
        html = list(site.rglob("*.html"))
        index = site / "search" / "search_index.json"
        print(f"site: {len(html)} HTML pages, {folder_bytes(site) / 1e6:.1f} MB in all; "
              f"search index {index.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
