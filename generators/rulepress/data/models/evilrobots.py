"""Evil Robots records: robot cards, the power deck, the allegiance coin rule."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .common import Fact, Model, Record, Text

Team = Literal["Good", "Evil", "Neutral"]


class Bot(Record):
    """A robot card: its ability is used once a round (or holds all round)."""

    name: Text
    kind: Literal["Permanent", "Action", "Reaction"]
    icon: Text = Field(description="Card art: an icon name from game-icons.net (npm package "
                                   "@iconify-json/game-icons), e.g. 'padlock'.")
    ability: Text = Field(description="What the card does, in our own words.")


class PowerDeck(Record):
    """The power cards: levels low..high, `copies_per_level` of each."""

    name: Text
    size: Fact[int]
    low: int = Field(ge=0)
    high: int = Field(ge=0)
    copies_per_level: Fact[int]

    @model_validator(mode="after")
    def _adds_up(self) -> "PowerDeck":
        if self.low > self.high:
            raise ValueError(f"low ({self.low}) is above high ({self.high})")
        copies, size = self.copies_per_level.value, self.size.value
        if copies is not None and size is not None:
            levels = self.high - self.low + 1
            if levels * copies != size:
                raise ValueError(f"{levels} levels x {copies} copies is {levels * copies} "
                                 f"cards, but size is {size}")
        return self

    def cards(self) -> list[int]:
        """Every card's power level, in order."""
        copies = self.copies_per_level.value or 0
        return [level for level in range(self.low, self.high + 1) for _ in range(copies)]


class CoinOutcome(Model):
    heads: int = Field(ge=0, description="How many of the flips came up heads.")
    team: Team


class AllegianceRule(Record):
    """Starting allegiance: flip a coin `flips` times; the count of heads picks the team."""

    name: Text
    flips: int = Field(ge=1, le=20)
    outcomes: list[CoinOutcome] = Field(min_length=1)

    @model_validator(mode="after")
    def _every_count_once(self) -> "AllegianceRule":
        counts = sorted(o.heads for o in self.outcomes)
        if counts != list(range(self.flips + 1)):
            raise ValueError(f"outcomes must give a team for each head count 0..{self.flips} "
                             f"exactly once; got {counts}")
        return self
