"""Request fields that many BrikWars ops read the same way: a named reading out of a
fixed set, an Armor given as a number or as dice text, a bounded list of objects, a die
size and a Structure Level."""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from ..query import QueryError, Request


def one_of(req: Request, field: str, choices: Collection[str], default: str | None = None) -> str:
    """The text of `field`, refused unless it is one of `choices` (the error names
    the field as given, so a nested op's caller can prefix its own path)."""
    value = req.string(field, default)
    if value not in choices:
        raise QueryError(f"'{field}' must be one of {', '.join(choices)}", field)
    return value


def armor_text(req: Request, default: str | None = None) -> str:
    """`armor` as text: a number (4) becomes "4", dice text ("1d6 + 2") stays as it is."""
    raw = req.get("armor")
    if isinstance(raw, int) and not isinstance(raw, bool):
        return str(raw)
    return req.string("armor", default)


def object_list(req: Request, field: str, most: int, what: str = "objects") -> list[Request]:
    """The 1 to `most` objects of `field`, each read as a Request of its own."""
    subs = req.children(field)
    if not subs or len(subs) > most:
        raise QueryError(f"'{field}' is a list of 1 to {most} {what}", field)
    return subs


SIZES = (4, 6, 8, 10, 12)
LEVEL_WORDS = {"0": 0, "0.5": 0.5, "½": 0.5, **{str(n): n for n in range(1, 6)}}


def die_field(req: Request, field: str, default: str, allowed: tuple[int, ...] = SIZES) -> int:
    """A die named "d4" to "d12" (out of `allowed`), as its number of sides."""
    named = {f"d{s}": s for s in allowed}
    return named[one_of(req, field, named, default)]


def level_field(req: Request, field: str = "structure_level", default: float = 1) -> Fraction:
    """A Structure Level: 0, 1/2 (as 0.5, "1/2" or "½", as `creation` reads it) or 1 to 5."""
    value: object = req.get(field, default)
    if isinstance(value, str) and value.strip() in LEVEL_WORDS:  # a calculator's select
        value = LEVEL_WORDS[value.strip()]
    elif isinstance(value, str):
        text = value.strip().replace("½", "1/2")
        try:
            value = Fraction(text) if len(text) <= 12 else None
        except (ValueError, ZeroDivisionError):
            value = None
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) \
            or value != value or not -100 <= value <= 100:
        raise QueryError(f"'{field}' must be a number: 0, 0.5 (or \"1/2\") or 1 to 5", field)
    level = Fraction(value).limit_denominator(2)
    if level not in (0, Fraction(1, 2)) and not (level.denominator == 1 and 1 <= level <= 5):
        raise QueryError(f"'{field}' must be 0, 0.5 or a whole number 1 to 5 (L1372-1382)",
                         field)
    return level
