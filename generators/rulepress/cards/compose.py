"""Deck -> unique card faces + sheets that say where each face goes.

Each distinct face is rendered once, as its own small page (pdf.py), and then
placed on the sheets (impose.py): a face shared by many cards (a common back,
two copies of a power card) costs one render, and A4 and Letter share them.
Pure Python: what goes where, in millimetres from the sheet's top-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass(frozen=True)
class PrintSettings:
    paper: str = "a4"
    bleed: float = 0.0
    back_offset: tuple[float, float] = (0.0, 0.0)  # measured on the calibration sheet
    card: tuple[float, float] = POKER  # trimmed card size (sheets.CARD_SIZES)
    duplex: str = "long"  # the edge the sheet flips over (sheets.DUPLEX)


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
        # a face prints its card's name and key unless marked "shared" (a common
        # back), and its serial number when marked "numbered"
        identity = (face.template, _frozen(face.fields), size,
                    None if face.fields.get("shared") else card.key,
                    serial if face.fields.get("numbered") else None)
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
    index = FaceIndex(layout.bleed)
    out = index.composition
    printed = deck.printed()
    out.cards = len(printed)
    numbered = list(enumerate(printed, start=1))
    if not deck.fold:  # faces in card order, whatever the grid: A4 and Letter share them
        for serial, card in numbered:
            index.add(card.front, card, serial, layout.card)
            if deck.duplex and card.back:
                index.add(card.back, card, serial, layout.card)
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
        fronts = [Placement(index.add(card.front, card, serial, layout.card), *slot.outer[:2],
                            label=label_of(card.front, card))
                  for slot, (serial, card) in zip(layout.slots(), group)]
        out.sheets.append(Sheet("front", number, fronts, layout.marks()))
        if deck.duplex and any(card.back for _, card in group):
            slots = layout.slots(back=True, offset=settings.back_offset, flip=settings.duplex)
            turned = settings.duplex == "short"  # see sheets.py: reads upright turned sideways
            backs = [Placement(index.add(card.back, card, serial, layout.card), *slot.outer[:2],
                               rotate=turned, label=label_of(card.back, card))
                     for slot, (serial, card) in zip(slots, group) if card.back]
            out.sheets.append(Sheet("back", number, backs, layout.marks(settings.back_offset)))
    out.pages = list(deck.pages)
    return out


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
