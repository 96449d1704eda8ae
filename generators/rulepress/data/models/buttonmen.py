"""Button Men records: die skills, swing letters, buttons, Friend Computer's rules."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, computed_field, model_validator

from ...engine.buttonmen.recipe import RecipeError, parse_recipe

from .common import Fact, Model, Record, Ref, Source, Text, check_range

SkillRef = Annotated[str, Ref("buttonmen.skill")]
Letter = Annotated[str, StringConstraints(min_length=1, max_length=1)]


class Skill(Record):
    """A die skill (a letter on a die), a die type (option, twin, swing, plasma, select) or
    a button skill (a rule of a whole button, as Button Men Online names them).

    What a skill changes in play (attacks, initiative, scoring) is not data here: the
    engine declares it once (rulepress.engine.buttonmen.skills) and the pages print it."""

    name: Text
    category: Literal["skill", "die-type", "button-skill"]
    described: bool = Field(
        default=True, description="False for skills the seeds do not describe: Button Men "
                                  "Online knows the letter, but we have no rules text for it.")
    letter: Letter | None = Field(
        default=None, description="The mark written on a die in a recipe, e.g. 's' for Shadow. "
                                  "Only skills have one; die types are shown by their shape.")
    bmo_notation: Text = Field(description="How Button Men Online writes it, e.g. 's', 'a/b'.")
    button_notation: Text | None = Field(
        description="How the printed buttons draw it, in our words; null when the seed leaves "
                    "it blank.")
    summary: Text | None = Field(description="One sentence, in our own words.")
    rules: list[Text] = Field(default_factory=list,
                              description="Short exact statements, our words.")
    example: Text | None = None
    bmo_difference: Text | None = Field(
        default=None, description="Where Button Men Online behaves differently from the seed.")

    @model_validator(mode="after")
    def _letter_only_for_skills(self) -> "Skill":
        if self.category == "skill" and self.letter is None:
            raise ValueError("a skill needs its recipe 'letter'")
        if self.described and (not self.summary or not self.rules):
            raise ValueError("a described skill needs a 'summary' and at least one rule")
        if not self.described and (self.rules or "summary" not in self.unknown):
            raise ValueError("a skill the sources do not describe has no 'rules', and "
                             "'unknown' says why its 'summary' is null")
        return self


class SwingLetter(Record):
    """A swing letter and the die sizes it allows (both ends included)."""

    id: Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]
    low: int = Field(ge=1, le=1000)
    high: int = Field(ge=1, le=1000)

    @model_validator(mode="after")
    def _ordered(self) -> "SwingLetter":
        check_range("low", self.low, "high", self.high)
        return self


class Rejection(Model):
    """Why a recipe cannot be played by our engine; checked against the parser on every load."""

    code: Literal["syntax", "empty-recipe", "unknown-skill", "unknown-swing"]
    column: int = Field(ge=1, description="Where the fault is in the recipe, 1-based.")
    message: Text


class Button(Record):
    """A button (character) and its recipe."""

    name: Text
    set: Text | None
    recipe: str = Field(description="Recipe in Button Men Online notation, e.g. '(4) (8) (X)'.")
    designer: Text | None = None
    tournament_legal: bool | None = None
    special_rules: Annotated[str, Ref("buttonmen.recipe_rule")] | None = Field(
        default=None, description="Id of the rules that reshape this button's recipe.")
    also_in: list[Source] = Field(
        default_factory=list, description="Other sources that list the same button.")
    rejected: Rejection | None = Field(
        default=None, description="Set when the recipe does not parse or uses letters no "
                                  "skill record has; the data check keeps it truthful.")
    zero_sided: Text | None = Field(
        default=None, description="Why the recipe has 0-sided dice (which always show 0): "
                                  "required exactly when it has one, so a mistyped size is "
                                  "not taken for a real 0.")

    @computed_field  # type: ignore[prop-decorator]  # exported: engine and site share one parse
    @property
    def dice(self) -> list[dict] | None:
        """The parsed dice (kind, size or swing letter, skills); null for a rejected recipe."""
        if self.rejected is not None:
            return None
        try:
            return [d.to_json() for d in parse_recipe(self.recipe)]
        except RecipeError:
            return None


class BaseDie(Model):
    """One of Friend Computer's five Troubleshooters."""

    sides: int = Field(ge=1)
    printed_skill: Fact[SkillRef]


class RecipeRule(Record):
    """How a button rebuilds its recipe from the opponent's button (Friend Computer)."""

    button: Annotated[str, Ref("buttonmen.button")]
    base_dice: list[BaseDie] = Field(min_length=1)
    option_size: int = Field(ge=1, description="Size added as the second option: '_/20'.")
    option_triggers: list[Literal["swing", "option", "twin"]] = Field(
        description="Each opposing die of these kinds lets one die become an option die.")
    skill_trigger: Literal["any-skill"] = Field(
        description="Which opposing dice let a Troubleshooter gain its printed skill: "
                    "'any-skill' means every opposing die that has a skill.")
    max_options: int = Field(ge=0)
    max_skills: int = Field(ge=0)
    summary: Text = Field(description="One or two sentences for a card: what the rule does "
                                      "and where to read it in full.")
    rules: list[Text] = Field(min_length=1)


class MoreFunRow(Record):
    """One row of Friend Computer's d20 "More Fun" table."""

    roll_low: int = Field(ge=1, le=20)
    roll_high: int = Field(ge=1, le=20)
    title: Text
    effect: Text = Field(description="What happens, in our own words.")
    base_dice_only: bool = False
    options: int = Field(default=0, ge=0, description="Dice that must become '_/20' option dice.")
    skills: int = Field(default=0, ge=0, description="Dice that must gain their printed skill.")
    either: int = Field(default=0, ge=0, description="Dice that become an option die or gain "
                                                      "their skill, the player's choice.")

    @model_validator(mode="after")
    def _ordered(self) -> "MoreFunRow":
        check_range("roll_low", self.roll_low, "roll_high", self.roll_high)
        return self


class SkillInteraction(Record):
    """What happens when two skills meet (on one die, or attacker and target), from
    Button Men Online's notes on its skills; the note is in our own words."""

    skills: list[SkillRef] = Field(min_length=2, max_length=2,
                                   description="The two skill ids, in alphabetical order.")
    note: Text = Field(description="The interaction, in our own words.")

    @model_validator(mode="after")
    def _one_record_per_pair(self) -> "SkillInteraction":
        a, b = self.skills
        if not a < b:
            raise ValueError(f"list the two skills once each, in alphabetical order: "
                             f"[{min(a, b)}, {max(a, b)}]")
        if self.id != f"{a}-{b}":
            raise ValueError(f"the id of a pair is its two skill ids joined by '-': '{a}-{b}'")
        return self


__all__ = ["Skill", "SwingLetter", "Rejection", "Button", "RecipeRule", "MoreFunRow",
           "SkillInteraction", "Source"]
