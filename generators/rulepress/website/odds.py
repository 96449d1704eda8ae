"""Odds for the pages, asked of the rules engine at build time.

Pages call the same `answer(request, data)` as the command line and the browser,
so a printed number is the engine's number. An error answer stops the build:
a page must never show odds the engine did not give.
"""

from __future__ import annotations

from fractions import Fraction

from .answers import answer


class OddsError(Exception):
    """The engine refused a request a page made; the message names both."""


def ask(request: dict, engine_data: dict, page: str) -> dict:
    response = answer(request, engine_data)
    if not response.get("ok"):
        raise OddsError(f"{page}: the engine refused {request}: {response.get('error')}")
    return response


def fraction(text: str) -> Fraction:
    """An exact probability from its JSON form ("1/4", "0", "1")."""
    return Fraction(text)
