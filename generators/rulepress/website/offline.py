"""Stamps the build's digest into the site's service worker (content/offline-sw.js).

The worker names its cache after the build, so a new build is a new worker (browsers
compare a worker script's bytes on each visit), which keeps the new build's files in a
new cache and deletes the old one. The digest covers every file of the site but the
worker itself and the compressed copies (of files it covers), so an unchanged site keeps
its cache.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from ..problems import BuildError

WORKER = "offline-sw.js"
_BUILD = re.compile(r'^var BUILD = "[^"]*";', re.M)


def build_digest(site: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if name == WORKER or path.suffix in (".gz", ".br"):
            continue
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def stamp_service_worker(site: Path) -> str:
    """Writes the digest into site/offline-sw.js; returns it."""
    worker = site / WORKER
    text, count = _BUILD.subn(f'var BUILD = "{build_digest(site)}";',
                              worker.read_text(encoding="utf-8"), count=1)
    if count != 1:
        raise BuildError(f"{WORKER}: its line 'var BUILD = \"…\";' is missing")
    worker.write_text(text, encoding="utf-8")
    return text.split('var BUILD = "', 1)[1].split('"', 1)[0]
