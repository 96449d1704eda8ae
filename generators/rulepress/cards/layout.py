"""Card view-models: what each card face says, how big its text is, how many copies.

Deck builders (cards/decks/) turn records into `Card`s; this module holds the
shapes they share and the rules for text size. Whether text really fits is
measured in the rendered PDF (pdf.py) and reported as `Overflow`s: never clipped
silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from .sheets import SheetError


@dataclass(frozen=True)
class Face:
    """One side of a card: a template in cards/templates/faces/ and its fields."""

    template: str  # e.g. "robot" -> faces/robot.html.j2
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Card:
    key: str  # unique in its deck; text boxes report overflow under this key
    name: str  # printed on the front; tests look for it in the PDF text
    front: Face
    back: Face | None = None
    copies: int = 1  # how many to print; the face shows the count when above 1
    section: str = ""  # e.g. a Button Men set: the PDF bookmarks each section's first sheet


@dataclass(frozen=True)
class Page:
    """A whole page that is not a card sheet (credits, a quick reference)."""

    template: str  # pages/<name>.html.j2
    fields: dict[str, Any] = field(default_factory=dict)


class CardTooSmall(SheetError):
    """A card size smaller than a deck's faces are laid out for."""


@dataclass(frozen=True)
class Deck:
    name: str  # file stem, e.g. "evilrobots-cards"
    title: str
    game: str
    cards: list[Card]
    pages: list[Page] = field(default_factory=list)  # printed after the card sheets
    duplex: bool = True  # print a mirrored back sheet after each front sheet
    fold: bool = False  # cards are fold-over strips: front above, back rotated below
    description: str = ""
    icons: tuple[str, ...] = ()  # game-icons.net icons used (credited in the PDF's info)
    card_size: tuple[float, float] | None = None  # a fixed size, whatever --card-size says
    css: str = ""  # the deck's own card rules on top of cards.css (an army's cards)
    # what the faces need to know of the card's size (title sizes measured to fit it),
    # applied by make.py and pod.py once the size is known: Deck -> the deck for that size
    sizing: Callable[["Deck", tuple[float, float]], "Deck"] | None = None
    split: bool = False  # the print step also makes one PDF per section (a Button Men set)
    # the smallest card (trimmed width, height in mm) the faces are laid out for, and why
    smallest: tuple[float, float] = (0.0, 0.0)
    too_small: str = ""

    def for_size(self, card: tuple[float, float]) -> "Deck":
        """The deck for cards of that size; ValueError when it is smaller than the
        faces are made for (`smallest`)."""
        if card[0] < self.smallest[0] - 1e-6 or card[1] < self.smallest[1] - 1e-6:
            raise CardTooSmall(f"{self.name} is not made for {card[0]:g} x {card[1]:g} mm "
                               f"cards (at least {self.smallest[0]:g} x "
                               f"{self.smallest[1]:g} mm): {self.too_small}")
        return self.sizing(self, card) if self.sizing else self

    def only(self, wanted: list[str]) -> "Deck":
        """The deck cut to the cards named in `wanted` (ids or names, any case).
        Raises ValueError naming what matched nothing, with the nearest names."""
        import difflib
        import re

        def norm(text: str) -> str:
            return re.sub(r"[^a-z0-9]+", "", text.lower())
        index: dict[str, set[str]] = {}
        for card in self.cards:
            for name in (card.name, card.key, card.key.split("/", 1)[-1]):
                index.setdefault(norm(name), set()).add(card.key)
        keys: set[str] = set()
        missing = []
        for name in wanted:
            found = index.get(norm(name))
            if found:
                keys |= found
            else:
                near = difflib.get_close_matches(norm(name), list(index), n=3)
                names = sorted({c.name for n in near for c in self.cards
                                if c.key in index[n]})
                missing.append(f"'{name}'" + (f" (did you mean {', '.join(names)}?)"
                                              if names else ""))
        if missing:
            raise ValueError(f"no card in {self.name} is called {'; '.join(missing)}")
        # each card keeps its number in the whole deck ("12/876"), so a card printed
        # again alone matches the deck it replaces a card of
        chosen = [card for card in self.cards if card.key in keys]
        return replace(self, cards=chosen, description=(
            f"{len(chosen)} of the {len(self.cards)} cards of {self.title} "
            f"({', '.join(card.name for card in chosen[:3])}"
            f"{', ...' if len(chosen) > 3 else ''})"))

    def sections(self) -> list[str]:
        """The deck's sections, in deck order."""
        return list(dict.fromkeys(card.section for card in self.cards if card.section))

    def section(self, name: str) -> "Deck":
        """The deck cut to one section, its cards numbered within it."""
        cards = [card for card in self.cards if card.section == name]
        if not cards:
            raise ValueError(f"{self.name} has no section '{name}'")
        numbered = [replace(card, front=Face(card.front.template, {
            **card.front.fields, "number": number, "of": len(cards)}))
            if "number" in card.front.fields else card
            for number, card in enumerate(cards, start=1)]
        return replace(self, cards=numbered, title=f"{self.title}: {name}", split=False,
                       description=f"the {name} set: {len(cards)} "
                                   f"card{'s' if len(cards) != 1 else ''}")

    def printed(self) -> list[Card]:
        """Every card as many times as it is printed, in deck order."""
        return [card for card in self.cards for _ in range(card.copies)]


# Text ending less than this (mm) past its box is a descender in the padding, not lost text.
OVERFLOW_SLACK_MM = 0.2


@dataclass(frozen=True, order=True)
class Overflow:
    """Text that does not fit its box on a card."""

    card: str  # Card.key
    box: str  # which text box, e.g. "ability"
    over_mm: float  # how far the text runs past the box's bottom
    small_pt: float = 0.0  # or: the text is set this small, below FLOOR_PT

    def __str__(self) -> str:
        if self.small_pt:
            return (f"{self.card}: text '{self.box}' is set at {self.small_pt:g} pt, below "
                    f"the {FLOOR_PT:g} pt floor")
        return f"{self.card}: text '{self.box}' runs {self.over_mm:.1f} mm past its box"


# Text sizes (pt) by length, for HTML text boxes (BrikWars stat cards, recipes): a long
# text gets a smaller size, never below 6 pt, the smallest still readable on a card. Drawn
# paragraphs are fitted by measuring instead (text_art.Fit). The rendered PDF is measured
# afterwards either way.
TEXT_STEPS: tuple[tuple[int, float], ...] = ((140, 9.0), (220, 8.0), (320, 7.0), (440, 6.5))
SMALLEST = 6.0
FLOOR_PT = SMALLEST  # no card text below this; smaller text is reported as an overflow


def text_size(text: str, steps: tuple[tuple[int, float], ...] = TEXT_STEPS) -> float:
    length = len(text)
    for limit, size in steps:
        if length <= limit:
            return size
    return SMALLEST


def overflow_report(overflows: list[Overflow]) -> str:
    lines = [str(o) for o in sorted(overflows)]
    lines.append(f"{len(overflows)} card text box(es) overflow; shorten the text or "
                 "give the box more room")
    return "\n".join(lines)
