"""The site's scripts that a page's entry module imports, at any depth: the page's head
lists them as `<link rel="modulepreload">`, so the browser fetches them all at once.

Without the list the browser finds each level of imports only after the level above has
arrived and been parsed: a calculator page's answer waited on three such round trips (about
0.2 s of its first 0.4 s). Only static imports with a relative path count (`import … from
"./x.js"`, `export … from`, `import "./x.js"`); a dynamic `import()` loads when asked.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

SCRIPTS = Path("site_overrides") / "assets" / "javascripts"
# the statements Prettier writes: one per statement, `from` then the quoted relative path
_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?["'](\.{1,2}/[^"']+)["']""",
                     re.M)
# each page kind's entry modules (paths under assets/javascripts/), as its template loads them
ENTRIES = {"calculator": ("engine/client.js", "calculators/calculator-page.js")}


def imports(folder: Path, module: str) -> list[str]:
    """The modules `module` imports directly, as paths under `folder`."""
    text = (folder / module).read_text(encoding="utf-8")
    base = posixpath.dirname(module)
    return [posixpath.normpath(posixpath.join(base, found)) for found in _IMPORT.findall(text)]


def dependencies(folder: Path, entries: tuple[str, ...]) -> list[str]:
    """Every module the entries import, at any depth, in the order first met (the entries
    themselves left out: their own script tags load them)."""
    seen: list[str] = []
    waiting = list(entries)
    while waiting:
        module = waiting.pop(0)
        for found in imports(folder, module):
            if found not in seen and found not in entries:
                seen.append(found)
                if (folder / found).is_file():  # not one the build vendors (vendor/)
                    waiting.append(found)
    return seen


def module_preloads(project: Path) -> dict[str, list[str]]:
    """For each page kind of ENTRIES, the modules to preload (paths under
    assets/javascripts/); the templates read it as `config.extra.module_preloads`."""
    folder = project / SCRIPTS
    return {kind: dependencies(folder, entries) for kind, entries in ENTRIES.items()}
