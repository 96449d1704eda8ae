"""Serves the site's service worker from the site's root, with the build's digest in it.

The worker's source is one of the site's scripts (site_overrides/assets/javascripts/
offline/service-worker.js), which MkDocs copies into assets/; it moves from there to the
root as offline-sw.js, because a service worker controls only the pages under the folder
it is served from (every page, and the engine worker's files).

The worker names its cache after the build, so a new build is a new worker (browsers
compare a worker script's bytes on each visit), which keeps the new build's files in a
new cache and deletes the old one. The digest covers every file of the site but the
worker itself, the compressed copies (of files it covers) and the list of the files to keep
offline (offline_list.py: written last, from the files it covers), so an unchanged site keeps
its cache.

The worker keeps a versioned file (one it serves from its cache ever after) only when the
body it got has the SHA-256 the build gave it: `HASHES` in the worker, by address, for the
files engine/bundle.json lists (their ?v= addresses) and Material's hashed bundles. So a
file changed on the server, cut short by a proxy or left stale in the browser's HTTP cache
is never kept, and the site mends itself once the server is right again.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from ..problems import BuildError
from .offline_list import LIST as SITE_LIST  # written after the stamp, from the files it covers

WORKER = "offline-sw.js"  # where the site serves it (offline/register.js registers it)
SOURCE = "assets/javascripts/offline/service-worker.js"  # where MkDocs copied it
_BUILD = re.compile(r'^const BUILD = "[^"]*";', re.M)
_HASHES = re.compile(r'^const HASHES = \{\};', re.M)
BUNDLE = "engine/bundle.json"
# Material's bundles, named by their content (the worker's VERSIONED pattern says the same)
MATERIAL = re.compile(r"^assets/(javascripts|stylesheets)/[^/]*\.[0-9a-f]{8}\.min\.(js|css)$")


def build_digest(site: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if name in (WORKER, SOURCE, SITE_LIST) or path.suffix in (".gz", ".br"):
            continue
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def sri(content: bytes) -> str:
    """The subresource-integrity value of `content` (as engine/bundle.json writes them)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(content).digest()).decode()


def versioned_hashes(site: Path) -> dict[str, str]:
    """{address from the site's root: its SHA-256 as an integrity value} for every file the
    worker keeps for good: those engine/bundle.json lists, by their ?v= addresses (with
    the packed copies), and Material's hashed bundles."""
    found: dict[str, str] = {}
    listing = site / BUNDLE
    if listing.is_file():
        def walk(value: object) -> None:
            if isinstance(value, dict):
                if isinstance(value.get("url"), str) and isinstance(value.get("integrity"), str):
                    found[value["url"]] = value["integrity"]
                for inner in value.values():
                    walk(inner)
        walk(json.loads(listing.read_text(encoding="utf-8")))
    for path in sorted((site / "assets").rglob("*.min.*")) if (site / "assets").is_dir() else ():
        name = path.relative_to(site).as_posix()
        if MATERIAL.match(name) and path.is_file():
            found[name] = sri(path.read_bytes())
    return found


def stamp_service_worker(site: Path) -> str:
    """Moves the worker to site/offline-sw.js with the digest and the versioned files'
    hashes in it; returns the digest."""
    source = site / SOURCE
    if not source.is_file():
        raise BuildError(f"{SOURCE} is missing from the site: it comes from site_overrides/")
    digest = build_digest(site)
    text, count = _BUILD.subn(f'const BUILD = "{digest}";', source.read_text(encoding="utf-8"),
                              count=1)
    if count != 1:
        raise BuildError(f"{SOURCE}: its line 'const BUILD = \"…\";' is missing")
    hashes = json.dumps(versioned_hashes(site), indent=1, sort_keys=True)
    text, count = _HASHES.subn(lambda _: f"const HASHES = {hashes};", text, count=1)
    if count != 1:
        raise BuildError(f"{SOURCE}: its line 'const HASHES = {{}};' is missing")
    (site / WORKER).write_text(text, encoding="utf-8")
    source.unlink()
    return digest
