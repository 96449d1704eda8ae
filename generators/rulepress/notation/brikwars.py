"""How a BrikWars blank is shown, on cards and site pages alike: the data says what kind
of blank each explained null field is (null_kind, data/models/brikwars.py); a null field
the data does not explain is one the record does not have (Body Armor has no Use)."""

from __future__ import annotations

from typing import Any

MARKS = {"lost": "?", "not-applicable": "—", "varies": "varies"}
WORDS = {"lost": "unknown (lost from the book)", "not-applicable": "does not apply",
         "varies": "varies"}


def blank_kind(record: Any, name: str) -> str:
    """'lost', 'not-applicable' or 'varies' for a null field of `record`."""
    return (getattr(record, "null_kind", None) or {}).get(name, "not-applicable")


def blank_mark(record: Any, name: str) -> str:
    return MARKS[blank_kind(record, name)]


def blank_reason(record: Any, name: str) -> str:
    return (getattr(record, "unknown", None) or {}).get(name, "")
