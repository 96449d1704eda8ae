"""Search aliases (data/<game>/search_aliases.yaml) find their rule: a rules page and a
heading that exist, and no word given to two rules of one game."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from ...problems import Problem, did_you_mean
from ..catalog import Catalog
from ..kinds import KINDS
from .evilrobots import page_anchors

ALIAS_KINDS = tuple(kind.key for kind in KINDS if kind.key.endswith(".search_alias"))


def search_aliases_find_their_rule(catalog: Catalog) -> Iterator[Problem]:
    """Each alias points at a rules page of content/ and a heading on it that exist (a page
    the build writes, such as a record's, is checked when the search index is tuned), and
    no word is given twice within a game (one word, one rule: search would not know which
    to put first)."""
    for kind in ALIAS_KINDS:
        seen: dict[str, str] = {}
        for entry in catalog.entries.get(kind, {}).values():
            alias = entry.record
            if alias.page.endswith(".md"):
                page = catalog.root / "content" / alias.page
                if not page.is_file():
                    yield entry.problem(("page",), "unknown-rules-page",
                                        f"content/{alias.page} does not exist",
                                        did_you_mean(Path(alias.page).stem, sorted(
                                            p.stem for p in page.parent.glob("*.md"))))
                elif alias.anchor is not None and alias.anchor not in page_anchors(page):
                    yield entry.problem(("anchor",), "unknown-rules-anchor",
                                        f"{alias.page} has no heading '#{alias.anchor}'",
                                        did_you_mean(alias.anchor, sorted(page_anchors(page))))
            for index, word in enumerate(alias.words):
                if word in seen and seen[word] != alias.id:
                    yield entry.problem(("words", index), "duplicate-search-word",
                                        f"'{word}' already finds '{seen[word]}'",
                                        "give each word to one rule")
                seen.setdefault(word, alias.id)


CHECKS = (search_aliases_find_their_rule,)
