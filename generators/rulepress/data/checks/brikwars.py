"""BrikWars checks: dice expressions parse, size formulas evaluate, conflicts are coherent."""

from __future__ import annotations

from typing import Iterator

from ...engine.brikwars.formula import FormulaError, evaluate
from ...engine.dice.parse import ParseError, parse
from ...problems import Problem
from ..catalog import Catalog
from .reads import reads

# kind -> fields that hold a dice expression (a Fact's value is read through it)
DICE_FIELDS = {
    "brikwars.unit": ("armor",),
    "brikwars.item": ("damage", "armor_bonus"),
    "brikwars.scaled_weapon": ("damage",),
    "brikwars.structure_level": ("armor",),
    "brikwars.specialist": ("armor",),
    "brikwars.modifier": ("dice",),
}
FORMULA_FIELDS = ("cost_cp", "use", "range")


def dice_expressions_parse(catalog: Catalog) -> Iterator[Problem]:
    """Every damage and armour expression is one the engine's parser reads."""
    for kind, fields in DICE_FIELDS.items():
        for entry in catalog.entries.get(kind, {}).values():
            for field in fields:
                value = getattr(entry.record, field)
                path: tuple[str, ...] = (field,)
                if value is not None and hasattr(value, "value"):
                    value, path = value.value, (field, "value")
                if value is None:
                    continue
                try:
                    parse(value)
                except ParseError as exc:
                    yield entry.problem(path, "bad-dice",
                                        f"'{value}' is not a dice expression: {exc}",
                                        "write it like 1d6+1, S+2, 2S or 1d10 Exp")


def size_formulas_evaluate(catalog: Catalog) -> Iterator[Problem]:
    """Cost, Use and Range formulas of size-scaled weapons evaluate for Size 1 to 6."""
    for entry in catalog.entries.get("brikwars.scaled_weapon", {}).values():
        for field in FORMULA_FIELDS:
            text = getattr(entry.record, field)
            if text is None:
                continue
            try:
                values = [evaluate(text, size) for size in range(1, 7)]
            except FormulaError as exc:
                yield entry.problem((field,), "bad-formula", str(exc),
                                    "use numbers, Size (or XSize), + - * and brackets")
                continue
            if any(v < 0 for v in values):
                yield entry.problem((field,), "negative-formula",
                                    f"'{text}' is negative for some Size from 1 to 6")


def conflicts_are_coherent(catalog: Catalog) -> Iterator[Problem]:
    """A recorded contradiction picks one of its readings, and the field holds that choice."""
    for kind in ("brikwars.unit", "brikwars.specialty", "brikwars.specialist"):
        for entry in catalog.entries.get(kind, {}).values():
            for i, conflict in enumerate(entry.record.conflicts):
                values = [r.value for r in conflict.readings]
                if conflict.chosen not in values:
                    yield entry.problem(("conflicts", i, "chosen"), "conflict-choice",
                                        f"chosen {conflict.chosen!r} is none of the readings "
                                        f"{values}")
                current = getattr(entry.record, conflict.field, None)
                current = getattr(current, "value", current)
                if current != conflict.chosen:
                    yield entry.problem(("conflicts", i, "field"), "conflict-field",
                                        f"'{conflict.field}' holds {current!r} but the "
                                        f"conflict chose {conflict.chosen!r}",
                                        "set the field to the chosen reading")


@reads("brikwars.specialist", "brikwars.specialty")
def structure_levels_are_distinct(catalog: Catalog) -> Iterator[Problem]:
    """One record per Structure level: the engine looks a level up by its number."""
    first: dict[float, str] = {}
    for entry in catalog.entries.get("brikwars.structure_level", {}).values():
        level = entry.record.level
        if level in first:
            yield entry.problem(("level",), "duplicate-level",
                                f"Structure level {level:g} is also '{first[level]}'",
                                "give each record its own level")
        first.setdefault(level, entry.record.id)


def specialties_are_used(catalog: Catalog) -> Iterator[Problem]:
    """Every Specialty belongs to at least one specialist (else it is a typo or orphan)."""
    used = {s for sp in catalog.all("brikwars.specialist") for s in sp.specialties}
    for entry in catalog.entries.get("brikwars.specialty", {}).values():
        if entry.record.id not in used:
            yield entry.problem(("id",), "unused-specialty",
                                f"no specialist has the specialty '{entry.record.id}'",
                                "list it under a specialist's specialties, or remove it")


def sections_are_coherent(catalog: Catalog) -> Iterator[Problem]:
    """Each book section is mapped once, and a section not fully covered says what is missing."""
    seen: dict[str, str] = {}
    for entry in catalog.entries.get("brikwars.section", {}).values():
        section = entry.record
        if section.number in seen:
            yield entry.problem(("number",), "duplicate-section",
                                f"section {section.number} is mapped twice (also by "
                                f"'{seen[section.number]}')", "keep one record per section")
        seen.setdefault(section.number, section.id)
        if section.coverage != "full" and not section.left_out:
            yield entry.problem(("left_out",), "section-gap-unexplained",
                                f"coverage is '{section.coverage}' but left_out is empty",
                                "say what the page leaves out and why")


CHECKS = (dice_expressions_parse, size_formulas_evaluate, conflicts_are_coherent,
          structure_levels_are_distinct, specialties_are_used, sections_are_coherent)
