"""Print-on-demand exports: one face a page, fronts and backs alternating, bleed and
boxes set; PNGs at The Game Crafter's poker card size (825 x 1125 px at 300 dpi)."""

from __future__ import annotations

import dataclasses
import re

import pytest
from PIL import Image

from pdftools import PT_PER_MM, page_texts, run
from rulepress.cards.make import product
from rulepress.cards.pod import TGC_POKER, pod_pdf, write_pngs
from rulepress.data.load import load_catalog


@pytest.fixture(scope="module")
def deck(root):
    robots = product(root, load_catalog(root), "evilrobots-cards")
    return dataclasses.replace(robots, cards=robots.cards[:2] + robots.cards[-1:])


def _boxes(path, kind):
    out = run("pdfinfo", "-box", "-f", "1", "-l", "1000", str(path))
    return [tuple(float(v) for v in box.split())
            for box in re.findall(rf"{kind}:\s+([\d.\s]+?)\n", out)]


def test_one_face_a_page_front_then_back_with_bleed_and_boxes(deck, tmp_path):
    made, faces = pod_pdf(deck, 3.0)
    path = tmp_path / "pod.pdf"
    path.write_bytes(made.pdf)
    printed = deck.printed()  # the power card has two copies
    assert made.pages == 2 * len(printed) == len(faces)
    assert [f.side for f in faces] == ["front", "back"] * len(printed)
    texts = page_texts(path)
    for number, card in enumerate(printed):
        assert card.name in texts[2 * number]  # the front names its card
    for media, trim, bleed in zip(_boxes(path, "MediaBox"), _boxes(path, "TrimBox"),
                                  _boxes(path, "BleedBox")):
        assert media[2] / PT_PER_MM == pytest.approx(69, abs=0.01)  # 63 x 88 + 3 mm a side
        assert media[3] / PT_PER_MM == pytest.approx(94, abs=0.01)
        assert bleed == media
        assert [v / PT_PER_MM for v in trim] == pytest.approx([3, 3, 66, 91], abs=0.01)
    info = run("pdfinfo", str(path))
    assert "print on demand" in info and "Author:          rulepress" in info


def test_pngs_are_the_game_crafters_poker_size_one_per_face(deck, tmp_path):
    made, faces = pod_pdf(deck, 3.0, template=TGC_POKER)
    path = tmp_path / "tgc.pdf"
    path.write_bytes(made.pdf)
    for media, trim in zip(_boxes(path, "MediaBox"), _boxes(path, "TrimBox")):
        width, height = media[2] - media[0], media[3] - media[1]
        assert (width / 72, height / 72) == pytest.approx((2.75, 3.75), abs=0.001)
        # the 63 x 88 mm card sits in the middle
        assert (trim[0] - media[0]) == pytest.approx(media[2] - trim[2], abs=0.01)
        assert (trim[2] - trim[0]) / PT_PER_MM == pytest.approx(63, abs=0.01)
    pngs = write_pngs(made.pdf, faces, tmp_path / "png")
    assert len(pngs) == len(faces)
    # the two copies of the power card show one face each side: drawn once, copied
    assert made.pages == len({f.face for f in faces}) < len(faces)
    assert pngs[-1].read_bytes() == pngs[-3].read_bytes()  # their shared back
    assert pngs[0].name.endswith("-front.png") and pngs[1].name.endswith("-back.png")
    for png in pngs:
        with Image.open(png) as image:
            assert image.size == (825, 1125)
            # the card's colour runs to the image's edges (bleed, no white frame)
            if png.name.endswith("-back.png"):
                assert image.convert("L").getpixel((1, 1)) < 200
