"""Skill interactions: Button Men Online's notes on pairs of skills, on both skills' pages."""

from __future__ import annotations

# The pairs BMO's skill classes describe at commit a04ab98462e7 (get_interaction_descriptions
# in src/engine/BMSkill*.php): 75 notes, 38 pairs once each pair is counted once.
SOME_PAIRS = {"berserk-mighty", "konstant-warrior", "null-poison", "shadow-stinger",
              "trip-turbo", "jolt-time-and-space", "doppelganger-rage"}


def test_one_record_per_bmo_pair(catalog):
    pairs = catalog.all("buttonmen.skill_interaction")
    ids = [p.id for p in pairs]
    assert len(ids) == len(set(ids)) == 38
    assert SOME_PAIRS <= set(ids)
    for p in pairs:
        assert p.source.seed == "bmo-engine-a04ab98462e7"
        assert "src/engine/BMSkill" in (p.source.section or "")


def test_both_skill_pages_list_the_pair(buttonmen_pages):
    pages = buttonmen_pages
    konstant = pages["buttonmen/skills/konstant.md"]
    warrior = pages["buttonmen/skills/warrior.md"]
    assert "## With other skills" in konstant and "## With other skills" in warrior
    assert "[Warrior](warrior.md): In a Skill attack a Konstant Warrior die" in konstant
    assert "[Konstant](konstant.md): In a Skill attack a Konstant Warrior die" in warrior
    assert "## With other skills" not in pages["buttonmen/skills/option.md"]
