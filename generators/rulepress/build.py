"""`rulepress build` from start to end: data -> site (-> PDFs, browser bundle) -> swap.

Everything is built into build/site.new first; site/ is replaced only when every
step succeeded, so a failed build leaves the previous site/ untouched. To add a
step, write a function (project, catalog, site_dir, progress) and list it in STEPS.
A step marked BESIDE writes what no later step reads: it runs in a process of its
own from its place in the list to the end, beside the steps after it, into its
own folder that is merged in at the end.
"""

from __future__ import annotations

import multiprocessing
import shutil
from pathlib import Path
from typing import Callable

from .bundle.step import build_bundle
from .cards.step import build_print
from .data.catalog import Catalog
from .data.load import load_catalog
from .progress import Progress
from .problems import BuildError
from .website.build import build_website

Step = Callable[[Path, Catalog, Path, Progress], None]

BESIDE = "beside"  # see above; "in line" steps run one after another

# (label, step, how); each writes into the new site folder. MkDocs empties its output
# folder before it writes, so steps that write there come after the website. The
# PDFs come first: they go to build/print/ and the website copies them (print.md).
# The bundle starts after the PDFs (which keep both cores busy) and runs beside
# MkDocs, which uses one.
STEPS: tuple[tuple[str, Step, str], ...] = (
    ("making the print-and-play PDFs", build_print, "in line"),
    ("bundling the engine for the browser", build_bundle, BESIDE),
    ("building the website", build_website, "in line"),
)


def build_all(project: Path, progress: Progress = print) -> Path:
    """Build everything into site/; raises DataError or BuildError, leaving site/ as it was."""
    new_site = project / "build" / "site.new"
    beside_site = project / "build" / "site.beside"
    for folder in (new_site, beside_site):
        shutil.rmtree(folder, ignore_errors=True)
    total = len(STEPS) + 1
    progress(f"[1/{total}] loading and checking data")
    catalog = load_catalog(project)
    beside: list[_Beside] = []
    try:
        for number, (label, step, how) in enumerate(STEPS, start=2):
            if how == BESIDE:
                progress(f"[{number}/{total}] {label} (beside the next steps)")
                beside.append(_Beside(step, project, catalog, beside_site, progress))
            else:
                progress(f"[{number}/{total}] {label}")
                step(project, catalog, new_site, progress)
    finally:
        outcomes = [process.outcome() for process in beside]  # no writer outlives the build
    for outcome in outcomes:
        if outcome is not None:
            raise outcome
    shutil.copytree(beside_site, new_site, dirs_exist_ok=True)
    shutil.rmtree(beside_site, ignore_errors=True)
    return _swap_in(new_site, project / "site")


class _Beside:
    """A step in a forked process. Forked between steps, when no thread runs (the PDF
    workers' pool has shut down, MkDocs has not started): the child copies no lock
    while it is held."""

    def __init__(self, step: Step, *args) -> None:
        context = multiprocessing.get_context("fork")
        self.answers, send = context.Pipe(duplex=False)
        self.process = context.Process(target=_run_and_report, args=(send, step, *args),
                                       name="rulepress-beside")
        self.process.start()
        send.close()  # the child holds the only sending end: its exit ends recv()

    def outcome(self) -> BaseException | None:
        """Waits for the step: None when it succeeded, else its error."""
        try:
            outcome = self.answers.recv()
        except EOFError:
            outcome = None
        self.process.join()
        if outcome is None and self.process.exitcode != 0:
            return BuildError(f"a build step beside the others stopped "
                              f"(exit code {self.process.exitcode})")
        return outcome


def _run_and_report(send, step: Step, *args) -> None:
    try:
        step(*args)
        send.send(None)
    except BaseException as error:  # noqa: BLE001  handed to the parent, which raises it
        try:
            send.send(error)
        except Exception:  # noqa: BLE001  an error that cannot be pickled: keep its words
            send.send(BuildError(f"{type(error).__name__}: {error}"))


def _swap_in(new_site: Path, site: Path) -> Path:
    old = site.with_name(site.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if site.exists():
        site.rename(old)
    new_site.rename(site)
    shutil.rmtree(old, ignore_errors=True)
    return site


__all__ = ["build_all", "BuildError", "STEPS", "BESIDE"]
