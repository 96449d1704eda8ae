"""Hover previews of record links and the compare page (issue 21, item 10)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from urllib.parse import parse_qs, urlparse

import pytest

from rulepress.engine.query import answer
from rulepress.website.previews import read_page

CARD = ".rp-preview"
SHIFTS = """() => { window.rpShifts = 0; new PerformanceObserver(list => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.rpShifts += e.value;
}).observe({type: 'layout-shift', buffered: false}); }"""


def _card(page) -> dict | None:
    return page.evaluate("""sel => { const c = document.querySelector(sel);
        return c && !c.hidden ? {text: c.textContent,
            title: c.querySelector('.rp-preview__title').textContent,
            kind: c.querySelector('.rp-preview__kind').textContent,
            facts: [...c.querySelectorAll('dt')].map(dt => [dt.textContent,
                                                           dt.nextElementSibling.textContent]),
            position: getComputedStyle(c).position} : null; }""", CARD)


def test_hovering_a_button_link_shows_its_card_without_moving_the_page(page, site_url,
                                                                        built_site):
    page.goto(site_url + "buttonmen/skills/shadow/")
    page.evaluate(SHIFTS)
    link = page.locator(".md-content a[href$='/buttons/abe-caine/']").first
    link.scroll_into_view_if_needed()
    before = page.evaluate("() => document.querySelector('article').getBoundingClientRect().toJSON()")
    link.hover()
    page.wait_for_selector(f"{CARD}:not([hidden])")
    card = _card(page)
    # the card says what the button's own page says
    own = read_page((built_site / "buttonmen/buttons/abe-caine/index.html").read_text("utf-8"))
    assert card["title"] == "Abe Caine" and card["kind"] == "Button Men button"
    assert card["facts"] == own["facts"][:8]
    assert ["Set", "2003 Rare / Promo"] in card["facts"]
    assert "p(4,4) p(8,8) (10) ps(24) (X)" in card["text"]
    assert card["position"] == "absolute"
    assert link.get_attribute("aria-describedby") == "rp-preview"
    after = page.evaluate("() => document.querySelector('article').getBoundingClientRect().toJSON()")
    assert after == before
    assert page.evaluate("window.rpShifts") == 0
    page.keyboard.press("Escape")
    assert _card(page) is None
    assert link.get_attribute("aria-describedby") is None


def test_a_keyboard_focus_shows_the_card_of_a_weapon(page, site_url):
    page.goto(site_url + "brikwars/weapons-armor/")
    link = page.locator(".md-content a[href$='/weapons/heavy-weapon/']").first
    page.keyboard.press("Shift")  # the reader is on the keyboard
    link.focus()
    page.wait_for_selector(f"{CARD}:not([hidden])")
    card = _card(page)
    assert card["title"] == "Heavy Weapon"
    assert ["Damage", "S+2"] in card["facts"] and ["Use", "3"] in card["facts"]
    page.keyboard.press("Escape")
    assert _card(page) is None
    page.keyboard.press("Tab")  # moving on leaves no card behind
    assert _card(page) is None or _card(page)["title"] != "Heavy Weapon"


# Every fetch() a page makes, noted in the page as it is called (previews.js fetches
# previews.json before it shows any card).
NOTE_FETCHES = """window.fetched = [];
const realFetch = window.fetch;
window.fetch = (...args) => { window.fetched.push(String(args[0])); return realFetch(...args); };"""


def _no_card_coming(page) -> bool:
    """No card shown, and none on its way: the hover's wait (previews.js SHOW_MS) has run out
    on the page's clock and no card data was asked for."""
    page.clock.run_for(1000)
    return _card(page) is None and not any("previews.json" in url
                                           for url in page.evaluate("window.fetched"))


def test_links_that_are_not_records_and_touch_screens_get_no_card(browser, site_url, page):
    page.add_init_script(NOTE_FETCHES)
    page.clock.install()
    page.goto(site_url + "brikwars/")
    page.locator(".md-content a[href$='quikwars/']").first.hover()  # a rules page
    assert _no_card_coming(page)
    page.goto(site_url + "buttonmen/skills/shadow/")  # the same hover on a record: a card
    page.locator(".md-content a[href$='/buttons/abe-caine/']").first.hover()
    assert not _no_card_coming(page)
    context = browser.new_context(has_touch=True, is_mobile=True,
                                  viewport={"width": 390, "height": 844})
    try:
        phone = context.new_page()
        phone.add_init_script(NOTE_FETCHES)
        phone.clock.install()
        phone.goto(site_url + "buttonmen/skills/shadow/")
        phone.locator(".md-content a[href$='/buttons/abe-caine/']").first.hover()
        assert _no_card_coming(phone)
    finally:
        context.close()


def _answer(page, timeout=90000) -> str:
    page.wait_for_selector(".rp-compare__answer, .rp-compare__error", timeout=timeout)
    return page.locator(".rp-compare__first").inner_text()


def test_compare_two_buttons_with_who_goes_first_from_the_engine(page, site_url, engine_data,
                                                                 built_site):
    page.goto(site_url + "buttonmen/buttons/bauer/")
    page.locator("a.rp-compare-link").click()
    page.wait_for_url("**/calculators/compare/?kind=buttons&a=bauer*")
    page.locator("#rp-compare-b").select_option("wiseman")
    page.locator('.rp-compare__swing[data-side="a"] input[data-letter="X"]').fill("4")
    page.locator('.rp-compare__swing[data-side="a"] input[data-letter="X"]').dispatch_event("change")
    page.wait_for_function("location.search.includes('as=X4')")
    text = _answer(page)
    expected = answer({"game": "buttonmen", "op": "initiative",
                       "players": [{"button": "Bauer", "swing": {"X": 4}},
                                   {"button": "Wiseman", "swing": {}}]}, engine_data)
    assert expected["ok"]
    assert f"Bauer {float(Fraction(expected['first'][0])) * 100:.1f} % ({expected['first'][0]})" in text
    assert f"Wiseman {float(Fraction(expected['first'][1])) * 100:.1f} % ({expected['first'][1]})" in text
    # side by side: each button's own values
    rows = page.eval_on_selector_all(".rp-compare__side tbody tr", """rows => rows.map(r =>
        [...r.cells].map(c => c.textContent))""")
    cards = json.loads((built_site / "previews.json").read_text("utf-8"))["cards"]
    sets = [dict(cards[f"buttonmen/buttons/{b}/"]["facts"])["Set"] for b in ("bauer", "wiseman")]
    assert ["Set", *sets] in rows
    assert ["Dice", "5", "4"] in rows
    # the address shares it: a new tab opens the same comparison
    query = parse_qs(urlparse(page.evaluate("location.href")).query)
    assert query == {"kind": ["buttons"], "a": ["bauer"], "b": ["wiseman"], "as": ["X4"]}
    other = page.context.new_page()
    other.goto(page.evaluate("location.href"))
    assert _answer(other) == text


def test_compare_says_when_a_button_cannot_be_played(page, site_url):
    page.goto(site_url + "calculators/compare/?kind=buttons&a=agent-orange&b=bauer")
    text = _answer(page)
    assert "cannot be worked out" in text and "not a known skill letter" in text


@pytest.mark.without_engine  # looks at the page: the build's answer
def test_compare_two_weapons_and_two_specialists(page, site_url, built_site):
    cards = json.loads((built_site / "previews.json").read_text("utf-8"))["cards"]
    page.goto(site_url + "brikwars/weapons/heavy-weapon/")
    page.locator("a.rp-compare-link").click()
    page.locator("#rp-compare-b").select_option("long-ranged-weapon")
    page.wait_for_function("location.search.includes('b=long-ranged-weapon')")
    rows = {r[0]: r[1:] for r in page.eval_on_selector_all(
        ".rp-compare__side tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")}
    heavy = dict(cards["brikwars/weapons/heavy-weapon/"]["facts"])
    bow = dict(cards["brikwars/weapons/long-ranged-weapon/"]["facts"])
    assert rows["Damage"] == [heavy["Damage"], bow["Damage"]]
    assert rows["Range"] == [heavy["Range"], bow["Range"]]
    assert page.locator(".rp-compare__first").inner_text() == ""  # no engine for weapons

    page.goto(site_url + "calculators/compare/?kind=specialists&a=mechanik&b=medik")
    # the table is drawn once previews.json has arrived
    page.wait_for_function("[...document.querySelectorAll('.rp-compare__side thead a')]"
                           ".map(a => a.textContent).join() === 'Mechanik,Medik'")
    rows = {r[0]: r[1:] for r in page.eval_on_selector_all(
        ".rp-compare__side tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")}
    assert rows["Cost (CP)"] == [dict(cards["brikwars/specialists/mechanik/"]["facts"])["Cost (CP)"],
                                 dict(cards["brikwars/specialists/medik/"]["facts"])["Cost (CP)"]]
    assert page.locator(".rp-compare__side thead a").all_inner_texts() == ["Mechanik", "Medik"]


def test_a_card_reads_the_name_opening_lines_and_key_values_of_a_page():
    html = """<html><body><nav><p>not the article</p></nav><article class="md-content__inner">
    <h1 id="x">Stone &lt;b&gt; Golem<a class="headerlink" href="#x">&para;</a></h1>
    <p><strong>Stone &lt;b&gt; Golem</strong> (unit): Slow &amp; hard to kill.</p>
    <p><a href="../">All units</a> · <a href="../../compare/">Compare with…</a></p>
    <table><thead><tr><th>Die</th><th>Size</th></tr></thead><tbody>
    <tr><td>d6</td><td>6</td></tr></tbody></table>
    <table><thead><tr><th></th><th></th></tr></thead><tbody>
    <tr><td>Armor</td><td>2d6 <span class="rp-fact">recovered</span></td></tr>
    <tr><td>Move</td><td>3"</td></tr></tbody></table>
    <h2 id="more">More</h2><p>Later text is not on the card.</p>
    </article></body></html>"""
    card = read_page(html)
    assert card["title"] == "Stone <b> Golem"
    # the name the card shows already, and the page's own links, are left out
    assert card["lead"] == ["Slow & hard to kill."]
    # the key-value table, not the first table
    assert card["facts"] == [["Armor", "2d6 recovered"], ["Move", '3"']]


def test_compare_plays_a_plasma_die_as_its_first_choice_and_says_so(page, site_url,
                                                                    engine_data):
    """Maya's p{hs,H}(12) needs a choice: the page plays the first (hs), as the button page's
    who-goes-first link does, and says so beside the answer."""
    page.goto(site_url + "calculators/compare/?kind=buttons&a=maya&b=bauer")
    text = _answer(page)
    swing = {side: page.eval_on_selector_all(
        f'.rp-compare__swing[data-side="{side}"] input',
        """xs => Object.fromEntries(xs.map(x => {  // as the page reads them (readSwing)
            const n = Number(x.value), low = Number(x.min), high = Number(x.max);
            return [x.dataset.letter, Number.isInteger(n) && n >= low && n <= high
                    ? n : Math.floor((low + high) / 2)]; }))""")
        for side in "ab"}
    expected = answer({"game": "buttonmen", "op": "initiative",
                       "players": [{"button": "Maya", "swing": swing["a"], "plasma": ["hs"]},
                                   {"button": "Bauer", "swing": swing["b"]}]}, engine_data)
    assert expected["ok"], expected
    assert f"Maya {float(Fraction(expected['first'][0])) * 100:.1f} % ({expected['first'][0]})" in text
    assert "Played with Maya's plasma die as hs" in text


def test_compare_four_records_side_by_side(page, site_url, engine_data, built_site):
    """Up to four records (issue 32): a column each, and for buttons who goes first for the
    first against each other one; an empty third or fourth stays out of the address."""
    cards = json.loads((built_site / "previews.json").read_text("utf-8"))["cards"]
    page.goto(site_url + "calculators/compare/?kind=specialists&a=mechanik&b=medik")
    page.wait_for_function("document.querySelectorAll('.rp-compare__side thead a').length === 2")
    page.locator("#rp-compare-c").select_option("marksman")
    page.locator("#rp-compare-d").select_option("pilot")
    page.wait_for_function("location.search.includes('d=pilot')")
    assert page.locator(".rp-compare__side thead a").all_inner_texts() == [
        "Mechanik", "Medik", "Marksman", "Pilot"]
    rows = {r[0]: r[1:] for r in page.eval_on_selector_all(
        ".rp-compare__side tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")}
    assert rows["Cost (CP)"] == [dict(cards[f"brikwars/specialists/{s}/"]["facts"])["Cost (CP)"]
                                 for s in ("mechanik", "medik", "marksman", "pilot")]
    page.locator("#rp-compare-c").select_option("")
    page.wait_for_function("!location.search.includes('c=')")
    assert page.locator(".rp-compare__side thead a").count() == 3

    page.goto(site_url + "calculators/compare/?kind=buttons&a=avis&b=bauer&c=wiseman")
    page.wait_for_function("document.querySelectorAll('.rp-compare__answer').length === 2",
                           timeout=120000)
    answers = page.locator(".rp-compare__answer").all_inner_texts()
    for other, text in zip(("Bauer", "Wiseman"), answers):
        want = answer({"game": "buttonmen", "op": "initiative",
                       "players": [{"button": "Avis", "swing": {"X": 12}},
                                   {"button": other, "swing": {"X": 12} if other == "Bauer"
                                    else {}}]}, engine_data)
        assert f"Avis {float(Fraction(want['first'][0])) * 100:.1f} % ({want['first'][0]})" in text
        assert f"{other} {float(Fraction(want['first'][1])) * 100:.1f} %" in text
    assert page.locator(".rp-compare__side thead a").all_inner_texts() == [
        "Avis", "Bauer", "Wiseman"]


def test_a_card_leaves_out_the_source_lines_and_code_files_its_page_cites():
    """Developer text stays on the page: a card read in passing says the rule, not where
    it is in the rulebook's lines or in BMO's code (issue 30)."""
    html = """<article><h1>Heavy Shield</h1>
    <p>A big shield (rulebook L30-44) that blocks.</p>
    <table><thead><tr><th></th><th></th></tr></thead><tbody>
    <tr><td>Damage</td><td>— does not apply: it cannot attack (Parry or Shove only, L491).</td></tr>
    <tr><td>Move</td><td>varies: 1d10 inches or one Action (L3130, L3194).</td></tr>
    <tr><td>Unit inches</td><td>— Included with a Vehicle. (L2709)</td></tr>
    <tr><td>As the engine plays it</td><td>buttonmen-dev/buttonmen src/engine/BMSkillBerserk.php
    at a04ab98462e7</td></tr>
    <tr><td>Level</td><td>Level 2 (L2 is the level's short name)</td></tr>
    </tbody></table></article>"""
    card = read_page(html)
    assert card["lead"] == ["A big shield that blocks."]
    assert card["facts"] == [
        ["Damage", "— does not apply: it cannot attack (Parry or Shove only)."],
        ["Move", "varies: 1d10 inches or one Action."],
        ["Unit inches", "— Included with a Vehicle."],
        ["Level", "Level 2 (L2 is the level's short name)"]]


def test_no_card_of_the_site_cites_a_source_line_or_a_code_file(built_site):
    cards = json.loads((built_site / "previews.json").read_text(encoding="utf-8"))["cards"]
    said = [text for card in cards.values()
            for text in (*card["lead"], *(value for _, value in card["facts"]))]
    assert len(said) > 3000
    assert not [t for t in said if re.search(r"\bL\d{2,}\b|\.php\b|\.py\b|a04ab98", t)]
