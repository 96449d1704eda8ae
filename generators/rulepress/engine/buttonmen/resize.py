"""How a die's size changes and what it rolls: Mighty, Weak, Mood, Mad, Maximum, Konstant.

Button Men Online (src/engine/BMDie.php grow/shrink/split, BMSkillMighty/Weak/Mood/Mad/
Maximum/Konstant.php): before a re-roll a Mighty die grows to the next size of GROW_SIZES
and a Weak die shrinks to the one before (each half of a twin on its own); a Mood swing die
takes a random size of STANDARD_SIZES in its letter's range, a Mad one a random even size;
a Maximum die always shows its largest number; a Konstant die never re-rolls.
"""

from __future__ import annotations

from dataclasses import replace

from ..dice.dist import Dist
from .dice import Die
from .skills import GROW_SIZES, STANDARD_SIZES


def grow(size: int) -> int:
    return next((s for s in GROW_SIZES if s > size), size)


def shrink(size: int) -> int:
    return next((s for s in reversed(GROW_SIZES) if s < size), size)


def half_dist(size: int) -> Dist:
    return Dist.die(size) if size > 0 else Dist.constant(0)


# A Wildcard die's card from a full deck: Ace..King count 1..13 (four each), jokers 20 (two)
WILDCARD_DECK = Dist.from_counts({**{v: 4 for v in range(1, 14)}, 20: 2})


def plain_roll(halves: tuple[int, ...], wildcard: bool = False) -> Dist:
    """A fresh roll of these halves, summed (a 0-sided half always shows 0)."""
    if wildcard:
        return WILDCARD_DECK
    total = Dist.constant(0)
    for h in halves:
        total = total + half_dist(h)
    return total


def mood_sizes(die: Die) -> list[int]:
    """The sizes a Mood or Mad die may take on a re-roll, each equally likely; [] if neither."""
    if not die.swing_range or not (die.has("?") or die.has("&")):
        return []
    low, high = die.swing_range
    if die.has("&"):
        return [s for s in range(low, high + 1) if s % 2 == 0]
    return [s for s in STANDARD_SIZES if low <= s <= high]


def sized(die: Die, size: int) -> Die:
    """The die with its swing part(s) set to `size` (a twin's swing halves both)."""
    if die.kind == "twin" and die.swing_halves:
        halves = tuple(size if sw else h for h, sw in zip(die.halves, die.swing_halves))
    else:
        halves = (size,)
    return replace(die, halves=halves)


def pre_roll(die: Die, mood: bool = True, grows: bool = True,
             konstant: bool = True) -> list[tuple[int, Die]]:
    """The die's possible shapes just before a re-roll, with integer weights.

    Mood/Mad pick a size at random; Mighty grows, Weak shrinks (BMO hook order: Mood and Mad
    run before Weak and Mighty, so a Mighty Mood die grows from its new random size).
    """
    if konstant and die.has("k"):
        # a Konstant die never re-rolls (doesReroll is false): even when it has no value to
        # keep (a split half, a halved Berserk die) it rolls at its size, and Mood, Mad,
        # Mighty and Weak, which check doesReroll first, do not fire. (konstant=False: a
        # Doppelganger's copy, which BMO makes re-rollable whatever its skills.)
        return [(1, die)]
    shapes = [(1, sized(die, s)) for s in (mood_sizes(die) if mood else [])] or [(1, die)]
    if die.kind == "wildcard" or not grows:
        return shapes  # Wildcard dice never grow or shrink
    out = []
    for w, d in shapes:
        if d.has("h"):
            d = replace(d, halves=tuple(shrink(h) for h in d.halves))
        if d.has("H"):
            d = replace(d, halves=tuple(grow(h) for h in d.halves))
        out.append((w, d))
    return out


def reroll(die: Die, mood: bool = True, konstant: bool = True, resize: bool = True,
           grows: bool = True) -> list[tuple[int, Die, Dist]]:
    """Every shape the die may have after a re-roll, its weight and what it then shows.

    A Konstant die keeps its value and size (it does not re-roll, so Mighty, Weak and Mood
    do not fire); a Maximum die shows its new maximum. `mood`, `konstant`, `resize` and
    `grows` (Mighty and Weak) switch those rules off where BMO's hooks do not fire.
    """
    if konstant and die.has("k") and die.value is not None:
        return [(1, die, Dist.constant(die.value))]
    out = []
    for w, d in (pre_roll(die, mood, grows, konstant) if resize else [(1, die)]):
        shown = Dist.constant(d.size) if d.has("M") else plain_roll(
            d.halves, d.kind == "wildcard")
        out.append((w, replace(d, value=None), shown))
    return out


def roll_dist(die: Die, resize: bool) -> Dist:
    """What the die shows after rolling (resize: the re-roll skills fire, as after an attack)."""
    if not resize:
        return Dist.constant(die.size) if die.has("M") else plain_roll(
            die.halves, die.kind == "wildcard")
    return Dist.mixture([(w, shown) for w, _, shown in reroll(die)])


def trip_max(die: Die, as_target: bool = False) -> int:
    """BMAttackTrip::post_trip_roll_max: the largest number the die can show after the trip roll.

    Weak and Mighty change size by one step; a Mood or Mad swing die counts its range's top
    (or its bottom, for a target), Mad rounding to even sizes.
    """
    top = die.size
    if die.kind == "wildcard":
        return top
    if die.has("h"):
        top = sum(shrink(h) for h in die.halves)
    if die.has("H"):
        base = tuple(shrink(h) for h in die.halves) if die.has("h") else die.halves
        top = sum(grow(h) for h in base)
    if die.kind == "swing" and die.swing_range:
        low, high = die.swing_range
        if die.has("&"):
            top = low + low % 2 if as_target else high - high % 2
        elif die.has("?"):
            top = low if as_target else high
    return top
