"""`rulepress build` from start to end: data -> site, PDFs, browser bundle -> swap.

Everything is built into a new folder beside site/ (site_folder.py); site/ is pointed
at it only when every step succeeded, in one atomic step, so a failed or interrupted
build leaves the previous site/ untouched. To add a
step, write a function (project, catalog, site_dir, progress, handoff) and list it in STEPS.
A step gets the build's Handoff (handoff.py): what an earlier step hands a later one in
memory (the print step's manifest, for the website's print page and links).
A step marked BESIDE writes what no later step reads: it runs in a process of its
own from its place in the list to the end, beside the steps after it, into its
own folder that is merged in at the end.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import time
from pathlib import Path
from typing import Callable

from .bundle.step import build_bundle
from .cards.step import build_print
from .data.catalog import Catalog
from .data.load import load_catalog
from .handoff import Handoff
from . import interrupt, site_folder
from .progress import Progress
from .problems import BuildError, DataError
from .website.build import build_website
from .website.compress import compress_site
from .website.offline import stamp_service_worker
from .website.offline_list import write_site_list

Step = Callable[[Path, Catalog, Path, Progress, Handoff], None]

BESIDE = "beside"  # see above; "in line" steps run one after another

# (label, step, how); each writes into the new site folder. MkDocs empties its output
# folder before it writes, so steps that write there come after the website. The
# PDFs come first: they go to build/print/ and the website copies them (print.md).
# The bundle starts after the PDFs (which keep both cores busy) and runs beside
# MkDocs, which uses one.
def _print_step(project: Path, catalog: Catalog, site_dir: Path, progress: Progress,
                handoff: Handoff) -> None:
    handoff.prints = build_print(project, catalog, site_dir, progress)


def _bundle_step(project: Path, catalog: Catalog, site_dir: Path, progress: Progress,
                 handoff: Handoff) -> None:
    build_bundle(project, catalog, site_dir, progress)


def _website_step(project: Path, catalog: Catalog, site_dir: Path, progress: Progress,
                  handoff: Handoff) -> None:
    # a print step that handed nothing is an error (MissingHandoff), not an empty list
    build_website(project, catalog, site_dir, progress, handoff.print_manifest())


STEPS: tuple[tuple[str, Step, str], ...] = (
    ("making the print-and-play PDFs", _print_step, "in line"),
    ("bundling the engine for the browser", _bundle_step, BESIDE),
    ("building the website", _website_step, "in line"),
)


def build_all(project: Path, progress: Progress = print) -> Path:
    """Build everything into site/; raises DataError or BuildError (or KeyboardInterrupt),
    leaving site/ as it was."""
    with site_folder.locked(project) as mine:
        if not mine:
            raise BuildError("another rulepress build of this project is running; wait for "
                             "it to finish")
        new_site = site_folder.start_build(project)
        try:
            _build_into(project, new_site, progress)
            interrupt.check()  # never publish a build that was asked to stop
        except BaseException:
            site_folder.discard(new_site)
            raise
        return site_folder.publish(project, new_site)


def _build_into(project: Path, new_site: Path, progress: Progress) -> None:
    beside_site = project / "build" / "site.beside"
    shutil.rmtree(beside_site, ignore_errors=True)
    total = len(STEPS) + 2
    progress(f"[1/{total}] loading and checking data")
    catalog = load_catalog(project)
    beside: list[_Beside] = []
    handoff = Handoff()
    try:
        for number, (label, step, how) in enumerate(STEPS, start=2):
            interrupt.check()  # a Ctrl-C some library swallowed stops the build here
            if how == BESIDE:
                progress(f"[{number}/{total}] {label} (beside the next steps)")
                beside.append(_Beside(label, step, project, catalog, beside_site, progress,
                                      handoff))
            else:
                progress(f"[{number}/{total}] {label}")
                _as_build_error(label, step, project, catalog, new_site, progress, handoff)
    finally:
        outcomes = [process.outcome() for process in beside]  # no writer outlives the build
    for outcome in outcomes:
        if isinstance(outcome, (BuildError, DataError, KeyboardInterrupt)):
            raise outcome
        if outcome is not None:
            raise BuildError(f"a build step beside the others failed: {_words(outcome)}")
    progress(f"[{total}/{total}] {FINISHING}")
    _move_into(beside_site, new_site)
    shutil.rmtree(beside_site, ignore_errors=True)
    stamp_service_worker(new_site)  # its cache is named after every other file
    # last, when every file is in place: the .gz/.br copies that `rulepress serve` sends
    # (those of files unchanged since the build site/ shows now are taken from it)
    last = project / "site"
    files, copies = compress_site(new_site, last.resolve() if last.is_dir() else None)
    progress(f"      {copies} compressed copies of {files} files (.gz, .br)")
    # with the sizes the browser downloads: after the compressed copies
    listing = write_site_list(new_site)
    compress_site(new_site, last.resolve() if last.is_dir() else None)  # the list's copies
    progress(f"      {len(listing['files'])} files listed to keep offline")


FINISHING = "finishing: the offline worker's list and the compressed copies"


def _move_into(source: Path, target: Path) -> None:
    """Everything in `source` into `target`: each entry that `target` lacks is renamed there
    (no copying on one filesystem), the rest copied (build/ may be on another filesystem)."""
    for entry in source.iterdir():
        into = target / entry.name
        try:
            if not into.exists():
                os.rename(entry, into)
                continue
        except OSError:  # another filesystem (EXDEV): copied below
            pass
        if entry.is_dir():
            shutil.copytree(entry, into, dirs_exist_ok=True)
        else:
            shutil.copy2(entry, into)


def _as_build_error(label: str, step: Step, *args) -> None:
    """Runs a step; any failure but bad data or Ctrl-C becomes a BuildError naming it
    (a page's refused odds, a broken link, a clash of page names…)."""
    try:
        step(*args)
    except (BuildError, DataError):
        raise
    except Exception as error:  # noqa: BLE001  reported as one message by the CLI
        raise BuildError(f"{label} failed: {_words(error)}") from error


def _words(error: BaseException) -> str:
    return f"{error}" if isinstance(error, BuildError) else f"{type(error).__name__}: {error}"


class _Beside:
    """A step in a forked process. Forked between steps, when no thread runs (the PDF
    workers' pool has shut down, MkDocs has not started): the child copies no lock
    while it is held."""

    def __init__(self, label: str, step: Step, *args) -> None:
        context = multiprocessing.get_context("fork")
        self.answers, send = context.Pipe(duplex=False)
        self.process = context.Process(target=_run_and_report, args=(send, label, step, *args),
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


def _run_and_report(send, label: str, step: Step, project: Path, catalog: Catalog,
                    site_dir: Path, progress: Progress, handoff: Handoff) -> None:
    started = time.perf_counter()
    try:
        step(project, catalog, site_dir, progress, handoff)
        # its time, which the lines of the steps it ran beside do not show (bench/build.py)
        progress(f"      {label}: {time.perf_counter() - started:.1f} s (beside)")
        send.send(None)
    except BaseException as error:  # noqa: BLE001  handed to the parent, which raises it
        try:
            send.send(error)
        except Exception:  # noqa: BLE001  an error that cannot be pickled: keep its words
            send.send(BuildError(f"{type(error).__name__}: {error}"))


__all__ = ["build_all", "BuildError", "STEPS", "BESIDE", "FINISHING"]
