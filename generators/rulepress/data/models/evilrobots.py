"""Evil Robots records: robot cards, the power deck, the allegiance coin rule, the round
rules (player counts, points, the optional extra robot) and the turn actions."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from .common import Fact, Model, Record, Ref, Text, check_range

Team = Literal["Good", "Evil", "Neutral"]
Revealed = Literal["power", "robot", "allegiance"]
RulesAnchor = Annotated[str, StringConstraints(pattern=r"^[a-z0-9-]+#[a-z0-9-]+$"), Field(
    description="A section of the Evil Robots rules pages: '<page>#<anchor>', e.g. "
                "'conversions#success' for content/evilrobots/conversions.md.")]

# What a bot does to the end-of-round score; the engine's score_round reads this.
ScoringEffect = Literal[
    "none",               # changes nothing at scoring time (acts during the round)
    "power_bonus",        # counts `points` more power (PlusBot)
    "negate_target",      # its target's power counts negative (NegativeBot)
    "swap_with_points",   # may swap its power card with the points card (SwapBot)
    "bonus_if_team_wins",  # gains `points` when `team` wins, whatever its own team (BadBot)
    "bonus_if_losing",    # gains `points` when on a losing team that is not Neutral (MiseryBot)
    "bonus_if_hidden",    # gains `points` when it revealed nothing but its power (ScaredyBot)
    "bet",                # bets on the winner: +`points` if right, -`points` if wrong (BetBot)
]


class BotScoring(Model):
    """How a robot card changes the end of the round, or why it does not."""

    effect: ScoringEffect
    points: int | None = Field(default=None, ge=0, le=1000,
                               description="Points or power the effect adds.")
    team: Team | None = Field(default=None, description="The team the effect watches.")
    note: Text = Field(description="What the effect means for scoring, in our words; for "
                                   "'none', why the card leaves scoring alone.")

    @model_validator(mode="after")
    def _parameters_fit(self) -> "BotScoring":
        needs_points = self.effect not in ("none", "negate_target", "swap_with_points")
        if needs_points != (self.points is not None):
            raise ValueError(f"effect '{self.effect}' " + ("needs" if needs_points else
                             "takes no") + " 'points'")
        if (self.effect == "bonus_if_team_wins") != (self.team is not None):
            raise ValueError("'team' belongs to effect 'bonus_if_team_wins' only")
        return self


class Bot(Record):
    """A robot card: its ability is used once a round (or holds all round)."""

    name: Text
    kind: Literal["Permanent", "Action", "Reaction"]
    icon: Text = Field(description="Card art: an icon name from game-icons.net (npm package "
                                   "@iconify-json/game-icons), e.g. 'padlock'.")
    ability: Text = Field(description="What the card does, in our own words.")
    scoring: BotScoring
    rules: list[RulesAnchor] = Field(min_length=1, description="The rules sections this card "
                                     "touches; its generated page links them.")


class PowerDeck(Record):
    """The power cards: levels low..high, `copies_per_level` of each."""

    name: Text
    size: Fact[int]
    low: int = Field(ge=0)
    high: int = Field(ge=0)
    copies_per_level: Fact[int]

    @model_validator(mode="after")
    def _adds_up(self) -> "PowerDeck":
        check_range("low", self.low, "high", self.high)
        copies, size = self.copies_per_level.value, self.size.value
        for name, value in (("size", size), ("copies_per_level", copies)):
            if value is None or not 1 <= value <= 1000:  # the engine deals these cards
                raise ValueError(f"'{name}' must be a known whole number from 1 to 1000, "
                                 f"got {value}")
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


class RoundRules(Record):
    """The numbers of a round and a game: player counts, points, the extra robot."""

    name: Text
    min_players: Fact[int]
    max_players: Fact[int]
    win_points: Fact[int] = Field(description="Points that win the game.")
    tie_team: Team = Field(description="Who wins when Good and Evil have equal power.")
    fallback_points: Fact[int] = Field(description="Points each winner gets when the winning "
                                       "team cannot agree how to share the pool.")
    extra_robot_power: Fact[int] = Field(description="Power of the optional non-player robot.")
    extra_robot_team: Team = Field(description="Team the optional non-player robot starts on.")
    debate_minutes: Fact[int] | None = Field(
        default=None, description="Suggested time limit of the debate phase, in minutes.")

    @model_validator(mode="after")
    def _playable(self) -> "RoundRules":
        """The engine counts with every one of these numbers, so each is known and sane."""
        for name, low in (("min_players", 1), ("max_players", 1), ("win_points", 1),
                          ("fallback_points", 0), ("extra_robot_power", 0)):
            value = getattr(self, name).value
            if value is None or not low <= value <= 1000:
                raise ValueError(f"'{name}' must be a known whole number from {low} to 1000, "
                                 f"got {value}")
        check_range("min_players", self.min_players.value or 0,
                    "max_players", self.max_players.value or 0)
        return self


class TurnAction(Record):
    """Something a player may do, and exactly what it makes them show."""

    name: Text
    when: Literal["debate", "turn", "pass-phase", "reaction", "target"]
    summary: Text
    reveals: list[Revealed] = Field(description="What must be shown; empty: nothing.")
    robots: list[Annotated[str, Ref("evilrobots.bot")]] = Field(
        default_factory=list, description="Bot ids of the robots this action is for (e.g. "
                                          "[plusbot]); empty: every player.")
    replaces: Annotated[str, Ref("evilrobots.action")] | None = Field(
        default=None, description="The id of the action this one stands in for, for the "
                                  "robots it names.")
