"""Write generators/rulepress/icon_authors.json: who drew each icon of the icon package.

The package the site and cards draw from (@iconify-json/game-icons, see package.json) names
only "GameIcons" as its author, though CC BY 3.0 needs each icon's own. Its upstream
(the repository its info.json points to, game-icons/icons) keeps every icon in a folder per
author, and its license.txt names the author of each folder. This script reads both:

    python scripts/icon_authors.py CHECKOUT_OF_GAME_ICONS [COMMIT]

An icon name found in one author's folder is that author's. A name in several folders (63
of them, e.g. fist: Lorc's and Skoll's) is the one whose outline starts where the package's
does: the first point of the first path, which the package's path rewriting keeps.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "node_modules" / "@iconify-json" / "game-icons"
OUT = ROOT / "generators" / "rulepress" / "icon_authors.json"
BACKGROUND = "M0 0h512v512H0z"  # upstream files draw a black square first
NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")


def start(svg: str) -> tuple[float, float]:
    """Where the icon's outline starts: the first point of its first (non-background) path."""
    for d in re.findall(r'\bd="([^"]+)"', svg):
        numbers = NUMBER.findall(d)
        if d.strip() != BACKGROUND and len(numbers) >= 2:
            return float(numbers[0]), float(numbers[1])
    return float("nan"), float("nan")  # no outline: never matches


def names_by_folder(checkout: Path) -> dict[str, str]:
    """license.txt's author names, matched to folders by their letters ("Caro Asercion" is
    caro-asercion, "Lucas" lucasms); a folder it does not name keeps its own name."""
    listed = re.findall(r"^- ([^,\n]+?)(?:,| - |\s*$)", (checkout / "license.txt").read_text(),
                        re.M)
    def key(text: str) -> str:
        return re.sub(r"[^a-z0-9]", "", text.lower())
    out = {}
    for folder in sorted(p.name for p in checkout.iterdir() if p.is_dir() and
                         not p.name.startswith(".") and any(p.glob("*.svg"))):
        match = [n.strip() for n in listed if key(n) == key(folder)] or \
            [n.strip() for n in listed if key(folder).startswith(key(n))]
        out[folder] = match[0] if match else folder
    return out


def main(checkout: Path, commit: str) -> None:
    package = json.loads((PACKAGE / "package.json").read_text())
    icons = json.loads((PACKAGE / "icons.json").read_text())
    upstream: dict[str, list[tuple[str, tuple[float, float]]]] = defaultdict(list)
    for svg in sorted(checkout.glob("*/*.svg")):
        upstream[svg.stem].append((svg.parent.name, start(svg.read_text())))
    by_author: dict[str, list[str]] = defaultdict(list)
    missing = []
    for name, icon in sorted(icons["icons"].items()):
        found = upstream.get(name, [])
        if len(found) > 1:
            x, y = start(icon["body"])
            found = [(a, p) for a, p in found if abs(p[0] - x) < 0.02 and abs(p[1] - y) < 0.02]
        if len(found) == 1:
            by_author[found[0][0]].append(name)
        else:
            missing.append(name)  # renamed upstream: credited to game-icons.net as a whole
    for alias, target in sorted(icons.get("aliases", {}).items()):
        for names in by_author.values():
            if target.get("parent") in names:
                names.append(alias)
    out = {"about": "The author of each icon of the package, from its folder in the "
                    "package's upstream (one folder per author; license.txt names them). "
                    "Written by scripts/icon_authors.py.",
           "package": f"{package['name']}@{package['version']}",
           "upstream": f"github.com/game-icons/icons@{commit}",
           "authors": names_by_folder(checkout),
           "icons": {a: sorted(n) for a, n in sorted(by_author.items())},
           "unmatched": missing}
    OUT.write_text(json.dumps(out, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {sum(map(len, by_author.values()))} icons by "
          f"{len(by_author)} authors; {len(missing)} unmatched")


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    commit = sys.argv[2] if len(sys.argv) > 2 else subprocess.run(
        ["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True,
        check=True).stdout.strip()
    main(folder, commit)
