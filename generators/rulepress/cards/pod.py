"""Print-on-demand exports, one per service (services.py): one card face a page, each page
with its bleed, TrimBox and BleedBox, in the service's page order (DriveThruCards: each
back before its front, in CMYK PDF/X-1a through press.py), or one PNG per face at 300 dpi
(The Game Crafter); every file ends with a credits card.

The faces are the same renders as the sheets' (pdf.py, the cache shared); only the
pages they are put on differ (impose.impose_pod).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from PIL import Image

from .compose import FaceIndex, label_of
from ..icons import LICENCE as ICON_LICENCE, author
from .docinfo import GAMES, About
from .impose import impose_pod
from .layout import Card, Deck, Face, Overflow
from .make import FACES_PER_CHUNK, Made, face_overflows
from .pdf import cores, faces_html, render_htmls
from .press import to_pdfx1a
from .services import Service
from .sheets import CARD_SIZES, SheetError

DPI = 300
MM_PER_IN = 25.4


@dataclass
class PodFace:
    serial: int  # the card's place in the printed deck
    key: str
    side: str  # "front" or "back"
    face: int = 0  # index of its distinct page (cards that share a back share it)


def pod_pdf(deck: Deck, chosen: Service, card_size: str = "poker", bleed: float | None = None,
            cache_dir: Path | None = None, workers: int | None = None,
            pages_once: bool = False) -> tuple[Made, list[PodFace]]:
    """The deck, one face a page, for `chosen` (services.py): each card's back before or
    after its front, at the service's trim and bleed, with a credits card last. With
    `pages_once` each distinct face is one page (for images: write_pngs copies it)."""
    if chosen.own_size:
        bleed = 3.0 if bleed is None else bleed
    elif deck.card_size is not None:
        raise SheetError(f"{deck.name} is a home-printer sheet, not cards for "
                         f"{chosen.title}")
    else:
        bleed = chosen.bleed
    if not 0 <= bleed <= 10:
        raise SheetError(f"a bleed of {bleed} mm is outside 0-10 mm")
    started = time.perf_counter()
    card = chosen.trim(card_size, deck.card_size or CARD_SIZES[card_size])
    deck = with_credits(deck.for_size(card), chosen)
    index = FaceIndex(bleed)
    order: list[tuple[int, str]] = []  # (face, label): a page each
    named: list[PodFace] = []
    pages: dict[tuple[int, str], int] = {}  # each distinct page once, for the images
    printed = deck.printed()
    for serial, card_ in enumerate(printed, start=1):
        sides = [("front", card_.front)] + ([("back", card_.back)] if card_.back else [])
        if chosen.back_first:
            sides.reverse()
        for side, face in sides:
            order.append((index.add(face, card_, serial, card), label_of(face, card_)))
            named.append(PodFace(serial, card_.key, side,
                                 pages.setdefault(order[-1], len(pages))))
    composition = index.composition
    numbered = list(enumerate(composition.faces))
    htmls = [faces_html(numbered[i:i + FACES_PER_CHUNK], deck.title, deck.css)
             for i in range(0, len(numbered), FACES_PER_CHUNK)]
    rendered = render_htmls(htmls, cache_dir, workers)
    about = About(f"{deck.title} for {chosen.title}" if not chosen.own_size
                  else f"{deck.title} (print on demand)",
                  pod_subject(deck, chosen, card, bleed, len(printed)), deck.game, deck.icons)
    if pages_once:
        order = list(pages)
    labels: list[Overflow] = []
    pdf = impose_pod(composition, rendered, order, about, labels)
    if chosen.output == "pdf/x-1a":
        bleed_pt = bleed * 72 / MM_PER_IN
        pdf = to_pdfx1a(pdf, about, [(bleed_pt, bleed_pt)] * len(order))
    overflows: list[Overflow] = sorted(set(face_overflows(composition, rendered) + labels))
    made = Made(deck.name, about.title, deck.game, about.subject, pdf, overflows,
                cards=len(printed), pages=len(order), chunks=len(htmls),
                cached_chunks=sum(r.cached for r in rendered))
    made.seconds = time.perf_counter() - started
    return made, named


def pod_subject(deck: Deck, chosen: Service, card: tuple[float, float], bleed: float,
                cards: int) -> str:
    """What the file holds, for its Subject."""
    order = "each card's back before its front" if chosen.back_first else \
        "each front followed by its back"
    colour = (f"CMYK, PDF/X-1a:2003, total ink at most {chosen.ink_limit} %"
              if chosen.output == "pdf/x-1a" else "RGB")
    what = "one PNG a face" if chosen.output == "png" else "one face a page"
    return (f"{cards} cards ({cards - 1} and a credits card), {what}, {order}; "
            f"{card[0]:g} x {card[1]:g} mm trimmed, {bleed:g} mm bleed; {colour}")


CREDITS_KEY = "credits"


def card_credits(about: About) -> list[str]:
    """The credits as a card holds them: the PDF info's (docinfo.About.credits), each icon
    author named once (the info names every icon too)."""
    lines = [line for line in about.credits if not line.startswith("Icons from")]
    if about.icons:
        names = sorted({author(icon) or "game-icons.net contributors" for icon in about.icons},
                       key=str.lower)
        lines.insert(-1, f"Icons from game-icons.net by {', '.join(names)}; licensed under "
                         f"{ICON_LICENCE}.")
    return lines


def with_credits(deck: Deck, chosen: Service) -> Deck:
    """The deck with a credits card last (the same credits as the PDF's info: the rules'
    sources, the icons' authors and licence, ours), and, for a service that needs a back
    on every card, a plain back on the cards that have none."""
    about = About(deck.title, "", deck.game, deck.icons)
    backs = {id(c.back): c.back for c in deck.cards if c.back is not None}
    plain = Face("plain-back", {"game": GAMES.get(deck.game, "rulepress"), "shared": True})
    common = next(iter(backs.values())) if len(backs) == 1 else plain
    if common.fields.get("labelled"):
        common = plain  # a back that names its card would name the wrong one
    cards = [replace(c, back=plain) if c.back is None and chosen.every_back else c
             for c in deck.cards]
    paragraphs = [[[deck.title + ".", True]]] + [[[line, False]] for line in card_credits(about)]
    art = json.dumps({"paragraphs": paragraphs, "gap_mm": 1.0, "fit": {}},
                     separators=(",", ":"), ensure_ascii=False)
    credits = Card(CREDITS_KEY, "Credits",
                   Face("credits-card", {"heading": "Credits", "art": art,
                                    "size": 8.0}),
                   common if (chosen.every_back or deck.duplex) else None)
    return replace(deck, cards=[*cards, credits])


def write_pngs(pdf: bytes, faces: list[PodFace], folder: Path) -> list[Path]:
    """One PNG per face of a POD PDF made with pages_once (its pages: each face once, in
    order of first use), named by card and side; a face shared by several cards is
    copied."""
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
