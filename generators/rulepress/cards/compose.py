"""Deck -> unique card faces + sheets that say where each face goes.

Each distinct face is rendered once, as its own small page (pdf.py), and then
placed on the sheets (impose.py): a face shared by many cards (a common back,
two copies of a power card) costs one render, and A4 and Letter share them.
Pure Python: what goes where, in millimetres from the sheet's top-left corner.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from .layout import Card, Deck, Face, Page
from .sheets import POKER, Mark, SheetError, SheetLayout, chunks

FOLD_CARD = (63.0, 176.0)  # a fold-over card: front and back halves, one above the other


@dataclass(frozen=True)
class FaceUse:
    """One face to render: the first card that shows it names it in reports."""

    face: Face
    card: Card
    serial: int  # 1-based position of that card in the printed deck
    width: float  # the rendered page: trim size plus bleed on every side
    height: float
    bleed: float


@dataclass(frozen=True)
class Placement:
    face: int  # index into Composition.faces
    x: float  # where the face's page (bleed included) goes
    y: float
    rotate: bool = False  # turned 180 degrees (the back half of a fold-over card)
    label: str = ""  # the card's name, drawn into a shared face's label slot (impose.py)


@dataclass(frozen=True)
class Sheet:
    kind: str  # "front", "back" or "fold"
    number: int  # 1-based; fronts and their backs share it
    placements: list[Placement]
    marks: list[Mark]
    folds: list[Mark] = field(default_factory=list)  # fold lines, drawn in the margins
    note: str = ""  # what the sheet's margin note adds (a shared back sheet: where it goes)

    @property
    def chrome(self) -> tuple:
        """What its marks and note are drawn from: sheets alike share one rendered page."""
        return (self.kind, tuple(self.marks), tuple(self.folds), self.note)


BACKS = ("full", "light", "none")  # --backs: as designed, ink-light, or not printed


@dataclass(frozen=True)
class PrintSettings:
    paper: str = "a4"
    bleed: float = 0.0
    back_offset: tuple[float, float] = (0.0, 0.0)  # measured on the calibration sheet
    card: tuple[float, float] = POKER  # trimmed card size (sheets.CARD_SIZES)
    duplex: str = "long"  # the edge the sheet flips over (sheets.DUPLEX)
    backs: str = "full"  # BACKS
    one_back_sheet: bool = False  # one sheet per back design, printed behind every front


@dataclass
class Composition:
    faces: list[FaceUse] = field(default_factory=list)
    sheets: list[Sheet] = field(default_factory=list)
    pages: list[Page] = field(default_factory=list)  # whole pages after the sheets
    users: dict[int, list[str]] = field(default_factory=dict)  # face -> card keys
    cards: int = 0
    outline: list[tuple[str, int]] = field(default_factory=list)  # (section, sheet index)


class FaceIndex:
    """Unique faces: one render for every card that shows the same face."""

    def __init__(self, bleed: float):
        self.bleed = bleed
        self.by_identity: dict[tuple, int] = {}
        self.composition = Composition()

    def add(self, face: Face, card: Card, serial: int, size: tuple[float, float]) -> int:
        # a face prints its card's name and key unless marked "shared" (a common back)
        identity = (face.template, _frozen(face.fields), size,
                    None if face.fields.get("shared") else card.key)
        index = self.by_identity.get(identity)
        if index is None:
            index = len(self.composition.faces)
            self.by_identity[identity] = index
            b = self.bleed
            self.composition.faces.append(
                FaceUse(face, card, serial, size[0] + 2 * b, size[1] + 2 * b, b))
        users = self.composition.users.setdefault(index, [])
        if card.key not in users:
            users.append(card.key)
        return index


def compose(deck: Deck, layout: SheetLayout, settings: PrintSettings) -> Composition:
    if settings.backs not in BACKS:
        raise SheetError(f"unknown --backs '{settings.backs}'; use one of: {', '.join(BACKS)}")
    if settings.back_offset != (0.0, 0.0):
        layout.check_on_paper(settings.back_offset)
    if deck.fold and settings.backs == "none":
        raise SheetError(f"{deck.name} is fold-over cards: each back is printed beside its "
                         "front on the same side of the sheet, so --backs none leaves "
                         "nothing to save; use --backs light")
    if settings.backs == "light":
        deck = replace(deck, cards=[replace(c, back=light_face(c.back)) if c.back else c
                                    for c in deck.cards])
    duplex = deck.duplex and settings.backs != "none"
    index = FaceIndex(layout.bleed)
    out = index.composition
    printed = deck.printed()
    out.cards = len(printed)
    numbered = list(enumerate(printed, start=1))
    if not deck.fold:  # faces in card order, whatever the grid: A4 and Letter share them
        for serial, card in numbered:
            index.add(card.front, card, serial, layout.card)
            if duplex and card.back:
                index.add(card.back, card, serial, layout.card)
    shared: dict[int, list[int]] = {}  # one back sheet: back face -> the front sheets
    for number, group in enumerate(chunks(numbered, layout.per_sheet), start=1):
        for _, card in group:  # a section's bookmark goes to its first card's sheet
            if card.section and card.section not in {name for name, _ in out.outline}:
                out.outline.append((card.section, len(out.sheets)))
        if deck.fold:
            if layout.bleed:
                raise SheetError("fold-over cards are printed without bleed (the fold "
                                 "edge has none); leave out --bleed for this deck")
            out.sheets.append(_fold_sheet(index, layout, group, number))
            continue
        slots = layout.slots()[:len(group)]
        fronts = [Placement(index.add(card.front, card, serial, layout.card), *slot.outer[:2],
                            label=label_of(card.front, card))
                  for slot, (serial, card) in zip(slots, group)]
        out.sheets.append(Sheet("front", number, fronts, layout.marks(slots=slots)))
        if not duplex or not any(card.back for _, card in group):
            continue
        designs: set[int | None] = set()
        labelled = False
        for serial, card in group:
            designs.add(index.add(card.back, card, serial, layout.card) if card.back else None)
            labelled = labelled or bool(card.back and label_of(card.back, card))
        design = next(iter(designs))
        if settings.one_back_sheet and len(designs) == 1 and design is not None \
                and not labelled:
            shared.setdefault(design, []).append(number)
            continue
        backs_at = layout.slots(back=True, flip=settings.duplex)
        turned = settings.duplex == "short"  # see sheets.py: reads upright turned sideways
        backs, used = [], []
        for slot, (serial, card) in zip(backs_at, group):
            if card.back is None:
                continue
            used.append(slot)
            backs.append(Placement(index.add(card.back, card, serial, layout.card),
                                   *_moved(slot.outer[:2], settings.back_offset),
                                   rotate=turned, label=label_of(card.back, card)))
        out.sheets.append(Sheet("back", number, backs,
                                layout.marks(settings.back_offset, slots=used)))
    if settings.one_back_sheet and not shared:
        raise SheetError(f"{deck.name} has no sheet whose cards all share one back (each "
                         "card's back is its own): leave out --one-back-sheet")
    for face, numbers in shared.items():  # a full sheet of the one back, after the fronts
        slots = layout.slots(back=True, flip=settings.duplex)
        placements = [Placement(face, *_moved(slot.outer[:2], settings.back_offset),
                                rotate=settings.duplex == "short") for slot in slots]
        out.sheets.append(Sheet("back", numbers[0], placements,
                                layout.marks(settings.back_offset), note=(
                                    f"print this sheet on the back of front sheet"
                                    f"{'s' if len(numbers) > 1 else ''} "
                                    f"{_numbers(numbers)}")))
    out.pages = list(deck.pages)
    return out


def _moved(xy: tuple[float, float], offset: tuple[float, float]) -> tuple[float, float]:
    return (xy[0] + offset[0], xy[1] + offset[1])


def _numbers(numbers: list[int]) -> str:
    """[1, 2, 3, 5] -> "1-3, 5"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else f"{r[0]}" for r in runs)


LIGHT_STRONG = "#6b4e00"  # a back's bold lead-ins on white paper (ink-light backs)


def light_face(face: Face) -> Face:
    """A back as it prints with --backs light: white paper, dark text (cards.css
    .ink-light); a drawn paragraph's bold colour is darkened to match."""
    fields = {**face.fields, "ink": "light"}
    art = fields.get("art")
    if isinstance(art, str) and '"strong"' in art:
        drawn = json.loads(art)
        drawn["strong"] = LIGHT_STRONG
        fields["art"] = json.dumps(drawn, separators=(",", ":"), ensure_ascii=False)
    return Face(face.template, fields)


def label_of(face: Face, card: Card) -> str:
    """What a face marked "labelled" (shared, with a label slot) shows in its slot."""
    return card.name if face.fields.get("labelled") else ""


def _fold_sheet(index: FaceIndex, layout: SheetLayout, group, number: int) -> Sheet:
    """Front on the top half; back below it, turned over, so a fold puts them back to back."""
    half = (layout.card[0], layout.card[1] / 2)
    placements = []
    for slot, (serial, card) in zip(layout.slots(), group):
        x, y = slot.x - slot.bleed, slot.y - slot.bleed
        placements.append(Placement(index.add(card.front, card, serial, half), x, y))
        if card.back:
            placements.append(Placement(index.add(card.back, card, serial, half),
                                        x, y + half[1], rotate=True))
    folds = [m for m in layout.fold_marks()]
    return Sheet("fold", number, placements, layout.marks(), folds)


def _frozen(value):
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value
