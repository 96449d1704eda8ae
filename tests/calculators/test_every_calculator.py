"""Every calculator page, in Chromium: its first answer is the engine's answer for the
default inputs, and each kind of input (rows of players, swing sizes) reaches the engine."""

from __future__ import annotations

import pytest

from rulepress.engine.query import answer
from rulepress.website.calculators import CALCULATORS, fill

RESPONSE = "document.querySelector('.rp-calc').lastResponse"


def default_request(calc):
    return fill(calc.request, {f.name: f.default for f in calc.fields})


@pytest.mark.without_engine  # looks at the page: the build's answer
@pytest.mark.parametrize("calc", CALCULATORS, ids=lambda c: c.id)
def test_first_answer_is_the_engines_answer(page, site_url, engine_data, calc):
    page.goto(site_url + f"calculators/{calc.id}/", wait_until="domcontentloaded")
    assert page.evaluate(RESPONSE) == answer(default_request(calc), engine_data)
    assert page.locator(".rp-calc__result").inner_text().strip()
    assert page.offsite == []


def test_a_new_player_row_is_answered_by_the_engine(page, site_url, engine_data):
    page.goto(site_url + "calculators/evilrobots-round-odds/")
    page.click("text=Add a player")
    page.locator("tbody tr").nth(4).locator("select").first.select_option("3")
    players = [{"power": 7, "team": "Good"}, {"team": "Evil"}, {}, {}, {"power": 3}]
    expected = answer({"game": "evilrobots", "op": "round_odds", "players": players},
                      engine_data)
    page.wait_for_function(f"JSON.stringify({RESPONSE}.odds) === JSON.stringify("
                           f"{expected['odds']!r})".replace("'", '"'), timeout=60000)
    assert "players=" in page.url  # the rows live in the address too


@pytest.mark.without_engine  # looks at the page: the build's answer
def test_bad_swing_sizes_are_refused_inline(page, site_url):
    page.goto(site_url + "calculators/buttonmen-odds/")
    page.fill("#rp-my_swing", "X=eight")
    message = page.locator('[data-field="my_swing"] .rp-calc__msg')
    message.filter(has_text="X=8").wait_for(timeout=10000)
    assert page.locator("#rp-my_swing").get_attribute("aria-invalid") == "true"
