"""Right after the opening roll: how likely my best attack captures each of their dice.

Every joint roll of both players' dice is weighed (each die rolls as at the start of a
round: Maximum shows its top, a twin the sum of its halves) and every legal attack of the
position is listed by the same search as the `attacks` op (menus.every_attack), so Skill
attacks of several dice, Speed and Berserk attacks on several targets, Stinger's ranges,
Konstant's plus-or-minus and Fire's help all count. A Trip attack captures only with its
own chance (the dice roll again), so per roll a target counts with the best chance of any
attack on it; a Boom attack never captures.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

from ..budget import refuse_over
from ..dice.dist import Dist
from .dice import Die
from .legal import Board
from .menus import every_attack
from .options import Rules
from .resize import roll_dist

MAX_DICE = 4  # a side: the listing of every attack grows quickly with more


def capture_odds(mine: list[Die], theirs: list[Die], rules: Rules,
                 board: Board = Board()) -> tuple[list[Fraction], Fraction]:
    """(P(some attack captures their die j) for each j, P(one attack captures them all))."""
    dists = [opening_roll(d) for d in mine + theirs]
    rolls = 1
    for dist in dists:
        rolls *= len(list(dist.items()))
    # measured: a listing of two dice against one costs about 60 steps, more with more dice
    per_roll = 30 * 2 ** (len(mine) + len(theirs))
    refuse_over(rolls * per_roll, "this table of opening-roll captures",
                "give fewer or smaller dice", "mine")
    total = 1
    for dist in dists:
        total *= dist.total
    best = [Fraction(0)] * len(theirs)
    every = Fraction(0)
    everyone = set(range(len(theirs)))
    for faces in product(*(list(d.items()) for d in dists)):
        weight = 1
        for _, count in faces:
            weight *= count
        values = [v for v, _ in faces]
        mine_now = [replace(d, value=v) for d, v in zip(mine, values)]
        theirs_now = [replace(d, value=v) for d, v in zip(theirs, values[len(mine):])]
        chance = [Fraction(0)] * len(theirs)
        whole = Fraction(0)
        for attack, _, targets in every_attack(mine_now, theirs_now, rules, board):
            for j in targets:
                chance[j] = max(chance[j], attack.p_capture)
            if set(targets) == everyone:
                whole = max(whole, attack.p_capture)
        for j, p in enumerate(chance):
            best[j] += weight * p
        every += weight * whole
    return [p / total for p in best], every / total


def opening_roll(die: Die):
    """What a die shows after the opening roll; a Warrior die shows its top until it joins
    a Skill attack (BMSkillWarrior::post_roll)."""
    return Dist.constant(die.size) if die.has("`") else roll_dist(die, False)
