"""The army builder as a club uses it (issue 27): a roster built, named, given notes,
reordered and copied, saved, reopened and printed; the cost columns each in their own cell;
Horses named by their varieties and the Gun Horse's gun on its card; a Hero's Cliché picked
and printed with the Feats it allows; a custom Creation priced by the engine.

Costs are the book's: Hero 11 CP (L929), Two-Handed Weapon 4 (L445), Horse 7 (L1097),
Steel Horse +0 (L1093), Gun Horse +3 (L1095); the designed Creation 4 + 3 + 6 = 13 CP
(L1382, L2002, L1623).
"""

from __future__ import annotations

import json

from browser import design_gun_creation
from test_army_print import add, engine_done, open_builder, page_texts, pick_gear

ROWS = "#rp-army-rows tr"


def names(page) -> list[str]:
    return [page.locator(ROWS).nth(i).locator("td a").first.inner_text()
            for i in range(page.locator(ROWS).count())]


def test_the_cost_columns_stay_under_their_headings(page, site_url):
    """The defect: the cost cells were flex boxes and fell out of the table's columns."""
    open_builder(page, site_url)
    engine_done(page)
    heads = page.locator(".rp-army__lines thead th")
    row = page.locator(ROWS).first
    cells = row.locator("td")
    assert cells.count() == heads.count() == 8
    for column, cell in ((4, "each"), (5, "cp"), (6, "ui")):
        head, box = heads.nth(column).bounding_box(), row.locator(
            f'[data-cell="{cell}"]').bounding_box()
        assert abs(head["x"] - box["x"]) < 1 and abs(head["width"] - box["width"]) < 1, cell
        assert page.evaluate(f"""getComputedStyle(document.querySelector(
            '#rp-army-rows tr [data-cell="{cell}"]')).display""") == "table-cell"
    assert row.locator('[data-cell="each"]').inner_text() == "15"  # Hero 11 + Two-Handed 4


def test_a_roster_built_named_reordered_saved_reopened_and_printed(page, site_url, tmp_path):
    open_builder(page, site_url)
    page.locator("#rp-army-clear").click()
    page.fill("#rp-army-name", "Red Barons")
    page.fill("#rp-army-notes", "Cavalry first.\nHold the bridge.")
    add(page, "hero", "unit:hero")
    pick_gear(page, 0, "two-handed-weapon")
    page.locator(ROWS).nth(0).locator('select[data-act="cliche"]').select_option("barbarian")
    add(page, "horse", "unit:horse")
    pick_gear(page, 1, "steel-horse")
    assert names(page) == ["Hero", "Steel Horse"]  # named by its variety at once
    # copy the Steel Horse, make the copy a Gun Horse too, then move it to the top
    page.locator(ROWS).nth(1).get_by_role("button", name="copy line 2").click()
    assert names(page) == ["Hero", "Steel Horse", "Steel Horse"]
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == \
        "copy line 3"  # the focus follows the copy
    pick_gear(page, 2, "gun-horse")
    for _ in range(2):
        page.locator(ROWS).nth(2 if _ == 0 else 1).locator('button[data-act="up"]').click()
    assert names(page) == ["Steel Gun Horse", "Hero", "Steel Horse"]
    assert page.locator(ROWS).nth(0).locator('button[data-act="up"]').is_disabled()
    engine_done(page)
    assert "Total: 32 CP" in page.locator("#rp-army-total").inner_text()  # 10 + 15 + 7

    # Save: the file keeps the name, the notes, the order and the Cliché
    with page.expect_download() as download:
        page.locator("#rp-army-save").click()
    assert download.value.suggested_filename == "red-barons.json"
    saved = tmp_path / "red-barons.json"
    download.value.save_as(saved)
    kept = json.loads(saved.read_text(encoding="utf-8"))
    assert kept["name"] == "Red Barons" and kept["notes"] == "Cavalry first.\nHold the bridge."
    assert [line.get("unit") for line in kept["lines"]] == ["horse", "hero", "horse"]
    assert kept["lines"][0]["items"] == ["steel-horse", "gun-horse"]
    assert kept["lines"][1]["cliches"] == ["barbarian"]

    # A new roster, then the file opened again: all of it comes back
    page.locator("#rp-army-clear").click()
    assert page.locator(ROWS).count() == 0 and page.input_value("#rp-army-name") == ""
    page.locator("#rp-army-open").set_input_files(str(saved))
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 3")
    assert names(page) == ["Steel Gun Horse", "Hero", "Steel Horse"]
    assert page.input_value("#rp-army-name") == "Red Barons"
    assert page.input_value("#rp-army-notes") == "Cavalry first.\nHold the bridge."
    assert page.locator(ROWS).nth(1).locator('select[data-act="cliche"]').input_value() == \
        "barbarian"
    engine_done(page)

    # Print: the sheet has the name, the notes, the varieties and the weapons; the cards the
    # Gun Horse's gun and the Hero's Cliché with its Feats
    page.locator("#rp-army-print").click()
    page.wait_for_function("window.__printed >= 1")
    pdf = tmp_path / "barons.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    texts = page_texts(pdf)
    sheet, cards = texts[0], " ".join(texts[1:])
    assert sheet.startswith("BrikWars army: Red Barons")
    assert "Cavalry first. Hold the bridge." in sheet
    assert "line 1 Steel Gun Horse 1 10 10 2" in sheet and "line 3 Steel Horse 1 7 7 2" in sheet
    assert "Weapons" in sheet and 'Gun Horse 3 6" 1d6* A Horse with a built-in gun.' in sheet
    assert "Two-Handed Weapon 4 CC 2S" in sheet and "* inferred" in sheet
    assert "Steel Gun Horse" in cards
    # each card's own text, read from the print view (side by side, the PDF's text interleaves)
    faces = page.evaluate("""() => [...document.querySelectorAll('.rp-print .card')].map(c =>
        [...c.querySelectorAll('.name, .sub, tr, p')].map(e => e.tagName === 'TR'
            ? [...e.cells].map(td => td.textContent).join(' ') : e.textContent).join(' '))""")
    horse = next(f for f in faces if f.startswith("Steel Gun Horse"))
    assert 'Weapon Use Range Damage Gun Horse 3 6" 1d6*' in horse and "* inferred" in horse
    hero = next(f for f in faces if f.startswith("Hero"))
    assert "Cliché: Barbarian (Feats that fit it, such as swinging a heavy axe in each hand" \
        in hero and "Two-Handed Weapon 4 CC 2S" in hero
    assert page.offsite == []


def test_a_custom_creation_is_priced_by_the_engine(page, site_url, tmp_path):
    open_builder(page, site_url)
    design_gun_creation(page)
    page.locator(".rp-army__custom summary").click()
    page.fill("#rp-cus-name", "Big Tank")
    page.select_option("#rp-cus-kind", "creation")
    page.check("#rp-cus-priced")
    page.locator("#rp-cus-add").click()
    page.wait_for_function("document.getElementById('rp-cus-list').textContent"
                           ".includes('priced by the rules engine')", timeout=120000)
    assert "13 CP, priced by the rules engine; not in the total" in page.locator(
        "#rp-cus-list li").inner_text()
    engine_done(page)
    assert "Total: 29 CP" in page.locator("#rp-army-total").inner_text()  # not counted
    with page.expect_download() as download:
        page.locator("#rp-army-save").click()
    saved = tmp_path / "army.json"
    download.value.save_as(saved)
    card = json.loads(saved.read_text(encoding="utf-8"))["custom_cards"][0]
    assert card["kind"] == "creation" and card["creation"]["size"] == 4
    page.locator("#rp-army-print").click()
    page.wait_for_function("window.__printed >= 1")
    pdf = tmp_path / "tank.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    text = " ".join(page_texts(pdf))
    assert "Big Tank (13 CP, priced by the rules engine; not in the total)" in text
    assert "13 CP, priced by the rules engine" in text and "1d10" in text  # Armor: SL 1
