"""`rulepress serve`: build, then serve site/ on 127.0.0.1.

Build the site, then serve site/ locally (WebAssembly with the right type).
"""

from __future__ import annotations

import argparse
import errno
import functools
import http.server
import os
import sys
import urllib.parse
from pathlib import Path

from . import build


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    # Pyodide needs .wasm as application/wasm; .mjs must be JavaScript for module workers.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def send_head(self):
        """400 for an address no file could have (a NUL byte, bad percent-encoding)."""
        try:
            path = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0],
                                        errors="strict")
        except UnicodeDecodeError:
            path = "\x00"
        if "\x00" in path or any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in path):
            self.send_error(400, "Bad request: the address holds a character no file has")
            return None
        try:
            return self._send_compressed(path) or super().send_head()
        except (ValueError, UnicodeError):
            self.send_error(400, "Bad request")
            return None

    def _send_compressed(self, address: str):
        """The build's .br or .gz copy of the file (see website/compress.py) when the
        browser accepts that encoding, as static hosts do; None to serve it as it is."""
        accepted = _accepted(self.headers.get("Accept-Encoding", ""))
        if not accepted:
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not address.endswith("/"):
                return None  # the base class redirects to the folder's address
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return None
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if encoding in accepted and os.path.isfile(path + suffix):
                copy = open(path + suffix, "rb")
                try:
                    size = os.fstat(copy.fileno()).st_size
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(path))
                    self.send_header("Content-Encoding", encoding)
                    self.send_header("Content-Length", str(size))
                    self.send_header("Last-Modified",
                                     self.date_time_string(int(os.path.getmtime(path))))
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                except BaseException:
                    copy.close()
                    raise
                return copy
        return None

    def list_directory(self, path):
        """No folder listings: a folder without index.html is not found."""
        self.send_error(404, "File not found")
        return None


def _accepted(header: str) -> set[str]:
    """The encodings an Accept-Encoding header allows ("br;q=0" refuses br)."""
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        quality = params.strip()
        if quality.startswith("q="):
            try:
                if float(quality[2:]) <= 0:
                    continue
            except ValueError:
                continue
        accepted.add(name.strip().lower())
    if "*" in accepted:
        accepted |= {"br", "gzip"}
    return accepted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=_port, default=8000, help="port (default 8000; 0 = any)")
    parser.add_argument("--no-build", action="store_true", help="serve the existing site/")


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not "
                                         f"'{text}'")
    return int(text)


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
    handler = functools.partial(SiteHandler, directory=str(site))  # site/ read per request:
    try:  # a build swapping it meanwhile is served at once
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        why = ("it is in use by another program" if exc.errno == errno.EADDRINUSE else
               exc.strerror or str(exc))
        print(f"rulepress serve: cannot listen on 127.0.0.1 port {port}: {why}; choose "
              "another with --port (0 picks a free one)", file=sys.stderr)
        return 1
    with server:
        print(f"serving site/ at http://127.0.0.1:{server.server_port}/ (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
