"""Calculator pages in real Chromium: instant default answer, exact engine answers,
inputs in the URL, inline errors, and no Pyodide on pages without a calculator."""

from __future__ import annotations

from rulepress.engine.query import answer

RESULT_ROWS = ".rp-calc__result tbody tr"


def last_response(page):
    return page.evaluate("document.querySelector('.rp-calc').lastResponse")


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
    page.wait_for_function("document.querySelector('.rp-calc').lastResponse.dice?.length === 2",
                           timeout=60000)
    assert last_response(page) == answer(
        {"game": "buttonmen", "op": "parse", "recipe": "(20) (20)"}, engine_data)


def test_pages_without_a_calculator_load_no_pyodide(page, site_url):
    seen = []
    page.on("request", lambda r: seen.append(r.url))
    page.goto(site_url)
    page.wait_for_load_state("networkidle")
    assert not [u for u in seen if "/pyodide/" in u or "engine/" in u]
