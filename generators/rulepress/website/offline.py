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
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from ..problems import BuildError
from .offline_list import LIST as SITE_LIST  # written after the stamp, from the files it covers

WORKER = "offline-sw.js"  # where the site serves it (offline/register.js registers it)
SOURCE = "assets/javascripts/offline/service-worker.js"  # where MkDocs copied it
_BUILD = re.compile(r'^const BUILD = "[^"]*";', re.M)


def build_digest(site: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if name in (WORKER, SOURCE, SITE_LIST) or path.suffix in (".gz", ".br"):
            continue
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def stamp_service_worker(site: Path) -> str:
    """Moves the worker to site/offline-sw.js with the digest in it; returns the digest."""
    source = site / SOURCE
    if not source.is_file():
        raise BuildError(f"{SOURCE} is missing from the site: it comes from site_overrides/")
    digest = build_digest(site)
    text, count = _BUILD.subn(f'const BUILD = "{digest}";', source.read_text(encoding="utf-8"),
                              count=1)
    if count != 1:
        raise BuildError(f"{SOURCE}: its line 'const BUILD = \"…\";' is missing")
    (site / WORKER).write_text(text, encoding="utf-8")
    source.unlink()
    return digest
