"""Print-on-demand exports: one card face per page, the front then its back, each page
with its bleed, TrimBox and BleedBox (what DriveThruCards-style services take), and
one PNG per face at 300 dpi at a service's template size (The Game Crafter).

The faces are the same renders as the sheets' (pdf.py, the cache shared); only the
pages they are put on differ (impose.impose_pod).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from .compose import FaceIndex, label_of
from .docinfo import About
from .impose import impose_pod
from .layout import Deck, Overflow
from .make import FACES_PER_CHUNK, Made, about_deck, face_overflows
from .pdf import cores, faces_html, render_htmls
from .sheets import CARD_SIZES, POKER, SheetError

DPI = 300
MM_PER_IN = 25.4


@dataclass(frozen=True)
class Template:
    """A service's card file: its size in pixels at DPI, bleed included."""

    service: str
    width_px: int
    height_px: int

    @property
    def mm(self) -> tuple[float, float]:
        return (self.width_px / DPI * MM_PER_IN, self.height_px / DPI * MM_PER_IN)


# The Game Crafter's poker card: 2.5 x 3.5 in trimmed, 1/8 in of bleed on every side
TGC_POKER = Template("The Game Crafter, poker card", 825, 1125)


@dataclass
class PodFace:
    serial: int  # the card's place in the printed deck
    key: str
    side: str  # "front" or "back"
    face: int = 0  # index of its distinct page (cards that share a back share it)


def pod_pdf(deck: Deck, bleed: float, cache_dir: Path | None = None,
            template: Template | None = None, workers: int | None = None,
            card: tuple[float, float] = POKER) -> tuple[Made, list[PodFace]]:
    """The deck, one face a page, fronts and backs alternating. With `template`, every
    page is that template's size, the card centred (bleed grown to cover it)."""
    if not 0 <= bleed <= 10:
        raise SheetError(f"a bleed of {bleed} mm is outside 0-10 mm")
    started = time.perf_counter()
    card = deck.card_size or card
    deck = deck.for_size(card)
    page = None
    if template is not None:
        if card not in (POKER, CARD_SIZES["us-poker"]):
            raise SheetError(f"{template.service} images are for poker cards, not "
                             f"{card[0]:g} x {card[1]:g} mm")
        page = template.mm
        need = max((page[0] - card[0]) / 2, (page[1] - card[1]) / 2)
        bleed = max(bleed, need + 0.001)  # the rendered face covers the whole template
    index = FaceIndex(bleed)
    order: list[tuple[int, str]] = []  # (face, label): a page each
    named: list[PodFace] = []
    pages: dict[tuple[int, str], int] = {}  # each distinct page once, for the images
    printed = deck.printed()
    for serial, card_ in enumerate(printed, start=1):
        sides = [("front", card_.front)] + ([("back", card_.back)] if card_.back else [])
        for side, face in sides:
            order.append((index.add(face, card_, serial, card), label_of(face, card_)))
            named.append(PodFace(serial, card_.key, side,
                                 pages.setdefault(order[-1], len(pages))))
    composition = index.composition
    numbered = list(enumerate(composition.faces))
    htmls = [faces_html(numbered[i:i + FACES_PER_CHUNK], deck.title)
             for i in range(0, len(numbered), FACES_PER_CHUNK)]
    rendered = render_htmls(htmls, cache_dir, workers)
    about = about_deck(deck)
    about = About(about.title + " (print on demand)", about.subject, about.game,
                  about.icons, duplex="")  # one face a page: never printed duplex
    if template is not None:  # images: each page once, copied for the cards that share it
        order = list(pages)
    labels: list[Overflow] = []
    pdf = impose_pod(composition, rendered, order, about, page, labels)
    overflows: list[Overflow] = sorted(set(face_overflows(composition, rendered) + labels))
    made = Made(deck.name, deck.title, deck.game, deck.description, pdf, overflows,
                cards=len(printed), pages=len(order), chunks=len(htmls),
                cached_chunks=sum(r.cached for r in rendered))
    made.seconds = time.perf_counter() - started
    return made, named


def write_pngs(pdf: bytes, faces: list[PodFace], folder: Path,
               template: Template = TGC_POKER) -> list[Path]:
    """One PNG per face of a template-sized POD PDF (its pages: each face once, in order
    of first use), named by card and side; a face shared by several cards is copied."""
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise SheetError("--png needs pdftoppm (poppler-utils) on the PATH")
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        source = Path(temp) / "pod.pdf"
        source.write_bytes(pdf)
        # the pages split between the cores: pdftoppm uses one each
        unique = list(dict.fromkeys(face.face for face in faces))
        parts = max(1, min(cores(), len(unique)))
        step = -(-len(unique) // parts)
        ranges = [(first, min(first + step - 1, len(unique)))
                  for first in range(1, len(unique) + 1, step)]

        # pdftoppm's own PNG writer spends four times the CPU Pillow's does at level 3
        def run(span: tuple[int, int]) -> None:
            subprocess.run([pdftoppm, "-r", str(DPI), "-f", str(span[0]),
                            "-l", str(span[1]), str(source), str(Path(temp) / "p")],
                           check=True, capture_output=True)
        with ThreadPoolExecutor(len(ranges)) as pool:
            list(pool.map(run, ranges))
        pixmaps = sorted(Path(temp).glob("p-*.ppm"), key=lambda p: int(p.stem.split("-")[1]))

        def encode(pixmap: Path) -> Path:
            png = pixmap.with_suffix(".png")
            with Image.open(pixmap) as image:
                image.save(png, compress_level=3, dpi=(DPI, DPI))
            pixmap.unlink()
            return png
        with ThreadPoolExecutor(cores()) as pool:
            made = list(pool.map(encode, pixmaps))
        if len(made) != len(unique):
            raise SheetError(f"pdftoppm made {len(made)} images for {len(unique)} faces")
        image = dict(zip(unique, made))
        out = []
        for face in faces:
            target = folder / f"{face.serial:03d}-{_slug(face.key)}-{face.side}.png"
            shutil.copyfile(image[face.face], target)
            out.append(target)
    return out


def _slug(key: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")
