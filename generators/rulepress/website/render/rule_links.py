"""Links back from a record page to the rules that use it: every hand-written BrikWars page
is scanned for links to record pages, and each link is credited to the nearest heading
above it that has an explicit anchor. So a rule that links a weapon makes the weapon's page
link the rule, and the two can never disagree."""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from functools import lru_cache
from html import escape
from pathlib import Path

HEADING = re.compile(r"^(#{1,6}) (.*?)\s*\{#([a-z0-9-]+)\}\s*$")
LINK = re.compile(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)|href=\"([^\"#]+\.md)(?:#[^\"]*)?\"")
MARKUP = re.compile(r"[*_`]|\[([^\]]*)\]\([^)]*\)")


@lru_cache(maxsize=4)
def _index(content: Path) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """Target page ('brikwars/weapons/gun.md') -> ((page, anchor, heading), ...) in page order."""
    found: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for path in sorted((content / "brikwars").glob("*.md")):
        page = f"brikwars/{path.name}"
        heading: tuple[str, str, str] | None = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if m := HEADING.match(line):
                heading = (page, m[3], MARKUP.sub(lambda x: x[1] or "", m[2]).strip())
                continue
            for m in LINK.finditer(line):
                target = posixpath.normpath(posixpath.join("brikwars", m[1] or m[2]))
                if heading and target.count("/") == 2 and heading not in found[target]:
                    found[target].append(heading)
    return {target: tuple(headings) for target, headings in found.items()}


def rules_section(project: Path, record_page: str, page_url) -> dict | None:
    """An entity-page section listing the rules headings that link to `record_page`."""
    headings = _index(project / "content").get(record_page, ())
    if not headings:
        return None
    items = "".join(
        f'<li><a href="{page_url(record_page, page)}#{anchor}">{escape(title)}</a> '
        f'<small>({escape(_page_title(project, page))})</small></li>'
        for page, anchor, title in headings)
    return {"title": "Rules that use it", "html": f"<ul>{items}</ul>"}


@lru_cache(maxsize=64)
def _page_title(project: Path, page: str) -> str:
    for line in (project / "content" / page).read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return re.sub(r"\s*\{#[^}]*\}\s*$", "", line[2:]).strip()
    return page
