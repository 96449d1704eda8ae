"""Printing at home: ink-light backs, no backs, one sheet of a shared back, offsets that
would push backs off the paper refused, cut marks only where cards are."""

from __future__ import annotations

import subprocess

import pytest
from PIL import Image, ImageStat

from pdftools import page_texts
from rulepress.cards.compose import PrintSettings, compose
from rulepress.cards.decks.calibration import deck as calibration
from rulepress.cards.make import make_item, product
from rulepress.cards.sheets import SheetError, sheet_layout
from rulepress.cli import main


@pytest.fixture(scope="module")
def robots(root, catalog):
    return product(root, catalog, "evilrobots-cards")


def ink_means(pdf_path, page: int, folder) -> list[float]:
    """Each ink's average cover of one page (per cent), as Ghostscript separates an RGB
    page into C, M, Y and K (tiffsep: each ink a grey image, 255 for none)."""
    subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=tiffsep",
                    "-r36", f"-dFirstPage={page}", f"-dLastPage={page}",
                    f"-sOutputFile={folder}/s%d.tif", str(pdf_path)], check=True)
    return [100 - ImageStat.Stat(Image.open(folder / f"s1({ink}).tif")).mean[0] / 2.55
            for ink in ("Cyan", "Magenta", "Yellow", "Black")]


def test_light_backs_use_a_fraction_of_the_ink(robots, tmp_path):
    full = make_item(robots, PrintSettings("a4"))
    light = make_item(robots, PrintSettings("a4", backs="light"))
    assert light.pages == full.pages
    (tmp_path / "full.pdf").write_bytes(full.pdf)
    (tmp_path / "light.pdf").write_bytes(light.pdf)
    heavy = ink_means(tmp_path / "full.pdf", 2, tmp_path)  # page 2: the robots' backs
    thin = ink_means(tmp_path / "light.pdf", 2, tmp_path)
    assert min(heavy) > 30  # the dark backs: every ink well over a quarter of the sheet
    assert max(thin) < 5
    assert "EVIL ROBOTS" in page_texts(tmp_path / "light.pdf")[1]  # still a back


def test_no_backs_prints_the_fronts_only(robots, tmp_path):
    made = make_item(robots, PrintSettings("a4", backs="none"))
    path = tmp_path / "fronts.pdf"
    path.write_bytes(made.pdf)
    texts = page_texts(path)
    assert made.pages == 4 + 1  # four front sheets and the credits sheet
    assert not any("backs" in text for text in texts)


def test_one_sheet_of_each_shared_back_says_where_it_goes(robots, tmp_path):
    made = make_item(robots, PrintSettings("a4", one_back_sheet=True))
    path = tmp_path / "once.pdf"
    path.write_bytes(made.pdf)
    texts = page_texts(path)
    # 18 robots on sheets 1-2, 18 power cards on sheets 3-4; one back sheet each
    assert made.pages == 4 + 2 + 1
    assert "print this sheet on the back of front sheets 1-2" in texts[4]
    assert "print this sheet on the back of front sheets 3-4" in texts[5]


def test_one_back_sheet_is_refused_where_every_back_differs(root, capsys):
    code = main(["--project", str(root), "cards", "buttonmen-cards", "--only", "avis",
                 "--one-back-sheet"])
    assert code == 3
    assert "no sheet whose cards all share one back" in capsys.readouterr().err


@pytest.mark.parametrize("offset", [(30.0, 0.0), (0.0, -40.0), (-12.0, 0.0)])
def test_an_offset_that_pushes_backs_off_the_paper_is_refused(root, capsys, offset):
    code = main(["--project", str(root), "cards", "calibration",
                 f"--back-offset-x={offset[0]}", f"--back-offset-y={offset[1]}"])
    assert code == 3
    assert "past the edge of the a4 paper" in capsys.readouterr().err


def test_a_printers_real_shift_is_still_taken():
    layout = sheet_layout("letter")
    layout.check_on_paper((2.5, -1.5))  # a few mm: no error
    top_mark = min(min(m.y1, m.y2) for m in layout.marks())
    layout.check_on_paper((0.0, -top_mark))  # the top marks just reach the paper's edge
    with pytest.raises(SheetError, match="0.5 mm past the edge"):
        layout.check_on_paper((0.0, -top_mark - 0.5))


def test_empty_places_get_no_cut_marks():
    layout = sheet_layout("letter")  # six to a sheet: the ninth card is alone on row 1
    sheets = compose(calibration(count=9), layout, PrintSettings("letter")).sheets
    full, partial = sheets[0], sheets[2]
    assert len(full.placements) == 6 and len(partial.placements) == 3
    xs = {m.x1 for m in full.marks if m.x1 == m.x2}
    ys = {m.y1 for m in full.marks if m.y1 == m.y2}
    assert (len(xs), len(ys)) == (4, 3)  # cards touch: one cut between neighbours
    ys_partial = {m.y1 for m in partial.marks if m.y1 == m.y2}
    assert len(ys_partial) == 2  # the top and bottom of the one row of cards
    assert len(partial.marks) < len(full.marks)


def test_a_one_sheet_deck_says_one_sheet(root, tmp_path, capsys):
    out = tmp_path / "q.pdf"
    assert main(["--project", str(root), "cards", "brikwars-quikwars", "-o", str(out)]) == 0
    assert "1 card, 1 page in" in capsys.readouterr().out
    assert "· 1 sheet ·" in page_texts(out)[0]
