"""Our pages are in our own words: no run of 10 or more words is shared with a seed text.

Every hand-written page (content/**/*.md) and every text the data gives the generated pages
(string values in data/**/*.yaml) is compared with every seed. Words are lower-cased runs of
letters and digits; link targets and anchors, which readers never see, are dropped first.
Each seed's 10-word shingles are hashed once into a set, so the check is linear in the text.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from seeds import seeds_dir

RUN = 10
WORD = re.compile(r"[a-z0-9]+")
# Link targets, attributes and tags, which readers never see, and `code` (recipes and
# dice expressions: notation, not sentences).
HIDDEN = re.compile(r"\]\([^)]*\)|\{[#:.][^}]*\}|<[^>]+>|`[^`\n]*`")
NOTATION_KEYS = {"recipe"}  # data fields that hold notation


# Table cells and headings are read each on its own: a table of the book's numbers or a row
# of rule names may match the book's table, as long as no cell or sentence copies one.
BREAKS = re.compile(r"\||^#{1,6} .*$", re.M)


def segments(text: str) -> list[str]:
    """The text cut at every table bar and around every heading; headings kept."""
    headings = [m[0] for m in BREAKS.finditer(text) if m[0] != "|"]
    return [part for part in BREAKS.split(text) if part.strip()] + headings


def words(text: str) -> list[str]:
    return WORD.findall(HIDDEN.sub(" ", text.lower()))


def shingles(tokens: list[str]) -> set[int]:
    return {hash(tuple(tokens[i:i + RUN])) for i in range(len(tokens) - RUN + 1)}


def seed_shingles() -> set[int]:
    found: set[int] = set()
    for seed in sorted(seeds_dir().glob("*.txt")):
        found |= shingles(words(seed.read_text(encoding="utf-8")))
    return found


def yaml_strings(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for key, value in node.items() if key not in NOTATION_KEYS
                for s in yaml_strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in yaml_strings(value)]
    return []


def texts(root: Path) -> list[tuple[str, str]]:
    """(where, text) for every page and every data text; data texts are checked one by one,
    as the pages show them apart."""
    found = [(str(p.relative_to(root)), p.read_text(encoding="utf-8"))
             for p in sorted((root / "content").rglob("*.md"))]
    for path in sorted((root / "data").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found += [(str(path.relative_to(root)), s) for s in yaml_strings(data)]
    return found


def longest_shared_run(tokens: list[str], seen: set[int]) -> list[str]:
    """The longest run of `tokens` whose every 10-word window is in a seed."""
    best: list[str] = []
    start = None
    hits = [hash(tuple(tokens[i:i + RUN])) in seen for i in range(len(tokens) - RUN + 1)]
    for i, hit in enumerate([*hits, False]):
        if hit and start is None:
            start = i
        elif not hit and start is not None:
            if i - start + RUN - 1 > len(best):
                best = tokens[start:i + RUN - 1]
            start = None
    return best


def test_no_page_shares_ten_words_with_a_seed(root):
    seen = seed_shingles()
    copied = []
    for where, text in texts(root):
        run = max((longest_shared_run(words(part), seen) for part in segments(text)),
                  key=len, default=[])
        if run:
            copied.append(f"{where}: {len(run)} words: \"{' '.join(run)}\"")
    assert copied == [], "\n".join(copied)


def test_the_check_finds_a_copied_sentence():
    # Line 32 of the BrikWars seed, taken word for word, must be caught.
    from seeds import seed_lines
    line = seed_lines()[31]
    run = longest_shared_run(words("We say: " + line + " Fine."), seed_shingles())
    assert len(run) >= len(words(line)) > RUN
    assert longest_shared_run(words("a minifig rolls one die to hit and one to hurt"),
                              seed_shingles()) == []
