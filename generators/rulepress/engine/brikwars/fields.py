"""Request fields that many BrikWars ops read the same way: a named reading out of a
fixed set, an Armor given as a number or as dice text, and a bounded list of objects."""

from __future__ import annotations

from collections.abc import Collection

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
