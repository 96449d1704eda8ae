"""The built site in a real browser (Debian's Chromium): it loads, searches, stays offline."""

from __future__ import annotations


def test_home_page_loads_and_stays_on_this_machine(page, site_url):
    page.goto(site_url)
    assert "rulepress" in page.title()
    page.wait_for_load_state("networkidle")
    assert page.offsite == []


def test_search_finds_a_game_page(page, site_url):
    page.goto(site_url)
    page.wait_for_load_state("networkidle")  # the search worker has loaded its index
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("allegiance", delay=20)
    page.locator(".md-search-result__item").first.wait_for(timeout=15000)
    assert "Evil Robots" in page.locator(".md-search-result").inner_text()
    assert page.offsite == []
