"""Calculator pages in real Chromium: instant default answer, exact engine answers,
inputs in the URL, inline errors, and no Pyodide on pages without a calculator."""

from __future__ import annotations

import pytest

from rulepress.engine.query import answer

RESULT_ROWS = ".rp-calc__result tbody tr"


def last_response(page):
    return page.evaluate("document.querySelector('.rp-calc').lastResponse")


@pytest.mark.without_engine  # looks at the page: the build's answer
def test_default_answer_is_shown_before_the_engine_starts(page, site_url, engine_data):
    page.goto(site_url + "calculators/buttonmen-recipe/", wait_until="domcontentloaded")
    assert page.locator(RESULT_ROWS).count() == 6  # shown from the page, no engine call
    assert last_response(page) == answer(
        {"game": "buttonmen", "op": "parse", "recipe": "s(U) z(U) %(U) n(U) g(U) t(U)"},
        engine_data)
    assert page.offsite == []


def test_new_input_is_answered_by_the_engine_exactly(page, site_url, engine_data):
    page.goto(site_url + "calculators/buttonmen-recipe/")
    box = page.locator("#rp-recipe")
    box.fill("(4) (6,6) t(X)")
    page.locator(RESULT_ROWS).nth(2).wait_for(timeout=60000)
    page.wait_for_function("document.querySelector('.rp-calc').lastResponse.dice?.length === 3",
                           timeout=60000)
    assert last_response(page) == answer(
        {"game": "buttonmen", "op": "parse", "recipe": "(4) (6,6) t(X)"}, engine_data)
    assert "recipe=%284%29" in page.url  # the inputs live in the address
    box.fill("(4) (8")
    message = page.locator('[data-field="recipe"] .rp-calc__msg')
    message.filter(has_text="never closed").wait_for(timeout=30000)
    assert box.get_attribute("aria-invalid") == "true"
    assert page.offsite == []


def test_a_link_reproduces_the_answer(page, site_url, engine_data):
    page.goto(site_url + "calculators/buttonmen-recipe/?recipe=(20)+(20)")
    # nothing is answered beside the linked inputs until their own answer is ready
    page.wait_for_function("document.querySelector('.rp-calc').lastResponse?.dice?.length === 2",
                           timeout=60000)
    assert last_response(page) == answer(
        {"game": "buttonmen", "op": "parse", "recipe": "(20) (20)"}, engine_data)


def test_pages_without_a_calculator_load_no_pyodide(page, site_url):
    seen = []
    page.on("request", lambda r: seen.append(r.url))
    page.goto(site_url)
    page.wait_for_load_state("networkidle")
    assert not [u for u in seen if "/pyodide/" in u or "engine/" in u]


@pytest.mark.parametrize("calc, done, expected", [
    # plain 3d6: 3 to 18, mean 21/2; at least 4 fails only on 1-1-1 (1/216)
    ("dice-roll", "lastResponse?.pmf?.length === 16", {"mean": "21/2"}),
    ("dice-target", "lastResponse?.p === '215/216'", {"p": "215/216"}),
])
def test_plain_dice_roll_no_bonus_dice(page, site_url, engine_data, calc, done, expected):
    page.goto(site_url + f"calculators/{calc}/")
    page.fill("#rp-expr", "3d6")
    page.select_option("#rp-rules", "plain")
    box = page.locator("#rp-bonus_dice")
    assert box.is_disabled() and not box.is_checked()  # no ticked box that does nothing
    page.wait_for_function(f"document.querySelector('.rp-calc').{done}", timeout=60000)
    response = last_response(page)
    assert {key: response[key] for key in expected} == expected
    if "pmf" in response:
        assert [value for value, _ in response["pmf"]] == list(range(3, 19))
    assert "bonus_dice" not in page.url and "depth" not in page.url
    page.select_option("#rp-rules", "brikwars")  # back to BrikWars: the box as it was
    assert box.is_enabled() and box.is_checked()


def test_cancel_is_not_undone_by_the_blur_and_clears_the_old_answer(page, site_url):
    page.clock.install()  # the page's timers, run at once below
    page.goto(site_url + "calculators/dice-roll/")
    expr = page.locator("#rp-expr")
    expr.fill("")
    expr.press_sequentially("12d10 Exp", delay=10)
    depth = page.locator("#rp-depth")
    depth.click()
    depth.press("Control+a")
    depth.press_sequentially("40", delay=10)  # seconds of work; the focus stays in the box
    page.locator(".rp-calc__cancel").click(timeout=60000)  # the click blurs the box: "change"
    page.locator(".rp-calc__status").filter(has_text="Stopped: cancelled").wait_for()
    # past the form's wait before it asks (250 ms after a change): a question asked again
    # would have started the engine by the time this returns
    page.clock.run_for(1500)
    assert page.evaluate("rulepressEngine.state.status") == "idle"  # not asked again
    assert "Stopped: cancelled" in page.locator(".rp-calc__status").inner_text()
    assert page.locator(".rp-calc__result").inner_text().strip() == ""  # no old answer
    assert not page.locator(".rp-calc--busy").count()


def test_who_goes_first_errors_are_plain_words_beside_the_field(page, site_url):
    page.goto(site_url + "calculators/buttonmen-odds/")
    page.fill("#rp-my_recipe", "s(U) (4)")  # U has no size yet
    message = page.locator('[data-field="my_swing"] .rp-calc__msg')
    message.filter(has_text="swing letter U").wait_for(timeout=60000)
    # the seeds' U is 8 to 30 sides
    assert message.inner_text() == "s(U) has swing letter U: give it a size here, from 8 to 30"
    assert page.locator("#rp-my_swing").get_attribute("aria-invalid") == "true"
    assert page.locator(".rp-calc__status").inner_text().strip() == ""
    page.fill("#rp-my_recipe", "(4)")
    page.fill("#rp-their_recipe", "(4) (8")
    message = page.locator('[data-field="their_recipe"] .rp-calc__msg')
    message.filter(has_text="never closed").wait_for(timeout=60000)
    assert "players[" not in message.inner_text()
    # a size of 4,301 digits once came back as "engine failure: PythonError: Traceback…"
    page.fill("#rp-their_recipe", "(4) (" + "9" * 4301 + ")")
    page.wait_for_function("document.querySelector('.rp-calc').lastResponse?.error?.message"
                           "?.includes('never closed') === false", timeout=60000)
    shown = page.locator(".rp-calc").inner_text()
    assert "Traceback" not in shown and 'File "' not in shown and "PythonError" not in shown


def test_who_goes_first_takes_a_button_name_with_completion(page, site_url, engine_data):
    page.goto(site_url + "calculators/buttonmen-odds/")
    names = page.eval_on_selector_all("#rp-their_recipe-list option", "os => os.map(o => o.value)")
    assert "Aysez" in names and len(names) > 800  # every button, suggested as one types
    assert page.get_attribute("#rp-their_recipe", "list") == "rp-their_recipe-list"
    page.locator("#rp-their_recipe").fill("Aysez")
    page.locator("#rp-their_swing").fill("U=12")
    page.wait_for_function("(document.querySelector('.rp-calc').lastResponse || {})"
                           ".dice?.[1]?.length === 6", timeout=120000)
    want = answer({"game": "buttonmen", "op": "odds", "players": [
        {"recipe": "s(X) t(4) (6) (10) (20)", "swing": {"X": 8}},
        {"recipe": "Aysez", "swing": {"U": 12}}]}, engine_data)
    assert want["ok"] and last_response(page) == want


def test_who_goes_first_says_why_and_shows_both_capture_tables(page, site_url):
    """Giant never goes first: the page says so in the engine's words beside its 0.00 %,
    and the capture table is shown both ways, my dice on theirs and theirs on mine."""
    page.goto(site_url + "calculators/buttonmen-odds/?my_recipe=Giant&their_recipe="
                         "%284%29+%288%29")
    page.wait_for_function("(document.querySelector('.rp-calc').lastResponse || {})"
                           ".dice?.[0]?.length === 6", timeout=120000)
    want = page.evaluate("document.querySelector('.rp-calc').lastResponse")
    assert want["first"][0] == "0"
    result = page.locator(".rp-calc__result")
    text = result.inner_text()
    assert "Going first: me 0.00%" in text
    reasons = result.locator(".rp-calc__why li").all_inner_texts()
    assert reasons == want["why"] and reasons[0].startswith("I never go first: Giant's")
    tables = result.locator("table")
    assert tables.count() == 2
    assert "their die (row) can capture mine (column)" in text
    # their (4) on my first (20): the reverse table's first cell, as the engine gives it
    first = next(r for r in want["their_table"] if r["theirs"] == 0 and r["mine"] == 0)
    assert tables.nth(1).locator("tbody tr").first.locator("td").first.get_attribute(
        "title") == first["capture"]
    assert tables.nth(1).locator("tbody th").all_inner_texts() == want["dice"][1]
