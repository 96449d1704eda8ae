"""The data reference page lists every kind of the registry, made from the registry."""

from __future__ import annotations

from rulepress.data.kinds import KINDS
from rulepress.website.data_kinds import MARKER, PAGE, place_kinds


def test_the_page_asks_for_the_list_and_writes_no_kind_by_hand(root):
    text = (root / "content" / PAGE).read_text(encoding="utf-8")
    assert len(MARKER.findall(text)) == 1
    assert not [line for line in text.splitlines() if line.startswith("| `")]


def test_every_kind_gets_one_row_with_its_files_and_what_it_holds(root):
    body = (root / "content" / PAGE).read_bytes()
    page = place_kinds({PAGE: body})[PAGE]
    assert not MARKER.search(page)
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    assert len(rows) == len(KINDS) >= 28
    for kind, row in zip(KINDS, rows):
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert cells == [f"`{kind.key}`", f"`{kind.files}`", kind.about,
                         "yes" if kind.engine else "no"]
        assert kind.about and "\n" not in kind.about


def test_a_page_without_the_marker_is_left_alone():
    assert place_kinds({PAGE: b"# Data\n"}) == {}
    assert place_kinds({"index.md": b"<!-- rulepress: data kinds -->\n"}) == {}
