"""Benchmark: the whole `rulepress build`, and the size of the pages it writes.

Runs `rulepress build` on a scratch copy of the project, each time in a fresh
process, and times every step from its progress lines. Side by side it times
the peer: a bare `mkdocs build` of the same generated Markdown tree (no data
loading, no page generation, no PDFs, no browser bundle), so the ratio shows
what our own steps add to MkDocs Material's share. Then it reports the HTML
size of entity pages (goal: under 150 KB each) and of the whole site.

    .venv/bin/python bench/build.py [--repeat 3]

Goal: the whole build from cold (fresh clone, no caches) under 30 s on the 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "generators"))
from rulepress.build import BESIDE, STEPS  # noqa: E402

BESIDE_LABELS = [label for label, _, how in STEPS if how == BESIDE]
INPUTS = ("data", "content", "site_overrides", "mkdocs.yml")
LINKED = ("node_modules",)
ENTITY_FOLDERS = ("buttonmen/buttons", "buttonmen/skills", "evilrobots/bots", "brikwars/units",
                  "brikwars/weapons", "brikwars/scaled-weapons", "brikwars/specialists",
                  "brikwars/specialties")
GOAL_SECONDS = 30.0
GOAL_PAGE_BYTES = 150_000


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


def _env() -> dict:
    """This checkout's generators/ first, so the benchmark measures this tree's code."""
    path = os.pathsep.join(filter(None, [str(ROOT / "generators"), os.environ.get("PYTHONPATH")]))
    # shared caches would make the cold run warm: the scratch project keeps its own
    own = {k: v for k, v in os.environ.items()
           if k not in ("RULEPRESS_PRINT_CACHE", "RULEPRESS_BUNDLE_CACHE")}
    return dict(own, PYTHONPATH=path, NO_MKDOCS_2_WARNING="1")


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_build(project: Path) -> tuple[float, float, dict[str, float]]:
    """Wall and CPU seconds of one `rulepress build`, and the wall seconds of each step.

    CPU time is reported beside wall time because other work on a shared machine
    stretches the wall clock but not the CPU the build itself used.
    """
    cpu = _child_cpu()
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "rulepress", "--project", str(project),
                                "build"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=_env())
    steps: dict[str, float] = {}
    label, since = "start-up", start
    output: list[str] = []
    for line in process.stdout:
        output.append(line)
        if line.startswith("[") and "]" in line and "(beside" in line:
            continue  # runs in a thread beside the steps that follow: inside their times
        if line.startswith("[") and "]" in line:  # "[2/4] building the website"
            now = time.perf_counter()
            steps[label] = now - since
            label, since = line.split("]", 1)[1].strip(), now
    process.wait()
    end = time.perf_counter()
    steps[label] = end - since
    if process.returncode != 0:
        sys.exit(f"rulepress build failed (exit {process.returncode}):\n" + "".join(output[-15:]))
    return end - start, _child_cpu() - cpu, steps


def timed_peer(project: Path) -> tuple[float, float]:
    """Wall and CPU seconds of a bare `mkdocs build` of the Markdown the last build made."""
    cpu = _child_cpu()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(project / "mkdocs.yml"),
                    "-d", str(project / "build" / "peer-site")], check=True, env=_env(),
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
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulepress-bench-") as scratch:
        project = copy_project(Path(scratch))
        runs, cpus, peers, peer_cpus, all_steps = [], [], [], [], []
        for _ in range(args.repeat):
            wall, cpu, steps = timed_build(project)
            runs.append(wall)
            cpus.append(cpu)
            all_steps.append(steps)
            peer_wall, peer_cpu = timed_peer(project)
            peers.append(peer_wall)
            peer_cpus.append(peer_cpu)
        site = project / "site"
        # The first run starts without the caches (build/cache: PDFs, engine wheel and
        # snapshot), as on a fresh clone; later runs reuse them, as a developer's rebuilds
        # do. Both are reported; the goal applies to the cold run.
        warm = slice(1, None) if args.repeat > 1 else slice(0, None)
        print(f"rulepress build vs bare mkdocs build of the same Markdown, {args.repeat} runs, "
              f"{os.cpu_count()} cores, load average now {os.getloadavg()[0]:.1f}")
        print(f"cold run (no PDF cache): {runs[0]:.1f} s wall, {cpus[0]:.1f} s CPU")
        print(f"{'warm runs':28} {'min s':>8} {'median s':>9} {'CPU median s':>13}")
        print(f"{'rulepress build (whole)':28} {min(runs[warm]):8.2f} "
              f"{statistics.median(runs[warm]):9.2f} {statistics.median(cpus[warm]):13.2f}")
        print(f"{'mkdocs build (peer)':28} {min(peers):8.2f} {statistics.median(peers):9.2f} "
              f"{statistics.median(peer_cpus):13.2f}")
        ratio = statistics.median(runs[warm]) / statistics.median(peers)
        print(f"ratio whole / peer (median wall): {ratio:.2f}")
        for label in all_steps[-1]:
            values = [steps.get(label, 0.0) for steps in all_steps[warm]]
            print(f"  step {label[:40]:40} median {statistics.median(values):6.2f} s  "
                  f"cold {all_steps[0].get(label, 0.0):6.2f} s")
        print(f"  (steps of the last run; {', '.join(BESIDE_LABELS)} ran beside them)")
        verdict = "meets" if runs[0] < GOAL_SECONDS else "MISSES"
        print(f"goal: whole build from cold under {GOAL_SECONDS:.0f} s: {verdict} it "
              f"({runs[0]:.1f} s)")
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
