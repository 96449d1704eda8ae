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

from browser import ARMY_CHANGE_TIMING, design_gun_creation


DPI = 600
MM_PER_PX = 25.4 / DPI
A4 = (595.276, 841.89)
LETTER = (612.0, 792.0)
PNG = base64.b64decode(  # 1 x 1 px, one that decodes (the page and the CLI check it does)
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==")


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


EDGE = 5.0  # mm: no mark nearer the paper's edge (cards/sheets.py, as home printers need)


def render(pdf, page_number, tmp_path, dpi=DPI):
    stem = tmp_path / f"p{page_number}-{dpi}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", "-f", str(page_number), "-l",
                    str(page_number), "-singlefile", str(pdf), str(stem)], check=True)
    return Image.open(f"{stem}.png").convert("L")


def _runs(values, floor):
    """(first, last) index of each run of values >= floor."""
    runs, start = [], None
    for i, v in enumerate(list(values) + [0]):
        if v >= floor and start is None:
            start = i
        elif v < floor and start is not None:
            runs.append((start, i - 1))
            start = None
    return runs


def _band(mask, start, axis):
    """The rows (axis 'y') or columns ('x') from `start` on that hold dark pixels."""
    w, h = mask.size
    end = start
    while end + 1 < (h if axis == "y" else w) and mask.crop(
            (0, end + 1, w, end + 2) if axis == "y" else (end + 1, 0, end + 2, h)).getbbox():
        end += 1
    return start, end


def cut_marks(pdf, page_number, tmp_path):
    """The cut marks on one card page, measured at 600 dpi: the card widths between the
    middles of the top marks, the heights between the middles of the left marks (and
    whether each left mark is dashed, as a fold mark is), the box (mm) of everything
    printed, and where the lowest mark ends (mm from the top)."""
    mask = render(pdf, page_number, tmp_path).point(lambda v: 255 if v < 128 else 0)
    w, h = mask.size
    x0, y0, x1, y1 = mask.getbbox()
    top, bottom = _band(mask, y0, "y")  # the top marks: the first rows with ink
    across = mask.crop((0, top, w, bottom + 1)).resize((w, 1), Image.BOX).tobytes()
    xs = [(a + b + 1) / 2 for a, b in _runs(across, 128)]
    # the left marks: between the first inked column and the grid (the first top mark)
    left, right = x0, int(xs[0] - 0.5 / MM_PER_PX)
    down = mask.crop((left, 0, right + 1, h)).resize((1, h), Image.BOX).tobytes()
    ys = _runs(down, 40)
    # a cut mark is one solid line, a fold mark a dashed one: count its dashes
    dashed = [len(_runs(mask.crop((left, (a + b) // 2, right + 1, (a + b) // 2 + 1)).tobytes(),
                        128)) > 1 for a, b in ys]
    ys = [(a + b + 1) / 2 for a, b in ys]
    mm = lambda px: px * MM_PER_PX  # noqa: E731
    strip = mask.crop((int(xs[0]) - 3, 0, int(xs[0]) + 4, h)).getbbox()  # the first cut's
    return {"widths": [mm(b - a) for a, b in zip(xs, xs[1:])],
            "heights": [mm(b - a) for a, b in zip(ys, ys[1:])], "dashed": dashed,
            "ink": [mm(x0), mm(y0), mm(w - x1), mm(h - y1)],  # from left, top, right, bottom
            "marks_end": mm(strip[3])}


def note_top(pdf, page_number):
    """Where the sheet's margin note starts (mm from the top): its "print" word."""
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page_number), "-l", str(page_number),
                          str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    found = re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">print<', out)
    return max(float(y) for y in found) * 25.4 / 72


def check_card_sheet(pdf, page_number, tmp_path, cols, rows, fold=False):
    """A card sheet has the print-and-play PDFs' cut marks: in line with every card edge
    of the grid, the cards 63 x 88 mm between them (a fold-over strip 176 mm, its fold
    mark dashed in the middle), nothing within EDGE mm of the paper's edge, and the
    margin note below the lowest mark."""
    found = cut_marks(pdf, page_number, tmp_path)
    assert found["widths"] == pytest.approx([63.0] * cols, abs=0.2)
    assert found["heights"] == pytest.approx([88.0] * (2 * rows if fold else rows), abs=0.2)
    if fold:
        assert found["dashed"] == [i % 2 == 1 for i in range(2 * rows + 1)]
    else:
        assert not any(found["dashed"])
    # Chromium rounds the page to whole CSS pixels (A4 comes out ~0.1 mm narrower), which
    # the right margin absorbs
    assert min(found["ink"]) >= EDGE - 0.15, found["ink"]
    assert note_top(pdf, page_number) > found["marks_end"] + 0.3


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
        # the singles' sheet: a 3 x 3 grid on A4, 3 x 2 on Letter (cards/sheets.py), marked
        # whole; the fold-over strips 3 x 1 on both
        check_card_sheet(pdf, 2, tmp_path, 3, 3 if paper == "a4" else 2)
        check_card_sheet(pdf, 3, tmp_path, 3, 1, fold=True)
        page.evaluate("window.__printed = 0")
    assert page.offsite == []


def thirty_lines(tmp_path):
    """A 30-line roster file: a QuikWars Minifig (no stat card of its own: it is on the
    QuikWars reference card), a Hero, 14 Minifigs and a Squad of 14."""
    lines = [{"unit": "quikwars-minifig"}, {"unit": "hero"}] + [
        {"specialist": "minifig", "items": ["hand-weapon"]}] * 14 + [
        {"name": "Guard", "squad": [{"specialist": "minifig"}] * 14}]
    roster = tmp_path / "thirty.json"
    roster.write_text(json.dumps({"lines": lines}), encoding="utf-8")
    return roster


NO_CARD = "line 1 (QuikWars Minifig): no stat card: QuikWars units print on the QuikWars card"


def test_thirty_lines_and_a_line_without_a_card_print_in_full(page, site_url, tmp_path):
    """The roster sheet of 30 lines flows on as many pages as it needs, inside margins
    (never into the paper's edge, never cut off), on A4 and Letter; the QuikWars line is
    named, with why it has no card, on the sheet and by the page, not left off."""
    open_builder(page, site_url)
    page.locator("#rp-army-open").set_input_files(str(thirty_lines(tmp_path)))
    page.wait_for_function("document.querySelectorAll('#rp-army-rows tr').length === 30")
    engine_done(page)
    for paper, size in (("a4", A4), ("letter", LETTER)):
        page.select_option("#rp-army-paper", paper)
        page.locator("#rp-army-print").click()
        page.wait_for_function("window.__printed >= 1")
        assert f"1 line has no stat card: {NO_CARD}." in page.locator(
            "#rp-army-print-note").inner_text()
        pdf = tmp_path / f"thirty-{paper}.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
        sizes, texts = page_sizes(pdf), page_texts(pdf)
        assert all(s == pytest.approx(size, abs=0.6) for s in sizes)
        sheet = [i for i, t in enumerate(texts) if "do not fit to page" not in t]
        assert sheet == list(range(len(sheet))) and 1 <= len(sheet) <= 2
        roster = " ".join(texts[i] for i in sheet)
        for n in range(1, 18):  # every line, every Squad member
            assert f"line {n} " in roster
        assert "line 17.14 Minifig" in roster and NO_CARD in roster
        assert roster.count("Line Name Count") >= 1
        for i in sheet:  # inside the page's margins (12 mm, 14 mm at the foot)
            ink = render(pdf, i + 1, tmp_path, 100).point(lambda v: 255 if v < 200 else 0)
            x0, y0, x1, y1 = ink.getbbox()
            w, h = ink.size
            assert min(x0, y0, w - x1, h - y1) * 25.4 / 100 >= 11.5
        # one card for each other line: the Hero single, 28 Minifig fold-overs, 3 a sheet
        cards = texts[len(sheet):]
        assert len(cards) == 1 + 10 and "QuikWars" not in " ".join(cards)
        page.evaluate("window.__printed = 0")


def test_dark_mode_prints_black_on_white(page, site_url, tmp_path):
    page.emulate_media(color_scheme="dark")
    open_builder(page, site_url)
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    engine_done(page)
    page.locator("#rp-army-print").click()
    page.wait_for_function("window.__printed >= 1")
    page.emulate_media(media="print", color_scheme="dark")
    for selector in (".rp-print__roster h1", ".rp-print__roster td", ".rp-print .card .body td"):
        assert page.evaluate(f"getComputedStyle(document.querySelector('{selector}')).color"
                             ) == "rgb(17, 17, 17)", selector
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    pdf = tmp_path / "dark.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    for number in range(1, len(page_sizes(pdf)) + 1):
        gray = render(pdf, number, tmp_path, 50)
        counts = gray.histogram()
        white = sum(counts[240:]) / sum(counts)
        assert white > 0.8, (number, white)  # a white sheet...
        assert min(v for v, n in enumerate(counts) if n) < 60  # ...with black on it
        w, h = gray.size
        assert all(gray.getpixel(p) == 255 for p in ((0, 0), (w - 1, 0), (0, h - 1),
                                                     (w - 1, h - 1)))


def test_a_change_shows_its_cost_within_300_ms(page, site_url):
    open_builder(page, site_url)
    engine_done(page)
    timings = page.evaluate(ARMY_CHANGE_TIMING, 5)
    assert all(t["shown"] for t in timings)  # 7 CP a Minifig with Hand Weapon and Shield
    assert max(t["ms"] for t in timings) < 300, timings


def test_a_creation_with_several_weapons_a_turret_and_a_specialty(page, site_url, tmp_path):
    open_builder(page, site_url)
    design_gun_creation(page, "Gun truck")
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


@pytest.mark.without_engine  # looks at the page: the build's answer
def test_bad_input_never_loses_the_roster(page, site_url, tmp_path):
    open_builder(page, site_url, "#roster=not-a-roster")
    # the first rows may be the build's own first paint: the note comes with the script
    page.wait_for_function("document.getElementById('rp-army-problems').textContent"
                           ".includes('could not be read')", timeout=20000)
    assert page.locator("#rp-army-rows tr").count() == 2  # the default roster, still editable
    big = tmp_path / "big.png"
    big.write_bytes(PNG + b"\0" * 300_000)
    page.locator(".rp-army__custom summary").click()
    page.locator("#rp-cus-image").set_input_files(str(big))
    page.wait_for_function("document.getElementById('rp-cus-note').textContent"
                           ".includes('at most 256 KB')")
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
    """The page's cards (army-builder/stat-cards.js) and the CLI's (cards/decks/army.py) say the same words:
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


@pytest.mark.without_engine  # looks at the page: the build's answer
def test_a_full_storage_says_so_and_keeps_editing(page, site_url):
    open_builder(page, site_url)
    page.evaluate("() => { Storage.prototype.setItem = function () { throw new DOMException("
                  "'full', 'QuotaExceededError'); }; }")
    page.locator(".rp-army__custom summary").click()
    page.fill("#rp-cus-name", "Big picture")
    page.locator("#rp-cus-add").click()
    assert "would not keep the roster" in page.locator("#rp-army-store-note").inner_text()
    assert page.locator("#rp-cus-list li").count() == 1  # still in the page, editable
