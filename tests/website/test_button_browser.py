"""The button browser as a player uses it (issue 21, item 8): the filters live in the
address (shared by a link, kept by Back), a reset button, chip counts that follow the
filters, no scroll box inside the page on a phone, and chip text that can be read."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

BUTTONS = "buttonmen/buttons/"
SHOWN = "tbody tr:not([hidden])"


def _chip(page, facet: str, value: str):
    return page.locator(f'.rp-chip[data-facet="{facet}"][data-value="{value}"]')


def _shown_names(page) -> list[str]:
    return page.eval_on_selector_all(SHOWN, "rows => rows.map(r => r.cells[0].textContent)")


def _query(page) -> dict:
    # the page's own address: Playwright's page.url learns of replaceState a moment later
    return parse_qs(urlparse(page.evaluate("location.href")).query)


def _count(page, selector: str) -> int:
    return page.locator(selector).count()


def test_filters_live_in_the_address_and_survive_back(page, site_url):
    page.goto(site_url + BUTTONS)
    _chip(page, "skill", "shadow").click()
    _chip(page, "skill", "poison").click()
    _chip(page, "skill", "poison").click()  # now excluded
    page.locator(".rp-filter-text").fill("a")
    page.locator("th", has_text="Dice").click()
    page.locator("th", has_text="Dice").click()  # most dice first
    query = _query(page)
    assert query == {"skill": ["-poison,shadow"], "filter": ["a"], "sort": ["-4"]}
    names = _shown_names(page)
    expected = _count(page, 'tbody tr[data-skill~="shadow"]:not([data-skill~="poison"])')
    assert 0 < len(names) <= expected
    dice = page.eval_on_selector_all(SHOWN, "rows => rows.map(r => +r.dataset.dice)")
    assert dice == sorted(dice, reverse=True)

    page.locator(f"{SHOWN} a").first.click()
    page.wait_for_url("**/buttonmen/buttons/*/")
    page.go_back()
    page.wait_for_url("**/buttonmen/buttons/?*")
    assert _shown_names(page) == names
    assert _chip(page, "skill", "shadow").get_attribute("data-state") == "include"
    assert _chip(page, "skill", "poison").get_attribute("data-state") == "exclude"
    assert page.locator(".rp-filter-text").input_value() == "a"


def test_a_shared_link_opens_the_same_rows(page, site_url, browser):
    page.goto(site_url + BUTTONS + "?skill=trip&swing=-none&sort=1")
    names = _shown_names(page)
    assert names and len(names) == _count(
        page, 'tbody tr[data-skill~="trip"]:not([data-swing~="none"])')
    assert names == sorted(names, key=str.lower) or names == sorted(names)
    other = browser.new_context().new_page()
    try:
        other.goto(page.evaluate("location.href"))
        assert _shown_names(other) == names
        assert other.locator(".rp-filter-count output").inner_text() == str(len(names))
    finally:
        other.context.close()


def test_reset_clears_every_filter(page, site_url):
    page.goto(site_url + BUTTONS + "?skill=shadow&filter=zz&sort=-4")
    assert _count(page, SHOWN) < _count(page, "tbody tr")
    page.locator(".rp-filter-reset").click()
    assert _count(page, SHOWN) == _count(page, "tbody tr")
    assert _query(page) == {}
    assert page.locator(".rp-chip[data-state]").count() == 0
    assert page.locator("th[aria-sort]").count() == 0
    assert page.locator(".rp-filter-text").input_value() == ""
    first = page.locator("tbody tr").first.locator("td").first.inner_text()
    assert first == page.evaluate(
        "() => [...document.querySelectorAll('tbody tr')].map(r => r.cells[0].textContent)"
        ".sort((a, b) => a.toLowerCase() < b.toLowerCase() ? -1 : 1)[0]")


def test_chip_counts_follow_the_filters(page, site_url):
    page.goto(site_url + BUTTONS)

    def number(facet, value):
        return int(_chip(page, facet, value).locator("small").text_content())

    everyone = _count(page, 'tbody tr[data-skill~="poison"]')
    assert number("skill", "poison") == everyone
    _chip(page, "skill", "shadow").click()
    # with Shadow required, Poison's chip counts the buttons that have both
    both = _count(page, 'tbody tr[data-skill~="shadow"][data-skill~="poison"]')
    assert both < everyone
    assert number("skill", "poison") == both
    assert number("skill", "shadow") == _count(page, SHOWN)
    # an excluded chip counts the rows it hides
    _chip(page, "skill", "poison").click()
    _chip(page, "skill", "poison").click()
    assert number("skill", "poison") == both
    # a chip in another facet follows too (a set's buttons among those shown)
    tokens = page.eval_on_selector_all(SHOWN, "rows => rows.map(r => r.dataset.set)")
    token = max(set(tokens), key=tokens.count)
    assert number("set", token) == tokens.count(token)


def test_on_a_phone_the_chips_are_not_a_scroll_box(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    try:
        page = context.new_page()
        page.goto(site_url + BUTTONS)
        boxes = page.eval_on_selector_all(".rp-chips", """els => els.map(e => ({
            overflow: getComputedStyle(e).overflowY,
            scrolls: e.scrollHeight > e.clientHeight + 1}))""")
        assert boxes
        assert all(b["overflow"] == "visible" and not b["scrolls"] for b in boxes), boxes
    finally:
        context.close()


CONTRAST = """chips => {
  const rgb = s => s.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map(v => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; });
    return .2126 * c[0] + .7152 * c[1] + .0722 * c[2];
  };
  const ground = el => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return chips.flatMap(chip => [chip, chip.querySelector("small")].filter(Boolean).map(el => {
    const style = getComputedStyle(el);
    const fg = rgb(style.color);
    const alpha = (fg.length > 3 ? fg[3] : 1) * Number(style.opacity) *
      Number(getComputedStyle(chip).opacity);
    const bg = ground(el);
    const mixed = fg.slice(0, 3).map((v, i) => v * alpha + bg[i] * (1 - alpha));
    const [a, b] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
    return {text: el.textContent, ratio: (a + .05) / (b + .05)};
  }));
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_chip_text_contrast_is_at_least_4_5(browser, site_url, scheme):
    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(site_url + BUTTONS + "?skill=shadow,-poison")
        ratios = page.eval_on_selector_all(".rp-chip", CONTRAST)
        low = [r for r in ratios if r["ratio"] < 4.5]
        assert ratios and low == []
    finally:
        context.close()


def test_a_range_filter_is_kept_in_the_address_too(page, site_url):
    # the same script filters every index table: the weapons' cost range
    page.goto(site_url + "brikwars/weapons/")
    page.locator("summary", has_text="Cost").click()
    page.locator('input[data-range="cost"][data-bound="min"]').fill("3")
    assert _query(page) == {"cost-min": ["3"]}
    costs = page.eval_on_selector_all(SHOWN, "rows => rows.map(r => Number(r.dataset.cost))")
    assert costs and min(costs) >= 3
    page.reload()
    assert page.locator('input[data-range="cost"][data-bound="min"]').input_value() == "3"
    assert page.eval_on_selector_all(
        SHOWN, "rows => rows.map(r => Number(r.dataset.cost))") == costs
