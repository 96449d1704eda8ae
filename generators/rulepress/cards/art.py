"""What drawn card art is made of: the box it goes in, the result (PDF operators and
the characters they draw), and the operators themselves.

Some boxes on a card are left empty by WeasyPrint and drawn by rulepress where the
layout put them (recipe_art.py: Button Men recipes; text_art.py: labels and
paragraphs), because WeasyPrint spends milliseconds a card on them. impose.py lays
each drawing over its face, with the card font embedded once per PDF in each weight.

Lengths are PDF points (1/72 in) and y runs upwards, as in the PDF page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .font_metrics import Metrics
from .layout import OVERFLOW_SLACK_MM

MM = 72 / 25.4
FONTS = {"regular": "/RpSans", "bold": "/RpSansBold"}  # weight -> font resource name


@dataclass(frozen=True)
class Box:
    """Where the art goes on the page: left, top, width, height."""

    x: float
    top: float
    width: float
    height: float


@dataclass
class Art:
    ops: str  # PDF content-stream operators, using the FONTS resource names
    chars: dict[str, str] = field(default_factory=dict)  # weight -> every character drawn
    over: float = 0.0  # how far (mm) the art runs past its box; 0 when it fits


def strut_top(font: Metrics, size: float, leading: float) -> float:
    """How far a text line's baseline sits below the line's top (CSS half-leading)."""
    return (leading - (font.ascent + font.descent) * size) / 2 + font.ascent * size


def over(*excess: float) -> float:
    """The largest excess (pt) past the box, in mm, or 0 within OVERFLOW_SLACK_MM."""
    past = max(*excess, 0.0) / MM
    return round(past, 1) if past > OVERFLOW_SLACK_MM else 0.0


def chars_of(texts: dict[str, set[str]]) -> dict[str, str]:
    """Art.chars from sets of characters by weight (sorted, so equal art is equal)."""
    return {weight: "".join(sorted(found)) for weight, found in texts.items() if found}


def pdf_ops(ops: list, x0: float, y0: float) -> list[str]:
    """Operators for shapes given relative to (x0, y0):
    ("text", x, y, size, ink, text[, weight]), ("rect", x, y, width, height, ink),
    ("frame", x, y, width, height, radius, line, ink): a stroked rounded rectangle,
    ("shape", x, y, points, ink): a filled polygon, points relative to (x, y),
    ("stroke", x, y, paths, line, ink): open polylines of width `line`."""
    out = []
    for kind, x, y, *rest in ops:
        x, y = x0 + x, y0 + y
        if kind == "text":
            size, colour, text, *weight = rest
            glyphs = "".join(f"{ord(ch):04X}" for ch in text)  # CID = Unicode (pdf_font.py)
            out.append(f"{ink(colour)} rg BT {FONTS[weight[0] if weight else 'regular']} "
                       f"{size:.2f} Tf 1 0 0 1 {x:.2f} {y:.2f} Tm <{glyphs}> Tj ET")
        elif kind == "rect":
            width, height, colour = rest
            out.append(f"{ink(colour)} rg {x:.2f} {y:.2f} {width:.2f} {height:.2f} re f")
        elif kind == "frame":
            width, height, radius, line, colour = rest
            out.append(f"{ink(colour)} RG {line:.2f} w {rounded(x, y, width, height, radius)} S")
        elif kind == "shape":
            points, colour = rest
            path = " ".join(f"{x + px:.2f} {y + py:.2f} {'m' if i == 0 else 'l'}"
                            for i, (px, py) in enumerate(points))
            out.append(f"{ink(colour)} rg {path} h f")
        elif kind == "stroke":
            paths, line, colour = rest
            drawn = " ".join(" ".join(f"{x + px:.2f} {y + py:.2f} {'m' if i == 0 else 'l'}"
                                      for i, (px, py) in enumerate(points))
                             for points in paths)
            out.append(f"q {ink(colour)} RG {line:.2f} w 1 j 1 J {drawn} S Q")
    return out


def ink(rgb: tuple) -> str:
    return " ".join(f"{c:.3f}" for c in rgb)


def rounded(x: float, y: float, w: float, h: float, r: float) -> str:
    """A rectangle with round corners, as a closed path of lines and Bézier curves."""
    r = min(r, w / 2, h / 2)
    k = r * 0.4477  # 1 - 0.5523: how far a corner's control points sit from its ends
    right, top = x + w, y + h
    return " ".join([
        f"{x + r:.2f} {y:.2f} m {right - r:.2f} {y:.2f} l",
        f"{right - k:.2f} {y:.2f} {right:.2f} {y + k:.2f} {right:.2f} {y + r:.2f} c",
        f"{right:.2f} {top - r:.2f} l",
        f"{right:.2f} {top - k:.2f} {right - k:.2f} {top:.2f} {right - r:.2f} {top:.2f} c",
        f"{x + r:.2f} {top:.2f} l",
        f"{x + k:.2f} {top:.2f} {x:.2f} {top - k:.2f} {x:.2f} {top - r:.2f} c",
        f"{x:.2f} {y + r:.2f} l",
        f"{x:.2f} {y + k:.2f} {x + k:.2f} {y:.2f} {x + r:.2f} {y:.2f} c h"])
