"""The generated pages in Chromium: offline, searchable by name, filterable."""

from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest

PAGES = ("", "buttonmen/buttons/", "buttonmen/buttons/aysez/", "buttonmen/skills/shadow/",
         "evilrobots/bots/", "evilrobots/bots/badbot/", "reference/sources/", "glossary/",
         "brikwars/weapons/", "brikwars/weapons/short-ranged-weapon/")

# name typed into the search box -> the page that must come first
SEARCHES = {
    "Aysez": "buttonmen/buttons/aysez/",
    "Shadow": "buttonmen/skills/shadow/",
    "Stinger": "buttonmen/skills/stinger/",
    "BadBot": "evilrobots/bots/badbot/",
    "SumoBot": "evilrobots/bots/sumobot/",
    "Friend Computer": "buttonmen/buttons/friend-computer/",
    "Short-Ranged Weapon": "brikwars/weapons/short-ranged-weapon/",
    "FlameThrower": "brikwars/scaled-weapons/flamethrower/",
    "Mechanik": "brikwars/specialists/mechanik/",
    "Marksman": "brikwars/specialists/marksman/",
    "Pathfinding": "brikwars/specialties/pathfinding/",
    # a rule's name finds the rules page that holds its heading
    "missed shot": "brikwars/combat/",
    "angry inch": "brikwars/combat/",
    "half speed": "brikwars/turn/",
    "first blood": "brikwars/basics/",
    "trampling": "brikwars/horses/",
}


@pytest.mark.parametrize("path", PAGES)
def test_page_makes_no_request_to_another_host(page, site_url, path):
    response = page.goto(site_url + path)
    assert response.ok
    page.wait_for_load_state("networkidle")
    assert page.offsite == []


def test_searching_a_name_finds_its_page_first(page, site_url):
    page.goto(site_url)
    page.wait_for_load_state("networkidle")
    box = page.locator("input.md-search__input")
    wrong = {}
    for name, expected in SEARCHES.items():
        box.click()
        box.fill("")
        box.press_sequentially(name, delay=10)
        # result links carry the query (?h=...): wait for this name's results, not the last
        word = re.split(r"[\s-]+", name.lower())[0]
        last = re.split(r"[\s-]+", name.lower())[-1]
        # the results of the whole name, not of a prefix typed on the way: their highlight
        # terms (?h=) hold its first and last words
        page.wait_for_function(
            """([word, last]) => [...document.querySelectorAll('.md-search-result__item > a')]
            .some(a => { const h = (new URL(a.href).searchParams.get('h') || '').split(' ');
                         return h.includes(word) && h.includes(last); })""",
            arg=[word, last], timeout=15000)
        href = page.locator(".md-search-result__item > a").first.get_attribute("href")
        if not urlparse(href).path.endswith("/" + expected):
            wrong[name] = href
    assert wrong == {}
    assert page.offsite == []


def test_chips_filter_the_button_table(page, site_url):
    page.goto(site_url + "buttonmen/buttons/")
    rows = page.locator("tbody tr")
    total = rows.count()
    with_shadow = page.locator('tbody tr[data-skill~="shadow"]').count()
    chip = page.locator('.rp-chip[data-facet="skill"][data-value="shadow"]')
    chip.click()
    assert page.locator("tbody tr:not([hidden])").count() == with_shadow
    assert page.locator(".rp-filter-count output").inner_text() == str(with_shadow)
    chip.click()  # now excluded
    assert page.locator("tbody tr:not([hidden])").count() == total - with_shadow
    chip.click()  # ignored again
    assert page.locator("tbody tr:not([hidden])").count() == total


def test_sorting_by_number_of_dice(page, site_url):
    page.goto(site_url + "buttonmen/buttons/")
    page.locator("th", has_text="Dice").click()
    first = int(page.locator("tbody tr").first.get_attribute("data-dice"))
    page.locator("th", has_text="Dice").click()
    last_first = int(page.locator("tbody tr").first.get_attribute("data-dice"))
    assert first < last_first
