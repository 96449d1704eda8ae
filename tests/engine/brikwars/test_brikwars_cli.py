"""`rulepress odds brikwars`: a readable odds table and a damage bar chart."""

from __future__ import annotations

import json

from rulepress.cli import main


def run(capsys, *argv):
    code = main(["--project", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_odds_table_and_bar_chart(root, capsys):
    code, out, _ = run(capsys, str(root), "odds", "brikwars", "--skill", "d6", "--use", "3",
                       "--damage", "1d6+1", "--armor", "4", "--overskill", "damage")
    assert code == 0
    assert any(line.split() == ["kill", "29/72", "40.28%"] for line in out.splitlines())
    bars = [line for line in out.splitlines() if "#" in line]
    assert bars[0].split()[0] == "0" and bars[0].count("#") == 40  # 0 (a crit) is 1/6
    assert "mean 4.867" in out


def test_odds_json_and_errors(root, capsys):
    code, out, _ = run(capsys, str(root), "odds", "brikwars", "--attacker", "marksman",
                       "--weapon", "long-ranged-weapon", "--target", "minifig", "--json")
    assert code == 0 and json.loads(out)["p_kill"] == "1/3"
    code, _, err = run(capsys, str(root), "odds", "brikwars", "--weapon", "long-range")
    assert code == 2 and "--weapon:" in err and "long-ranged-weapon" in err


def test_buttonmen_still_needs_both_recipes(root, capsys):
    code, _, err = run(capsys, str(root), "odds", "buttonmen", "--mine", "(4)")
    assert code == 2 and "--theirs" in err
