"""Record pages link back to the rules headings that link to them."""

from __future__ import annotations

from pathlib import Path

from rulepress.website.rules_links import rule_headings, rules_section


def test_a_weapon_page_links_back_to_its_rules(root):
    links = rules_section(root / "content", "brikwars/weapons/hand-weapon.md")[0]["html"]
    assert ("- [Minifig weapons and armor: Hand Weapon](../weapons-armor.md#hand-weapon)"
            in links.splitlines())


def test_a_specialist_page_links_back_to_its_rules(root):
    links = rules_section(root / "content", "brikwars/specialists/rider.md")[0]["html"]
    assert "(../horses.md#rider)" in links


def test_nearest_anchored_heading_counts_and_unlinked_pages_get_nothing(tmp_path: Path):
    rules = tmp_path / "game"
    rules.mkdir()
    (rules / "rules.md").write_text(
        "# Rules\n\n## First {#first}\n\nSee [x](things/x.md#top).\n\n### Sub\n\n"
        "[y](things/y.md) and [x](things/x.md) again.\n", encoding="utf-8")
    found = rule_headings(tmp_path, "game")
    assert found["game/things/x.md"] == (("game/rules.md", "first", "Rules: First"),)
    assert found["game/things/y.md"] == (("game/rules.md", "first", "Rules: First"),)
    assert rules_section(tmp_path, "game/things/z.md") == []
