"""Accessibility in Chromium: axe-core (node_modules/axe-core, from npm) on every kind of
page, in the light and the dark scheme, at 1280x900 and at 390x844 (a phone), finds no
serious or critical violation caused by the site; links in running text are underlined.

Every kind of page is checked light at 1280 and dark at 390; the pages whose layout or
colours differ most in all four pairs (CPU time: the whole suite runs on two cores). A page
checked in both schemes at one width is loaded once: all rules in its first scheme, then
the colour rules in the other (the markup is the same; only colours change with the
scheme, and no script of the site reads a colour).
Lighthouse's accessibility scores are measured by bench/lighthouse.py, not here.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from pathlib import Path

import pytest

from browser import hold_engine
from rulepress.website.calculators import CALCULATORS

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WIDE, PHONE = {"width": 1280, "height": 900}, {"width": 390, "height": 844}
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa",
                                          "wcag22aa", "best-practice"]},
    # experimental in axe, on here: a control whose spoken name leaves out its visible
    # text (the applet's coin said "Allegiance" while it showed "Good")
    "rules": {"label-content-name-mismatch": {"enabled": True}},
    "resultTypes": ["violations"],
}
SERIOUS = ("serious", "critical")
# Rules that fail the test at any impact: defects this site had (axe calls them minor or
# moderate). landmark-unique came from mkdocs-material's markup: a heading's sub-list in
# the table of contents was a <nav> named like a section of the site's navigation (the
# glossary's "BrikWars"), and each code block's copy button had an unnamed <nav>; the
# site's toc-item.html and accessibility.js take both out of the landmarks.
ALWAYS = ("empty-table-header", "landmark-unique")
# Violations that come from mkdocs-material's own markup and that we cannot change
# without forking the theme: (rule, CSS selector axe reports) -> why. Keep this narrow.
MATERIAL: dict[tuple[str, str], str] = {}


def _prepare_search(page):
    box = page.locator("input.md-search__input")
    if page.viewport_size["width"] < 960:  # on a phone the search is behind its icon
        page.locator("label.md-header__button[for=__search]").click()
    box.press_sequentially("shadow", delay=20)
    page.locator(".md-search-result__item").first.wait_for(timeout=20000)


def _prepare_applet(page):
    page.evaluate("localStorage.clear()")  # a deal kept from an earlier visit: start again
    page.reload()
    page.wait_for_selector("#er-applet[data-ready=true]")
    page.fill("#er-code", "AXE1")
    page.select_option("#er-players", "5")
    page.select_option("#er-seat", "2")
    page.click("#er-deal")
    page.wait_for_selector("#er-team")


def _prepare_table(page):
    """The host view of a game under way: the bar, the players table with every kind of
    robot control, and the join link's QR code in the setup, opened."""
    page.wait_for_selector("#er-table[data-ready=true]")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("#er-table[data-ready=true]")
    page.fill("#er-t-names", "Ann, Bo, Cy, Di")
    page.fill("#er-t-code", "AXE1")
    page.click("#er-t-start")
    for seat, robot in enumerate(("plusbot", "copybot", "gandalfbot", "betbot")):
        page.select_option(f"#er-t-robot-{seat}", robot)
    page.select_option("#er-t-power-0", "4")
    page.click("#er-t-open-setup")
    page.wait_for_selector("#er-t-qr")


def _prepare_army(page):
    page.fill("#rp-army-search", "hero")  # the list of matches open
    page.locator("#rp-army-found li").first.wait_for()


def _prepare_calculator(page):
    # the build's own answer to the default inputs is on the page before the engine runs
    page.locator(".rp-calc__result :is(table, svg, p)").first.wait_for()


def _prepare_play(page):
    # the build's own answer to the default round: both sides' dice and my moves (or, when
    # the computer went first, its reply) drawn before the engine runs
    page.locator(".rp-play__board .rp-play-die").first.wait_for()


PAGES = {
    "home": ("", None),
    "play a round": ("buttonmen/play/", _prepare_play),
    "Button Men rules": ("buttonmen/attacks/", None),
    "Evil Robots rules": ("evilrobots/round/", None),
    "BrikWars rules": ("brikwars/combat/", None),
    "BrikWars figures": ("brikwars/heavy-weapons/", None),  # four rules figures (SVG)
    "button": ("buttonmen/buttons/floriano/", None),
    "skill": ("buttonmen/skills/shadow/", None),
    "button browser": ("buttonmen/buttons/", None),
    "weapon": ("brikwars/weapons/short-ranged-weapon/", None),
    "specialist": ("brikwars/specialists/mechanik/", None),
    "robot": ("evilrobots/bots/badbot/", None),
    "robot index": ("evilrobots/bots/", None),
    "sources and decisions": ("reference/sources/", None),
    "glossary": ("glossary/", None),
    "print": ("print/", None),
    "search open": ("", _prepare_search),
    "applet": ("evilrobots/applet/", _prepare_applet),
    "table screen": ("evilrobots/table/", _prepare_table),
    "army builder": ("calculators/army/", _prepare_army),
    "calculators": ("calculators/", None),
    "query reference": ("reference/query/", None),  # highlighted code: JSON, shell
    "data reference": ("reference/data/", None),  # highlighted code: YAML with comments
}
# every calculator page, each with the build's answer to its default inputs shown
CALCULATOR_PAGES = [f"calculator {c.id}" for c in CALCULATORS]
PAGES.update({name: (f"calculators/{c.id}/", _prepare_calculator)
              for name, c in zip(CALCULATOR_PAGES, CALCULATORS)})
VIEWS = {"light wide": ("light", WIDE), "dark phone": ("dark", PHONE),
         "dark wide": ("dark", WIDE), "light phone": ("light", PHONE)}
# The other scheme at the same width: checked on the same page load, colour rules only.
OTHER_SCHEME = {"light wide": "dark wide", "dark phone": "light phone"}
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
# The calculators share one page layout: each is checked in one of the two first views
# (taking turns), and these pages in all four.
ALL_VIEWS = ("home", "button", "applet", "search open", "calculator dice-roll",
             "calculator buttonmen-odds", "play a round", "calculator buttonmen-matchup")
# (page, view loaded, also checked in its other scheme)
CASES = ([(name, view, name in ALL_VIEWS) for name in PAGES if name not in CALCULATOR_PAGES
          for view in OTHER_SCHEME] +
         [(name, ("light wide", "dark phone")[i % 2], False)
          for i, name in enumerate(CALCULATOR_PAGES) if name not in ALL_VIEWS] +
         [(name, view, True) for name in CALCULATOR_PAGES if name in ALL_VIEWS
          for view in OTHER_SCHEME])


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE.relative_to(ROOT)} is missing: run scripts/setup.sh (npm ci)")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def views(browser):
    """One browser context per view (scheme and size), opened when first asked for."""
    opened: dict[str, object] = {}

    def context(view: str):
        if view not in opened:
            scheme, viewport = VIEWS[view]
            made = browser.new_context(viewport=viewport, color_scheme=scheme)
            # The calculators' engine (Pyodide) is not needed to check a page; held back,
            # it stays "starting" instead of taking the CPU from the test.
            hold_engine(made)
            opened[view] = made
        return opened[view]

    yield context
    for made in opened.values():
        made.close()


@contextmanager
def open_page(views, site_url, name, view):
    path, prepare = PAGES[name]
    page = views(view).new_page()
    try:
        page.goto(site_url + path, wait_until="load")
        if prepare:
            prepare(page)
        yield page
    finally:
        page.close()


def use_scheme(page, view: str) -> None:
    """The page as it looks in `view`'s colour scheme: the media feature, and Material's
    palette switched as its toggle does (which keeps the choice for later loads: taken out
    again, so the context's next pages follow the media feature as before)."""
    scheme, _ = VIEWS[view]
    page.emulate_media(color_scheme=scheme)
    # then waits for the colour transitions the change started (Material's links fade)
    page.evaluate("""async scheme => {
        document.querySelector(`[data-md-color-media="(prefers-color-scheme: ${scheme})"]`)
          .click();
        for (const key of Object.keys(localStorage))
          if (key.endsWith("__palette")) localStorage.removeItem(key);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        await Promise.all(document.getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => null)));
      }""", scheme)
    assert page.evaluate("document.body.dataset.mdColorScheme") == \
        {"light": "default", "dark": "slate"}[scheme]


def axe_violations(page, axe_source, rules: list[str] | None = None) -> list[dict]:
    """Serious and critical violations (and any of ALWAYS) by every rule of AXE_OPTIONS, or
    by `rules` alone."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    options = AXE_OPTIONS if rules is None else \
        {**AXE_OPTIONS, "runOnly": {"type": "rule", "values": rules}}
    result = page.evaluate("options => axe.run(document, options)", options)
    found = []
    for violation in result["violations"]:
        if violation["impact"] not in SERIOUS and violation["id"] not in ALWAYS:
            continue
        for node in violation["nodes"]:
            target = " ".join(str(t) for t in node["target"])
            if (violation["id"], target) in MATERIAL:
                continue
            found.append({"rule": violation["id"], "impact": violation["impact"],
                          "target": target, "html": node["html"][:160],
                          "why": node["failureSummary"][:300]})
    return found


@pytest.mark.parametrize("name, view, both", CASES,
                         ids=[f"{n}-{v}{' and ' + OTHER_SCHEME[v].split()[0] if b else ''}"
                              for n, v, b in CASES])
def test_axe_finds_no_serious_violation(views, site_url, axe_source, name, view, both):
    with open_page(views, site_url, name, view) as page:
        found = {view: axe_violations(page, axe_source)}
        if both:
            other = OTHER_SCHEME[view]
            use_scheme(page, other)
            found[other] = axe_violations(page, axe_source, COLOUR_RULES)
    assert found == {v: [] for v in found}, json.dumps(found, indent=1)


def test_every_view_of_the_four_is_checked():
    checked = {(n, v) for n, v, _ in CASES} | {(n, OTHER_SCHEME[v]) for n, v, b in CASES if b}
    for name in ALL_VIEWS:
        assert {(name, view) for view in VIEWS} <= checked, name
    assert {n for n, _ in checked} == set(PAGES)


def test_a_scheme_set_after_the_load_looks_as_that_scheme_loaded(views, site_url):
    """The colour-only check in the other scheme sees what a load in that scheme shows."""
    colours = """() => [...document.querySelectorAll(
        'body, .md-header, .md-typeset a, .md-typeset td, .rp-calc__result svg *')]
      .slice(0, 300).map(e => {
        const s = getComputedStyle(e); return [s.color, s.backgroundColor, s.fill].join();
      })"""
    seen = []
    for view, then in (("dark wide", None), ("light wide", "dark wide")):
        with open_page(views, site_url, "calculator dice-roll", view) as page:
            if then:
                use_scheme(page, then)
            seen.append(page.evaluate(colours))
    assert len(seen[0]) > 100 and seen[0] == seen[1]


@pytest.mark.parametrize("view", ["light wide", "dark phone"])
def test_every_team_name_on_the_applet_coin_is_readable(views, site_url, axe_source, view):
    """The coin shows Good, Evil or Neutral in its team's colour: each keeps 4.5:1."""
    with open_page(views, site_url, "applet", view) as page:
        page.add_script_tag(content=axe_source)
        seen, found = set(), []
        for _ in range(6):  # each tap moves to the next team
            seen.add(page.text_content("#er-team"))
            result = page.evaluate("""() => axe.run('#er-card-coin',
                {runOnly: ['color-contrast', 'label-content-name-mismatch']})""")
            found += [(v["id"], page.text_content("#er-team")) for v in result["violations"]]
            page.click("#er-coin")
    assert seen == {"Good", "Evil", "Neutral"}
    assert found == []


TEXT_LINKS = ".md-content :is(p, li, dd, td, figcaption) a[href]:not(.md-button):not(.headerlink)"


@pytest.mark.parametrize("path", ["home", "glossary", "BrikWars rules", "button",
                                  "calculator dice-roll"])
def test_links_in_text_are_underlined(views, site_url, path):
    """A link in running text is told from the text around it without its colour."""
    with open_page(views, site_url, path, "light wide") as page:
        links = page.evaluate("""selector => [...document.querySelectorAll(selector)]
          .filter(a => a.offsetParent !== null && a.textContent.trim())
          .map(a => [getComputedStyle(a).textDecorationLine, a.outerHTML.slice(0, 120)])""",
                              TEXT_LINKS)
    assert links
    assert [html for line, html in links if "underline" not in line] == []
