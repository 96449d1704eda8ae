"""Two sentences of the Evil Robots pages that said the opposite of the rules: SumoBot does
convert on a tie (seed 002 line 174: "equal or lower power"), and players who passed in the
debate have not acted before the pass phase (line 122: they "take a turn now")."""

from __future__ import annotations


def test_sumobot_converts_on_a_tie(root):
    text = " ".join((root / "content/evilrobots/conversions.md").read_text().split())
    assert "ties never convert" not in text
    assert "so a SumoBot converts on a tie" in text


def test_passers_take_a_turn_rather_than_act_again(root):
    text = " ".join((root / "content/evilrobots/index.md").read_text().split())
    assert "act again" not in text
    assert "Players who passed take a turn now" in text
