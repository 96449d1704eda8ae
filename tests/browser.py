"""Browser-test helpers: serve a built site on 127.0.0.1 and drive Debian's Chromium.

Playwright only drives the browser; the browser is /usr/bin/chromium from
Debian (scripts/apt-packages.txt), never one that Playwright downloads.
"""

from __future__ import annotations

import functools
import http.server
import threading
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


@contextmanager
def serve_folder(folder: Path):
    """Serve `folder` at http://127.0.0.1:<free port>/ for the duration of the block."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
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
