"""Sheet geometry: where each card sits on a sheet of paper, and where its cut marks go.

All lengths are millimetres. Cards are laid out here, in Python, as explicit
sheets: WeasyPrint left to paginate a grid of cards drops or splits cards.

Decisions (documented in content/print.md):
- Without bleed, cards touch (one cut between neighbours): 3 x 3 poker cards on A4,
  3 x 2 on US Letter.
- With bleed, every card keeps its own bleed on all sides, so neighbours are
  2 x bleed apart and each gets two cuts. As many cards as fit while leaving room
  for the cut marks: 2 x 2 on A4 and on Letter for a 3 mm bleed.
- Cut marks are short lines in the sheet margin in line with every card edge, so
  each card's four edges are marked (WeasyPrint's own marks only mark the page).
  Every mark stays EDGE mm inside the paper, where home printers still print, even if
  fewer cards then fit (US Letter's 7.7 mm margins around three rows are too little).
- The sheet's note sits below the bottom marks, clear of them.
- Backs are for long-edge duplex: each row is mirrored left to right, and the grid
  is centred, so a back lands behind its front. A measured printer offset can be
  added to the backs (see the calibration sheet).
- For a short-edge flip (--duplex short) the columns stay and the rows are mirrored
  top to bottom instead, and each back is turned half a turn: the sheet turns over its
  top edge, but a card is turned over sideways, and its back must then read upright,
  as it does after a long-edge flip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence, TypeVar

T = TypeVar("T")

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
POKER = (63.0, 88.0)
MINI = (44.0, 63.0)
# --card-size: trimmed width x height (mm). Faces narrower than SMALL_CARD_MM get the
# "card-small" layout of cards.css (smaller art and titles, text boxes moved up).
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": POKER, "us-poker": (63.5, 88.9),  # 2.5 x 3.5 in
    "bridge": (57.0, 89.0), "mini": MINI}
SMALL_CARD_MM = 50.0
MARK_GAP = 1.0  # marks start this far from the grid, so a cut never shows a mark
MARK_MIN = 3.0  # the shortest mark still easy to see and to line a ruler up with
MARK_MAX = 5.0
DUPLEX = ("long", "short")  # the sheet edge a duplex printer flips the sheet over
EDGE = 5.0  # no mark nearer the paper's edge than this: many printers cannot print there
NOTE_GAP = 0.8  # between the bottom marks and the sheet's note


class SheetError(ValueError):
    """Settings that cannot make a sheet (unknown paper, a bleed too wide)."""


@dataclass(frozen=True)
class Slot:
    """One card place on a sheet: its trim box and its bleed box."""

    row: int
    col: int
    x: float  # trim box, from the sheet's top-left corner
    y: float
    width: float
    height: float
    bleed: float

    @property
    def outer(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the printed area: trim box plus bleed."""
        b = self.bleed
        return (self.x - b, self.y - b, self.width + 2 * b, self.height + 2 * b)


@dataclass(frozen=True)
class Mark:
    """A cut mark: a line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class SheetLayout:
    paper: str
    width: float
    height: float
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    left: float  # the grid's outer (bleed) box
    top: float

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        return (self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed)

    def slots(self, back: bool = False, offset: tuple[float, float] = (0.0, 0.0),
              flip: str = "long") -> list[Slot]:
        """Slots in reading order of the cards they hold.

        For a back sheet, slot i is the place behind front slot i after the sheet is
        flipped: over its long edge, same row and mirrored column; over its short
        edge, same column and mirrored row. Then moved by the printer's offset.
        """
        if flip not in DUPLEX:
            raise SheetError(f"unknown duplex flip '{flip}'; use one of: {', '.join(DUPLEX)}")
        dx, dy = offset if back else (0.0, 0.0)
        out = []
        for index in range(self.per_sheet):
            row, col = divmod(index, self.cols)
            if back and flip == "long":
                col = self.cols - 1 - col
            elif back:
                row = self.rows - 1 - row
            x = self.left + col * self.pitch[0] + self.bleed + dx
            y = self.top + row * self.pitch[1] + self.bleed + dy
            out.append(Slot(row, col, x, y, self.card[0], self.card[1], self.bleed))
        return out

    def cut_lines(self, slots: list[Slot] | None = None) -> tuple[list[float], list[float]]:
        """x of every vertical cut and y of every horizontal cut (trim edges) of `slots`
        (default: every slot of the sheet)."""
        xs: set[float] = set()
        ys: set[float] = set()
        for slot in self.slots() if slots is None else slots:
            xs.update((round(slot.x, 4), round(slot.x + slot.width, 4)))
            ys.update((round(slot.y, 4), round(slot.y + slot.height, 4)))
        return sorted(xs), sorted(ys)

    def marks(self, offset: tuple[float, float] = (0.0, 0.0),
              slots: list[Slot] | None = None) -> list[Mark]:
        """Marks in all four margins, in line with every cut of the slots in use (`slots`,
        unmoved; default all): an empty place on a sheet gets none."""
        xs, ys = self.cut_lines(slots)
        grid_w = self.cols * self.pitch[0]
        grid_h = self.rows * self.pitch[1]
        left, top = self.left, self.top
        right, bottom = left + grid_w, top + grid_h
        reach_x, reach_y = self.reach
        out = []
        for x in xs:
            out.append(Mark(x, top - MARK_GAP - reach_y, x, top - MARK_GAP))
            out.append(Mark(x, bottom + MARK_GAP, x, bottom + MARK_GAP + reach_y))
        for y in ys:
            out.append(Mark(left - MARK_GAP - reach_x, y, left - MARK_GAP, y))
            out.append(Mark(right + MARK_GAP, y, right + MARK_GAP + reach_x, y))
        dx, dy = offset  # the whole back sheet moves together
        out = [Mark(m.x1 + dx, m.y1 + dy, m.x2 + dx, m.y2 + dy) for m in out]
        return out

    def check_on_paper(self, offset: tuple[float, float]) -> None:
        """Refuse a back offset that moves a back card or a cut mark past the paper's
        edge (SheetError, naming how far)."""
        dx, dy = offset
        moved = [slot.outer for slot in self.slots(back=True, offset=offset)]
        xs = [v for x, _, w, _ in moved for v in (x, x + w)]
        ys = [v for _, y, _, h in moved for v in (y, y + h)]
        for m in self.marks(offset):
            xs += [m.x1, m.x2]
            ys += [m.y1, m.y2]
        past = max(-min(xs), max(xs) - self.width, -min(ys), max(ys) - self.height)
        if past > 1e-6:
            raise SheetError(
                f"a back offset of {dx:g} x {dy:g} mm puts backs or cut marks {past:.1f} mm "
                f"past the edge of the {self.paper} paper; a printer's shift is a few mm "
                f"(the calibration sheet reads up to 5 mm each way): measure it again")

    @property
    def reach(self) -> tuple[float, float]:
        """Length of the side marks and of the top and bottom marks."""
        right = self.left + self.cols * self.pitch[0]
        bottom = self.top + self.rows * self.pitch[1]
        return (min(MARK_MAX, self.left - MARK_GAP - EDGE,
                    self.width - right - MARK_GAP - EDGE),
                min(MARK_MAX, self.top - MARK_GAP - EDGE,
                    self.height - bottom - MARK_GAP - EDGE))

    @property
    def note_top(self) -> float:
        """Where the sheet's note starts: just below the bottom marks."""
        return self.top + self.rows * self.pitch[1] + MARK_GAP + self.reach[1] + NOTE_GAP

    def fold_marks(self) -> list[Mark]:
        """Where a fold-over card folds: across the middle of each row, in both margins."""
        out = []
        right = self.left + self.cols * self.pitch[0]
        for row in range(self.rows):
            y = self.top + row * self.pitch[1] + self.bleed + self.card[1] / 2
            out.append(Mark(EDGE, y, self.left - MARK_GAP, y))
            out.append(Mark(right + MARK_GAP, y, self.width - EDGE, y))
        return out


def sheet_layout(paper: str, bleed: float = 0.0, card: tuple[float, float] = POKER
                 ) -> SheetLayout:
    """The largest centred grid of cards that leaves room for cut marks."""
    if paper not in PAPERS:
        raise SheetError(f"unknown paper '{paper}'; use one of: {', '.join(PAPERS)}")
    if not 0 <= bleed <= 10:
        raise SheetError(f"a bleed of {bleed} mm is outside 0-10 mm")
    width, height = PAPERS[paper]
    pitch_x, pitch_y = card[0] + 2 * bleed, card[1] + 2 * bleed
    room = 2 * (MARK_GAP + MARK_MIN + EDGE)
    cols = int((width - room) // pitch_x)
    rows = int((height - room) // pitch_y)
    if cols < 1 or rows < 1:
        raise SheetError(f"a {card[0]:g} x {card[1]:g} mm card with {bleed:g} mm bleed "
                         f"does not fit on {paper}")
    left = (width - cols * pitch_x) / 2
    top = (height - rows * pitch_y) / 2
    return SheetLayout(paper, width, height, card, bleed, cols, rows, left, top)


def chunks(items: Sequence[T], size: int) -> Iterator[list[T]]:
    for start in range(0, len(items), size):
        yield list(items[start:start + size])
