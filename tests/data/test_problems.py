"""Each class of broken data gives exit 1 and a message naming file, line and fix.

Every test breaks one thing in a scratch copy of the real data and pins the
problem's file, line, code and the useful part of its message.
"""

from __future__ import annotations

import pytest

from data_edits import line_of, only_problem, replace
from rulepress.cli import main
from rulepress.data.load import check_data


def test_yaml_syntax_error(project):
    bots = project / "data/evilrobots/bots.yaml"
    replace(bots, "    kind: Reaction\n    icon: checked-shield",
            "    kind: [Reaction\n    icon: checked-shield")
    problem = only_problem(project)
    assert problem.file == "data/evilrobots/bots.yaml"
    assert problem.code == "yaml-syntax"
    assert problem.line >= line_of(bots, "kind: [Reaction")


def test_malformed_recipe_points_at_the_column(project):
    buttons = project / "data/buttonmen/buttons.yaml"
    replace(buttons, "recipe: (4) (8) (10) (12) (12)", "recipe: (4) (8) (10 (12) (12)")
    problem = only_problem(project)
    assert (problem.file, problem.code) == ("data/buttonmen/buttons.yaml", "bad-recipe")
    assert problem.line == line_of(buttons, "(10 (12)")
    assert "'(' at column 9 is never closed" in problem.message
    # the recipe starts at column 13; the ')' is missing after its 11th character
    assert problem.column == 13 + 11


def test_wrong_type(project):
    rule = project / "data/evilrobots/allegiance.yaml"
    replace(rule, "flips: 2", "flips: two")
    problem = only_problem(project)
    assert (problem.code, problem.line) == ("wrong-type", line_of(rule, "flips: two"))
    assert "valid integer" in problem.message and "'two'" in problem.message
    assert problem.path == "$.allegiance_rules[0].flips"


def test_duplicate_id(project):
    bots = project / "data/evilrobots/bots.yaml"
    replace(bots, "id: betbot", "id: badbot")
    problem = only_problem(project)
    assert problem.code == "duplicate-id"
    assert problem.line == line_of(bots, "name: BetBot") - 1
    assert "first used at data/evilrobots/bots.yaml:" in problem.hint


def test_unknown_skill_letter_in_a_recipe(project):
    buttons = project / "data/buttonmen/buttons.yaml"
    replace(buttons, "recipe: s(U) z(U) %(U) n(U) g(U) t(U)",
            "recipe: s(U) z(U) %(U) x(U) g(U) t(U)")
    problem = only_problem(project)
    assert (problem.code, problem.line) == ("unknown-skill", line_of(buttons, "x(U)"))
    assert "'x'" in problem.message and "n (null)" in problem.hint
    assert problem.column == 13 + 15


def test_unknown_skill_reference_suggests_the_nearest(project):
    rules = project / "data/buttonmen/recipe_rules.yaml"
    replace(rules, "value: shadow", "value: shadw")
    problem = only_problem(project)
    assert problem.code == "unknown-reference"
    assert problem.hint == "did you mean 'shadow'?"
    assert problem.line == line_of(rules, "value: shadw")


def test_unknown_field_suggests_the_nearest(project):
    bots = project / "data/evilrobots/bots.yaml"
    replace(bots, "    ability: Move any player", "    abilty: Move any player")
    problem = only_problem(project)
    assert problem.code == "unknown-field" and problem.hint == "did you mean 'ability'?"
    assert (problem.line, problem.column) == (line_of(bots, "abilty:"), 5)


def test_bad_choice_suggests_the_nearest(project):
    bots = project / "data/evilrobots/bots.yaml"
    replace(bots, "kind: Reaction", "kind: reaction")
    problem = only_problem(project)
    assert problem.code == "bad-choice" and problem.hint == "did you mean 'Reaction'?"


def test_unquoted_null_id_explains_yaml(project):
    skills = project / "data/buttonmen/skills.yaml"
    replace(skills, 'id: "null"', "id: null")
    _, problems = check_data(project)
    first = problems.items[0]
    assert first.code == "wrong-type" and "quote it" in first.hint


def test_source_lines_must_exist(project):
    bots = project / "data/evilrobots/bots.yaml"
    replace(bots, 'lines: "175"', 'lines: "975"')
    problem = only_problem(project)
    assert problem.code == "bad-source-lines" and "225 lines" in problem.message


def test_missing_schema_line(project):
    bots = project / "data/evilrobots/bots.yaml"
    text = bots.read_text(encoding="utf-8").split("\n", 1)[1]
    bots.write_text(text, encoding="utf-8")
    problem = only_problem(project)
    assert (problem.code, problem.line) == ("schema-comment", 1)
    assert "../schema/evilrobots.bot.schema.json" in problem.hint


def test_unknown_value_needs_a_reason(project):
    deck = project / "data/evilrobots/power_deck.yaml"
    replace(deck, "      value: 18\n      obtained: stated\n", "      value: null\n")
    problem = only_problem(project)
    assert problem.code == "invalid-value" and "needs a 'reason'" in problem.message


def test_unknown_icon_suggests_the_nearest(project):
    bots = project / "data/evilrobots/bots.yaml"
    replace(bots, "icon: padlock", "icon: padlok")
    problem = only_problem(project)
    assert problem.code == "unknown-icon" and problem.hint == "did you mean 'padlock'?"
    assert problem.line == line_of(bots, "icon: padlok")


def test_stray_file_is_reported(project):
    (project / "data/evilrobots/bot.yaml").write_text("bots: []\n", encoding="utf-8")
    problem = only_problem(project)
    assert problem.code == "unknown-file" and "evilrobots/bots.yaml" in problem.hint


def test_all_problems_in_one_run(project, capsys):
    replace(project / "data/evilrobots/bots.yaml", "id: betbot", "id: badbot")
    replace(project / "data/evilrobots/allegiance.yaml", "flips: 2", "flips: two")
    replace(project / "data/buttonmen/buttons.yaml", "n(U)", "x(U)")
    assert main(["--project", str(project), "check"]) == 1
    err = capsys.readouterr().err
    assert "duplicate-id" in err and "wrong-type" in err and "unknown-skill" in err
    assert "3 problem(s) found." in err


@pytest.mark.parametrize("breakage", [
    ("data/evilrobots/bots.yaml", "kind: Reaction", "kind: [Reaction"),
    ("data/buttonmen/buttons.yaml", "(10)", "(10"),
    ("data/evilrobots/allegiance.yaml", "flips: 2", "flips: {a: 1}"),
    ("data/evilrobots/bots.yaml", "id: betbot", "id: badbot"),
    ("data/buttonmen/buttons.yaml", "n(U)", "x(U)"),
    ("data/buttonmen/skills.yaml", "skills:", "skills: 3\nxs:"),
])
def test_command_line_never_shows_a_traceback(project, breakage, capsys):
    file, old, new = breakage
    replace(project / file, old, new)
    assert main(["--project", str(project), "check"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"{file}:" in err
