"""The army builder page in Chromium: instant total, engine answer, squads, file, link."""

from __future__ import annotations

import json

from browser import design_gun_creation, hold_engine


def open_builder(page, site_url):
    page.goto(site_url + "calculators/army/")
    page.locator("#rp-army-rows tr").first.wait_for(timeout=10000)


def test_first_total_is_instant_then_the_engine_checks(page, site_url, tmp_path):
    # The engine's file listing is held back until the total is read: the first total
    # needs no Pyodide (the page's own sum of the roster's costs).
    release = hold_engine(page)
    open_builder(page, site_url)
    total = page.locator("#rp-army-total")
    assert "Total: 29 CP" in total.inner_text()  # Hero 11 + 4, two Minifigs 4 + 2 + 1 each
    assert page.evaluate("rulepressEngine.state.status") != "ready"
    release()
    # Add a Great Leader twice by searching: the engine finds the second one (L3024).
    for _ in range(2):
        search = page.locator("#rp-army-search")
        search.fill("great lea")
        page.locator("#rp-army-found button").first.click()
    page.locator(".rp-army__bad li").first.wait_for(timeout=120000)
    text = page.locator("#rp-army-problems").inner_text()
    assert "only one Great Leader" in text and "L3024" in text
    assert "Total: 41 CP" in total.inner_text()  # 29 + 6 + 6
    # Save to a file, start a new roster, open the file again.
    with page.expect_download() as download:
        page.locator("#rp-army-save").click()
    saved = tmp_path / "army.json"
    download.value.save_as(saved)
    roster = json.loads(saved.read_text(encoding="utf-8"))
    assert roster["budget"] == {"cp": 30} and roster["lines"][1]["squad"][0]["count"] == 2
    page.locator("#rp-army-clear").click()
    assert page.locator("#rp-army-rows tr").count() == 0
    page.locator("#rp-army-open").set_input_files(str(saved))
    page.wait_for_function("document.querySelectorAll('#rp-army-rows tr').length === 4")
    # Share as a link: a fresh page opens the same roster.
    page.locator("#rp-army-share").click()
    link = page.url
    assert "#roster=" in link
    other = page.context.new_page()
    other.goto(link)
    other.locator("#rp-army-rows tr").nth(3).wait_for(timeout=10000)
    assert "Total: 41 CP" in other.locator("#rp-army-total").inner_text()
    assert page.offsite == []


def test_a_bad_file_keeps_the_roster(page, site_url, tmp_path):
    open_builder(page, site_url)
    bad = tmp_path / "bad.json"
    bad.write_text('{"lines": [{"unit": "minifg"}]}', encoding="utf-8")
    page.locator("#rp-army-open").set_input_files(str(bad))
    page.wait_for_function("document.getElementById('rp-army-problems').textContent.includes('not opened')")
    assert "minifg" in page.locator("#rp-army-problems").inner_text()
    assert page.locator("#rp-army-rows tr").count() == 2


def test_a_designed_creation_is_priced_by_the_engine(page, site_url):
    open_builder(page, site_url)
    design_gun_creation(page)
    page.locator("#rp-des-add").click()
    page.wait_for_function("!document.getElementById('rp-army-total').textContent"
                           ".includes('checking')", timeout=120000)
    # Size 4 x SL 1 = 4 CP (L1382), 6" of Move 3 CP (L2002), a Size 2 Gun 6 CP (L1623): 13 CP.
    row = page.locator("#rp-army-rows tr").nth(2)
    assert row.locator('[data-cell="cp"]').inner_text() == "13"
    assert "Total: 42 CP, 8 Ű" in page.locator("#rp-army-total").inner_text()
