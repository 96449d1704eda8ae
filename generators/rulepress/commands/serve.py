"""`rulepress serve`: build, then serve site/ on 127.0.0.1 (WebAssembly served correctly)."""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path

from . import build


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    # Pyodide needs .wasm as application/wasm; .mjs must be JavaScript for module workers.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}


HELP = "build, then serve site/ on 127.0.0.1"
DESCRIPTION = "Build the site, then serve site/ locally (WebAssembly with the right type)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any)")
    parser.add_argument("--no-build", action="store_true", help="serve the existing site/")


def run(project: Path, args: argparse.Namespace) -> int:
    port = args.port
    if not args.no_build:
        code = build.run(project)
        if code:
            return code
    site = project / "site"
    if not site.is_dir():
        print("no site/ yet: run rulepress build first", file=sys.stderr)
        return 1
    handler = functools.partial(SiteHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving site/ at http://127.0.0.1:{server.server_port}/ (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
