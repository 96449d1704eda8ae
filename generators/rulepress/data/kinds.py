"""The registry of every kind of game data: one line per kind.

To add a kind: write its model in `models/<game>.py`, add a `Kind` here, and
(if it needs more than field and reference checks) a check in `checks.py`.
Schemas, loading, validation, the catalog and the engine export follow.
"""

from __future__ import annotations

from dataclasses import dataclass

from .models import brikwars as bw
from .models import buttonmen as bm
from .models import evilrobots as er
from .models.common import Record, SearchAlias, SourceFile


@dataclass(frozen=True)
class Kind:
    key: str  # "<game>.<kind>", or a plain name for shared kinds
    files: str  # glob under data/, e.g. "buttonmen/skills.yaml"
    section: str  # the file's top-level key that holds the list of records
    model: type[Record] | type[SourceFile]
    engine: bool = False  # exported to the rules engine (CLI queries and the browser)
    engine_fields: tuple[str, ...] = ()  # only these fields go to the engine (default: all)
    # How many records the build and the engine need: "some" (at least one) or "one"
    # (exactly one: the engine reads the first, so a second would be silently ignored).
    count: str = "some"

    @property
    def game(self) -> str | None:
        return self.key.split(".")[0] if "." in self.key else None

    @property
    def schema_name(self) -> str:
        return f"{self.key}.schema.json"


KINDS: tuple[Kind, ...] = (
    Kind("source", "sources.yaml", "sources", SourceFile),
    Kind("brikwars.unit", "brikwars/units.yaml", "units", bw.Unit, engine=True),
    Kind("brikwars.item", "brikwars/items.yaml", "items", bw.Item, engine=True),
    Kind("brikwars.scaled_weapon", "brikwars/scaled_weapons.yaml", "scaled_weapons",
         bw.ScaledWeapon, engine=True),
    Kind("brikwars.turret", "brikwars/turrets.yaml", "turrets", bw.Turret, engine=True),
    Kind("brikwars.structure_level", "brikwars/structure_levels.yaml", "structure_levels",
         bw.StructureLevel, engine=True),
    Kind("brikwars.mind", "brikwars/minds.yaml", "minds", bw.Mind, engine=True),
    Kind("brikwars.specialty", "brikwars/specialties.yaml", "specialties", bw.Specialty,
         engine=True, engine_fields=("id", "name", "cost_cp", "unit_inches", "die",
                                     "conflicts", "source")),
    Kind("brikwars.specialist", "brikwars/specialists.yaml", "specialists", bw.Specialist,
         engine=True),
    Kind("brikwars.supernatural_die", "brikwars/supernatural_dice.yaml", "supernatural_dice",
         bw.SupernaturalDie, engine=True),
    Kind("brikwars.modifier", "brikwars/modifiers.yaml", "modifiers", bw.Modifier,
         engine=True),
    Kind("brikwars.propulsion", "brikwars/propulsion.yaml", "propulsion", bw.Propulsion,
         engine=True),
    Kind("brikwars.cliche", "brikwars/cliches.yaml", "cliches", bw.Cliche, engine=True,
         engine_fields=("id", "name", "source")),
    Kind("brikwars.creation_rule", "brikwars/creation_rules.yaml", "creation_rules",
         bw.CreationRule, engine=True),
    Kind("brikwars.section", "brikwars/sections*.yaml", "sections", bw.Section),
    Kind("brikwars.rule_table", "brikwars/rule_tables.yaml", "rule_tables", bw.RuleTable),
    # the words players type for a rule, one file per game (models/common.py: SearchAlias)
    Kind("brikwars.search_alias", "brikwars/search_aliases.yaml", "search_aliases",
         SearchAlias),
    Kind("buttonmen.skill", "buttonmen/skills.yaml", "skills", bm.Skill, engine=True),
    Kind("buttonmen.swing_letter", "buttonmen/swing_letters.yaml", "swing_letters",
         bm.SwingLetter, engine=True),
    # The engine parses recipes itself: the browser downloads 875 buttons, so send little.
    Kind("buttonmen.button", "buttonmen/buttons*.yaml", "buttons", bm.Button, engine=True,
         engine_fields=("id", "name", "set", "recipe", "rejected")),
    Kind("buttonmen.recipe_rule", "buttonmen/recipe_rules.yaml", "recipe_rules",
         bm.RecipeRule, engine=True),
    Kind("buttonmen.skill_interaction", "buttonmen/skill_interactions.yaml",
         "skill_interactions", bm.SkillInteraction),
    Kind("buttonmen.more_fun", "buttonmen/more_fun.yaml", "more_fun", bm.MoreFunRow,
         engine=True),
    Kind("buttonmen.search_alias", "buttonmen/search_aliases.yaml", "search_aliases",
         SearchAlias),
    Kind("evilrobots.bot", "evilrobots/bots.yaml", "bots", er.Bot, engine=True),
    Kind("evilrobots.power_deck", "evilrobots/power_deck.yaml", "power_decks", er.PowerDeck,
         engine=True, count="one"),
    Kind("evilrobots.allegiance_rule", "evilrobots/allegiance.yaml", "allegiance_rules",
         er.AllegianceRule, engine=True),
    Kind("evilrobots.round_rule", "evilrobots/round.yaml", "round_rules", er.RoundRules,
         engine=True, count="one"),
    Kind("evilrobots.action", "evilrobots/actions.yaml", "actions", er.TurnAction, engine=True),
    Kind("evilrobots.search_alias", "evilrobots/search_aliases.yaml", "search_aliases",
         SearchAlias),
)

KINDS_BY_KEY = {k.key: k for k in KINDS}
GAMES = ("buttonmen", "evilrobots", "brikwars")
