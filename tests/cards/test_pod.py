"""Print-on-demand exports, checked against each service's numbers (cards/services.py):
page size, trim and bleed, page order, colour space, total ink, the PDF/X keys (read with
pikepdf), the credits card last, and a Subject that says what the file holds."""

from __future__ import annotations

import dataclasses
import io
import re
import subprocess

import pikepdf
import pytest
from PIL import Image, ImageMath

from pdftools import PT_PER_MM, page_texts, run
from rulepress.cards.make import product
from rulepress.cards.pod import pod_pdf, write_pngs
from rulepress.cards.press import INK_LIMIT
from rulepress.cards.services import IN, SAFE_MM, SERVICES
from rulepress.data.load import load_catalog

PT_PER_IN = 72


@pytest.fixture(scope="module")
def deck(root):
    robots = product(root, load_catalog(root), "evilrobots-cards")
    return dataclasses.replace(robots, cards=robots.cards[:2] + robots.cards[-1:])


def _boxes(path, kind):
    out = run("pdfinfo", "-box", "-f", "1", "-l", "1000", str(path))
    return [tuple(float(v) for v in box.split())
            for box in re.findall(rf"{kind}:\s+([\d.\s]+?)\n", out)]


def test_generic_one_face_a_page_front_then_back_with_bleed_and_boxes(deck, tmp_path):
    made, faces = pod_pdf(deck, SERVICES["generic"], "poker", 3.0)
    path = tmp_path / "pod.pdf"
    path.write_bytes(made.pdf)
    printed = deck.printed()  # the power card has two copies; the credits card comes last
    assert made.cards == len(printed) + 1
    assert made.pages == 2 * made.cards == len(faces)
    assert [f.side for f in faces] == ["front", "back"] * made.cards
    texts = page_texts(path)
    for number, card in enumerate(printed):
        assert card.name in texts[2 * number]  # the front names its card
    assert "Credits" in texts[-2] and "CC BY 3.0" in texts[-2] and "Lorc" in texts[-2]
    for media, trim, bleed in zip(_boxes(path, "MediaBox"), _boxes(path, "TrimBox"),
                                  _boxes(path, "BleedBox")):
        assert media[2] / PT_PER_MM == pytest.approx(69, abs=0.01)  # 63 x 88 + 3 mm a side
        assert media[3] / PT_PER_MM == pytest.approx(94, abs=0.01)
        assert bleed == media
        assert [v / PT_PER_MM for v in trim] == pytest.approx([3, 3, 66, 91], abs=0.01)
    info = run("pdfinfo", str(path))
    assert re.search(r"Subject:\s+5 cards \(4 and a credits card\), one face a page, "
                     r"each front followed by its back", info)
    assert "credits sheet" not in info


@pytest.fixture(scope="module")
def drivethrucards(deck, tmp_path_factory):
    made, faces = pod_pdf(deck, SERVICES["drivethrucards"], "poker")
    path = tmp_path_factory.mktemp("dtc") / "dtc.pdf"
    path.write_bytes(made.pdf)
    return made, faces, path


def test_drivethrucards_pages_back_first_at_its_poker_size(deck, drivethrucards):
    made, faces, path = drivethrucards
    assert [f.side for f in faces] == ["back", "front"] * made.cards  # back of card 1 first
    texts = page_texts(path)
    assert deck.printed()[0].name in texts[1] and "ROBOT" in texts[0]
    for media, trim, bleed in zip(_boxes(path, "MediaBox"), _boxes(path, "TrimBox"),
                                  _boxes(path, "BleedBox")):
        # 2.75 x 3.75 in a page: 2.5 x 3.5 in trimmed, 1/8 in bleed each side
        assert (media[2] / PT_PER_IN, media[3] / PT_PER_IN) == pytest.approx((2.75, 3.75))
        assert bleed == media
        assert [v / PT_PER_IN for v in trim] == pytest.approx([0.125, 0.125, 2.625, 3.625])


def test_drivethrucards_text_keeps_inside_its_safe_area(drivethrucards, tmp_path):
    """Measured on the text's ink (Ghostscript wrote the fonts again, with other metrics)."""
    from test_safe_area import text_ink_too_near

    _, _, path = drivethrucards
    assert text_ink_too_near(path, SERVICES["drivethrucards"].bleed, tmp_path) == []


def test_drivethrucards_is_pdf_x1a_in_cmyk_with_an_output_intent(drivethrucards):
    made, _, path = drivethrucards
    with pikepdf.open(io.BytesIO(made.pdf)) as pdf:
        assert pdf.pdf_version <= "1.4"  # PDF/X-1a:2003 is PDF 1.4
        info = pdf.trailer.Info
        assert str(info.GTS_PDFXVersion) == "PDF/X-1:2003"
        assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2003"
        assert info.Trapped == pikepdf.Name("/False")
        assert "/CreationDate" in info and "/ModDate" in info and str(info.Title)
        [intent] = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX and str(intent.OutputConditionIdentifier)
        profile = intent.DestOutputProfile
        assert profile.N == 4 and profile.read_bytes()[16:20] == b"CMYK"
        spaces = set()
        for obj in pdf.objects:  # no colour space but CMYK and grey, anywhere
            if isinstance(obj, pikepdf.Name):
                continue
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                spaces.add(str(obj.get("/ColorSpace")))
        assert not [s for s in spaces if "RGB" in s]
        for page in pdf.pages:
            for operands, operator in pikepdf.parse_content_stream(page):
                assert str(operator) not in ("rg", "RG"), "an RGB colour on a page"
    assert b"/DeviceRGB" not in made.pdf and b"/CalRGB" not in made.pdf
    assert "yes" in {row.split()[-5] for row in run("pdffonts", str(path)).splitlines()[2:]}


def test_drivethrucards_total_ink_stays_within_its_limit(drivethrucards, tmp_path):
    """Ghostscript's tiffsep splits each page into its four inks: no pixel of any page
    carries more than 240 % in all (the back sheets of the RGB file carried 255 %)."""
    _, _, path = drivethrucards
    assert INK_LIMIT == SERVICES["drivethrucards"].ink_limit == 240
    subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=tiffsep",
                    "-r72", f"-sOutputFile={tmp_path}/p%03d.tif", str(path)], check=True)
    pages = sorted(tmp_path.glob("p[0-9][0-9][0-9].tif"))
    assert len(pages) == len(_boxes(path, "MediaBox"))
    worst = 0.0
    for page in pages:
        inks = [Image.open(page.with_name(f"{page.stem}({ink}).tif"))
                for ink in ("Cyan", "Magenta", "Yellow", "Black")]
        # tiffsep writes each ink as grey, 255 for none: ink = 255 - value
        total = ImageMath.lambda_eval(lambda a: 1020 - a["c"] - a["m"] - a["y"] - a["k"],
                                      c=inks[0], m=inks[1], y=inks[2], k=inks[3])
        worst = max(worst, total.getextrema()[1] / 255 * 100)
    assert 100 < worst <= INK_LIMIT  # the dark backs are there, within the limit


def test_the_game_crafters_pngs_one_per_face_at_its_size(deck, tmp_path):
    chosen = SERVICES["thegamecrafter"]
    made, faces = pod_pdf(deck, chosen, "poker", pages_once=True)
    path = tmp_path / "tgc.pdf"
    path.write_bytes(made.pdf)
    for media, trim in zip(_boxes(path, "MediaBox"), _boxes(path, "TrimBox")):
        assert ((media[2] - media[0]) / 72, (media[3] - media[1]) / 72) == \
            pytest.approx((2.75, 3.75), abs=0.001)
        # its own trim, 2.5 x 3.5 in, whole: no sliver of a smaller card at the cut
        assert (trim[2] - trim[0], trim[3] - trim[1]) == pytest.approx((180, 252), abs=0.01)
    from test_safe_area import too_near

    # the images are these pages: no text in the 75 px (1/4 in) round each image's edge
    assert too_near(path, bleed_mm=chosen.bleed) == []
    pngs = write_pngs(made.pdf, faces, tmp_path / "png")
    assert len(pngs) == len(faces) == 2 * made.cards
    # the two copies of the power card show one face each side: drawn once, copied
    assert made.pages == len({f.face for f in faces}) < len(faces)
    assert pngs[-3].read_bytes() == pngs[-5].read_bytes()  # their shared back
    assert pngs[0].name.endswith("-front.png") and pngs[1].name.endswith("-back.png")
    assert pngs[-2].name.endswith("-credits-front.png")
    assert chosen.pixels(chosen.trims["poker"]) == (825, 1125)
    safe = [round((IN * 2.5 - 2 * SAFE_MM) / IN * 300), round((IN * 3.5 - 2 * SAFE_MM) / IN * 300)]
    assert safe == [675, 975]  # the service's safe area
    for png in pngs:
        with Image.open(png) as image:
            assert image.size == (825, 1125)
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)  # stored per metre
            # the card's colour runs to the image's edges (bleed, no white frame)
            if png.name.endswith("robot-badbot-back.png"):
                assert image.convert("L").getpixel((1, 1)) < 200


def test_the_print_page_states_each_presets_requirements_as_services_py_does(root):
    """The print page quotes every requirement and every unconfirmed number of each
    preset word for word, so the page and the presets cannot drift apart."""
    from rulepress.website.print_page import INTRO

    page = " ".join(INTRO.read_text(encoding="utf-8").split())
    for chosen in SERVICES.values():
        assert f"--pod {chosen.name}" in page or chosen.own_size
        for line in chosen.requirement + chosen.unconfirmed:
            assert " ".join(line.split()) in page, line
