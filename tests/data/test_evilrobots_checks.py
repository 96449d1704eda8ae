"""Evil Robots data checks: rules anchors exist, and round rules and actions load."""

from __future__ import annotations

from rulepress.data.load import check_data, load_catalog


def test_every_bot_links_rules_sections_that_exist(root):
    catalog = load_catalog(root)
    assert all(bot.rules for bot in catalog.all("evilrobots.bot"))
    _, problems = check_data(root)
    assert [p for p in problems.items if "rules" in p.code] == []


def test_a_missing_rules_section_is_reported_with_a_fix(project):
    bots = project / "data/evilrobots/bots.yaml"
    text = bots.read_text(encoding="utf-8")
    bots.write_text(text.replace("rules: [scoring#bot-points, abilities#permanent]",
                                 "rules: [scoring#bot-point, abilitys#permanent]", 1),
                    encoding="utf-8")
    _, problems = check_data(project)
    found = {p.code: str(p) for p in problems.items}
    assert "did you mean 'bot-points'" in found["unknown-rules-anchor"]
    assert "did you mean 'abilities'" in found["unknown-rules-page"]
    assert "bots.yaml" in found["unknown-rules-anchor"]


def test_round_rules_and_actions_hold_the_seed_numbers(root):
    catalog = load_catalog(root)
    rules = catalog.get("evilrobots.round_rule", "v0-81")
    assert (rules.min_players.value, rules.max_players.value) == (3, 9)
    assert (rules.win_points.value, rules.extra_robot_power.value) == (10, 5)
    assert rules.tie_team == "Neutral" and rules.extra_robot_team == "Neutral"
    actions = {a.id: a.reveals for a in catalog.all("evilrobots.action")}
    assert actions["pass-early"] == [] and actions["react"] == ["robot"]
    assert actions["convert-other"] == ["power", "allegiance"]


def test_an_action_for_an_unknown_robot_is_reported_with_a_fix(project):
    """The PlusBot's proof of a failed conversion (seed lines 120, 126, 171) is an action
    for one robot, in place of another action: both ids must exist."""
    actions = project / "data/evilrobots/actions.yaml"
    text = actions.read_text(encoding="utf-8")
    actions.write_text(text.replace("robots: [plusbot]", "robots: [plusbto]")
                       .replace("replaces: resisted-by-power", "replaces: resisted-by-powr"),
                       encoding="utf-8")
    _, problems = check_data(project)
    found = [str(p) for p in problems.items if p.code == "unknown-reference"]
    assert len(found) == 2 and all("actions.yaml" in line for line in found)
    assert "did you mean 'plusbot'" in found[0]
    assert "did you mean 'resisted-by-power'" in found[1]


def test_the_plusbot_proof_action_stands_in_for_the_power_proof(root):
    catalog = load_catalog(root)
    action = catalog.get("evilrobots.action", "resisted-by-level")
    assert action.robots == ["plusbot"] and action.replaces == "resisted-by-power"
    assert action.reveals == ["power", "robot"]
