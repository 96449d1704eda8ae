"""BrikWars data: complete, sourced, and every broken value named with file, line and fix."""

from __future__ import annotations

from data_edits import line_of, only_problem, replace
from rulepress.data.load import check_data, load_catalog
from rulepress.engine.brikwars.formula import scaled_stats


def test_the_counts_the_book_gives(root):
    catalog = load_catalog(root)
    assert len(catalog.all("brikwars.specialist")) == 29
    assert len(catalog.all("brikwars.specialty")) == 31
    items = catalog.all("brikwars.item")
    assert len([i for i in items if i.group in ("minifig-weapon", "minifig-equipment")]) == 14
    assert len([i for i in items if i.group == "quikwars"]) == 7
    assert [s.level for s in catalog.all("brikwars.structure_level")] == [0, 0.5, 1, 2, 3, 4, 5]


def test_every_lost_die_is_explained(root):
    """A null die or damage has a reason; a recovered one cites the prose and says how."""
    catalog = load_catalog(root)
    facts = [(s.id, s.skill) for s in catalog.all("brikwars.specialist")]
    facts += [(i.id, i.damage) for i in catalog.all("brikwars.item") if i.damage]
    for record_id, fact in facts:
        if fact.value is None:
            assert fact.reason, record_id
        elif fact.obtained == "recovered":
            assert fact.source and fact.note, record_id


def test_both_readings_of_a_contradiction_are_kept(root):
    catalog = load_catalog(root)
    hero = catalog.get("brikwars.specialist", "hero")
    assert [r.value for r in hero.conflicts[0].readings] == [11, 12]
    assert hero.cost_cp.value == 11
    aptitude = catalog.get("brikwars.specialty", "mechanikal-aptitude")
    assert sorted(r.value for r in aptitude.conflicts[0].readings) == [1, 2]


def test_size_formulas_match_the_books_worked_examples(root):
    weapons = {w["id"]: w for w in load_catalog(root).engine_data()["brikwars"]
               ["scaled_weapons"]}
    assert scaled_stats(weapons["melee-weapon"], 4) == {  # Ripper Blade, L1540
        "size": 4, "cost_cp": 8, "use": 5, "range": None, "damage": "4S"}
    assert scaled_stats(weapons["flamethrower"], 3) == {  # Burnination, L1699
        "size": 3, "cost_cp": 9, "use": 4, "range": 8, "damage": "3d4 Fire"}
    launcher = scaled_stats(weapons["launcher"], 3)  # missile racks, L1754
    assert (launcher["cost_cp"], launcher["use"], launcher["range"]) == (9, 6, 18)
    assert scaled_stats(weapons["launcher"], 5)["use"] == 10  # L1767
    assert scaled_stats(weapons["gun"], 1)["damage"] == "1d6"  # = Short-Ranged Weapon


def test_a_bad_damage_expression_names_file_line_and_column(project):
    items = project / "data/brikwars/items.yaml"
    replace(items, "damage: {value: S+2, obtained: stated}",
            "damage: {value: S+2d, obtained: stated}")
    problem = only_problem(project)
    assert problem.code == "bad-dice"
    assert problem.file == "data/brikwars/items.yaml"
    assert problem.line == line_of(items, "S+2d")
    assert "column 5" in problem.message


def test_an_unknown_specialty_is_caught_with_a_suggestion(project):
    path = project / "data/brikwars/specialists.yaml"
    replace(path, "specialties: [harassment]", "specialties: [harasment]")
    problems = {p.code: p for p in check_data(project)[1].items}
    assert sorted(problems) == ["unknown-reference", "unused-specialty"]
    assert problems["unknown-reference"].line == line_of(path, "[harasment]")
    assert "did you mean 'harassment'" in problems["unknown-reference"].hint


def test_a_conflict_must_choose_a_reading(project):
    path = project / "data/brikwars/specialists.yaml"
    replace(path, "        chosen: 11", "        chosen: 13")
    codes = sorted(p.code for p in check_data(project)[1].items)
    assert codes == ["conflict-choice", "conflict-field"]


def test_a_bad_size_formula_is_caught(project):
    path = project / "data/brikwars/scaled_weapons.yaml"
    replace(path, "cost_cp: Size*4", "cost_cp: Size**4")
    problem = only_problem(project)
    assert problem.code == "bad-formula" and problem.file.endswith("scaled_weapons.yaml")


def test_the_six_example_cliches(root):
    cliches = load_catalog(root).all("brikwars.cliche")
    assert [c.name for c in cliches] == ["Super Soldier", "Barbarian", "Secret Agent",
                                         "Kung-Fu Master", "Pulp Archaeologist", "Gunslinger"]
    assert all(c.accent.startswith("Austrian or ") and c.example_feats for c in cliches)


def test_shenanigan_detection_keeps_its_lost_dice_null(catalog):
    """E39, L2851: the inches are in the prose; which Action die gives which was a picture,
    so the four dice other than the standard d6 stay null, each with a reason."""
    table = catalog.get("brikwars.rule_table", "shenanigan-detection")
    dice = [row[0] for row in table.rows]
    assert dice.count(None) == 4 and {n.row for n in table.cell_notes} == {0, 2, 3, 4}
    assert [row[1] for row in table.rows] == ['-1"', '0"', '+1"', '+2"', '+3"']
