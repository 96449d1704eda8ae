"""The match-up calculator in Chromium: an exact answer equal to the engine's, a simulation
asked in batches that add up to the engine's answer for all their rounds (method, rounds,
seed and interval on the page, the interval narrowing, Stop), and bad input refused beside
its field."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest

from rulepress.engine.query import answer

ROOT = "document.querySelector('.rp-calc')"
RESPONSE = f"{ROOT}?.lastResponse"  # ?.: the page may still be loading
SETTLED = f"{ROOT}?.dataset.settled === '1'"
PAGE = "calculators/buttonmen-matchup/"


def ask(page, mine: str, my_swing: str, theirs: str, their_swing: str, method: str,
        policy: str = "") -> None:
    page.fill("#rp-my_recipe", mine)
    page.fill("#rp-my_swing", my_swing)
    page.fill("#rp-their_recipe", theirs)
    page.fill("#rp-their_swing", their_swing)
    page.select_option("#rp-my_policy", policy)
    page.select_option("#rp-their_policy", policy)
    page.select_option("#rp-method", method)


def test_a_small_match_up_is_answered_exactly(page, site_url, engine_data):
    page.goto(site_url + PAGE)
    ask(page, "(4) (6)", "", "(8)", "", "exact")
    expected = answer({"game": "buttonmen", "op": "matchup", "mine": {"recipe": "(4) (6)"},
                       "theirs": {"recipe": "(8)"}, "method": "exact"}, engine_data)
    assert expected["p_win"] == "357/512"
    page.wait_for_function(f"{RESPONSE}?.p_win === '{expected['p_win']}' && {SETTLED}",
                           timeout=120000)
    got = page.evaluate(RESPONSE)
    for key in ("method", "p_win", "p_draw", "p_lose", "value", "policies", "dice"):
        assert got[key] == expected[key], key
    text = page.locator(".rp-calc__result").inner_text()
    assert "Exact." in text and "357/512" in text and "69.73%" in text
    assert "Simulated" not in text
    assert page.offsite == []


def to_fixed(x: float, places: int = 1) -> str:
    """JavaScript's x.toFixed(places): a tie in the float's exact value goes up (73.25 ->
    "73.3"), where Python's format goes to even ("73.2"); the page writes percents so."""
    return str(Decimal(x).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def test_to_fixed_rounds_a_tie_up_as_javascript_does():
    assert (to_fixed(73.25), to_fixed(0.05), to_fixed(80.14), to_fixed(12.0)) == \
        ("73.3", "0.1", "80.1", "12.0")


def test_a_simulation_narrows_in_batches_that_add_up_to_one_run(page, site_url, engine_data):
    page.goto(site_url + PAGE)
    ask(page, "Avis", "X=10", "Hammer", "X=10", "simulated", "maximize")
    page.fill("#rp-seed", "7")
    page.wait_for_function(f"{RESPONSE}?.method === 'simulated'", timeout=120000)
    first = page.evaluate(RESPONSE)
    page.wait_for_function(f"{RESPONSE}?.rounds >= 4 * {first['rounds']}", timeout=120000)
    page.locator(".rp-calc__stop").click()
    page.wait_for_function(SETTLED, timeout=60000)
    got = page.evaluate(RESPONSE)
    assert got["batches"] >= 2 and got["rounds"] > first["rounds"]
    width = [r["interval"]["win"][1] - r["interval"]["win"][0] for r in (first, got)]
    assert width[1] < width[0]  # the interval narrowed
    # every batch together is exactly the engine's answer for all those rounds at once
    whole = answer({"game": "buttonmen", "op": "matchup",
                    "mine": {"recipe": "Avis", "swing": {"X": 10}},
                    "theirs": {"recipe": "Hammer", "swing": {"X": 10}},
                    "method": "simulated", "policy": {"mine": "maximize", "theirs": "maximize"},
                    "seed": 7, "rounds": got["rounds"]}, engine_data)
    for key in ("rounds", "wins", "draws", "losses", "went_first", "seed", "first_round",
                "policies", "method"):
        assert got[key] == whole[key], key
    assert got["interval"]["win"] == whole["interval"]["win"]
    text = page.locator(".rp-calc__result").inner_text()
    assert "Simulated, not exact." in text and "seed 7" in text
    assert f"{got['rounds']:,} rounds played" in text
    low, high = got["interval"]["win"]
    assert f"95% interval {to_fixed(100 * low)}% to {to_fixed(100 * high)}%" in text
    assert "Stopped" in text  # Stop says more rounds would narrow it
    assert "Maximize" in text


def test_bad_input_is_refused_beside_its_field(page, site_url):
    page.goto(site_url + PAGE)
    message = {name: page.locator(f'[data-field="{name}"] .rp-calc__msg')
               for name in ("my_swing", "my_recipe", "method", "their_recipe")}
    page.fill("#rp-my_swing", "X=99")
    message["my_swing"].filter(has_text="4 to 20").wait_for(timeout=120000)
    assert page.locator("#rp-my_swing").get_attribute("aria-invalid") == "true"
    page.fill("#rp-my_swing", "X=eight")
    message["my_swing"].filter(has_text="X=8").wait_for(timeout=10000)
    page.fill("#rp-my_swing", "X=12")
    page.fill("#rp-my_recipe", "(6")
    message["my_recipe"].filter(has_text="never closed").wait_for(timeout=60000)
    page.fill("#rp-my_recipe", "(6) (X)")
    page.fill("#rp-their_recipe", "Nobody At All")
    message["their_recipe"].filter(has_text="no button").wait_for(timeout=60000)
    ask(page, "Avis", "X=10", "Hammer", "X=10", "exact")
    message["method"].filter(has_text="choose Simulated").wait_for(timeout=60000)
    assert page.locator(".rp-calc__result").inner_text().strip() == ""
    assert page.offsite == []


@pytest.mark.without_engine  # looks at the page: the build's answer
def test_a_phone_sees_the_answer_without_scrolling_sideways(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + PAGE)
    page.locator(".rp-calc__result .rp-hbars").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_button_page_opens_the_match_up_and_a_round_with_it(page, site_url):
    """Aysez, s(U) z(U) %(U) n(U) g(U) t(U), at the usual size U=20: too big for an exact
    answer, so the link opens on a simulation of it; the Play link deals a round with it."""
    page.goto(site_url + "buttonmen/buttons/aysez/")
    page.locator(".rp-calc-links a", has_text="who wins a round against another").click()
    page.wait_for_function(f"{RESPONSE}?.method === 'simulated'", timeout=180000)
    got = page.evaluate(RESPONSE)
    assert got["ok"] and len(got["dice"][0]) == 6 and "U=20" in got["dice"][0][0]
    assert page.locator(".rp-calc__error").count() == 0
    page.goto(site_url + "buttonmen/buttons/aysez/")
    page.locator(".rp-calc-links a", has_text="play a round with it").click()
    play = "document.querySelector('[data-rp-play]')"
    page.wait_for_function(f"{play} && !{play}.dataset.waiting && {play}.lastResponse?.ok",
                           timeout=180000)
    board = page.evaluate(f"{play}.lastResponse.board")
    dice = board["mine"]["dice"] + board["theirs"]["captured"]
    assert len(dice) == 6 and all("U=20" in d["sized"] for d in dice)
    assert page.offsite == []


def test_the_best_attack_calculator_answers_a_position_exactly(page, site_url, engine_data):
    page.goto(site_url + "calculators/buttonmen-advise/")
    page.fill("#rp-my_dice", "(6)=3 (X=4)=1")
    page.fill("#rp-their_captured", "")
    want = answer({"game": "buttonmen", "op": "advise", "method": "auto", "seed": 1,
                   "mine": {"dice": [{"recipe": "(6)", "value": 3},
                                     {"recipe": "(X)", "sides": 4, "value": 1}],
                            "captured": []},
                   "theirs": {"dice": [{"recipe": "(8)", "value": 3},
                                       {"recipe": "(2)", "value": 1}], "captured": []}},
                  engine_data)
    assert want["method"] == "exact"
    same = f"want => JSON.stringify({RESPONSE}?.moves) === JSON.stringify(want)"
    page.wait_for_function(same, arg=want["moves"], timeout=120000)
    text = page.locator(".rp-calc__result").inner_text()
    assert "Exact." in text and want["moves"][0]["value"] in text
    assert "Power: my (6) showing 3 on their (8) showing 3" in text
    page.fill("#rp-their_dice", "(8)=3 two")
    message = page.locator('[data-field="their_dice"] .rp-calc__msg')
    message.filter(has_text='"two" is not one').wait_for(timeout=10000)
    page.fill("#rp-their_dice", "(8) (2)=1")  # a die in play needs its value
    message.filter(has_text="value").wait_for(timeout=60000)
    assert page.offsite == []
