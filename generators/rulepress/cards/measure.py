"""What the rendered layout of a card document says: text boxes whose text runs past
their bottom (Overflow), and the drawings for boxes marked data-art.

A data-art box is left empty by WeasyPrint; its attribute holds what to draw as
JSON, and this module hands it, with the box's place, font size, line height and
colour, to recipe_art.py (a recipe) or text_art.py (a label, paragraphs). The layout
tree is WeasyPrint's private API, read here only: this module does not import it.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

from ..problems import BuildError
from . import recipe_art, text_art
from .art import MM, Art, Box
from .font_metrics import metrics
from .layout import FLOOR_PT, OVERFLOW_SLACK_MM, Overflow

MM_PER_PX = 25.4 / 96  # WeasyPrint lays out in CSS pixels
PT_PER_PX = 72 / 96

# page, PDF operators to lay over it, the characters they draw by weight (Art.chars)
Drawing = tuple[int, str, dict[str, str]]


class UndrawableText(BuildError):
    """Drawn text has a character the card font cannot draw."""


def measure(document) -> tuple[list[Overflow], list[Drawing]]:
    """Boxes marked data-box whose content ends below the box's own bottom, and the
    drawings for boxes marked data-art."""
    overflows, drawings = [], []
    for number, page in enumerate(document.pages):
        small: dict[tuple[str, str], float] = {}  # (face, box) -> smallest text (pt)
        for box, face, name in _walk_named(page._page_box):  # WeasyPrint's private API
            if hasattr(box, "text"):  # a run of text WeasyPrint sets
                size = box.style["font_size"] * PT_PER_PX
                if size < FLOOR_PT - 0.01 and box.text.strip():
                    key = (face, name)
                    small[key] = min(small.get(key, size), size)
                continue
            element = getattr(box, "element", None)
            if element is None or getattr(box, "element_tag", "") == "" \
                    or not hasattr(box, "content_box_y"):
                continue
            if element.get("data-art"):
                art = draw(box, element, page.height)
                _check_glyphs(art, page)
                drawings.append((number, art.ops, art.chars))
                if art.over:
                    overflows.append(Overflow(element.get("data-face", "?"),
                                              element.get("data-box", "art"), art.over))
                drawn = [float(v) for v in SIZES.findall(art.ops)]
                if drawn and min(drawn) < FLOOR_PT - 0.01:
                    key = (element.get("data-face", face), element.get("data-box", name))
                    small[key] = min(small.get(key, min(drawn)), min(drawn))
            elif element.get("data-box") and box.children:
                bottom = box.content_box_y() + box.height
                inner = max(child.position_y + child.margin_height() for child in box.children)
                over = (inner - bottom) * MM_PER_PX
                if over > OVERFLOW_SLACK_MM:
                    overflows.append(Overflow(element.get("data-face", "?"),
                                              element.get("data-box"), round(over, 1)))
        overflows += [Overflow(face, name, 0.0, round(size, 2))
                      for (face, name), size in small.items() if face != "?"]
    return overflows, drawings


SIZES = re.compile(r" ([\d.]+) Tf ")  # the font size of every drawn text run


def _walk_named(root) -> Iterator[tuple[Any, str, str]]:
    """Every box with the face (data-face) and text box (data-box) it lies in."""
    stack: list[tuple[Any, str, str]] = [(root, "?", "text")]
    while stack:
        current, face, name = stack.pop()
        element = getattr(current, "element", None)
        tag: str = getattr(current, "element_tag", "")
        if element is not None and tag:
            face = element.get("data-face", face)
            name = element.get("data-box", name)
        yield current, face, name
        stack.extend((child, face, name) for child in getattr(current, "children", ()))


def draw(box, element, page_height: float) -> Art:
    """The drawing for a data-art box, in the page's PDF points (y up): a recipe (a list
    of dice), {"line": text}, {"label": {"after": text}} (a place for the card's name,
    drawn card by card on a face many cards share: text_art.label_slot), or {"paragraphs": [[[text, bold], ...], ...], "strong":
    "#rrggbb" for bold runs (default: the box's colour), "gap_mm": between paragraphs,
    "fit": {} to set them as large as fits the box, from its font size down to FLOOR_PT,
    with optional "names" and "closing" (text_art.Fit)}."""
    pt = PT_PER_PX  # WeasyPrint's CSS pixels -> PDF points
    size = box.style["font_size"]
    leading = box.style["line_height"]
    leading = (size * 1.2 if leading == "normal" else
               size * leading if isinstance(leading, (int, float)) else leading.value)
    where = Box(box.content_box_x() * pt, (page_height - box.content_box_y()) * pt,
                box.width * pt, box.height * pt)
    art = json.loads(element.get("data-art"))
    if isinstance(art, list):
        return recipe_art.draw_recipe(art, where, size * pt, leading * pt)
    ink = tuple(box.style["color"][:3])  # drawn text takes the box's own colour
    if "label" in art:  # filled in for each card that shows the face (impose.py)
        return Art(text_art.label_slot(where, size * pt, leading * pt, ink, art["label"]))
    if "line" in art:
        return text_art.draw_line(art["line"], where, size * pt, leading * pt, ink)
    strong = _rgb(art["strong"]) if "strong" in art else ink
    paragraphs = [[(text, bool(bold)) for text, bold in runs] for runs in art["paragraphs"]]
    fit = None
    if "fit" in art:
        wanted = art["fit"]
        fit = text_art.Fit(FLOOR_PT, tuple(wanted.get("names", ())),
                           tuple(wanted.get("closing", ("", ""))))
    return text_art.draw_paragraphs(paragraphs, where, size * pt, leading * pt, ink, strong,
                                    art.get("gap_mm", 0) * MM, fit)


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    value = hex_colour.lstrip("#")
    red, green, blue = (int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (red, green, blue)


def _check_glyphs(art: Art, page) -> None:
    """Drawn text uses DejaVu Sans alone (no fallback font, unlike WeasyPrint's text), with
    two-byte character codes (pdf_font.py): a character it lacks, or one beyond U+FFFF,
    would print wrong, so the build stops and says which."""
    for weight, chars in art.chars.items():
        known = metrics(weight).advances
        lacking = [ch for ch in chars if ord(ch) > 0xFFFF or ch not in known]
        if lacking:
            shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in lacking)
            cards = (box.element.get("data-card") for box in _walk(page._page_box)
                     if getattr(box, "element", None) is not None)
            card = next((key for key in cards if key), "?")  # the face's <section> names it
            raise UndrawableText(f"card {card}: the card font DejaVu Sans {weight} cannot "
                                 f"draw {shown}; write the text without it")


def _walk(box) -> Iterator:
    stack = [box]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(getattr(current, "children", ()))
