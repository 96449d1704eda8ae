"""BrikWars (2010) records: units, weapons and equipment, size formulas, specialists…

The source text lost every die picture. A die or damage value is therefore a
`Fact`: `stated` where the prose gives it, `recovered` where other prose of the
book rebuilds it, `inferred` where it follows from stated facts, else null with
a reason. Where the book contradicts itself, `conflicts` keeps every reading
and the one we chose.

Dice expressions use the engine's syntax (`1d6+1`, `S+2` with S the wielder's
Skill die, `2S`, `1d10 Exp`); `rulepress check` parses every one.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, StringConstraints, model_validator

from .common import Fact, Model, Record, Ref, Source, Text

Die = Literal["d4", "d6", "d8", "d10", "d12", "d20"]
Rules = Literal["brikwars", "quikwars"]
DiceText = Annotated[str, Field(description="A dice expression in the engine's syntax, e.g. "
                                            "'1d6+1', 'S+2' (S: the wielder's Skill die), "
                                            "'2d6', '1d10 Exp'.")]
Formula = Annotated[str, Field(
    description="Arithmetic of Size (or XSize): whole numbers, Size, + - * and brackets, "
                "e.g. 'Size*3', 'Size+2', 'Size*4+2'.")]


NullKind = Literal["lost", "not-applicable", "varies"]


class BookRecord(Record):
    """A BrikWars record: every field it explains in `unknown` also says what kind of
    blank it is, so cards and pages can tell "?" from "—" without reading the words."""

    null_kind: dict[str, NullKind] = Field(
        default_factory=dict,
        description="For each field explained in 'unknown': 'lost' (the book should give it "
                    "but lost it or left it out: shown '?'), 'not-applicable' (it does not "
                    "apply: shown '—') or 'varies' (no fixed number on purpose).")

    @model_validator(mode="after")
    def _every_blank_has_a_kind(self) -> "BookRecord":
        if set(self.null_kind) != set(self.unknown):
            missing = sorted(set(self.unknown) - set(self.null_kind))
            extra = sorted(set(self.null_kind) - set(self.unknown))
            raise ValueError("'null_kind' must give a kind for exactly the fields 'unknown' "
                             f"explains (missing: {missing}, not explained: {extra})")
        return self


class Reading(Model):
    """One of the values the book gives for the same thing."""

    value: float | int | str
    source: Source


class Conflict(Model):
    """The book gives different values for one field; we record all and pick one."""

    field: Text
    readings: list[Reading] = Field(min_length=2)
    chosen: float | int | str
    why: Text
    option: Text | None = Field(default=None, description="The option name a query uses to "
                                                          "pick the other reading.")


class Unit(BookRecord):
    """A unit's stat line: a minifig, a Hero, a Horse, a QuikWars steed, a creature."""

    name: Text
    rules: Rules = "brikwars"
    skill: Fact[Die] | None = Field(description="The Skill die (one die, never a sum).")
    move: int | None = Field(ge=0, description="Move in inches per turn.")
    armor: DiceText = Field(description="A number or a rolled expression such as '2d6'.")
    deflection: int = Field(default=0, ge=0, description="Levels of Deflection it always has.")
    hits_to_kill: int = Field(default=1, ge=1)
    size: Fact[float] | None = Field(default=None, description="Size in inches.")
    cost_cp: Fact[float] | None = None
    unit_inches: Fact[float] | None = None
    attacks_per_turn: int = Field(default=1, ge=0)
    summary: Text = Field(description="What sets it apart, in our own words.")
    conflicts: list[Conflict] = Field(default_factory=list)


class Item(BookRecord):
    """A weapon or piece of equipment with fixed stats (Chapter 3, QuikWars, Horse, …)."""

    null_means: ClassVar[dict[str, str]] = {
        "size_class": "no size class: not a weapon held by size (armour, bare hands, a horse)",
        "use": "no Use roll: armour and equipment work without one",
        "range": "no range: armour and equipment do not attack at a distance"}

    name: Text
    rules: Rules = "brikwars"
    group: Literal["minifig-weapon", "minifig-equipment", "quikwars", "horse", "jousting",
                   "bastard-gun", "wand-staff", "heroic"]
    size_class: Literal["S", "M", "L"] | None = Field(
        description="S: shorter than a minifig; M: minifig-sized; L: long, two-handed.")
    hands: Literal[1, 2] | None = None
    cost_cp: Fact[float] | None = None
    use: int | None = Field(ge=0, description="The Skill roll needed to use it.")
    range: Text | None = Field(description="'CC' (close combat), inches such as '6\"', or a "
                                           "rule such as 'touch'.")
    damage: Fact[DiceText] | None = None
    armor_bonus: DiceText | None = Field(default=None, description="Added to the wearer's "
                                                                   "Armor, e.g. '2' or '1d6'.")
    deflection: int = Field(default=0, ge=0, description="Deflection levels it gives.")
    effect: Text = Field(description="What it does, in our own words.")
    max_momentum: int | None = Field(default=None, ge=0, description="Charging weapons: most "
                                     "MOMs that add a Skill die of Damage each.")
    variety: Text | None = Field(default=None, description="A Horse variety: the word it "
                                 "puts before the Horse's name ('Steel' makes a Steel Horse; "
                                 "together they read 'Steel Flying Gun Horse', L1102).")


class ScaledWeapon(BookRecord):
    """A Chapter 8 weapon or device whose stats are formulas of its Size."""

    null_means: ClassVar[dict[str, str]] = {"use": "no Use roll", "range": "close combat or "
                                                                           "no range at all"}

    name: Text
    size_unit: Literal["Size", "XSize"] = Field(
        default="Size", description="XSize counts bricks of explosive, not inches.")
    cost_cp: Formula
    use: Formula | None
    range: Formula | None = Field(description="Inches; null for close combat or none.")
    damage: Fact[DiceText] | None = Field(
        description="Per Size: the expression for Size 1; the count of dice scales with Size.")
    damage_scales: bool = Field(default=True, description="Damage dice are multiplied by Size.")
    effect: Text


class Turret(BookRecord):
    name: Text
    size_class: Literal["S", "M"]
    cost_cp: float = Field(ge=0)
    max_weapon_inches: int = Field(ge=0)
    effect: Text


class StructureLevel(BookRecord):
    level: float = Field(ge=0, le=5)
    armor: Fact[DiceText]
    min_size: Fact[float]
    examples: Text | None = None


class Mind(BookRecord):
    """A Skill level: the Skill die and what a Mind of it costs."""

    null_means: ClassVar[dict[str, str]] = {"overskill_from": "it never earns Overskill"}

    name: Text
    die: Die
    cost_cp: float = Field(ge=0)
    overskill_from: int | None = Field(description="Natural Skill die result that earns "
                                                   "Overskill; null: never (d4).")
    summary: Text


class Specialty(BookRecord):
    name: Text
    cost_cp: Fact[float]
    unit_inches: Fact[float] | None = None
    die: Fact[Die] | None = Field(default=None, description="The Specialty die, if it uses one.")
    rule: Text = Field(description="What it lets the unit do, in our own words.")
    conflicts: list[Conflict] = Field(default_factory=list)


class Specialist(BookRecord):
    """A Chapter 11.2 specialist: a minifig with a stat block and Specialties."""

    name: Text
    skill: Fact[Die]
    move: int = Field(ge=0)
    armor: DiceText
    cost_cp: Fact[float]
    unit_inches: Fact[float] | None
    specialties: list[Annotated[str, Ref("brikwars.specialty")]] = Field(default_factory=list)
    requirement: Text | None = Field(default=None, description="What it must carry or be "
                                                               "assigned to.")
    summary: Text
    conflicts: list[Conflict] = Field(default_factory=list)


class SupernaturalDie(BookRecord):
    die: Die
    element: Text
    cost_cp: Fact[float] | None
    unit_inches: Fact[float] | None
    variants: list[Text] = Field(default_factory=list)
    effect: Text


class Modifier(BookRecord):
    """A named Skill (or Damage) modifier from the book's tables, for the attack op."""

    null_means: ClassVar[dict[str, str]] = {"value": "it is rolled: `dice` gives it"}

    name: Text
    value: int | None = Field(description="Added to the roll; null when it is rolled (dice).")
    dice: DiceText | None = Field(default=None, description="A rolled modifier, e.g. '1d4' "
                                                            "(subtracted when sign is -1).")
    sign: Literal[-1, 1] = 1
    applies_to: Literal["skill", "skill-and-damage", "parry", "range"]
    effect: Text


class Propulsion(BookRecord):
    """A way a Creation (or a QuikWars vehicle) moves, and what it costs or gives."""

    name: Text
    rules: Rules = "brikwars"
    moves_on: Text = Field(description="The terrain or medium it works in.")
    cost: Text | None = Field(description="The price rule, e.g. '1CP per 2\" of Move'.")
    move_per_unit: int | None = Field(default=None, ge=0,
                                      description="QuikWars: inches of Move per unit.")
    effect: Text


class CreationRule(BookRecord):
    """One number of the creation designer (Ch. 7-10, 11.1): a cost or stat formula over
    named quantities (Size, SL, Move, Mind, Inches, CS), read by the `creation` op."""

    name: Text
    formula: Annotated[str, Field(description="Arithmetic of whole numbers, names, + - * / "
                                              "and brackets, e.g. 'Move/2*(2+SL)'.")]
    unit: Literal["CP", "Ű", "inches", "factor"]
    names: list[Text] = Field(default_factory=list, description="The names the formula uses.")
    rule: Text = Field(description="What the number prices or gives, in our own words.")


class Cliche(BookRecord):
    """An example Action-Hero Cliché: the role a Hero plays, which limits the Feats it may try."""

    name: Text
    accent: Text = Field(description="The accent the book pairs with the role.")
    example_feats: list[Text] = Field(min_length=1, description="Feats that fit the role.")


Anchor = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$"),
                   Field(description="The explicit anchor ({#...}) of the heading that covers it.")]


class LeftOut(Model):
    """Something a section states that the site does not carry, and why."""

    what: Text
    why: Text


class Section(BookRecord):
    """One numbered section of the rulebook (or a chapter without numbered sections),
    with the seed lines it spans (`source`) and the site heading that covers it."""

    number: Annotated[str, StringConstraints(pattern=r"^[A-Z0-9]+(\.[0-9]+)?$")] = Field(
        description="The book's number: 'Q.1', '4.3', 'H.2'; a chapter without numbered "
                    "sections by its own: '2', 'MOC', 'D'.")
    title: Text
    chapter: Text = Field(description="The chapter it belongs to, e.g. 'Chapter Five: Combat'.")
    page: Annotated[str, StringConstraints(pattern=r"^brikwars/[a-z0-9-]+\.md$")] = Field(
        description="The content page that covers it, e.g. 'brikwars/combat.md'.")
    anchor: Anchor
    coverage: Literal["full", "partial", "omitted"] = Field(
        description="full: every rule, number, exception and option is on the page; partial: "
                    "some are left out (say which in left_out); omitted: not on the site.")
    left_out: list[LeftOut] = Field(default_factory=list, description="What the page leaves "
                                    "out on purpose (jokes and asides need no entry).")


class CellNote(Model):
    """Why one cell of a rule table is empty, or how a cell lost from the text was rebuilt."""

    row: int = Field(ge=0, description="Row number, counting from 0.")
    column: int = Field(ge=0, description="Column number, counting from 0.")
    note: Text = Field(description="For a null cell, why it is unknown; otherwise how the "
                                   "value was recovered from the book's own prose.")
    source: Source | None = Field(default=None, description="The lines the value comes from.")


class RuleTable(BookRecord):
    """A table of the book (costs, effects, results) shown on the rule-tables page and
    referred to from the rules heading that uses it. Cells are plain text, in our words; a
    cell the text lost is null and explained in `cell_notes`, and a cell rebuilt from other
    prose is listed there too."""

    title: Text
    page: Annotated[str, StringConstraints(pattern=r"^brikwars/[a-z0-9-]+\.md$")] = Field(
        description="The rules page that uses it, e.g. 'brikwars/creatures.md'.")
    anchor: Anchor
    columns: list[Text] = Field(min_length=1)
    rows: list[list[Text | None]] = Field(min_length=1)
    cell_notes: list[CellNote] = Field(default_factory=list)
    note: Text | None = Field(default=None, description="What the table leaves out or how it "
                                                        "is read.")

    @model_validator(mode="after")
    def _cells_fit(self) -> "RuleTable":
        width = len(self.columns)
        for number, row in enumerate(self.rows):
            if len(row) != width:
                raise ValueError(f"row {number} has {len(row)} cells; the table has {width} "
                                 f"columns")
        noted = {(n.row, n.column) for n in self.cell_notes}
        for n in self.cell_notes:
            if n.row >= len(self.rows) or n.column >= width:
                raise ValueError(f"cell_notes names row {n.row}, column {n.column}, which "
                                 f"is not in the table")
        for number, row in enumerate(self.rows):
            for column, cell in enumerate(row):
                if cell is None and (number, column) not in noted:
                    raise ValueError(f"row {number}, column {column} is null: say why in "
                                     f"cell_notes")
        return self

