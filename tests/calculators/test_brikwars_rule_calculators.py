"""The BrikWars rule calculators in Chromium: a changed input reaches the engine worker and
its exact answer is shown; the attack calculator shows a Horse's wound apart from a kill."""

from __future__ import annotations

import json

import pytest

from rulepress.engine.query import answer
from rulepress.website.calculators import CALCULATORS, fill

RESPONSE = "document.querySelector('.rp-calc').lastResponse"
SPECS = {c.id: c for c in CALCULATORS}


def request(calc_id: str, **values) -> dict:
    calc = SPECS[calc_id]
    return fill(calc.request, {**{f.name: f.default for f in calc.fields}, **values})


def wait_for(page, expected: dict, key: str) -> None:
    want = json.dumps(json.dumps(expected[key], separators=(",", ":")))
    try:
        page.wait_for_function(f"JSON.stringify({RESPONSE}.{key}) === {want}", timeout=90000)
    except Exception:  # say what the page shows instead
        shown = page.evaluate(f"JSON.stringify({RESPONSE})")
        status = page.locator(".rp-calc__status").inner_text()
        raise AssertionError(f"waited for {key} = {expected[key]}; the page has {shown[:300]} "
                             f"and says {status!r}") from None


@pytest.mark.parametrize("calc_id, field, value, key", [
    ("brikwars-ker-triage", "mediks", 3, "outcomes"),
    ("brikwars-close-combat", "parry_use", 2, "outcomes"),
    ("brikwars-knockback", "moms", 2, "knockback_pmf"),
    ("brikwars-sprint", "depth", 2, "inches_pmf"),
    ("brikwars-size-damage", "size", 3, "size_damage_pmf"),
    ("brikwars-supernatural", "dice", 2, "pmf"),
])
def test_a_changed_input_is_answered_exactly(page, site_url, engine_data, calc_id, field,
                                             value, key):
    page.goto(site_url + f"calculators/{calc_id}/")
    page.fill(f"#rp-{field}", str(value))
    expected = answer(request(calc_id, **{field: value}), engine_data)
    assert expected["ok"]
    wait_for(page, expected, key)
    assert page.locator(".rp-calc__result").inner_text().strip()
    assert page.offsite == []


def test_a_horse_wound_is_not_called_a_kill(page, site_url, engine_data):
    page.goto(site_url + "calculators/brikwars-attack/")
    page.select_option("#rp-target", "horse")
    page.select_option("#rp-weapon", "two-handed-weapon")
    expected = answer(request("brikwars-attack", target="horse", weapon="two-handed-weapon"),
                      engine_data)
    wait_for(page, expected, "p_wound")
    text = page.locator(".rp-calc__result").inner_text()
    assert "Wound only" in text and "Kill" in text
    assert expected["p_kill"] == expected["p_twice_armor"]
