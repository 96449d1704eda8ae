"""Print-on-demand services: what each one's card files must be (`rulepress cards DECK
--pod SERVICE`). One record per service; pod.py makes the files from it, the tests check
the files against it, and the print page lists it.

Sizes are in millimetres; 1 in = 25.4 mm. Where a number could not be checked against
the service's own published page it says so in `unconfirmed` (and the print page repeats
it): check the service's current template before an order.
"""

from __future__ import annotations

from dataclasses import dataclass

IN = 25.4
SAFE_MM = IN / 8  # no card text nearer a trim edge than this, on every card (cards.css)


@dataclass(frozen=True)
class Service:
    name: str  # --pod NAME
    title: str
    # our --card-size -> the service's trimmed card (mm); a size not here is refused
    trims: dict[str, tuple[float, float]]
    bleed: float  # mm on every side, past the trim
    safe: float  # mm inside the trim that text keeps clear of
    back_first: bool  # each card's back page before its front page
    output: str  # "pdf" (RGB), "pdf/x-1a" (CMYK, PDF/X-1a:2003) or "png" (one image a face)
    ink_limit: int | None = None  # total area coverage (C+M+Y+K), per cent
    dpi: int = 300
    every_back: bool = False  # a card without a back gets the deck's plain back
    requirement: tuple[str, ...] = ()  # what the service asks, for the print page
    unconfirmed: tuple[str, ...] = ()
    own_size: bool = False  # the generic preset: our own card sizes, --bleed honoured
    naming: str = ""  # how the files are named

    def trim(self, card_size: str, own: tuple[float, float]) -> tuple[float, float]:
        if self.own_size:
            return own
        if card_size not in self.trims:
            from .sheets import SheetError
            raise SheetError(f"{self.title} files are made for the card sizes "
                             f"{', '.join(self.trims)}; not {card_size}")
        return self.trims[card_size]

    def pixels(self, trim: tuple[float, float]) -> tuple[int, int]:
        """A face's image size at `dpi`, bleed included."""
        return (round((trim[0] + 2 * self.bleed) / IN * self.dpi),
                round((trim[1] + 2 * self.bleed) / IN * self.dpi))


POKER_IN = (2.5 * IN, 3.5 * IN)  # what US services call poker: 63.5 x 88.9 mm
BRIDGE_IN = (2.25 * IN, 3.5 * IN)
MINI_IN = (1.75 * IN, 2.5 * IN)

SERVICES: dict[str, Service] = {
    "generic": Service(
        "generic", "any print-on-demand service", {}, 3.0, SAFE_MM, back_first=False,
        output="pdf", own_size=True,
        naming="DECK-pod.pdf",
        requirement=("one card face a page, each front followed by its back",
                     "the card at its --card-size, 3 mm of bleed on every side (--bleed)",
                     "TrimBox = the card, BleedBox = the page; colours in RGB")),
    "drivethrucards": Service(
        "drivethrucards", "DriveThruCards",
        {"poker": POKER_IN, "us-poker": POKER_IN, "bridge": BRIDGE_IN, "mini": MINI_IN},
        IN / 8, SAFE_MM, back_first=True, output="pdf/x-1a", ink_limit=240,
        every_back=True, naming="DECK-drivethrucards.pdf",
        requirement=(
            "one PDF, one face a page, each card's back first and then its front",
            "poker cards 2.75 x 3.75 in a page: 2.5 x 3.5 in trimmed plus 1/8 in bleed",
            "text at least 1/8 in inside the trim",
            "CMYK only, PDF/X-1a:2003 with an OutputIntent, total ink at most 240 %"),
        unconfirmed=(
            "the page size and the back-then-front order agree with the DriveThruCards "
            "layout of Squib, an open-source card tool (2.75 x 3.75 in, pages alternating "
            "back and front); the 240 % ink limit and PDF/X-1a are what the service's file "
            "guide is reported to ask, not read from the guide itself",
            "bridge (2.25 x 3.5 in) and mini (1.75 x 2.5 in) trims are the usual US sizes, "
            "not checked against the service")),
    "thegamecrafter": Service(
        "thegamecrafter", "The Game Crafter",
        {"poker": POKER_IN, "us-poker": POKER_IN, "bridge": BRIDGE_IN, "mini": MINI_IN},
        IN / 8, SAFE_MM, back_first=False, output="png", every_back=True,
        naming="NNN-card-front.png and NNN-card-back.png, NNN the card's place",
        requirement=(
            "one PNG a face, 300 dpi: poker 825 x 1125 px (2.5 x 3.5 in plus 1/8 in bleed)",
            "safe area 675 x 975 px: text 1/8 in inside the trim",
            "the card drawn at the service's own trim, 63.5 x 88.9 mm for poker"),
        unconfirmed=(
            "the poker numbers (825 x 1125 px, safe area 675 x 975 px) are the service's "
            "poker card template as reported, not read from the service's own page",
            "bridge (750 x 1125 px) and mini (600 x 825 px) follow the same 1/8 in bleed "
            "at 300 dpi; not checked against the service's templates")),
}


def service(name: str) -> Service:
    from .sheets import SheetError

    if name not in SERVICES:
        raise SheetError(f"unknown print-on-demand service '{name}'; use one of: "
                         f"{', '.join(SERVICES)}")
    return SERVICES[name]


__all__ = ["IN", "SAFE_MM", "SERVICES", "Service", "service"]
