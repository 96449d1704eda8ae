"""The size written on a drawn die (site pages and printed cards share it)."""

from __future__ import annotations

from html import escape
from typing import Callable

from .engine.buttonmen.recipe import DieSpec


def die_size_html(die: DieSpec, option: Callable[[int, int], str]) -> str:
    """die_size_text as HTML; an option die is drawn by `option(low, high)`, since a page
    and a card draw fractions differently."""
    if die.kind == "option" and die.options:
        return option(*die.options)
    return escape(die_size_text(die))


def die_size_text(die: DieSpec) -> str:
    """What goes inside a die's frame: its size, swing letter or twin halves ("4/20" for
    an option die)."""
    if die.kind == "option" and die.options:
        return "/".join(str(side) for side in die.options)
    if die.kind == "twin" and die.twin:
        return ",".join(str(p.sides) if p.swing is None else p.swing for p in die.twin)
    if die.kind == "swing":
        return die.swing or ""
    if die.kind == "wildcard":
        return "C"
    return str(die.sides)
