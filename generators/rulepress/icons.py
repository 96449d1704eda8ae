"""Icons from game-icons.net (CC BY 3.0), read from the npm package @iconify-json/game-icons.

`npm install` (run by scripts/setup.sh) puts the set in node_modules/. Pages,
cards and the applet draw icons as inline SVG, so nothing is fetched online.

CC BY needs each icon's author, which the package does not name: icon_authors.json has
them, read from the folder each icon has in the package's upstream repository (written by
scripts/icon_authors.py). `credit` names the author of every icon it is given.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ICON_SET = Path("node_modules") / "@iconify-json" / "game-icons" / "icons.json"
AUTHORS = Path(__file__).with_name("icon_authors.json")
LICENCE = "CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/)"


class IconSetMissing(Exception):
    pass


@dataclass(frozen=True)
class IconSet:
    bodies: dict[str, str]
    size: int

    def names(self) -> set[str]:
        return set(self.bodies)

    def svg(self, name: str, css_class: str = "icon") -> str:
        """A complete <svg> element; its colour follows the surrounding text."""
        body = self.bodies[name]  # the set already draws in currentColor
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" '
                f'viewBox="0 0 {self.size} {self.size}" role="img" aria-label="{name}">'
                f"{body}</svg>")


@cache
def authors() -> dict[str, str]:
    """Icon name -> the name of its author."""
    data = json.loads(AUTHORS.read_text(encoding="utf-8"))
    return {icon: data["authors"][folder] for folder, icons in data["icons"].items()
            for icon in icons}


def author(name: str) -> str | None:
    return authors().get(name)


def credit(names: Iterable[str]) -> str:
    """The credit line for the icons named: each author with their icons."""
    by_author: dict[str, list[str]] = {}
    for name in sorted(set(names)):
        by_author.setdefault(author(name) or "game-icons.net contributors", []).append(name)
    parts = [f"{who} ({', '.join(icons)})" for who, icons in
             sorted(by_author.items(), key=lambda item: item[0].lower())]
    return f"Icons from game-icons.net by {'; '.join(parts)}; licensed under {LICENCE}."


@cache
def load_icons(project: Path) -> IconSet:
    path = project / ICON_SET
    if not path.is_file():
        raise IconSetMissing(f"{ICON_SET.as_posix()} is missing: run scripts/setup.sh "
                             "(it runs npm install)")
    data = json.loads(path.read_text(encoding="utf-8"))
    bodies = {name: icon["body"] for name, icon in data["icons"].items()}
    for alias, target in data.get("aliases", {}).items():
        if target.get("parent") in bodies:
            bodies[alias] = bodies[target["parent"]]
    return IconSet(bodies, int(data.get("width", 512)))
