"""What one build step hands to a later one, in memory: the print step's manifest (every
PDF it made) goes to the website step, which links them. Neither package imports the
other; both import this module, which imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from .problems import BuildError


@dataclass(frozen=True)
class PrintFile:
    """One PDF the print step made."""

    name: str  # the product, e.g. "buttonmen-cards"
    title: str
    game: str
    description: str
    paper: str  # "a4" or "letter"
    file: str  # its name in the print folder
    cards: int  # card fronts printed; 0 for a quick reference
    pages: int
    kb: int
    overflows: tuple[str, ...] = ()
    part: str = ""  # a part of a product (a Button Men set), "" for the whole


@dataclass(frozen=True)
class PrintManifest:
    """Every PDF of one print step, and the folder they were written to. `made` is
    False only for a build that makes no PDFs on purpose (a site-only test build)."""

    folder: Path | None
    files: tuple[PrintFile, ...] = ()
    made: bool = True
    # every BrikWars unit's and specialist's card faces, the card stylesheets and the
    # sheet grids (cards/decks/army.py page_cards), for the army builder's print view;
    # None when no print step ran
    army_cards: Mapping[str, Any] | None = None

    @classmethod
    def none_made(cls, army_cards: Mapping[str, Any] | None = None) -> "PrintManifest":
        return cls(None, (), made=False, army_cards=army_cards)

    def pdf(self, entry: PrintFile) -> bytes:
        if self.folder is None:
            raise BuildError(f"{entry.file}: the print step wrote no folder")
        return (self.folder / entry.file).read_bytes()


class MissingHandoff(BuildError):
    """A step needs what an earlier step should have handed it."""


@dataclass
class Handoff:
    """Filled in by the steps as they run (build.py passes the same one to each)."""

    prints: PrintManifest | None = None

    def print_manifest(self) -> PrintManifest:
        if self.prints is None:
            raise MissingHandoff("the website step needs the print step's manifest, and "
                                 "no print step handed one over (run the print step first, "
                                 "or pass PrintManifest.none_made() for a site without PDFs)")
        return self.prints
