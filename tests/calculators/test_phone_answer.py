"""On a 390-px phone a calculator's form fills the screen and its answer is a screen or two
below (issue 32): the answer's one-line summary stays in sight under the form, with a link
down to the whole answer, and wide tables stack instead of running off the page."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rulepress.engine.query import answer
from rulepress.website.calculators.model import applied, fill
from rulepress.website.calculators.specs import CALCULATORS

PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
# where the summary's box is, the result's top, and the page's width past the screen's
BOXES = """() => {
  const bar = document.querySelector('.rp-calc__summary').getBoundingClientRect();
  const result = document.querySelector('.rp-calc__result').getBoundingClientRect();
  return {top: bar.top, bottom: bar.bottom, height: innerHeight, scrollY,
          resultTop: result.top, overflow: document.scrollingElement.scrollWidth - innerWidth,
          line: document.querySelector('.rp-calc__line').textContent};
}"""


def phone(browser):
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)


def wait_for(page, want: dict, timeout: int = 120000) -> None:
    page.wait_for_function(
        """want => { const r = document.querySelector('.rp-calc').lastResponse;
          const c = (v) => JSON.stringify(v, (k, x) => x && typeof x === 'object' && !Array.isArray(x)
            ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x);
          return r !== undefined && c(r) === c(want); }""", arg=want, timeout=timeout)


def percent(p: str) -> str:
    """As the page writes a chance: 12.50% (fraction.js, percentText)."""
    f = Fraction(p)
    return f"{f.numerator * 1000000 // f.denominator / 10000:.2f}%"


def in_sight(box: dict) -> bool:
    return 0 <= box["top"] and box["bottom"] <= box["height"]


@pytest.mark.without_engine  # looks at the page: the build's answer
@pytest.mark.parametrize("calc", [c.id for c in CALCULATORS])
def test_every_calculator_shows_its_answer_in_a_line_in_sight_on_a_phone(browser, site_url, calc):
    context = phone(browser)
    page = context.new_page()
    try:
        page.goto(site_url + f"calculators/{calc}/")
        page.wait_for_function("document.querySelector('.rp-calc').lastResponse !== undefined")
        box = page.evaluate(BOXES)
        assert box["scrollY"] == 0
        assert box["line"].strip() and "undefined" not in box["line"] and "NaN" not in box["line"]
        assert in_sight(box), box
        assert box["overflow"] <= 0, f"{calc} is {box['overflow']} px wider than the phone"
        page.locator(".rp-calc__jump").click()  # the link goes down to the whole answer
        page.wait_for_function("document.querySelector('.rp-calc__result')"
                               ".getBoundingClientRect().top < innerHeight - 100")
    finally:
        context.close()


def test_brikwars_attack_answer_is_in_sight_after_a_calculation(browser, site_url, engine_data):
    """The issue's example: the attack's answer began at y=2017 of 3230."""
    context = phone(browser)
    page = context.new_page()
    try:
        page.goto(site_url + "calculators/brikwars-attack/")
        page.wait_for_function("document.querySelector('.rp-calc').lastResponse !== undefined")
        page.locator("#rp-armor").fill("2")
        calc = next(c for c in CALCULATORS if c.id == "brikwars-attack")
        values = applied(calc.fields, {f.name: f.default for f in calc.fields} | {"armor": "2"})
        want = answer(fill(calc.request, values), engine_data)
        wait_for(page, want)
        box = page.evaluate(BOXES)
        assert box["resultTop"] > PHONE["height"]  # the whole answer is below the screen…
        assert in_sight(box), box  # …and its line is in sight, with the engine's numbers
        assert box["line"] == (f"Hit {percent(want['p_hit'])} · Kill {percent(want['p_kill'])}"
                               f" · Critical failure {percent(want['p_crit_fail'])}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "phone-brikwars-attack.png"))
    finally:
        context.close()


# the right edge of every cell of the stacked tables, and what labels a cell's value
CELLS = """() => [...document.querySelectorAll('.rp-stack td')].map((td) => ({
  right: td.getBoundingClientRect().right, label: getComputedStyle(td, '::before').content,
  control: td.querySelector('select, input')?.getBoundingClientRect().right ?? 0}))"""


@pytest.mark.without_engine  # looks at the page: the build's answer
@pytest.mark.parametrize("calc", ["evilrobots-score", "buttonmen-recipe"])
def test_wide_tables_stack_on_a_phone_each_value_under_its_name(browser, site_url, calc):
    """The Evil Robots players table was 646 px wide inside 390, its Robot column cut."""
    context = phone(browser)
    page = context.new_page()
    try:
        page.goto(site_url + f"calculators/{calc}/")
        page.wait_for_function("document.querySelector('.rp-calc').lastResponse !== undefined")
        cells = page.evaluate(CELLS)
        assert cells
        for cell in cells:
            assert cell["right"] <= PHONE["width"] and cell["control"] <= PHONE["width"], cell
            assert cell["label"] not in ("none", "normal", '""'), cell
        assert page.evaluate("document.scrollingElement.scrollWidth - innerWidth") <= 0
        if calc == "evilrobots-score":
            assert page.locator('select[data-col="robot"]').first.is_visible()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"phone-{calc}.png"), full_page=True)
    finally:
        context.close()
    wide = browser.new_context(viewport={"width": 1280, "height": 900})
    page = wide.new_page()
    try:  # a wide screen keeps the tables as tables
        page.goto(site_url + f"calculators/{calc}/")
        page.wait_for_function("document.querySelector('.rp-calc').lastResponse !== undefined")
        assert page.evaluate("getComputedStyle(document.querySelector('.rp-stack tr')).display") \
            == "table-row"
    finally:
        wide.close()
