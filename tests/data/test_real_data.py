"""The bundled data loads cleanly and holds what the seeds say."""

from __future__ import annotations

from rulepress.data.load import check_data, load_catalog
from rulepress.data.schema import schema_texts


def test_real_data_has_no_problems(root):
    _, problems = check_data(root)
    assert [str(p) for p in problems.items] == []


def test_the_seeds_twelve_skills_with_their_letters(root):
    catalog = load_catalog(root)
    seeded = {s.name: s for s in catalog.all("buttonmen.skill")
              if s.source.seed.startswith(("000_", "001_"))}
    assert sorted(seeded) == sorted(["Null", "Chance", "Trip", "Shadow", "Speed", "Option",
                                     "Plasma", "Select", "Radioactive", "Stinger", "Swing",
                                     "Twin"])
    letters = {name: s.letter for name, s in seeded.items() if s.letter}
    assert letters == {"Null": "n", "Chance": "c", "Trip": "t", "Shadow": "s", "Speed": "z",
                       "Select": "S", "Radioactive": "%", "Stinger": "g"}


def test_every_letter_bmo_plays_has_rules_and_one_declaration(root):
    from rulepress.engine.buttonmen.skills import FACTS
    skills = {s.letter: s for s in load_catalog(root).all("buttonmen.skill") if s.letter}
    assert set(FACTS) <= set(skills)
    assert all(skills[letter].rules and skills[letter].summary for letter in FACTS)
    assert all(skills[letter].id == FACTS[letter].id for letter in FACTS)
    # BMO's facts (src/engine/BMSkill*.php): who sits out the initiative, who scores oddly
    assert FACTS["s"].removes_attacks == ("power",)
    assert {f.name for f in FACTS.values() if f.initiative == "excluded"} == {
        "Trip", "Stinger", "Slow", "Rage", "Warrior"}
    assert FACTS["n"].scoring == "zero" and FACTS["p"].scoring == "negative"


def test_u_swing_range_and_buttons(root):
    catalog = load_catalog(root)
    u = catalog.get("buttonmen.swing_letter", "U")
    assert (u.low, u.high) == (8, 30)
    assert catalog.get("buttonmen.button", "aysez").recipe == "s(U) z(U) %(U) n(U) g(U) t(U)"
    fc = catalog.get("buttonmen.recipe_rule", "friend-computer")
    assert [d.sides for d in fc.base_dice] == [4, 8, 10, 12, 12]
    assert [d.printed_skill.value for d in fc.base_dice] == ["null", "chance", "trip",
                                                             "shadow", "speed"]
    assert all(d.printed_skill.obtained == "inferred" for d in fc.base_dice)
    assert (fc.option_size, fc.max_options, fc.max_skills) == (20, 2, 2)


def test_more_fun_table_covers_the_d20(root):
    rows = load_catalog(root).all("buttonmen.more_fun")
    covered = sorted(r for row in rows for r in range(row.roll_low, row.roll_high + 1))
    assert covered == list(range(1, 21))


def test_evil_robots_bots_and_power_deck(root):
    catalog = load_catalog(root)
    bots = catalog.all("evilrobots.bot")
    assert len(bots) == 18
    kinds = {b.name: b.kind for b in bots}
    assert kinds["BlockBot"] == "Reaction" and kinds["SwapBot"] == "Action"
    assert sum(k == "Permanent" for k in kinds.values()) == 9
    deck = catalog.get("evilrobots.power_deck", "power")
    assert deck.cards() == [lvl for lvl in range(1, 10) for _ in range(2)]
    assert deck.copies_per_level.obtained == "inferred" and deck.copies_per_level.note


def test_every_record_has_a_source(root):
    catalog = load_catalog(root)
    for entry in catalog.iter_entries():
        if entry.kind.key != "source":
            assert entry.record.source.seed in catalog.ids("source"), entry.record.id


def test_committed_schemas_match_the_models(root):
    for name, text in schema_texts().items():
        assert (root / "data" / "schema" / name).read_text(encoding="utf-8") == text, name


def test_every_swing_letter_has_bmo_s_range(catalog):
    # BMDieSwing::$swingRanges in Button Men Online (src/engine/BMDieSwing.php); U is also
    # the Aysez wiki page's "any die between 8 and 30"
    bmo = {"P": (1, 30), "R": (2, 16), "S": (6, 20), "T": (2, 12), "U": (8, 30),
           "V": (6, 12), "W": (4, 12), "X": (4, 20), "Y": (1, 20), "Z": (4, 30)}
    assert {s.id: (s.low, s.high) for s in catalog.all("buttonmen.swing_letter")} == bmo
