"""Evil Robots checks that span records or files."""

from __future__ import annotations

from typing import Iterator

from ...icons import ICON_SET, IconSetMissing, load_icons
from ...problems import Problem, did_you_mean
from ..catalog import Catalog


def bot_icons_exist(catalog: Catalog) -> Iterator[Problem]:
    """Each robot's icon is a name in the game-icons set."""
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


CHECKS = (bot_icons_exist,)
