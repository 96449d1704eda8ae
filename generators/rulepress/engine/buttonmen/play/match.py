"""What stays fixed while one round is played: the rules, both buttons, and a table of dice.

Positions hold dice as small whole numbers (ids into `Match.table`), so a position is
cheap to copy, to hash and to use as a key when the solver remembers what it worked out.
A die with a value is one entry; the same die showing another number is another entry.
"""

from __future__ import annotations

from copy import copy
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..dice import Die
from ..legal import Board, illegal
from ..options import Rules
from ..scoring import die_points
from ..skills import ButtonSkill, attack_list


class Match:
    def __init__(self, rules: Rules, buttons: tuple[ButtonSkill | None, ButtonSkill | None]):
        self.rules = rules
        self.buttons = buttons
        self.table: list[Die] = []
        self._ids: dict[Die, int] = {}
        self._illegal: dict[tuple, bool] = {}
        self._points: dict[tuple[int, bool], Fraction] = {}
        self._halves: dict[tuple[int, bool], int] = {}
        self._valueless: dict[int, int] = {}
        self._kinds: dict[tuple[int, int], frozenset[str]] = {}
        self.effects: dict[tuple, tuple] = {}  # turn.effects, by the dice an attack involves
        self.rolls: dict[tuple, tuple] = {}  # turn's options of one die of a new board
        self.gains: dict[int, Fraction] = {}  # policies.gain, by id() of an effects tuple
        self.keep: list = []  # what id()-keyed caches point at, kept alive
        self.listings: dict[tuple, list] = {}  # solve.choices, by position
        self.solver: Any = None
        self.unsolved: set[tuple] = set()  # solver states too big to finish (search.py)  # search.solver_of: exact values worked out this match

    # --- the table of dice ----------------------------------------------------------------

    def id(self, die: Die) -> int:
        found = self._ids.get(die)
        if found is None:
            found = self._ids[die] = len(self.table)
            self.table.append(die)
        return found

    def die(self, i: int) -> Die:
        return self.table[i]

    def with_value(self, i: int, value: int) -> int:
        return self.id(replace(self.table[i], value=value))

    # --- cached questions the rules answer ------------------------------------------------

    def legal(self, kind: str, mover: int, attackers: tuple[int, ...], targets: tuple[int, ...],
              fire: tuple[int, ...] = (), turbo_top: bool = False) -> bool:
        """legal.illegal(...) == "" for this attack, remembered by the dice ids.

        `fire` lists the mover's Fire dice outside the attack: the only helpers the rules
        read (legal.help_max), so other helpers need not be part of the key."""
        key = (kind, mover, attackers, targets, fire, turbo_top)
        found = self._illegal.get(key)
        if found is None:
            # copies: legal.help_max tells helpers from attackers by identity, and two equal
            # dice share one table entry
            board = Board(tuple(copy(self.table[i]) for i in fire), self.buttons[mover],
                          self.buttons[1 - mover], turbo_top=turbo_top)
            found = self._illegal[key] = not illegal(
                kind, [self.table[i] for i in attackers], [self.table[i] for i in targets],
                board)
        return found

    def points(self, i: int, captured: bool) -> Fraction:
        key = (i, captured)
        found = self._points.get(key)
        if found is None:
            found = self._points[key] = die_points(self.table[i], captured)
        return found

    def valueless(self, i: int) -> int:
        """The same die without its value, unless its value outlives a re-roll or counts
        (Konstant keeps it, Value scores it): for keys where the value changes nothing."""
        found = self._valueless.get(i)
        if found is None:
            d = self.table[i]
            found = i if d.has("k") or d.has("v") or d.value is None else \
                self.id(replace(d, value=None))
            self._valueless[i] = found
        return found

    def touched(self, i: int) -> bool:
        """Whether a die outside an attack is touched by it (Ornery re-rolls, Fire helps)."""
        d = self.table[i]
        return d.has("o") or d.has("F")

    def halves(self, i: int, captured: bool) -> int:
        """Twice the die's points (a whole number: points come in halves), for fast sums."""
        key = (i, captured)
        found = self._halves.get(key)
        if found is None:
            found = self._halves[key] = int(self.points(i, captured) * 2)
        return found

    def kinds(self, i: int, team_size: int) -> frozenset[str]:
        """The attack types one die may take part in (skills.attack_list)."""
        key = (i, team_size)
        found = self._kinds.get(key)
        if found is None:
            d = self.table[i]
            found = self._kinds[key] = frozenset(attack_list(d.skills, d.value, team_size))
        return found
