"""Shared fixtures: the real project folder, and a scratch copy of it to break."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from browser import CHROMIUM, CHROMIUM_FLAGS, is_local, serve_folder
from rulepress.data.load import load_catalog
from rulepress.build import build_all

ROOT = Path(__file__).resolve().parents[1]
# Scratch builds share one cache of rendered card faces (keyed on their exact HTML),
# so each test build does not render every PDF again.
os.environ.setdefault("RULEPRESS_PRINT_CACHE", str(ROOT / "build" / "cache" / "print"))
# Likewise the engine wheel and Pyodide snapshot (keyed on a digest of their inputs).
os.environ.setdefault("RULEPRESS_BUNDLE_CACHE", str(ROOT / "build" / "cache" / "bundle"))
PROJECT_PARTS = ("data", "content", "site_overrides", "mkdocs.yml")
LINKED_PARTS = ("node_modules",)  # large and read-only: linked, not copied


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def catalog():
    """The real data, loaded once for the session."""
    return load_catalog(ROOT)


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


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The whole site, built once per test session from a copy of the project."""
    folder = copy_project(tmp_path_factory.mktemp("built"))
    return build_all(folder, progress=lambda line: None)


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
        yield chromium
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
