"""`rulepress serve`: build, then serve site/ on 127.0.0.1 (WebAssembly served correctly)."""

from __future__ import annotations

import functools
import http.server
import sys
from pathlib import Path

from . import build


class _Handler(http.server.SimpleHTTPRequestHandler):
    # Pyodide needs .wasm as application/wasm; .mjs must be JavaScript for module workers.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}


def run(project: Path, port: int, skip_build: bool) -> int:
    if not skip_build:
        code = build.run(project)
        if code:
            return code
    site = project / "site"
    if not site.is_dir():
        print("no site/ yet: run rulepress build first", file=sys.stderr)
        return 1
    handler = functools.partial(_Handler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving site/ at http://127.0.0.1:{server.server_port}/ (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
