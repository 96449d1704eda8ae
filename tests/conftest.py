"""Shared fixtures (the real project folder, a scratch copy of it to break, a built site, a
browser) and the test pyramid's markers.

Markers (registered in pyproject.toml) are given here, so test files need not repeat them:
a test that uses a built site (`built_site`, `site_url`) or is listed in BUILDS_ITS_OWN is
`build`; one that drives Chromium (`page`, `browser`) is `browser`; one under tests/pyodide/
or tests/bundle/ is `pyodide`; one listed in SLOW (or marked in its file) is `slow`.
`make test-fast` runs every test that has none of the four.

A browser test's contexts block the site's offline service worker unless the test is marked
`offline_worker`; one marked `without_engine` holds the calculators' engine back
(browser.TestBrowser). Test files run heaviest first (scheduling.py).
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import shutil
from pathlib import Path

import pytest

from rulepress.data import load as data_load
from scheduling import FileSeconds, heaviest_files_first
from shared_catalog import SharedCatalog

ROOT = Path(__file__).resolve().parents[1]
# first of all, before anything binds the name: one catalog of the real data per session
load_catalog = data_load.load_catalog = SharedCatalog(data_load.load_catalog, ROOT)

from browser import CHROMIUM, CHROMIUM_FLAGS, TestBrowser, is_local, serve_folder  # noqa: E402
from rulepress.cli import main as cli_main  # noqa: E402

# Scratch builds share one cache of rendered card faces (keyed on their exact HTML),
# so each test build does not render every PDF again.
os.environ.setdefault("RULEPRESS_PRINT_CACHE", str(ROOT / "build" / "cache" / "print"))
# Likewise the engine wheel and Pyodide snapshot (keyed on a digest of their inputs), and
# the engine's answers for the pages (keyed on the engine's source and the data).
os.environ.setdefault("RULEPRESS_BUNDLE_CACHE", str(ROOT / "build" / "cache" / "bundle"))
os.environ.setdefault("RULEPRESS_ANSWER_CACHE", str(ROOT / "build" / "cache" / "answers"))
BUILD_FIXTURES = frozenset({"built_site", "site_url"})
BROWSER_FIXTURES = frozenset({"browser", "page"})
PYODIDE_FOLDERS = (ROOT / "tests" / "pyodide", ROOT / "tests" / "bundle")
# Tests (a file, or file::test) that build a site themselves rather than use built_site.
BUILDS_ITS_OWN = ("website/test_build.py", "website/test_hostile_text.py",
                  "data/test_check_matches_build.py")
# Tests that take seconds each on two cores (pytest --durations shows them). tests/cards/
# renders PDFs with WeasyPrint: all of it, but for the files in CARD_UNITS.
SLOW = ("cards/", "engine/buttonmen/test_bmo_agreement.py", "data/test_skill_interactions.py",
        "data/test_hostile_yaml.py::test_any_small_edit_of_a_file_gives_problems_never_an",
        "data/test_hostile_yaml.py::test_rulepress_check_stays_within_2_s_and_200_mb",
        "test_site_swap.py::test_a_kill_at_any_step_leaves_a_whole_site_and_the_next_command",
        "engine/test_properties.py::test_generated_dice_expressions_within_bounds",
        "bench/test_bmai_fixture.py", "bench/test_bmai_harness.py",
        "engine/buttonmen/test_round_play.py::test_policies_only_play_moves")
CARD_UNITS = ("cards/test_card_notation.py", "cards/test_sheets.py", "cards/test_recipe_art.py",
              "cards/test_text_art.py")
PROJECT_PARTS = ("data", "content", "site_overrides", "mkdocs.yml")
LINKED_PARTS = ("node_modules",)  # large and read-only: linked, not copied


def listed(item, names: tuple[str, ...]) -> bool:
    """Whether the test's id (its path under tests/, then ::name) starts with one of
    `names`."""
    test_id = f"{item.path.relative_to(ROOT / 'tests').as_posix()}::{item.name}"
    return any(test_id.startswith(name) for name in names)


def pytest_collection_modifyitems(config, items):
    heaviest_files_first(items)  # two workers finish together (scheduling.py)
    for item in items:
        used = set(getattr(item, "fixturenames", ()))  # with the fixtures they use in turn
        if used & BUILD_FIXTURES or listed(item, BUILDS_ITS_OWN):
            item.add_marker(pytest.mark.build)
        if used & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if any(item.path.is_relative_to(folder) for folder in PYODIDE_FOLDERS):
            item.add_marker(pytest.mark.pyodide)
        if listed(item, SLOW) and not listed(item, CARD_UNITS):
            item.add_marker(pytest.mark.slow)


_file_seconds = FileSeconds()


def pytest_runtest_logreport(report):
    _file_seconds.add(report)


def pytest_sessionfinish(session):
    if os.environ.get("PYTEST_XDIST_WORKER") is None:  # the main process has every report
        _file_seconds.write()


@pytest.fixture(autouse=True)
def _browser_marks(request):
    """The running test's markers, for the browser's defaults (browser.TestBrowser)."""
    TestBrowser.marks = frozenset(mark.name for mark in request.node.iter_markers())


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def catalog():
    """The real data, loaded once for the session."""
    return load_catalog(ROOT)


@pytest.fixture(scope="session")
def render_context(root, catalog):
    """What the page renderers share (links, the engine's data), made once for the session."""
    from rulepress.website.render import RENDERERS
    from rulepress.website.render.context import Context
    return Context.create(root, catalog, RENDERERS)


@pytest.fixture(scope="session")
def buttonmen_pages(render_context) -> dict[str, str]:
    """Every Button Men page (buttons, skills, indexes), rendered once for the session."""
    from rulepress.website.render import buttonmen
    return buttonmen.pages(render_context)


@pytest.fixture(scope="session")
def engine_data(catalog) -> dict:
    """The real data, exported for the engine exactly as the CLI and browser get it."""
    return catalog.engine_data()


def copy_project(folder: Path) -> Path:
    """Copy the project's inputs (data, content, theme, config) into `folder`."""
    for part in PROJECT_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, folder / part)
        else:
            shutil.copy2(source, folder / part)
    for part in LINKED_PARTS:
        (folder / part).symlink_to(ROOT / part, target_is_directory=True)
    return folder


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project's inputs that a test may change freely."""
    return copy_project(tmp_path)


def _build_with_cli(folder: Path) -> tuple[Path, str]:
    """`rulepress build` of a copy of the project in `folder`, as a player runs it: the
    site it published and what it printed (progress, then the closing line)."""
    project = copy_project(folder)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = cli_main(["--project", str(project), "build"])
    if code != 0:
        raise AssertionError(f"rulepress build of the project failed:\n{out.getvalue()}")
    return project / "site", out.getvalue()


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Path, str]:
    """The whole site, built once per test session from a copy of the project by `rulepress
    build`, and what the build printed. With `pytest -n` (make test) the first worker that
    needs it builds it and the others wait for that one build rather than making their own."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return _build_with_cli(tmp_path_factory.mktemp("built"))
    shared = tmp_path_factory.getbasetemp().parent  # the same folder for every worker
    done, printed = shared / "built-site.path", shared / "built-site.log"
    with open(shared / "built-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.is_file():
            shutil.rmtree(shared / "built-site", ignore_errors=True)  # a failed try's
            (shared / "built-site").mkdir()
            site, output = _build_with_cli(shared / "built-site")
            printed.write_text(output, encoding="utf-8")
            done.write_text(str(site), encoding="utf-8")
        return Path(done.read_text(encoding="utf-8")), printed.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def built_site(built) -> Path:
    """The session's site (see `built`)."""
    return built[0]


@pytest.fixture(scope="session")
def site_url(built_site):
    """Base URL of the built site, served on 127.0.0.1."""
    with serve_folder(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium, driven by Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/setup.sh (it installs chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield TestBrowser(chromium)
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh browser page; `page.offsite` lists every request that left 127.0.0.1."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.offsite = []
    tab.on("request", lambda request: None if is_local(request.url)
           else tab.offsite.append(request.url))
    yield tab
    context.close()
