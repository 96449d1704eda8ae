"""The game data the engine reads, as typed records (standard library TypedDicts).

`answer(request, data)` gets the YAML data exported as plain JSON-able dicts
(`Catalog.engine_data()` in rulepress.data; the browser gets the same JSON). These
records say what that export holds, record by record; every op and engine function that
reads data takes its game's record (BrikWarsData, ButtonMenData, EvilRobotsData, or one
record type), so mypy checks each read against them (a section named only at run time is
read through `records_in`). tests/engine/test_records.py holds the real export to them, key
by key, both ways.
The export leaves out a field whose value is null, so such fields are NotRequired: a
`Fact` whose value the sources do not give has a `reason` and no `value`.

Read facts through `fact_value`, and the one-record sections through the accessors
at the end, rather than `data["round_rules"][0]["max_players"]["value"]`.
"""

from __future__ import annotations

from typing import Any, Generic, NotRequired, TypedDict, TypeVar, cast

T = TypeVar("T")


class Source(TypedDict):
    seed: str  # a file listed in data/sources.yaml
    lines: NotRequired[str]  # e.g. "381-391, 402"
    section: NotRequired[str]


class Fact(TypedDict, Generic[T]):
    """A value with where it came from; no `value` (and a `reason`) when not given."""
    value: NotRequired[T]
    obtained: NotRequired[str]  # stated, recovered or inferred
    source: NotRequired[Source]
    note: NotRequired[str]
    reason: NotRequired[str]


def fact_value(fact: Fact[T] | None) -> T | None:
    """The value of a Fact, None when the sources do not give it."""
    return None if fact is None else fact.get("value")


def given(fact: Fact[T] | None, what: str) -> T:
    """The value of a Fact that `rulepress check` requires to be given."""
    value = fact_value(fact)
    if value is None:
        raise ValueError(f"the data gives no {what}")
    return value


class Conflict(TypedDict):
    field: str
    readings: list[dict[str, Any]]
    chosen: int
    why: str
    option: NotRequired[str]


# --- BrikWars ------------------------------------------------------------------------------

class Unit(TypedDict):
    id: str
    source: Source
    name: str
    rules: str  # brikwars or quikwars
    skill: NotRequired[Fact[str]]  # a die such as "d6"
    move: NotRequired[int]  # absent when it is rolled (a Diemon's), with the reason in unknown
    armor: str  # a dice expression or a number, as text
    deflection: int
    hits_to_kill: int
    size: NotRequired[Fact[float]]
    cost_cp: NotRequired[Fact[float]]
    unit_inches: NotRequired[Fact[float]]
    attacks_per_turn: int
    summary: str
    conflicts: list[Conflict]
    unknown: NotRequired[dict[str, str]]  # field -> why the book does not give it


class Item(TypedDict):
    id: str
    source: Source
    name: str
    rules: str
    group: str
    size_class: NotRequired[str]
    hands: NotRequired[int]
    cost_cp: NotRequired[Fact[float]]
    use: NotRequired[int]
    range: NotRequired[str]
    damage: NotRequired[Fact[str]]  # a dice expression
    deflection: int
    effect: str
    unknown: NotRequired[dict[str, str]]
    armor_bonus: NotRequired[str]
    max_momentum: NotRequired[int]
    variety: NotRequired[str]  # which of a kind's varieties (a Steel, Flying or Gun Horse)


class ScaledWeapon(TypedDict):
    id: str
    source: Source
    name: str
    size_unit: str
    cost_cp: str  # a formula of Size
    use: NotRequired[str]
    damage: NotRequired[Fact[str]]
    damage_scales: bool
    effect: str
    unknown: NotRequired[dict[str, str]]
    range: NotRequired[str]


class StructureLevel(TypedDict):
    id: str
    source: Source
    level: float
    armor: Fact[str]
    min_size: Fact[float]
    examples: NotRequired[str]
    unknown: NotRequired[dict[str, str]]  # e.g. the examples a cut table row lost


class Mind(TypedDict):
    id: str
    source: Source
    name: str
    die: str
    cost_cp: float
    summary: str
    overskill_from: NotRequired[int]


class Specialist(TypedDict):
    id: str
    source: Source
    name: str
    skill: Fact[str]
    move: int
    armor: str
    cost_cp: Fact[float]
    unit_inches: NotRequired[Fact[float]]
    specialties: list[str]
    summary: str
    conflicts: list[Conflict]
    unknown: NotRequired[dict[str, str]]
    requirement: NotRequired[str]


class Modifier(TypedDict):
    id: str
    source: Source
    name: str
    value: NotRequired[int]
    sign: int
    applies_to: str
    effect: str
    dice: NotRequired[str]


class Turret(TypedDict):
    id: str
    source: Source
    name: str
    size_class: str
    cost_cp: float
    max_weapon_inches: int
    effect: str


class Specialty(TypedDict):  # exported trimmed to what the army op prices
    id: str
    source: Source
    name: str
    cost_cp: Fact[float]
    conflicts: list[Conflict]
    die: NotRequired[Fact[str]]
    unit_inches: NotRequired[Fact[float]]


class SupernaturalDie(TypedDict):
    id: str
    source: Source
    die: str
    element: str
    cost_cp: NotRequired[Fact[float]]
    unit_inches: NotRequired[Fact[float]]
    variants: list[str]
    effect: str
    unknown: NotRequired[dict[str, str]]


class Propulsion(TypedDict):
    id: str
    source: Source
    name: str
    rules: str
    moves_on: str
    cost: NotRequired[str]
    effect: str
    move_per_unit: NotRequired[int]
    unknown: NotRequired[dict[str, str]]


class Cliche(TypedDict):  # exported trimmed: the army op checks names only
    id: str
    source: Source
    name: str


class CreationRule(TypedDict):
    id: str
    source: Source
    name: str
    formula: str  # in the named quantities below (formula.py)
    unit: str
    names: list[str]
    rule: str


class BrikWarsData(TypedDict):
    units: list[Unit]
    items: list[Item]
    scaled_weapons: list[ScaledWeapon]
    structure_levels: list[StructureLevel]
    minds: list[Mind]
    specialists: list[Specialist]
    modifiers: list[Modifier]
    turrets: list[Turret]
    specialties: list[Specialty]
    supernatural_dice: list[SupernaturalDie]
    propulsion: list[Propulsion]
    cliches: list[Cliche]
    creation_rules: list[CreationRule]


# --- Button Men ----------------------------------------------------------------------------

class Skill(TypedDict):
    id: str
    source: Source
    name: str
    category: str
    described: bool
    letter: NotRequired[str]
    bmo_notation: str
    button_notation: NotRequired[str]
    summary: NotRequired[str]
    rules: list[str]  # what the skill changes is declared by engine/buttonmen/skills.py
    bmo_difference: NotRequired[str]
    example: NotRequired[str]
    unknown: NotRequired[dict[str, str]]


class SwingLetter(TypedDict):
    id: str  # the letter
    source: Source
    low: int
    high: int


class Rejection(TypedDict):
    code: str
    column: int
    message: str


class Button(TypedDict):
    id: str
    name: str
    set: NotRequired[str]
    recipe: str
    rejected: NotRequired[Rejection]


class BaseDie(TypedDict):
    sides: int
    printed_skill: NotRequired[Fact[str]]


class RecipeRule(TypedDict):
    id: str
    source: Source
    button: str
    base_dice: list[BaseDie]
    option_size: int
    option_triggers: list[str]
    skill_trigger: str
    max_options: int
    max_skills: int
    summary: str  # for a card: what the rule does and where to read it
    rules: list[str]


class MoreFun(TypedDict):
    id: str
    source: Source
    roll_low: int
    roll_high: int
    title: str
    effect: str
    base_dice_only: bool
    options: int
    skills: int
    either: int


class ButtonMenData(TypedDict):
    skills: list[Skill]
    swing_letters: list[SwingLetter]
    buttons: list[Button]
    recipe_rules: list[RecipeRule]
    more_fun: list[MoreFun]


# --- Evil Robots ---------------------------------------------------------------------------

class BotScoring(TypedDict):
    effect: str
    points: NotRequired[int]
    team: NotRequired[str]
    note: NotRequired[str]


class Bot(TypedDict):
    id: str
    source: Source
    name: str
    kind: str
    icon: str
    ability: str
    scoring: BotScoring
    rules: list[str]


class PowerDeck(TypedDict):
    id: str
    source: Source
    name: str
    size: Fact[int]
    low: int
    high: int
    copies_per_level: Fact[int]


class AllegianceOutcome(TypedDict):
    heads: int
    team: str


class AllegianceRule(TypedDict):
    id: str
    source: Source
    name: str
    flips: int
    outcomes: list[AllegianceOutcome]


class RoundRules(TypedDict):
    id: str
    source: Source
    name: str
    min_players: Fact[int]
    max_players: Fact[int]
    win_points: Fact[int]
    tie_team: str
    fallback_points: Fact[int]
    extra_robot_power: Fact[int]
    extra_robot_team: str
    debate_minutes: NotRequired[Fact[int]]


class Action(TypedDict):
    id: str
    source: Source
    name: str
    when: str
    summary: str
    reveals: list[str]
    robots: list[str]  # bot ids the action is for; empty: every player
    replaces: NotRequired[str]  # the action it stands in for, for those robots


class EvilRobotsData(TypedDict):
    bots: list[Bot]
    power_decks: list[PowerDeck]
    allegiance_rules: list[AllegianceRule]
    round_rules: list[RoundRules]
    actions: list[Action]


class EngineData(TypedDict):
    """Everything `answer` is given: one entry per game that has data."""
    brikwars: BrikWarsData
    buttonmen: ButtonMenData
    evilrobots: EvilRobotsData


# --- accessors -----------------------------------------------------------------------------
# Every op is handed its game's data typed as that game's record (BrikWarsData, …); these
# read what a type cannot name ahead, and the one-record sections.

def records_in(data: BrikWarsData | ButtonMenData | EvilRobotsData,
            name: str) -> list[dict[str, Any]]:
    """The records of a section named at run time (a lookup across kinds): plain dicts."""
    return cast(dict[str, list[dict[str, Any]]], data).get(name, [])


def evilrobots(data: EvilRobotsData | dict[str, Any]) -> EvilRobotsData:
    return cast(EvilRobotsData, data)


def round_rules(data: EvilRobotsData | dict[str, Any]) -> RoundRules:
    """The Evil Robots round rules (the data holds one rule set)."""
    return evilrobots(data)["round_rules"][0]


def player_limits(data: EvilRobotsData | dict[str, Any]) -> tuple[int, int]:
    """(fewest, most) players of an Evil Robots round; `rulepress check` requires both."""
    rules = round_rules(data)
    low, high = fact_value(rules["min_players"]), fact_value(rules["max_players"])
    if low is None or high is None:
        raise ValueError("the round rules give no player limits")
    return low, high


def power_deck(data: EvilRobotsData | dict[str, Any]) -> PowerDeck:
    """The Evil Robots power deck (the data holds one)."""
    return evilrobots(data)["power_decks"][0]
