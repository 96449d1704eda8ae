"""The cards' font read with fontTools: the widths and heights recipe_art.py and
text_art.py need to place text themselves, and the subsets impose.py embeds for it.

The only module that imports fontTools. fontconfig picks the files, as it does for
WeasyPrint, so drawn text and HTML text use the same DejaVu Sans, regular and bold.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache

from ..problems import BuildError

FAMILY = "DejaVu Sans"  # cards.css sets the same family for every card
WEIGHTS = {"regular": "", "bold": ":bold"}  # -> the fontconfig pattern's suffix


class FontMissing(BuildError):
    """fontconfig has no DejaVu Sans (Debian package fonts-dejavu-core)."""


@dataclass(frozen=True)
class Metrics:
    """Vertical metrics are fractions of the font size; widths come from `width`."""

    path: str
    weight: str  # a key of WEIGHTS
    units: int  # font units per em
    advances: dict[str, int]  # character -> advance width in font units
    missing: int  # the advance of .notdef, drawn for a character the font lacks
    ascent: float
    descent: float  # positive: how far below the baseline
    x_height: float
    cap_height: float
    bbox: tuple[float, float, float, float]  # of all glyphs: left, bottom, right, top
    line: float  # thickness of an over- or strike-through line
    strike: float  # height of a strike-through line above the baseline

    def width(self, text: str, size: float) -> float:
        advances = self.advances
        return sum(advances.get(ch, self.missing) for ch in text) * size / self.units


def font_file(weight: str = "regular") -> str:
    """The file fontconfig uses for DejaVu Sans in that weight; FontMissing says how to
    install it."""
    if shutil.which("fc-match") is None:
        raise FontMissing("fc-match is missing: install the Debian package 'fontconfig'")
    found = subprocess.run(["fc-match", "-f", "%{family}\n%{style}\n%{file}",
                            FAMILY + WEIGHTS[weight]],
                           capture_output=True, text=True, check=False).stdout.split("\n")
    # fontconfig answers with its nearest font: it must be the family, in that weight
    if len(found) != 3 or FAMILY not in found[0].split(",") \
            or ("Bold" in found[1]) != (weight == "bold"):
        raise FontMissing(f"fontconfig has no '{FAMILY}' {weight}: install the Debian "
                          "package 'fonts-dejavu-core'")
    return found[2]


@cache
def metrics(weight: str = "regular") -> Metrics:
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    path = font_file(weight)
    font = TTFont(path, lazy=True)
    units = font["head"].unitsPerEm
    hmtx = font["hmtx"]
    advances = {chr(code): hmtx[name][0] for code, name in font.getBestCmap().items()}
    hhea, os2, post, head = font["hhea"], font["OS/2"], font["post"], font["head"]
    return Metrics(path=path, weight=weight, units=units, advances=advances,
                   missing=hmtx[".notdef"][0],
                   ascent=hhea.ascent / units, descent=-hhea.descent / units,
                   x_height=_height(font, "x") / units, cap_height=_height(font, "H") / units,
                   bbox=tuple(v / units for v in (head.xMin, head.yMin, head.xMax, head.yMax)),
                   line=post.underlineThickness / units,
                   strike=os2.yStrikeoutPosition / units)


def _height(font, char: str) -> int:
    """How far a letter reaches above the baseline (old OS/2 tables lack x- and cap height)."""
    glyph = font["glyf"][font.getBestCmap()[ord(char)]]
    glyph.recalcBounds(font["glyf"])
    return glyph.yMax


def subset(chars: str, weight: str = "regular") -> tuple[bytes, dict[str, int]]:
    """A TrueType file with only `chars` (and .notdef), and each character's glyph id in it."""
    from fontTools import subset as subsetting  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont

    font = TTFont(metrics(weight).path, lazy=True)
    options = subsetting.Options()
    options.layout_features = []  # drawn text places every glyph itself: no shaping
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = [1, 2]  # family and style: enough for a PDF font
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM"]
    subsetter = subsetting.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    order = {name: gid for gid, name in enumerate(font.getGlyphOrder())}
    cmap = font.getBestCmap()
    buffer = io.BytesIO()
    font.save(buffer)
    return buffer.getvalue(), {ch: order[cmap[ord(ch)]] for ch in chars if ord(ch) in cmap}
