"""Rules headings that link to a record page, read from the hand-written rules pages.

A record page (a weapon, a unit, a specialist…) links back to every rules heading whose text
links to it. The links are read from the rules pages themselves, so the two directions cannot
drift apart and no second list has to be kept.
"""

from __future__ import annotations

import posixpath
import re
from functools import cache
from pathlib import Path

from .templating import markdown_text

HEADING = re.compile(r"^(#{2,6}) (.*?)\s*\{[^}]*#([a-z0-9-]+)[^}]*\}\s*$")
LINK = re.compile(r"\]\(([^)\s#]+\.md)(?:#[^)\s]*)?\)")


@cache
def rule_headings(content: Path, folder: str) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """Linked page -> ((rules page, anchor, heading text), …) for the pages in `folder`.

    A link counts for the nearest heading above it that has an explicit anchor."""
    found: dict[str, list[tuple[str, str, str]]] = {}
    for path in sorted((content / folder).glob("*.md")):
        page = f"{folder}/{path.name}"
        lines = path.read_text(encoding="utf-8").splitlines()
        title = next((line[2:].strip() for line in lines if line.startswith("# ")), page)
        heading: tuple[str, str, str] | None = None
        for line in lines:
            if m := HEADING.match(line):
                heading = (page, m[3], f"{title}: {m[2]}")
            elif heading:
                for target in LINK.findall(line):
                    linked = posixpath.normpath(posixpath.join(folder, target))
                    if heading not in found.setdefault(linked, []):
                        found[linked].append(heading)
    return {page: tuple(headings) for page, headings in found.items()}


def rules_section(content: Path, page: str) -> list[dict]:
    """The "Rules" section of a record page (Markdown links), or none if no rule links to it."""
    folder = page.split("/")[0]
    headings = rule_headings(content, folder).get(page, ())
    if not headings:
        return []
    here = posixpath.dirname(page)
    items = [f"- [{markdown_text(title)}]({posixpath.relpath(target, here)}#{anchor})"
             for target, anchor, title in headings]
    return [{"title": "Rules", "html": "\n".join(items)}]
