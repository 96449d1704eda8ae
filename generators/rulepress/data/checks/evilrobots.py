"""Evil Robots checks that span records or files."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Iterator

from ...icons import ICON_SET, IconSetMissing, author, load_icons
from ...problems import Problem, did_you_mean
from ..catalog import Catalog


def bot_icons_exist(catalog: Catalog) -> Iterator[Problem]:
    """Each robot's icon is a name in the game-icons set, with a known author."""
    entries = list(catalog.entries.get("evilrobots.bot", {}).values())
    if not entries:
        return
    try:
        names = load_icons(catalog.root).names()
    except IconSetMissing as exc:
        yield entries[0].problem(("icon",), "icon-set-missing", str(exc),
                                 "run: npm install (scripts/setup.sh does it)")
        return
    for entry in entries:
        if entry.record.icon not in names:
            yield entry.problem(("icon",), "unknown-icon",
                                f"{ICON_SET.parent.name} has no icon '{entry.record.icon}'",
                                did_you_mean(entry.record.icon, names))
        elif author(entry.record.icon) is None:  # CC BY needs each icon's author
            yield entry.problem(("icon",), "icon-without-author",
                                f"no author is known for the icon '{entry.record.icon}'",
                                "run scripts/icon_authors.py on a checkout of game-icons/icons")


RULES_PAGES = Path("content") / "evilrobots"
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*(?:\{#([a-z0-9-]+)\})?\s*$", re.M)


@cache
def page_anchors(page: Path) -> frozenset[str]:
    """The anchors a rules page defines: explicit {#id}s and the slugs of its headings."""
    anchors = set()
    for title, explicit in HEADING.findall(page.read_text(encoding="utf-8")):
        anchors.add(explicit or re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-"))
    return frozenset(anchors)


def bot_rules_exist(catalog: Catalog) -> Iterator[Problem]:
    """Each robot's `rules` entries name a rules page and a section that exist."""
    folder = catalog.root / RULES_PAGES
    pages = sorted(p.stem for p in folder.glob("*.md"))
    for entry in catalog.entries.get("evilrobots.bot", {}).values():
        for index, target in enumerate(entry.record.rules):
            name, _, anchor = target.partition("#")
            page = folder / f"{name}.md"
            if not page.is_file():
                yield entry.problem(("rules", index), "unknown-rules-page",
                                    f"{RULES_PAGES.as_posix()}/{name}.md does not exist",
                                    did_you_mean(name, pages))
            elif anchor not in page_anchors(page):
                yield entry.problem(("rules", index), "unknown-rules-anchor",
                                    f"{name}.md has no section '#{anchor}'",
                                    did_you_mean(anchor, sorted(page_anchors(page))))


CHECKS = (bot_icons_exist, bot_rules_exist)
