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
