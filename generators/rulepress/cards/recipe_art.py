"""Draw a Button Men recipe (notation/buttonmen.py's drawings, carried by cards/notation.py)
as PDF operators: letters, numbers, frames, bars, fractions, the Speed bolt and the Stinger
cube, set in lines that break between dice.

Why not HTML: WeasyPrint spent about half of a Button Men front's time laying out the
notation's many small inline boxes. Here a recipe costs microseconds. The card's
HTML keeps an empty box for it (data-art); pdf.py reports where the box landed and
this module sets the recipe inside it, centred line by line from the top, at the
box's font size and line height (art.py has the shared parts). Text is real PDF text,
so it can be searched and copied.

Lengths are PDF points (1/72 in) and y runs upwards, as in the PDF page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .art import MM, Art, Box, chars_of, over, pdf_ops, strut_top
from .font_metrics import Metrics, metrics
from .layout import FLOOR_PT

# The look, in the printed buttons' spirit. Sizes in em are fractions of the box's font size.
INK, LETTER_INK, FRACTION_INK = (0.067, 0.067, 0.067), (0.267, 0.267, 0.267), (0.333,) * 3
FRAME_INK = {"speed": (0.867, 0.133, 0.133), "null": (0, 0, 0),
             "stinger": (0.106, 0.373, 0.820)}
LETTER_EM, LETTER_GAP = 0.7, 0.2 * MM  # skill letters: smaller, a little apart from the die
CAPITAL_EM = 0.9  # a capital skill letter (Select S, Berserk B): bold and taller
DIE_GAP_EM = 1.0  # between dice
FRAME_LINE, FRAME_PAD, FRAME_PAD_Y, FRAME_RADIUS = 0.5 * MM, 0.6 * MM, 0.25 * MM, 0.8 * MM
BOLT_W, BOLT_H, BOLT_GAP = 1.8 * MM, 2.9 * MM, 0.3 * MM
BOLT = ((6, 0), (0, 9), (4, 9), (3, 16), (10, 6), (6, 6))  # in a 10 x 16 box, y down
BOLT_SHAPE = tuple((x * BOLT_W / 10, BOLT_H - y * BOLT_H / 16) for x, y in BOLT)  # pt, y up
FRACTION_EM, FRACTION_LEADING = 0.62, 1.05  # an option die: two small numbers, stacked
FRACTION_LINE, FRACTION_PAD, FRACTION_PAD_Y = 0.3 * MM, 0.8 * MM, 0.3 * MM
FRACTION_RADIUS = 2.2 * MM
FRACTION_BAR = (0.49, 0.53)  # the bar's top and bottom, as fractions of the inside height
SLASH_EM, SLASH_OVER, SLASH_RISE = 0.085, 0.1, 0.06  # Trip's slash: width; overhang x, y
CUBE_INK, CUBE_LINE_EM, CUBE_MARGIN_EM = (0.62, 0.74, 0.94), 0.05, 0.14  # Stinger's cube


@dataclass
class Piece:
    """One die, drawn relative to its own left end and baseline."""

    width: float
    top: float  # highest point above the baseline
    bottom: float  # lowest point (negative below the baseline)
    ops: list = field(default_factory=list)  # (kind, x, y, ...) in piece coordinates
    chars: set = field(default_factory=set)  # drawn in the regular weight
    bold: set = field(default_factory=set)  # drawn in bold


def draw_recipe(dice: list[dict], box: Box, size: float, leading: float) -> Art:
    """The dice set in `box` at font size `size` (pt); `leading` is the line height (pt)."""
    font = metrics()
    pieces = [_die(marks, size, font) for marks in dice]
    gap = DIE_GAP_EM * size
    lines: list[list[Piece]] = [[]]
    used = 0.0
    for piece in pieces:  # greedy: a die goes on the next line when it does not fit
        if lines[-1] and used + gap + piece.width > box.width:
            lines.append([])
            used = 0.0
        used += (gap if lines[-1] else 0) + piece.width
        lines[-1].append(piece)
    strut = strut_top(font, size, leading)
    ops: list[str] = []
    chars: set[str] = set()
    bold: set[str] = set()
    top = box.top
    over_x = 0.0
    for line in lines:
        width = sum(p.width for p in line) + gap * (len(line) - 1)
        over_x = max(over_x, width - box.width)
        baseline = top - max([strut] + [p.top for p in line])
        x = box.x + (box.width - width) / 2
        for piece in line:
            ops.extend(pdf_ops(piece.ops, x, baseline))
            chars |= piece.chars
            bold |= piece.bold
            x += piece.width + gap
        top = baseline + min([-(leading - strut)] + [p.bottom for p in line])
    return Art("\n".join(ops), chars_of({"regular": chars, "bold": bold}),
               over(box.top - box.height - top, over_x))


def _die(marks: dict, size: float, font: Metrics) -> Piece:
    """One die from its Drawn (notation/buttonmen.py), outside in: marks before, frames
    (outermost first) round the pictures and the size, marks after."""
    piece = _fraction(marks["fraction"], size, font) if marks.get("fraction") else \
        _number(marks["size"], marks["lines"], size, font)
    if "cube" in marks["pictures"]:  # Stinger: a cube outline behind the size
        piece = _behind(_cube(piece, size, font), piece)
    if "bolt" in marks["pictures"]:  # Speed: the bolt goes inside the frame, before the size
        bolt = Piece(BOLT_W + BOLT_GAP, BOLT_H, 0,
                     [("shape", 0, 0, BOLT_SHAPE, FRAME_INK["speed"])])
        piece = _beside(bolt, piece)
    for kind in reversed(marks["frames"]):  # innermost first
        piece = _framed(piece, kind, tall=bool(marks.get("fraction")))
    before = [tuple(m) for m in marks["before"]] + \
        ([(marks["plasma"], False)] if marks["plasma"] else [])
    if before:
        piece = _beside(_letters(before, size, font, gap_after=True), piece)
    if marks["after"]:
        piece = _beside(piece, _letters([tuple(m) for m in marks["after"]], size, font,
                                        gap_after=False))
    return piece


def _letters(runs: list[tuple], size: float, font: Metrics, gap_after: bool) -> Piece:
    """Skill letters: smaller than the size, never below the floor; a capital letter
    bold and nearly as tall as the size, so that Select's S never reads as Shadow's s."""
    small = max(LETTER_EM * size, FLOOR_PT)
    capital = max(CAPITAL_EM * size, FLOOR_PT)
    bold = metrics("bold")
    x = 0.0 if gap_after else LETTER_GAP
    ops: list = []
    regular: set[str] = set()
    strong: set[str] = set()
    top = font.ascent * small
    for text, heavy in runs:
        height = capital if heavy else small
        ops.append(("text", x, 0, height, LETTER_INK, text, "bold" if heavy else "regular"))
        (strong if heavy else regular).update(text)
        x += (bold if heavy else font).width(text, height)
        top = max(top, font.ascent * height)
    deepest = capital if strong else small
    return Piece(x + (LETTER_GAP if gap_after else 0.0), top, -font.descent * deepest, ops,
                 regular, strong)


def _cube(number: Piece, size: float, font: Metrics) -> Piece:
    """An isometric cube outline as tall as the size's digits plus a margin, centred on
    them: a hexagon and the three edges that meet at its middle."""
    height = (font.cap_height + 2 * CUBE_MARGIN_EM) * size
    width = height * 3 ** 0.5 / 2
    bottom = -CUBE_MARGIN_EM * size
    x0 = max(0.0, (number.width - width) / 2)
    q = height / 4
    top_y, mid_y = bottom + height, bottom + height / 2
    left, right, mid_x = x0, x0 + width, x0 + width / 2
    hexagon = [(mid_x, top_y), (right, top_y - q), (right, bottom + q), (mid_x, bottom),
               (left, bottom + q), (left, top_y - q), (mid_x, top_y)]
    centre = (mid_x, mid_y)
    edges = [[(left, top_y - q), centre, (right, top_y - q)], [centre, (mid_x, bottom)]]
    line = CUBE_LINE_EM * size
    return Piece(max(width, number.width), top_y + line, bottom - line,
                 [("stroke", 0, 0, [hexagon] + edges, line, CUBE_INK)])


def _behind(back: Piece, front: Piece) -> Piece:
    """`back` under `front`, both centred on the wider one."""
    width = max(back.width, front.width)
    return Piece(width, max(back.top, front.top), min(back.bottom, front.bottom),
                 _shifted(back.ops, (width - back.width) / 2) +
                 _shifted(front.ops, (width - front.width) / 2),
                 back.chars | front.chars, back.bold | front.bold)


def _number(text: str, lines: list[str], size: float, font: Metrics) -> Piece:
    width = font.width(text, size)
    pad = SLASH_OVER * size if "through" in lines else 0.0  # room for the slash's ends
    ops: list = [("text", pad, 0, size, INK, text)]
    thick = font.line * size
    for line in lines:  # Shadow: a bar over the number; Trip: struck through
        if line == "over":
            y = font.ascent * size - thick
            ops.append(("rect", pad, y - thick / 2, width, thick, INK))
        else:
            ops.append(("shape", 0, 0, _slash(width + 2 * pad, size, font), INK))
    return Piece(width + 2 * pad, font.ascent * size, -font.descent * size, ops, set(text))


def _slash(width: float, size: float, font: Metrics) -> tuple:
    """Trip's strike: a band falling from the number's top left to its bottom right.

    Not level: a level line lies along the crossbar of a 4 (and the middle stroke of
    3, 5 or 8) and vanishes. No digit has a stroke falling left to right (the 4's,
    7's and 2's slant the other way), so this one shows on every digit and stays
    one clear line across two digits."""
    top, bottom = (font.cap_height + SLASH_RISE) * size, -SLASH_RISE * size
    left, right = 0.0, width
    # vertical thickness that gives the band SLASH_EM of width across its slant
    run, rise = right - left, top - bottom
    half = SLASH_EM * size * (run * run + rise * rise) ** 0.5 / run / 2
    return ((left, top + half), (right, bottom + half), (right, bottom - half),
            (left, top - half))


def _fraction(values: list[int], size: float, font: Metrics) -> Piece:
    """A rounded box with the two sizes stacked and a bar between them."""
    small = max(FRACTION_EM * size, FLOOR_PT)
    low, high = (str(v) for v in values)
    inner = max(font.width(low, small), font.width(high, small))
    line = FRACTION_LEADING * small
    edge = FRACTION_LINE + FRACTION_PAD_Y
    width = inner + 2 * (FRACTION_PAD + FRACTION_LINE)
    height = 2 * line + 2 * edge
    bottom = font.x_height * size / 2 - height / 2  # centred on the middle of the letters
    ops: list = [("frame", FRACTION_LINE / 2, bottom + FRACTION_LINE / 2,
                  width - FRACTION_LINE, height - FRACTION_LINE, FRACTION_RADIUS,
                  FRACTION_LINE, FRACTION_INK)]
    inside = height - 2 * FRACTION_LINE
    bar_top, bar_bottom = (bottom + height - FRACTION_LINE - inside * f for f in FRACTION_BAR)
    ops.append(("rect", FRACTION_LINE, bar_bottom, width - 2 * FRACTION_LINE,
                bar_top - bar_bottom, INK))
    half_leading = (line - (font.ascent + font.descent) * small) / 2
    for row, text in enumerate((low, high)):
        row_top = bottom + height - edge - row * line
        x = (width - font.width(text, small)) / 2
        ops.append(("text", x, row_top - half_leading - font.ascent * small, small, INK, text))
    return Piece(width, bottom + height, bottom, ops, set(low + high))


def _framed(piece: Piece, kind: str, tall: bool) -> Piece:
    pad_y = 0 if tall else FRAME_PAD_Y  # a fraction is tall enough already
    edge = FRAME_LINE + FRAME_PAD
    top, bottom = piece.top + pad_y + FRAME_LINE, piece.bottom - pad_y - FRAME_LINE
    width = piece.width + 2 * edge
    ring = ("frame", FRAME_LINE / 2, bottom + FRAME_LINE / 2, width - FRAME_LINE,
            top - bottom - FRAME_LINE, FRAME_RADIUS, FRAME_LINE, FRAME_INK[kind])
    return Piece(width, top, bottom, [ring] + _shifted(piece.ops, edge), piece.chars,
                 piece.bold)


def _beside(left: Piece, right: Piece) -> Piece:
    return Piece(left.width + right.width, max(left.top, right.top),
                 min(left.bottom, right.bottom),
                 left.ops + _shifted(right.ops, left.width), left.chars | right.chars,
                 left.bold | right.bold)


def _shifted(ops: list, dx: float) -> list:
    return [(op[0], op[1] + dx, *op[2:]) for op in ops]
