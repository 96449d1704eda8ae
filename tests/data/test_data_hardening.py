"""Data that must be refused with file, line and fix (issue 30): invisible characters in
text, a null without its reason, a 0-sided die, an oversized recipe, symbolic-link loops,
and a missing file reported first and alone."""

from __future__ import annotations

import pytest

from data_edits import line_of, only_problem, replace
from rulepress.cli import main
from rulepress.data.load import check_data
from rulepress.data.yamlio import INVISIBLE

BUTTONS = "data/buttonmen/buttons.yaml"
# every character the rule names: bidi embeddings, overrides and isolates; zero-width ones
REFUSED = [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200B, 0x200C, 0x200D, 0x2060,
           0xFEFF]


def test_the_rule_covers_every_named_character_and_nothing_plain():
    assert all(INVISIBLE.fullmatch(chr(c)) for c in REFUSED)
    assert not any(INVISIBLE.search(chr(c)) for c in (0x20, 0xE9, 0x2019, 0x2014, 0x200E,
                                                     0x00AD))


@pytest.mark.parametrize("code", REFUSED)
def test_an_invisible_character_in_a_name_is_refused_at_its_line(project, code):
    path = project / BUTTONS
    replace(path, "name: Aysez", f"name: Ay{chr(code)}sez")
    problem = only_problem(project)
    assert (problem.file, problem.code) == (BUTTONS, "invisible-character")
    assert problem.line == line_of(path, "name: Ay") and problem.column == len("    name: Ay") + 1
    assert f"U+{code:04X}" in problem.message and "delete it" in problem.hint


def test_an_escaped_override_in_quoted_text_is_refused_too(project):
    path = project / BUTTONS
    replace(path, "    designer: Aysez\n", '    designer: "Ay\\u202Esez"\n')
    problem = only_problem(project)
    assert problem.code == "invisible-character" and "right-to-left override" in problem.message
    assert problem.line == line_of(path, "\\u202Esez") and "escape" in problem.hint


def test_an_override_in_a_comment_is_refused(project):
    path = project / BUTTONS
    replace(path, "  - id: aysez", "  # harmless \u2067looking\n  - id: aysez")
    problem = only_problem(project)
    assert problem.code == "invisible-character" and problem.line == line_of(path, "harmless")


def test_a_null_without_its_reason_is_refused(project):
    path = project / BUTTONS
    replace(path, "    designer: Aysez\n", "    designer: null\n")
    problem = only_problem(project)
    assert (problem.code, problem.line) == ("unexplained-null", line_of(path, "designer: null"))
    assert "'designer' is null" in problem.message and "unknown: {designer:" in problem.hint


def test_a_null_with_its_reason_or_a_declared_meaning_passes(project):
    replace(project / BUTTONS, "    designer: Aysez\n",
            "    designer: null\n    unknown: {designer: the seed names no designer}\n")
    _, problems = check_data(project)
    assert not problems.items, [str(p) for p in problems.items]
    # an armour's range is null by declaration (BrikWars Item.null_means): no reason needed
    text = (project / "data/brikwars/items.yaml").read_text(encoding="utf-8")
    assert "    range: null\n" in text


def test_a_null_in_brikwars_needs_its_reason_and_kind(project):
    path = project / "data/brikwars/structure_levels.yaml"
    replace(path, "    examples: Rope, drywall, plastic and flesh; a plastic outhouse; a hang "
                  "glider; a minifig.\n", "    examples: null\n")
    problem = only_problem(project)
    assert (problem.code, problem.line) == ("unexplained-null", line_of(path, "examples: null"))
    assert "null_kind" in problem.hint


def test_a_zero_sided_die_needs_its_reason(project):
    path = project / BUTTONS
    replace(path, "recipe: s(U) z(U) %(U) n(U) g(U) t(U)", "recipe: s(U) z(U) %(U) n(U) g(U) (0)")
    problem = only_problem(project)
    assert problem.code == "zero-sided-die" and "'(0)' at column 26" in problem.message
    assert problem.line == line_of(path, "g(U) (0)") and "zero_sided" in problem.hint
    for part in ("(0/4)", "(0,6)"):
        replace(path, "g(U) (0)" if part == "(0/4)" else "g(U) (0/4)", f"g(U) {part}")
        assert only_problem(project).code == "zero-sided-die"


def test_bmo_buttons_with_zero_sided_dice_say_so_and_a_stale_reason_is_refused(project,
                                                                                catalog):
    dead = catalog.get("buttonmen.button", "dead-guy")
    assert dead.recipe == "(0) (0) (0) (0) (0)" and "0-sided" in dead.zero_sided
    path = project / BUTTONS
    replace(path, "    tournament_legal: false\n",
            "    tournament_legal: false\n    zero_sided: none here\n")
    assert only_problem(project).code == "stale-zero-sided"


@pytest.mark.parametrize("recipe, words", [
    (" ".join(["(4)"] * 10_000), "at most 11 dice; this one has 10000"),
    ("(20) (20) (20) (20) (20) (20) (20) (20) (20) (20) (20)", "at most 200 sides"),
    ("(4) " * 11 + "(X)", "at most 11 dice"),
])
def test_a_recipe_beyond_bmos_limits_is_refused(project, recipe, words):
    path = project / BUTTONS
    replace(path, "recipe: s(U) z(U) %(U) n(U) g(U) t(U)", f"recipe: {recipe}")
    problem = only_problem(project)
    assert problem.code == "recipe-too-large" and words in problem.message
    assert problem.line == line_of(path, "recipe: (") and "11 dice, 200 sides" in problem.hint


@pytest.mark.parametrize("make, code", [
    (lambda d: (d / "buttonmen" / "loop").symlink_to(".."), "symlink-loop"),
    (lambda d: (d / "buttonmen" / "here").symlink_to(".", target_is_directory=True),
     "symlink-loop"),
    (lambda d: (d / "me.yaml").symlink_to("me.yaml"), "symlink-loop"),
    (lambda d: (d / "gone.yaml").symlink_to("nowhere.yaml"), "broken-link"),
])
def test_a_link_loop_in_data_is_reported_not_ignored(project, make, code):
    make(project / "data")
    problem = only_problem(project)
    assert problem.code == code and problem.file.startswith("data/")
    assert "delete the link" in problem.hint


def test_a_missing_file_is_reported_first_and_alone(project, capsys):
    (project / "data/buttonmen/skills.yaml").unlink()
    problem = only_problem(project)
    assert (problem.file, problem.code) == ("data/buttonmen/skills.yaml", "missing-file")
    assert main(["--project", str(project), "check"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("data/buttonmen/skills.yaml: missing-file")
    assert err[-1] == "1 problem(s) found." and len(err) == 3  # the problem, its fix, the count


def test_a_self_linked_data_file_is_a_loop_not_a_missing_file(project):
    path = project / "data/buttonmen/skills.yaml"
    path.unlink()
    path.symlink_to("skills.yaml")
    problem = only_problem(project)
    assert (problem.file, problem.code) == ("data/buttonmen/skills.yaml", "symlink-loop")


def test_the_bmo_import_refuses_invisible_characters_and_explains_zero_sided_dice(
        project, tmp_path, capsys):
    tsv = tmp_path / "extract.tsv"
    tsv.write_text("name\tset\trecipe\nDead Guy\tFantasy\t(0) (0)\nZe\u202eppo\tX\t(4)\n",
                   encoding="utf-8")
    assert main(["--project", str(project), "import-bmo", str(tsv)]) != 0
    assert "extract.tsv:3: U+202E (right-to-left override)" in capsys.readouterr().err
    tsv.write_text("name\tset\trecipe\nDead Guy\tFantasy\t(0) (0)\n", encoding="utf-8")
    for old in (project / "data/buttonmen").glob("buttons-bmo-*.yaml"):
        old.unlink()
    assert main(["--project", str(project), "import-bmo", str(tsv)]) == 0
    catalog, problems = check_data(project)
    assert not problems.items, [str(p) for p in problems.items]
    assert "0-sided" in catalog.get("buttonmen.button", "dead-guy").zero_sided
