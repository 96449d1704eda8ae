"""The section map covers every section of the BrikWars book and points at real headings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from seeds import seed_lines

NUMBERED = re.compile(r"^([QH]|\d{1,2})\.(\d+):? ")
CHAPTER = re.compile(r"^Chapter (\w+): |^(MOC Combat)$")
NUMERALS = {"One": "1", "Two": "2", "Three": "3", "Four": "4", "Five": "5", "Six": "6",
            "Seven": "7", "Eight": "8", "Nine": "9", "Ten": "10", "Eleven": "11"}
# Mapped by the other half of the work in sections-moc.yaml (Chapters 7-11, MOC, D).
SECOND_FILE_CHAPTERS = {"7", "8", "9", "10", "11", "MOC", "D"}
EXPLICIT_ANCHOR = re.compile(r"^#{1,6} .*\{[^}]*#([a-z0-9-]+)[^}]*\}\s*$")


def book_sections() -> dict[str, int]:
    """Every section number the book uses -> its heading's line: the numbered sections, and
    each chapter that has none (Chapter Two, MOC Combat, Chapter D) by its own number."""
    found: dict[str, int] = {}
    chapters: list[tuple[str, int]] = []
    for number, line in enumerate(seed_lines(), start=1):
        if m := NUMBERED.match(line):
            found.setdefault(f"{m[1]}.{m[2]}", number)
        elif m := CHAPTER.match(line):
            name = m[1] or "MOC"
            chapters.append((NUMERALS.get(name, name), number))
    for chapter, number in chapters:
        prefix = "Q" if chapter == "QuikWars" else chapter
        if not any(s.split(".")[0] == prefix for s in found):
            found[chapter] = number
    return found


def anchors(root: Path, page: str) -> set[str]:
    path = root / "content" / page
    if not path.is_file():
        return set()
    return {m[1] for line in path.read_text(encoding="utf-8").splitlines()
            if (m := EXPLICIT_ANCHOR.match(line))}


def test_the_book_has_fifty_sections():
    sections = book_sections()
    assert len(sections) == 50
    assert {"Q.1", "Q.4", "1.4", "2", "3.4", "5.4", "H.3", "MOC", "7.3", "8.7", "9.5", "10.3",
            "11.3", "D"} <= set(sections)


def test_every_book_section_is_mapped_once(catalog, root):
    mapped = {s.number: s for s in catalog.all("brikwars.section")}
    second_file = (root / "data" / "brikwars" / "sections-moc.yaml").is_file()
    missing = []
    for number, line in book_sections().items():
        if number not in mapped:
            if not second_file and number.split(".")[0] in SECOND_FILE_CHAPTERS:
                continue  # that half of the map arrives with sections-moc.yaml
            missing.append(f"{number} (L{line})")
        elif not any(low <= line <= high for low, high in mapped[number].source.line_spans()):
            pytest.fail(f"section {number}: its heading is at L{line}, outside the lines "
                        f"{mapped[number].source.lines} its record cites")
    assert missing == []
    assert set(mapped) <= set(book_sections()), "the map names a section the book lacks"


def test_every_mapped_section_points_at_a_heading(catalog, root):
    broken = [f"{s.number}: {s.page}#{s.anchor}" for s in catalog.all("brikwars.section")
              if s.coverage != "omitted" and s.anchor not in anchors(root, s.page)]
    assert broken == []


def test_sections_do_not_overlap(catalog):
    owner: dict[int, str] = {}
    for section in catalog.all("brikwars.section"):
        for low, high in section.source.line_spans():
            for line in range(low, high + 1):  # the seed has 3,455 lines
                assert line not in owner, f"L{line} is in both {owner[line]} and {section.number}"
                owner[line] = section.number
