"""Browser-test helpers: serve a built site on 127.0.0.1 and drive Debian's Chromium.

Playwright only drives the browser; the browser is /usr/bin/chromium from
Debian (scripts/apt-packages.txt), never one that Playwright downloads.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

from rulepress.commands.serve import SiteHandler

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


class _QuietHandler(SiteHandler):
    def log_message(self, *args) -> None:  # keep test output clean
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        # a browser context closed while a file was on its way: not an error of the site
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve_folder(folder: Path):
    """Serve `folder` at http://127.0.0.1:<free port>/ for the duration of the block."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def is_local(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about"):
        return True
    return parsed.hostname in ("127.0.0.1", "localhost")


# The army builder (calculators/army/): one change, the count of line 2 up by one, and how
# long until the line's new cost is on screen and painted (ms), `times` times over. Used by
# tests/website/test_army_print.py and bench/browser.py.
ARMY_CHANGE_TIMING = """async (times) => {
  const out = [];
  for (let i = 0; i < times; i++) {
    const input = document.querySelector('#rp-army-rows tr:nth-child(2) input[data-act="count"]');
    const each = document.querySelector('#rp-army-rows tr:nth-child(2) [data-cell="each"]').textContent;
    const want = String((Number(input.value) + 1) * Number(each));
    const t0 = performance.now();
    input.value = String(Number(input.value) + 1);
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));  // painted
    const cell = document.querySelector('#rp-army-rows tr:nth-child(2) [data-cell="cp"]');
    out.push({ ms: performance.now() - t0, shown: cell.textContent === want });
  }
  return out;
}"""


def design_gun_creation(page, name: str | None = None) -> None:
    """On the army builder: open the Creation designer and give a Creation (named `name`) Size
    4, Structure Level 1, 6" of Standard Propulsion and a Size 2 Gun. Costs 4 + 3 + 6 = 13 CP
    (L1382, L2002, L1623)."""
    page.locator(".rp-army__design summary").click()
    if name is not None:
        page.fill("#rp-des-name", name)
    page.fill("#rp-des-size", "4")
    page.select_option("#rp-des-sl", "1")
    page.select_option("#rp-des-prop", "standard-propulsion")
    page.fill("#rp-des-move", "6")
    page.select_option("#rp-des-weapon", "gun")
    page.fill("#rp-des-wsize", "2")
    page.locator("#rp-des-add-weapon").click()


class Requests:
    """Every request of a browser context (a service worker's and a web worker's too), from
    when this is made: which have started and which have ended (finished or failed)."""

    def __init__(self, context) -> None:
        self.started: list = []
        self.finished: list = []
        self.failed: list = []
        # Playwright takes Python functions as handlers, not built-in methods
        context.on("request", lambda request: self.started.append(request))
        context.on("requestfinished", lambda request: self.finished.append(request))
        context.on("requestfailed", lambda request: self.failed.append(request))

    def wait_until_all_ended(self, page, timeout: float = 60.0) -> None:
        """Until every request that started has ended. Playwright hands its events over
        only while it waits, so this waits in short steps, asking again after each."""
        deadline = time.monotonic() + timeout
        while len(self.finished) + len(self.failed) < len(self.started):
            if time.monotonic() > deadline:
                ended = {id(r) for r in self.finished + self.failed}
                waiting = [r.url for r in self.started if id(r) not in ended]
                raise AssertionError(f"requests still open after {timeout:.0f} s: {waiting[:5]}")
            page.wait_for_timeout(20)


def hold_engine(target):
    """Hold the calculators' engine back in `target` (a context or a page): its file listing
    does not arrive, so Pyodide does not start (a page's answer to its default inputs is the
    build's). Returns `release()`, which lets the held requests and every later one through."""
    held: list | None = []

    def route(request_route) -> None:
        if held is None:
            request_route.fallback()
        else:
            held.append(request_route)

    def release() -> None:
        nonlocal held
        waiting, held = held or [], None
        for request_route in waiting:
            request_route.fallback()

    target.route("**/engine/bundle.json", route)
    return release


def open_search(page, timeout: float = 20000) -> None:
    """Click the search box of the page shown and wait until Material's search has its
    index ("Initializing" gone)."""
    page.locator("input.md-search__input").click()
    page.wait_for_function("!document.querySelector('.md-search-result__meta')"
                           ".textContent.includes('Initializing')", timeout=timeout)


class TestBrowser:
    """Playwright's Browser with the tests' defaults for each new context:

    - the site's offline service worker is blocked, unless the running test is marked
      `offline_worker`: on a first visit it installs and fetches the page's files and the
      search index a second time, CPU that no other test needs;
    - the calculators' engine is held back (hold_engine) when the test is marked
      `without_engine`: a calculator page starts Pyodide when idle, seconds of CPU on two
      cores for a test that only looks at the page.

    tests/conftest.py sets `marks` to the running test's markers."""

    __test__ = False  # a helper, not a test class
    marks: frozenset[str] = frozenset()

    def __init__(self, browser) -> None:
        self._browser = browser

    def __getattr__(self, name: str):
        return getattr(self._browser, name)

    def new_context(self, **options):
        if "offline_worker" not in self.marks:
            options.setdefault("service_workers", "block")
        context = self._browser.new_context(**options)
        if "without_engine" in self.marks:
            hold_engine(context)
        return context
