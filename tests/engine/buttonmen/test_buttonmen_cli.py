"""The player-facing verbs: `rulepress odds buttonmen` and `rulepress friend-computer`."""

from __future__ import annotations

import json

from rulepress.cli import main


def run(capsys, *argv):
    code = main(["--project", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_odds_prints_first_player_and_attack_table(root, capsys):
    code, out, _ = run(capsys, str(root), "odds", "buttonmen", "--mine", "s(X) t(4)",
                       "--mine-swing", "X=6", "--theirs", "(6)")
    assert code == 0
    assert "Who goes first" in out and "s(X=6)" in out and "trip" in out
    # s(6) vs d6: same-value skill or shadow a <= b: 21/36 = 58.3%
    assert "58.3%" in out


def test_odds_says_why_and_prints_their_table(root, capsys):
    code, out, _ = run(capsys, str(root), "odds", "buttonmen", "--mine", "giant",
                       "--theirs", "t(4) (6)")
    assert code == 0
    assert "why: I never go first: Giant's button skill" in out
    # their d6 on my d20: (6 + 5 + ... + 1) / 120 = 21/120 = 17.5%
    assert "The other way round" in out and "17.5%" in out


def test_odds_json_and_bad_input(root, capsys):
    code, out, _ = run(capsys, str(root), "odds", "buttonmen", "--mine", "(4)", "--theirs",
                       "(4)", "--json")
    assert code == 0 and json.loads(out)["first"] == ["3/8", "3/8"]
    code, out, _ = run(capsys, str(root), "odds", "buttonmen", "--mine", "(X)", "--theirs",
                       "(4)")
    assert code == 2 and json.loads(out)["error"]["field"] == "players[0].dice[0] (X).sides"
    code, _, err = run(capsys, str(root), "odds", "buttonmen", "--mine", "(X)",
                       "--mine-swing", "X:4", "--theirs", "(4)")
    assert code == 2 and "X=10" in err


def test_friend_computer_lists_variants_and_rolls_the_table(root, capsys):
    code, out, _ = run(capsys, str(root), "friend-computer", "(X) s(6) (8)")
    assert code == 0 and "27 legal Friend Computer recipes" in out
    assert "  n(4) (8) (10) (12) (12/20)" in out.splitlines()
    code, out, _ = run(capsys, str(root), "friend-computer", "aysez", "--roll", "9")
    assert code == 0 and "Misfire" in out and "(4/20) (8) (10) (12) (12)" in out
    code, out, _ = run(capsys, str(root), "friend-computer", "aysez", "--more-fun", "--json")
    assert code == 0 and 1 <= json.loads(out)["roll"] <= 20


def test_friend_computer_bad_recipe_is_an_error_not_a_traceback(root, capsys):
    code, out, _ = run(capsys, str(root), "friend-computer", "(4) (8")
    assert code == 2 and "column" in json.loads(out)["error"]["message"]
