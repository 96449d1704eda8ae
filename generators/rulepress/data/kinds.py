"""The registry of every kind of game data: one line per kind.

To add a kind: write its model in `models/<game>.py`, add a `Kind` here, and
(if it needs more than field and reference checks) a check in `checks/<game>.py`.
Schemas, loading, validation, the catalog, the engine export and the list of kinds on
the data reference page (content/reference/data.md) follow.
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
    about: str  # what its records are, for the list of kinds on the data reference page
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


ALIAS_TEXT = ("words players type for a rule or a page that its own text does not use (\"fire "
              "by hand\" for Manual Fire, \"medic\" for the Medik, \"tie\" for equal totals), "
              "with the page (a rules page and its heading, or a page the build writes), its "
              "seed lines and `why` (where the words come from); a heading that does not "
              "exist and a word given to two rules of a game are refused; search weighs the "
              "words as the page's title")

KINDS: tuple[Kind, ...] = (
    Kind("source", "sources.yaml", "sources", SourceFile,
         "the source documents and their line counts"),
    Kind("brikwars.unit", "brikwars/units.yaml", "units", bw.Unit,
         "unit stat lines: minifigs, Heroes, Horses, QuikWars steeds, creatures", engine=True),
    Kind("brikwars.item", "brikwars/items.yaml", "items", bw.Item,
         "weapons and equipment with fixed stats", engine=True),
    Kind("brikwars.scaled_weapon", "brikwars/scaled_weapons.yaml", "scaled_weapons",
         bw.ScaledWeapon,
         "Chapter 8 weapons and devices whose stats are formulas of their Size", engine=True),
    Kind("brikwars.turret", "brikwars/turrets.yaml", "turrets", bw.Turret,
         "turrets: the weapons each mounts and what it costs", engine=True),
    Kind("brikwars.structure_level", "brikwars/structure_levels.yaml", "structure_levels",
         bw.StructureLevel,
         "Structure Levels: the Armor and least Size of each, with examples", engine=True),
    Kind("brikwars.mind", "brikwars/minds.yaml", "minds", bw.Mind,
         "Skill levels: the Skill die and what a Mind of it costs", engine=True),
    Kind("brikwars.specialty", "brikwars/specialties.yaml", "specialties", bw.Specialty,
         "Specialties: what each lets a unit do, its cost and die",
         engine=True, engine_fields=("id", "name", "cost_cp", "unit_inches", "die",
                                     "conflicts", "source")),
    Kind("brikwars.specialist", "brikwars/specialists.yaml", "specialists", bw.Specialist,
         "Chapter 11.2 specialists: stat blocks and Specialties",
         engine=True),
    Kind("brikwars.supernatural_die", "brikwars/supernatural_dice.yaml", "supernatural_dice",
         bw.SupernaturalDie,
         "SuperNatural dice: the element of each, its cost and effect", engine=True),
    Kind("brikwars.modifier", "brikwars/modifiers.yaml", "modifiers", bw.Modifier,
         "named Skill and Damage modifiers from the book's tables",
         engine=True),
    Kind("brikwars.propulsion", "brikwars/propulsion.yaml", "propulsion", bw.Propulsion,
         "how a Creation or a QuikWars vehicle moves, and what that costs or gives",
         engine=True),
    Kind("brikwars.cliche", "brikwars/cliches.yaml", "cliches", bw.Cliche,
         "example Action-Hero Clichés, which limit the Feats a Hero may try", engine=True,
         engine_fields=("id", "name", "source")),
    Kind("brikwars.creation_rule", "brikwars/creation_rules.yaml", "creation_rules",
         bw.CreationRule,
         "the creation designer's numbers: cost and stat formulas", engine=True),
    Kind("brikwars.section", "brikwars/sections*.yaml", "sections", bw.Section,
         "the book's sections: seed lines, the page and heading that cover each, what is "
         "left out and why"),
    Kind("brikwars.rule_table", "brikwars/rule_tables.yaml", "rule_tables", bw.RuleTable,
         "the book's tables of results, effects and costs; a lost cell is null and "
         "`cell_notes` says why, a rebuilt cell gives its lines"),
    # the words players type for a rule, one file per game (models/common.py: SearchAlias)
    Kind("brikwars.search_alias", "brikwars/search_aliases.yaml", "search_aliases",
         SearchAlias, ALIAS_TEXT),
    Kind("buttonmen.skill", "buttonmen/skills.yaml", "skills", bm.Skill,
         "die skills and die types", engine=True),
    Kind("buttonmen.swing_letter", "buttonmen/swing_letters.yaml", "swing_letters",
         bm.SwingLetter,
         "swing letters and their size ranges", engine=True),
    # The engine parses recipes itself: the browser downloads 875 buttons, so send little.
    Kind("buttonmen.button", "buttonmen/buttons*.yaml", "buttons", bm.Button,
         "buttons and their recipes", engine=True,
         engine_fields=("id", "name", "set", "recipe", "rejected")),
    Kind("buttonmen.recipe_rule", "buttonmen/recipe_rules.yaml", "recipe_rules",
         bm.RecipeRule,
         "recipes rebuilt from the opponent (Friend Computer)", engine=True),
    Kind("buttonmen.skill_interaction", "buttonmen/skill_interactions.yaml",
         "skill_interactions", bm.SkillInteraction,
         "how two skills combine (Button Men Online's notes, our words)"),
    Kind("buttonmen.more_fun", "buttonmen/more_fun.yaml", "more_fun", bm.MoreFunRow,
         "Friend Computer's d20 table",
         engine=True),
    Kind("buttonmen.search_alias", "buttonmen/search_aliases.yaml", "search_aliases",
         SearchAlias, ALIAS_TEXT),
    Kind("evilrobots.bot", "evilrobots/bots.yaml", "bots", er.Bot,
         "the 18 robot cards", engine=True),
    Kind("evilrobots.power_deck", "evilrobots/power_deck.yaml", "power_decks", er.PowerDeck,
         "the power cards",
         engine=True, count="one"),
    Kind("evilrobots.allegiance_rule", "evilrobots/allegiance.yaml", "allegiance_rules",
         er.AllegianceRule,
         "the coin rule for starting teams", engine=True),
    Kind("evilrobots.round_rule", "evilrobots/round.yaml", "round_rules", er.RoundRules,
         "the numbers of a round and a game: player counts, points, the extra robot",
         engine=True, count="one"),
    Kind("evilrobots.action", "evilrobots/actions.yaml", "actions", er.TurnAction,
         "what a player may do on a turn, and what it makes them show", engine=True),
    Kind("evilrobots.search_alias", "evilrobots/search_aliases.yaml", "search_aliases",
         SearchAlias, ALIAS_TEXT),
)

KINDS_BY_KEY = {k.key: k for k in KINDS}
