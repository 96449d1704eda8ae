"""The army builder in Chromium, end to end: a roster built by clicks (with a custom card and
its picture), saved to a file, reopened, shared by link, and printed to PDF; the printed
cards measured on the PDF page (63 x 88 mm, as the print-and-play cards). Also how fast a
change shows its cost, and a Creation with several weapons, a turret and a Specialty.

Costs are the book's: Hero 11 CP (L929), Two-Handed Weapon 4, Minifig 4 (L2608), Hand
Weapon 2, Shield 1; a Gun 3 CP per Size (L1623), Size x Structure Level (L1382), 6" of
Standard Propulsion 3 CP (L2002), Gunnery 1 CP.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess

import pytest
from PIL import Image

from browser import ARMY_CHANGE_TIMING


DPI = 600
MM_PER_PX = 25.4 / DPI
A4 = (595.276, 841.89)
LETTER = (612.0, 792.0)
PNG = base64.b64decode(  # 1 x 1 px
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+M8AAAMBAQAY3Y2wAAAAAElFTkSuQmCC")


def page_sizes(pdf):
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "1000", str(pdf)], check=True,
                         capture_output=True, text=True).stdout
    return [(float(w), float(h)) for w, h in
            re.findall(r"^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", out, re.M)]


def page_texts(pdf):
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True,
                         capture_output=True, text=True).stdout
    return [" ".join(p.split()) for p in out.split("\f")[:-1]]


NO_PRINT_DIALOG = "window.print = () => { window.__printed = (window.__printed || 0) + 1; };"


def open_builder(page, site_url, suffix=""):
    page.add_init_script(NO_PRINT_DIALOG)
    page.goto(site_url + "calculators/army/" + suffix)
    page.locator("#rp-army-rows tr").first.wait_for(timeout=10000)


def engine_done(page):
    page.wait_for_function("!document.getElementById('rp-army-total').textContent"
                           ".includes('checking')", timeout=120000)


def add(page, query, key):
    page.fill("#rp-army-search", query)
    page.locator(f'#rp-army-found button[data-key="{key}"]').click()


def pick_gear(page, row, item):
    gear = page.locator("#rp-army-rows tr").nth(row).locator('select[data-act="item"]')
    gear.focus()  # the list is filled when first used
    gear.select_option(item)


def cut_lines(png, axis):
    """Runs of pixel columns (axis 'x') or rows ('y') where the cards' grey cut line
    (#999) runs: (first, last) pixel of each, in page order."""
    gray = Image.open(png).convert("L")
    mask = gray.point(lambda v: 255 if 146 <= v <= 160 else 0)
    w, h = mask.size
    line = mask.resize((w, 1) if axis == "x" else (1, h), Image.BOX)
    values = list(line.tobytes())
    runs, start = [], None
    for i, v in enumerate(values + [0]):
        if v >= 40 and start is None:  # a line runs a card's whole side: >= 15 % of the page
            start = i
        elif v < 40 and start is not None:
            if i - start >= 2:  # a cut line is 0.15 mm (3-4 px); a 1 px run is an edge's blur
                runs.append((start, i - 1))
            start = None
    return runs


def card_sizes(pdf, page_number, tmp_path):
    """Width and height (mm) of the cut-line boxes on one PDF page, measured at 600 dpi."""
    stem = tmp_path / f"p{page_number}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", "-f", str(page_number), "-l",
                    str(page_number), "-singlefile", str(pdf), str(stem)], check=True)
    png = f"{stem}.png"
    xs, ys = cut_lines(png, "x"), cut_lines(png, "y")
    # neighbours share a cut: the box between two lines spans from one line's outer edge
    # to the next's, so a card is (next line's middle - this line's middle) wide, with the
    # outer lines counted from their outer edge
    def spans(runs):
        edges = [runs[0][0]] + [(a + b + 1) / 2 for a, b in runs[1:-1]] + [runs[-1][1] + 1]
        return [(b - a) * MM_PER_PX for a, b in zip(edges, edges[1:])]
    return spans(xs), spans(ys)


def test_a_roster_built_by_clicks_is_saved_reopened_shared_and_printed(page, site_url,
                                                                       tmp_path):
    open_builder(page, site_url)
    page.locator("#rp-army-clear").click()
    add(page, "hero", "unit:hero")
    pick_gear(page, 0, "two-handed-weapon")
    add(page, "minifig", "specialist:minifig")
    row = page.locator("#rp-army-rows tr").nth(1)
    row.locator('input[data-act="count"]').fill("2")
    row.locator('input[data-act="count"]').dispatch_event("change")
    row = page.locator("#rp-army-rows tr").nth(1)
    row.locator('input[data-act="squad"]').fill("Guard")
    row.locator('input[data-act="squad"]').dispatch_event("change")
    for item in ("hand-weapon", "shield"):
        pick_gear(page, 1, item)
    page.fill("#rp-army-cp", "30")
    # a custom card with a picture from disk (FileReader: never sent anywhere)
    page.locator(".rp-army__custom summary").click()
    page.fill("#rp-cus-name", "Sir <b>Brick</b>")
    page.fill("#rp-cus-skill", "d8")
    page.fill("#rp-cus-weapons", "Lance; 3; CC; d6+2")
    picture = tmp_path / "knight.png"
    picture.write_bytes(PNG)
    page.locator("#rp-cus-image").set_input_files(str(picture))
    page.wait_for_function("document.getElementById('rp-cus-note').textContent.includes('will go')")
    page.locator("#rp-cus-add").click()
    assert page.locator("#rp-cus-list li").inner_text().startswith("Sir <b>Brick</b>")
    engine_done(page)
    total = page.locator("#rp-army-total")
    assert "Total: 29 CP, 4 Ű (1 CP left)" in total.inner_text()  # 11 + 4, 2 x (4 + 2 + 1)
    # links: the rules page and the attack calculator with this unit and weapon
    odds = page.locator("#rp-army-rows tr").nth(0).locator("a.rp-army__odds")
    assert odds.get_attribute("href").endswith(
        "brikwars-attack/?attacker=hero&weapon=two-handed-weapon")
    rules = page.locator("#rp-army-rows tr").nth(1).locator("a").first
    assert rules.get_attribute("href").endswith("brikwars/specialists/minifig/")

    # Save, start a new roster, open the file again: the custom card and picture too.
    with page.expect_download() as download:
        page.locator("#rp-army-save").click()
    saved = tmp_path / "army.json"
    download.value.save_as(saved)
    kept = json.loads(saved.read_text(encoding="utf-8"))
    assert kept["custom_cards"][0]["image"].startswith("data:image/png;base64,")
    page.locator("#rp-army-clear").click()
    assert page.locator("#rp-army-rows tr").count() == 0
    page.locator("#rp-army-open").set_input_files(str(saved))
    page.wait_for_function("document.querySelectorAll('#rp-army-rows tr').length === 2")
    assert page.locator("#rp-cus-list li").count() == 1
    engine_done(page)

    # Share as a link: a fresh page opens the same roster.
    page.locator("#rp-army-share").click()
    other = page.context.new_page()
    other.goto(page.url)
    other.locator("#rp-army-rows tr").nth(1).wait_for(timeout=10000)
    assert "Total: 29 CP" in other.locator("#rp-army-total").inner_text()
    other.close()

    # Print on A4, then on Letter.
    for paper, size in (("a4", A4), ("letter", LETTER)):
        page.select_option("#rp-army-paper", paper)
        page.locator("#rp-army-print").click()
        page.wait_for_function("window.__printed >= 1")
        pdf = tmp_path / f"army-{paper}.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
        sizes = page_sizes(pdf)
        assert len(sizes) == 3 and all(s == pytest.approx(size, abs=0.6) for s in sizes)
        texts = page_texts(pdf)
        assert "Total: 29 CP, 4 Ű (30 CP budget, 1 left)" in texts[0]
        assert "line 2.1" in texts[0] and "Sir <b>Brick</b>" in texts[0]
        # page 2: the Hero's card and the custom card, single; page 3: the Minifigs' fold-over
        assert "Hero" in texts[1] and "15 CP" in texts[1] and "Sir <b>Brick</b>" in texts[1]
        assert "BrikWars specialist · ×2 · Guard" in texts[2] and "7 CP" in texts[2]
        assert "Minifig: specialties" in texts[2]
        widths, heights = card_sizes(pdf, 2, tmp_path)
        assert widths == pytest.approx([63.0, 63.0], abs=0.2)
        assert heights == pytest.approx([88.0], abs=0.2)
        # the fold-over strip: 63 x 176 mm, its dashed fold line (0.2 mm) in the middle
        widths, heights = card_sizes(pdf, 3, tmp_path)
        assert widths == pytest.approx([63.0], abs=0.2)
        assert sum(heights) == pytest.approx(176.0, abs=0.2)
        assert heights == pytest.approx([88.1, 87.9], abs=0.2)
        page.evaluate("window.__printed = 0")
    assert page.offsite == []


def test_a_change_shows_its_cost_within_300_ms(page, site_url):
    open_builder(page, site_url)
    engine_done(page)
    timings = page.evaluate(ARMY_CHANGE_TIMING, 5)
    assert all(t["shown"] for t in timings)  # 7 CP a Minifig with Hand Weapon and Shield
    assert max(t["ms"] for t in timings) < 300, timings


def test_a_creation_with_several_weapons_a_turret_and_a_specialty(page, site_url, tmp_path):
    open_builder(page, site_url)
    page.locator(".rp-army__design summary").click()
    page.fill("#rp-des-name", "Gun truck")
    page.fill("#rp-des-size", "4")
    page.select_option("#rp-des-sl", "1")
    page.select_option("#rp-des-prop", "standard-propulsion")
    page.fill("#rp-des-move", "6")
    page.select_option("#rp-des-weapon", "gun")
    page.fill("#rp-des-wsize", "2")
    page.locator("#rp-des-add-weapon").click()
    page.select_option("#rp-des-turret", "small-turret")
    page.locator("#rp-des-add-turret").click()
    page.fill("#rp-des-wsize", "1")
    page.locator("#rp-des-add-weapon").click()  # onto the empty turret
    page.select_option("#rp-des-specialty", "gunnery")
    page.locator("#rp-des-add-specialty").click()
    assert "Small Turret: Gun 1" in page.locator("#rp-des-parts").inner_text()
    # 4 x 1 = 4, 6" 3, Gun 2 6, Gun 1 on a Small Turret 3 (the turret 0, L1592), Gunnery 1
    page.wait_for_function("document.getElementById('rp-des-result').textContent.includes('17 CP')",
                           timeout=120000)
    # Heavy against Slow (L2494): one Structure Level more, half the Move, as the docs' tank
    for mod in ("heavy", "slow"):
        page.select_option("#rp-des-mod", mod)
        page.locator("#rp-des-add-mod").click()
    page.wait_for_function("document.getElementById('rp-des-result').textContent.includes('21 CP')",
                           timeout=120000)  # 4 x 2 = 8 for the body, the rest as before
    assert "Structure Level 2" in page.locator("#rp-des-result").inner_text()
    page.locator("#rp-des-add").click()
    engine_done(page)
    assert page.locator("#rp-army-rows tr").nth(2).locator('[data-cell="cp"]').inner_text() == "21"
    page.locator("#rp-army-print").click()
    page.wait_for_function("window.__printed >= 1")
    pdf = tmp_path / "creation.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    text = " ".join(page_texts(pdf))
    assert "Gun truck: damage track" in text and "Gun 1, Small Turret" in text


def test_bad_input_never_loses_the_roster(page, site_url, tmp_path):
    open_builder(page, site_url, "#roster=not-a-roster")
    assert "could not be read" in page.locator("#rp-army-problems").inner_text()
    assert page.locator("#rp-army-rows tr").count() == 2  # the default roster, still editable
    big = tmp_path / "big.png"
    big.write_bytes(PNG + b"\0" * 300_000)
    page.locator(".rp-army__custom summary").click()
    page.locator("#rp-cus-image").set_input_files(str(big))
    assert "at most 256 KB" in page.locator("#rp-cus-note").inner_text()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"lines": [{"unit": "hero"}], "custom_cards": [
        {"name": "X", "image": "javascript:alert(1)"}]}), encoding="utf-8")
    page.locator("#rp-army-open").set_input_files(str(bad))
    page.wait_for_function("document.getElementById('rp-army-problems').textContent.includes('not opened')")
    assert "PNG, JPEG or GIF" in page.locator("#rp-army-problems").inner_text()
    assert page.locator("#rp-army-rows tr").count() == 2


def card_words(pdf, first_page):
    """Every word on the card pages (from `first_page` on) that lies on a card, counted;
    margin notes and cut marks left out. A4 grids (sheets.py): singles 3 x 3 from 16.5 mm
    down, fold-over strips one row from 60.5 mm."""
    from collections import Counter

    out = subprocess.run(["pdftotext", "-bbox", "-f", str(first_page), str(pdf), "-"],
                         check=True, capture_output=True, text=True).stdout
    words = Counter()
    for page in out.split("<page ")[1:]:
        bottom = 236.5 if "folds:" in page else 280.5  # the note under a fold-over sheet
        for y0, text in re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">(.*?)<',
                                   page):
            if 16 <= float(y0) * 25.4 / 72 <= bottom:
                words[text] += 1
    return words


def test_the_page_prints_the_cards_the_cli_prints(page, site_url, root, tmp_path):
    """The page's cards (army.js) and the CLI's (cards/decks/army.py) say the same words:
    one set of rules for a line's card, a Creation's and a custom card."""
    from rulepress.cli import main

    roster = root / "content/brikwars/rosters/army-100cp.json"
    cli_pdf = tmp_path / "cli.pdf"
    assert main(["--project", str(root), "cards", "army", "--roster", str(roster),
                 "-o", str(cli_pdf)]) == 0
    open_builder(page, site_url)
    page.locator("#rp-army-open").set_input_files(str(roster))
    page.wait_for_function("document.querySelectorAll('#rp-army-rows tr').length === 7")
    engine_done(page)
    page.locator("#rp-army-print").click()
    page.wait_for_function("window.__printed >= 1")
    web_pdf = tmp_path / "web.pdf"
    page.pdf(path=str(web_pdf), prefer_css_page_size=True, print_background=True)
    assert len(page_sizes(web_pdf)) == len(page_sizes(cli_pdf)) == 4
    web, cli = card_words(web_pdf, 2), card_words(cli_pdf, 2)
    differ = {w: (web[w], cli[w]) for w in set(web) | set(cli) if web[w] != cli[w]}
    assert sum(cli.values()) > 300 and cli["Tank:"] == 1 and cli["Stud"] == 1
    assert not differ, differ


def test_a_full_storage_says_so_and_keeps_editing(page, site_url):
    open_builder(page, site_url)
    page.evaluate("() => { Storage.prototype.setItem = function () { throw new DOMException("
                  "'full', 'QuotaExceededError'); }; }")
    page.locator(".rp-army__custom summary").click()
    page.fill("#rp-cus-name", "Big picture")
    page.locator("#rp-cus-add").click()
    assert "would not keep the roster" in page.locator("#rp-army-store-note").inner_text()
    assert page.locator("#rp-cus-list li").count() == 1  # still in the page, editable
