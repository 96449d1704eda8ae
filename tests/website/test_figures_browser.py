"""The rules figures in Chromium: drawn on their pages, each an image named for a screen
reader with its caption; recoloured in the dark scheme; printed dark on white; on a phone a
figure keeps a readable size and scrolls sideways in a box the keyboard can reach."""

from __future__ import annotations

import re

import pytest

from rulepress import figures

# each figure's page (the one its marker is on)
PAGES = {"explosion-rings": "brikwars/heavy-weapons/", "firing-arcs": "brikwars/heavy-weapons/",
         "turrets": "brikwars/heavy-weapons/", "armor-piercing": "brikwars/heavy-weapons/",
         "charge-momentum": "brikwars/combat/", "knockback": "brikwars/combat/",
         "parry-deflection": "brikwars/combat/", "movement-scale": "brikwars/turn/",
         "unit-inches": "brikwars/armies/", "damage-track": "brikwars/structures/"}
COLOURS = """() => [...document.querySelectorAll('figure.rp-fig')].map(f => {
  const svg = f.querySelector('svg');
  const hot = svg.querySelector('.rp-f-hot-soft, .rp-f-cool-soft, .rp-f-soft');
  return [f.id, getComputedStyle(svg).color, hot ? getComputedStyle(hot).fill : null,
          getComputedStyle(document.body).backgroundColor];
})"""


def test_every_figure_has_a_page(catalog):
    assert set(PAGES) == set(figures.FIGURES)


@pytest.mark.parametrize("path", sorted(set(PAGES.values())))
def test_figures_are_drawn_named_and_captioned(page, site_url, catalog, path):
    page.goto(site_url + path)
    drawn = figures.draw(catalog, [k for k, p in PAGES.items() if p == path])
    for key, figure in drawn.items():
        box = page.locator(f"#figure-{key}")
        box.scroll_into_view_if_needed()
        art = box.locator("svg")
        size = art.bounding_box()
        assert size["width"] > 300 and size["height"] > 80, (key, size)
        # one image with its accessible name and description, read as a screen reader would
        image = page.get_by_role("img", name=figure.name, exact=True)
        assert image.count() == 1, key
        assert page.evaluate("""id => { const svg = document.querySelector(`#figure-${id} svg`);
            return document.getElementById(svg.getAttribute('aria-describedby')).textContent;
            }""", key) == figure.description
        assert box.locator("figcaption").inner_text() == figure.caption
        # drawn: the SVG holds its shapes and its words
        assert art.locator("text").count() >= 4 and art.locator("rect, circle, path").count() > 3
    assert page.offsite == []


def test_dark_scheme_recolours_and_print_is_dark_on_white(browser, site_url):
    colours = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      color_scheme=scheme)
        tab = context.new_page()
        tab.goto(site_url + "brikwars/heavy-weapons/")
        assert tab.evaluate("document.body.dataset.mdColorScheme") == (
            "slate" if scheme == "dark" else "default")
        colours[scheme] = tab.evaluate(COLOURS)
        if scheme == "dark":
            tab.emulate_media(media="print", color_scheme="dark")
            colours["print"] = tab.evaluate(COLOURS)
        context.close()
    for light, dark, printed in zip(colours["light"], colours["dark"], colours["print"]):
        assert light[0] == dark[0]
        assert light[1] != dark[1] and light[2] != dark[2], (light, dark)  # ink and fills
        # the dark scheme's ink is light on a dark page
        assert sum(map(int, re.findall(r"\d+", dark[1])[:3])) > 450
        assert printed[1] == "rgb(26, 26, 26)" and printed[2] == light[2], printed


def test_on_a_phone_a_figure_scrolls_in_a_box_the_keyboard_reaches(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    tab.goto(site_url + "brikwars/combat/")
    scroll = tab.locator("#figure-parry-deflection .rp-fig__scroll")
    scroll.scroll_into_view_if_needed()
    assert tab.evaluate("""() => { const s = document.querySelector(
        '#figure-parry-deflection .rp-fig__scroll'); return s.scrollWidth > s.clientWidth; }""")
    scroll.focus()
    assert tab.evaluate("document.activeElement.classList.contains('rp-fig__scroll')")
    tab.keyboard.press("ArrowRight")
    tab.wait_for_function("""() => document.querySelector(
        '#figure-parry-deflection .rp-fig__scroll').scrollLeft > 0""")
    # the text stays readable: the picture is not shrunk below its readable width
    assert tab.locator("#figure-parry-deflection svg").bounding_box()["width"] >= 500
    context.close()
