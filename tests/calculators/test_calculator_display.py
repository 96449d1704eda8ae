"""How calculator answers read in real Chromium (issue 21, items 3 and 10): a decimal first
with the exact fraction beside it, wrapped on any page width; no text under 12 px; charts
with axes, percent, an at-least / at-most switch, a pinned answer to compare; readable in
dark mode and on a phone, with the chart also given as text."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rulepress.engine.query import answer
from rulepress.website.calculators.specs import CALCULATORS

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

SMALL_TEXT = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || el.closest("[hidden], details:not([open]) > :not(summary)")) continue;
    const px = parseFloat(style.fontSize);
    if (px < 12) out.push(`${el.tagName}.${el.getAttribute("class")}: ${px}px "${node.textContent.trim().slice(0, 30)}"`);
  }
  return out;
}"""
OVERFLOW = "document.scrollingElement.scrollWidth - window.innerWidth"


def last_response(page):
    return page.evaluate("document.querySelector('.rp-calc').lastResponse")


def wait_for(page, want: dict, timeout: int = 120000) -> None:
    """Until the page shows the engine's answer `want` (key order aside)."""
    page.wait_for_function(
        """want => { const r = document.querySelector('.rp-calc').lastResponse;
          const c = (v) => JSON.stringify(v, (k, x) => x && typeof x === 'object' && !Array.isArray(x)
            ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x);
          return r !== undefined && c(r) === c(want); }""", arg=want, timeout=timeout)


def decimal(p: Fraction, places: int = 4) -> str:
    """What the page writes first: rounded to 4 places, "≈" when not exact."""
    scaled = p * 10 ** places
    rounded = int(scaled + Fraction(1, 2))
    text = f"{rounded // 10 ** places}.{rounded % 10 ** places:0{places}d}".rstrip("0").rstrip(".")
    return text if scaled.denominator == 1 else "≈ " + text


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_mean_is_a_decimal_first_and_its_fraction_wraps(browser, site_url, engine_data, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        # 25d10 with bonus dice: its mean is a 58-character fraction (66d10's is 140)
        want = answer({"game": "dice", "op": "distribution", "expr": "25d10", "rules": "brikwars",
                       "bonus_dice": True, "depth": 8, "d10_as_2d6": False}, engine_data)
        page.goto(site_url + "calculators/dice-roll/?expr=25d10")
        wait_for(page, want)
        mean = page.locator(".rp-calc__mean")
        text = mean.inner_text()
        assert text.startswith(f"Mean {decimal(Fraction(want['mean']))} exactly "), text
        assert want["mean"] in text.replace("\n", "")
        assert page.evaluate(OVERFLOW) <= 0  # nothing runs off the page
        right = page.evaluate("Math.max(...[...document.querySelectorAll('.rp-calc__result *')]"
                              ".map((e) => e.getBoundingClientRect().right))")
        assert right <= viewport["width"]
        page.locator(".rp-calc__result details summary").click()  # every value, as a table
        assert page.evaluate(OVERFLOW) <= 0
        assert page.evaluate(SMALL_TEXT) == []
    finally:
        context.close()


def test_mean_of_plain_dice_is_shown_exactly_as_a_decimal(page, site_url, engine_data):
    page.goto(site_url + "calculators/dice-roll/?expr=3d6&rules=plain")
    wait_for(page, answer({"game": "dice", "op": "distribution", "expr": "3d6",
                           "rules": "plain", "d10_as_2d6": False}, engine_data))
    assert page.locator(".rp-calc__mean").inner_text() == "Mean 10.5 exactly 21/2"


@pytest.mark.without_engine  # looks at the page: the build's answer
@pytest.mark.parametrize("calc", [c.id for c in CALCULATORS])
def test_no_text_under_12_px_on_a_phone(browser, site_url, calc):
    """Lighthouse counts text under 12 px as too small; the fractions were 10 px."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(site_url + f"calculators/{calc}/")
        page.locator(".rp-calc__result *").first.wait_for()
        for details in page.locator(".rp-calc__result details summary").all():
            details.click()
        assert page.evaluate(SMALL_TEXT) == []
        assert page.evaluate(OVERFLOW) <= 0
    finally:
        context.close()


def test_distribution_chart_has_axes_percent_and_an_at_least_switch(page, site_url, engine_data):
    page.goto(site_url + "calculators/dice-roll/?expr=2d6&rules=plain")
    want = answer({"game": "dice", "op": "distribution", "expr": "2d6", "rules": "plain",
                   "d10_as_2d6": False}, engine_data)
    wait_for(page, want)
    chart = page.locator("svg.rp-dist")
    assert chart.get_attribute("role") == "img" and "table below" in chart.get_attribute(
        "aria-label")
    ticks = chart.locator("text").all_text_contents()
    assert {"0%", "5%", "10%", "15%"} <= set(ticks)  # the percent axis: 2d6 peaks at 16.7%
    assert {str(v) for v in range(2, 13)} <= set(ticks)  # the value axis
    assert chart.locator("rect.rp-chart-bar").count() == 11
    rows = page.locator(".rp-calc__result tbody tr")
    page.locator(".rp-calc__result details summary").click()
    assert rows.nth(5).inner_text().split("\t")[:3] == ["7", "16.67%", "1/6"]
    page.locator('input[value="atleast"]').check()
    assert "show=atleast" in page.url
    # at least 10 on 2d6: 6 of 36 rolls
    assert rows.nth(8).inner_text().split("\t")[:3] == ["10", "16.67%", "1/6"]
    assert rows.nth(0).inner_text().split("\t")[:3] == ["2", "100.00%", "1"]
    page.locator('input[value="atmost"]').check()
    assert rows.nth(1).inner_text().split("\t")[:3] == ["3", "8.33%", "1/12"]
    page.reload()  # the choice is in the address
    wait_for(page, want)
    assert page.locator('input[value="atmost"]').is_checked()


def test_a_pinned_answer_is_drawn_under_the_next_one(page, site_url, engine_data):
    page.goto(site_url + "calculators/dice-roll/?expr=2d6&rules=plain")
    wait_for(page, answer({"game": "dice", "op": "distribution", "expr": "2d6", "rules": "plain",
                           "d10_as_2d6": False}, engine_data))
    page.get_by_role("button", name="Pin this answer to compare").click()
    page.fill("#rp-expr", "1d12")
    wait_for(page, answer({"game": "dice", "op": "distribution", "expr": "1d12",
                           "rules": "plain", "d10_as_2d6": False}, engine_data))
    legend = page.locator(".rp-chart-legend").inner_text()
    assert "pinned: Roll: 2d6" in legend and "Rules" not in legend  # only what differs
    assert page.locator("svg.rp-dist rect.rp-chart-ghost").count() == 11
    assert page.locator("svg.rp-dist rect.rp-chart-bar").count() == 12
    page.locator(".rp-calc__result details summary").click()
    head = page.locator(".rp-calc__result thead").inner_text()
    assert "Pinned" in head
    # value 7 (the rows run from 1 now): 1d12 gives 1/12, the pinned 2d6 1/6
    row = page.locator(".rp-calc__result tbody tr").nth(6).inner_text().split("\t")
    assert row == ["7", "8.33%", "1/12", "16.67%"]
    page.get_by_role("button", name="Clear the pinned answer").click()
    assert page.locator("svg.rp-dist rect.rp-chart-ghost").count() == 0


def _luminance(rgb: str) -> float:
    parts = [float(x) for x in re.findall(r"[\d.]+", rgb)[:3]]
    lin = [(c / 255 / 12.92) if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
           for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_charts_read_in_light_and_dark_mode(browser, site_url, scheme):
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(site_url + "calculators/dice-roll/?expr=2d6&rules=plain")
        page.locator("svg.rp-dist rect.rp-chart-bar").nth(10).wait_for(timeout=120000)
        colors = page.evaluate("""() => {
          const bg = getComputedStyle(document.querySelector('.md-main')).backgroundColor;
          const body = getComputedStyle(document.body).backgroundColor;
          const bar = getComputedStyle(document.querySelector('svg.rp-dist rect.rp-chart-bar')).fill;
          const text = getComputedStyle(document.querySelector('svg.rp-dist text')).fill;
          return {bg: bg === 'rgba(0, 0, 0, 0)' ? body : bg, bar, text,
                  scheme: document.body.getAttribute('data-md-color-scheme')};
        }""")
        assert colors["scheme"] == ("slate" if scheme == "dark" else "default")
        assert _contrast(colors["bar"], colors["bg"]) >= 3, colors  # a graphic: 3:1
        assert _contrast(colors["text"], colors["bg"]) >= 4.5, colors
    finally:
        context.close()


@pytest.mark.without_engine  # looks at the page: the build's answer
def test_outcome_bars_are_text_that_wraps_on_a_phone(browser, site_url):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(site_url + "calculators/evilrobots-allegiance/")
        bars = page.locator(".rp-calc__result .rp-hbars")
        assert bars.get_attribute("role") == "group"
        assert "25.00% 1/4" in bars.inner_text().replace("\n", " ")
        assert page.evaluate(OVERFLOW) <= 0
    finally:
        context.close()


def test_option_dice_sizes_have_their_own_field(page, site_url, engine_data):
    page.goto(site_url + "calculators/buttonmen-odds/")
    page.fill("#rp-my_recipe", "(4/12) (6)")
    message = page.locator('[data-field="my_options"] .rp-calc__msg')
    message.filter(has_text="option die").wait_for(timeout=60000)
    assert message.inner_text() == "(4/12) is an option die: give its size here, 4 or 12"
    page.fill("#rp-my_options", "12")
    wait_for(page, answer({"game": "buttonmen", "op": "odds", "players": [
        {"recipe": "(4/12) (6)", "swing": {"X": 8}, "options": [12]},
        {"recipe": "(4) (8) (10) (12) (12)", "swing": {}}]}, engine_data))
    assert "my_options=12" in page.url
