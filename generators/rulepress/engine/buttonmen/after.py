"""The board after a legal attack, exactly, as Button Men Online commits it.

BMAttack::commit_attack (src/engine/BMAttack.php, see skills.BMO_COMMIT): the targets are
marked captured; then, in BMO's skill order, Boom and Trip roll (pre_capture), a captured
Rage die leaves a copy without Rage (pre_be_captured), the attackers' capture hooks run
(Jolt, Rage, Berserk halves, Morphing, Radioactive splits, Doppelganger copies, Value and
Null mark the captured dice), then the targets' (Radioactive, Jolt); then every attacker
re-rolls (Mighty, Weak, Mood, Mad resize first; Konstant keeps its value; Maximum shows its
top; Turbo waits for its owner's new size; TimeAndSpace showing odd gives another turn),
and the captured dice go to the captor showing what they showed. At the end of the turn
the attacker's Ornery dice that did not attack re-roll.

A die whose value is null was re-rolled: `shows` gives its exact distribution, and
`sizes` its possible sizes when that is random (Mood, Mad, or an Ornery Mood die).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ..exact import fraction_text
from .dice import Die
from .legal import Board
from .options import Rules
from .radioactive import split
from ..dice.dist import Dist
from .resize import pre_roll, reroll, roll_dist
from .skills import FACTS


def _rolled(die: Die, **how: bool) -> dict[str, Any]:
    """A die that re-rolls: its possible sizes and what it shows, exactly (`how`: see
    resize.reroll)."""
    out: dict[str, Any] = die.to_json()
    options = reroll(die, **how)
    total = sum(w for w, _, _ in options)
    if how.get("konstant", True) and die.has("k") and die.value is not None:
        return out | {"rerolled": False}
    out["value"] = None
    if die.has("!") and die.kind in ("swing", "option", "twin") and (
            die.options or die.swing_range):
        out["turbo"] = _turbo_sizes(die)
    if len({d.halves for _, d, _ in options}) > 1:
        # two random sizes can end the same (a Mad Weak die: 14 and 16 both shrink to 12):
        # one entry per resulting size, with their chances added
        merged: dict[str, tuple[Die, int]] = {}
        for w, d, _ in options:
            merged[d.label()] = (d, merged.get(d.label(), (d, 0))[1] + w)
        out["sizes"] = [{"sized": label, "sides": d.size, "p": fraction_text(
            Fraction(w, total))} for label, (d, w) in merged.items()]
    else:
        only = options[0][1]
        out |= {"recipe": only.recipe(), "sized": only.label(), "sides": only.size}
    shows = Dist.mixture([(w, dist) for w, _, dist in options])
    out["shows"] = {str(v): fraction_text(p) for v, p in shows.pmf()}
    return out


def _turbo_sizes(die: Die) -> list[int]:
    if die.kind == "option" and die.options:
        return sorted(set(die.options))
    low, high = die.swing_range or (die.size, die.size)
    return list(range(low, high + 1))


def _kept(die: Die) -> dict[str, Any]:
    return die.to_json() | {"rerolled": False}


def _without(die: Die, letters: str) -> Die:
    return replace(die, skills=tuple(s for s in die.skills if s not in letters))


def _with(die: Die, letter: str) -> Die:
    return die if die.has(letter) else replace(die, skills=die.skills + (letter,))


# --- the board after an attack, as a plan: what each die does next ---------------------------
# One plan serves two readers: `outcome` renders it as the attack op's JSON (exact
# distributions), and the round player (turn.py) rolls or enumerates it die by die.


@dataclass(frozen=True)
class Roll:
    """A die that re-rolls now, as resize.reroll(die, **switches) says."""
    die: Die
    mood: bool = True
    konstant: bool = True
    resize: bool = True
    grows: bool = True

    def switches(self) -> dict[str, bool]:
        return {"mood": self.mood, "konstant": self.konstant, "resize": self.resize,
                "grows": self.grows}


@dataclass(frozen=True)
class Kept:
    """A die that keeps the value it has (the attack op marks it "rerolled": false)."""
    die: Die


@dataclass(frozen=True)
class Shown:
    """A die listed as it is: a captured die shows what it showed, a removed one likewise."""
    die: Die


@dataclass(frozen=True)
class TripRolled:
    """A die that took part in a trip roll: it shows that roll (given the attack's result)."""
    die: Die
    success: bool
    as_target: bool = False


@dataclass(frozen=True)
class Fresh:
    """A Rage copy: it comes into play rolled as into a round (no Mighty, Weak or Mood)."""
    die: Die


Entry = Roll | Kept | Shown | TripRolled | Fresh


@dataclass
class Plan:
    """The board after one attack, before any die re-rolls."""
    kind: str
    attackers: list[Entry] = field(default_factory=list)
    captured: list[Entry] | None = None  # None: nothing is captured (a missed trip, a boom)
    removed: list[Die] = field(default_factory=list)  # captured with Null, out of the game
    defenders: list[Entry] | None = None  # targets still in play (a missed trip, a boom)
    replacements: list[Entry] = field(default_factory=list)  # Rage copies for the target's owner
    out_of_game: list[Die] = field(default_factory=list)  # a Boom attacker
    jolt: bool = False  # another turn for certain
    time_and_space: list[Die] = field(default_factory=list)  # dice whose odd re-roll gives a turn
    konstant: bool = True  # False: a Konstant die among them re-rolls too (a copy)
    odd_turn: list[bool] = field(default_factory=list)  # per attacker entry, the same
    trip: tuple[Die, Die, bool, bool] | None = None  # (tripper, target, success, resize): TimeAndSpace
    others: list[Entry] = field(default_factory=list)  # the attacker's other dice


def render(plan: Plan) -> dict:
    """A plan as the attack op shows it."""
    out: dict[str, Any] = {}
    if plan.kind == "boom":
        return {"out_of_game": [d.to_json() for d in plan.out_of_game],
                "defenders": [_entry_json(e) for e in plan.defenders or []],
                "extra_turn": fraction_text(Fraction(int(plan.jolt))),
                "others": [_entry_json(e) for e in plan.others]}
    out["attackers"] = [_entry_json(e) for e in plan.attackers]
    if plan.captured is not None:
        out["captured"] = [_entry_json(e) for e in plan.captured]
    if plan.removed:
        out["removed"] = [d.to_json() for d in plan.removed]
    if plan.defenders is not None:
        out["defenders"] = [_entry_json(e) for e in plan.defenders]
    if plan.replacements:
        out["replacements"] = [_entry_json(e) for e in plan.replacements]
    if plan.trip is not None:
        tripper, target, success, resize = plan.trip
        odd = _trip_odd(tripper, target, success, resize) if tripper.has("^") else 0
        out["extra_turn"] = fraction_text(Fraction(1) if plan.jolt else Fraction(odd))
    else:
        out["extra_turn"] = fraction_text(Fraction(1) if plan.jolt else _time_and_space(
            plan.time_and_space, plan.konstant))
    out["others"] = [_entry_json(e) for e in plan.others]
    return out


def _entry_json(entry: Entry) -> dict[str, Any]:
    if isinstance(entry, Roll):
        return _rolled(entry.die, **entry.switches())
    if isinstance(entry, Kept):
        return _kept(entry.die)
    if isinstance(entry, Shown):
        return entry.die.to_json()
    if isinstance(entry, TripRolled):
        return _trip_rolled(entry.die, entry.success, entry.as_target)
    return _fresh(entry.die)


def outcome(kind: str, attackers: list[Die], defenders: list[Die], rules: Rules,
            board: Board) -> dict:
    """The board after the attack; a Trip attack has `on_capture` and `on_miss`."""
    if kind == "trip":
        a = attackers[0]
        shapes = [] if a.has("k") else pre_roll(a)
        changes = a.has("%") or defenders[0].has("%") or a.has("m")
        if len(shapes) > 1 and changes:  # a Mood/Mad trip die: its new size decides the split
            return {"on_capture": _mixed(kind, shapes, defenders, rules, board, True),
                    "on_miss": _mixed(kind, shapes, defenders, rules, board, False)}
        return {"on_capture": render(plan(kind, attackers, defenders, rules, board, True)),
                "on_miss": render(plan(kind, attackers, defenders, rules, board, False))}
    return render(plan(kind, attackers, defenders, rules, board, True))


def _mixed(kind: str, shapes: list[tuple[int, Die]], defenders: list[Die], rules: Rules,
           board: Board, success: bool) -> dict:
    """The board after a trip whose attacker took a random size in its trip roll: each size
    weighted by its chance and by the chance of this result at that size."""
    parts = []
    for w, shape in shapes:
        hit, miss = trip_joint(shape, defenders[0], resize_attacker=False)
        weight = w * (hit if success else miss)
        if weight:
            parts.append((weight, render(plan(kind, [shape], defenders, rules, board, success,
                                              shaped=True))))
    if not parts:
        return render(plan(kind, [shapes[0][1]], defenders, rules, board, success, shaped=True))
    total = sum(w for w, _ in parts)
    out = dict(parts[0][1])
    merged = []
    for k in range(len(out["attackers"])):
        options = [(w / total, p["attackers"][k]) for w, p in parts if k < len(p["attackers"])]
        sizes: dict[str, tuple[int, Fraction]] = {}
        shows: dict[int, Fraction] = {}
        for p, d in options:
            sides, before = sizes.get(d["sized"], (d["sides"], Fraction(0)))
            sizes[d["sized"]] = (sides, before + p)
            for v, q in d.get("shows", {}).items():
                shows[int(v)] = shows.get(int(v), Fraction(0)) + p * Fraction(q)
        first = dict(options[0][1])
        if len(sizes) > 1:
            first["value"] = None
            first["sizes"] = [{"sized": name, "sides": sides, "p": fraction_text(p)}
                              for name, (sides, p) in sizes.items()]
        if shows:
            first["shows"] = {str(v): fraction_text(q) for v, q in sorted(shows.items())}
        merged.append(first)
    out["attackers"] = merged
    out["extra_turn"] = fraction_text(sum((w / total * Fraction(p["extra_turn"])
                                           for w, p in parts), Fraction(0)))
    return out


def plan(kind: str, attackers: list[Die], defenders: list[Die], rules: Rules, board: Board,
         success: bool, shaped: bool = False, target_shaped: bool = False) -> Plan:
    """The board after a legal attack, as BMO commits it (see the module's docstring).

    A trip's `success` says whether it captured; `shaped` says the trip die is already at
    its trip-roll size, `target_shaped` the same of the target (the round player knows
    both from the trip roll it made)."""
    if kind == "boom":
        return Plan(kind, out_of_game=list(attackers),
                    defenders=[Roll(d) for d in defenders],
                    jolt=_jolt_turn(attackers, [], False) == 1,
                    others=_ornery(board, attackers))
    result = Plan(kind)
    single = len(attackers) == 1 and len(defenders) == 1
    rolled, konstant = None, True  # the dice TimeAndSpace looks at, when not all of `after`
    tripper, target_before = attackers[0], defenders[0]  # as they were before the trip roll
    if kind == "trip":
        # the trip roll is a re-roll of both dice: Mighty grows, Weak shrinks first
        attackers = attackers if shaped else [_trip_shape(attackers[0])]
        defenders = defenders if target_shaped else [_trip_shape(defenders[0])]
    taken = list(defenders) if success else []
    # Rage (pre_be_captured): a captured Rage die leaves its owner a copy without Rage
    replacements = [_without(d, "G") for d in taken if d.has("G")]
    # the attackers' capture hooks, in BMO's skill order
    after = [_without(a, "JG") for a in attackers]  # Jolt and Rage are spent by attacking
    if kind == "skill":
        after = [_without(a, "`") for a in after]  # a Warrior die joining comes into play
    copies = morphed = False
    if kind == "berserk":
        after = [_halved(_without(after[0], "B"))]
    multi_morphs: list[bool] = []
    if success and len(defenders) == 1:  # every Morphing attacker takes the target's shape
        t = defenders[0]
        morphs = [a.has("m") and not a.has("D") for a in after]
        # a Konstant twin's halves are shared with the copy and keep their values (BMO)
        keep = t.value if t.has("k") and len(t.halves) == 2 else None
        after = [replace(t, skills=a.skills, value=keep) if m else a
                 for a, m in zip(after, morphs)]
        morphed = single and morphs[0]
        multi_morphs = morphs if not single else []
    if single and attackers[0].has("%"):
        after = split(after[0], rules)  # the attacker decays first, then (Doppelganger) copies
    if success and kind == "power" and single and attackers[0].has("D"):
        after = [defenders[0] for _ in after]
        copies = True
    if single and not attackers[0].has("%") and defenders[0].has("%"):
        after = split(after[0], rules)  # the target's hook: the attacker (or its copy) decays
    radioactive = single and (attackers[0].has("%") or defenders[0].has("%"))
    if success and any(a.has("v") for a in attackers):
        taken = [_with(d, "v") for d in taken]
    removed: list[Die] = []
    if success and any(a.has("n") for a in attackers):
        if rules.null_capture == "remove":
            taken, removed = [], taken
        else:
            taken = [_with(d, "n") for d in taken]
    # every attacker re-rolls (a trip die already rolled: it keeps its trip roll)
    entries: list[Entry]
    rolled, konstant = None, True  # the dice TimeAndSpace looks at, when not all of `after`
    if kind == "trip" and (radioactive or morphed):
        entries = [Roll(d, resize=False) for d in after]  # new dice, fresh roll
    elif kind == "trip":
        entries = [TripRolled(d, success) for d in after]
    elif copies and not radioactive:
        entries = [Kept(d) if d.has("k") and len(d.halves) == 2 else
                   Roll(d, konstant=False) for d in after]
        konstant = False  # BMO's copy re-rolls (and TimeAndSpace fires) even when Konstant
    elif copies and attackers[0].has("%"):
        # a Radioactive Doppelganger splits, then both halves become copies; the first copy
        # stands where the attacker stood and keeps the target's value, unrolled (BMO)
        entries = [Kept(after[0])]
        entries += [Kept(d) if d.has("k") and len(d.halves) == 2 else Roll(d, konstant=False)
                    for d in after[1:]]
        rolled, konstant = after[1:], False  # only the second copy rolls (re-rollable)
    elif morphed and not radioactive:
        entries = [Kept(d) if d.value is not None else Roll(d, mood=False) for d in after]
    else:
        same = len(after) == len(attackers)  # no split: attacker i is after[i]
        warriors = [same and kind == "skill" and attackers[i].has("`") and
                    len(attackers[i].halves) == 2 for i in range(len(after))]
        morphs = multi_morphs if same and multi_morphs else [False] * len(after)
        # (BMO raises the turn number before committing an attack, so a die with no value,
        # a split half or a halved Berserk die, grows or shrinks even on the round's first
        # attack: BMSkillMighty::pre_roll's turn-1 case is only the opening roll)
        entries = [
            # a Warrior twin's halves keep Warrior and show their maximum (BMO's post_roll)
            Kept(replace(d, value=d.size)) if w else
            (Kept(d) if d.value is not None else Roll(d, mood=False)) if m
            else Roll(d)
            for d, w, m in zip(after, warriors, morphs)]
    result.attackers = entries
    if kind == "trip":
        result.captured = [TripRolled(d, True, as_target=True) for d in taken]
    else:
        result.captured = [Shown(d) for d in taken]
    result.removed = removed
    if kind == "trip" and not success:
        target = _without(defenders[0], "%") if radioactive else defenders[0]
        result.defenders = [TripRolled(target, False, as_target=True)]
        result.captured = None
    result.replacements = [Fresh(d) for d in replacements]
    # Jolt: a captured Jolt die gives the captor a turn whatever Null does to it afterwards
    result.jolt = _jolt_turn(attackers, list(defenders), success) == 1
    if kind == "trip":
        result.trip = (tripper, target_before, success, not shaped)
    else:
        result.time_and_space = after if rolled is None else rolled
        result.konstant = konstant
        # per attacker entry: an odd re-roll gives another turn (the round player's view)
        result.odd_turn = [isinstance(e, Roll) and e.die.has("^") and
                           not (konstant and e.die.has("k")) for e in entries]
    result.others = _ornery(board, attackers)
    return result


def _trip_shape(die: Die) -> Die:
    """The die's size for its trip roll when that size is certain (Mighty, Weak)."""
    shapes = {d.halves for _, d in pre_roll(die)}
    if len(shapes) == 1 and not die.has("k"):
        return replace(die, halves=shapes.pop())
    return die


def _halved(die: Die) -> Die:
    """BMDie::split's first part: half the size rounding up (a twin: the first half rounds
    up, the second down); every skill but Berserk stays. A Wildcard die does not split."""
    if die.kind == "wildcard":
        return replace(die, value=None)
    if len(die.halves) == 2:
        a, b = die.halves
        halves: tuple[int, ...] = (a - a // 2, b // 2)
    else:
        halves = (die.size - die.size // 2,)
    return replace(die, halves=halves, value=None)


def _trip_rolled(die: Die, success: bool, as_target: bool = False) -> dict:
    """A die that made (or was the target of) the trip roll, given the attack's result."""
    # the trip roll already happened at the size given (only Mood/Mad sizes are still open)
    out = _rolled(die) if len(pre_roll(die)) > 1 else _rolled(die, resize=False)
    out["given"] = "the trip die shows at least the target" if success else (
        "the trip die shows less than the target")
    out.pop("shows", None)  # the values depend on each other; p_capture gives the odds
    return out


def _jolt_turn(attackers: list[Die], taken: list[Die], success: bool) -> Fraction:
    if any(a.has("J") for a in attackers) or (success and any(d.has("J") for d in taken)):
        return Fraction(1)
    return Fraction(0)


def trip_joint(attacker: Die, target: Die, test=lambda a: True,
               resize_attacker: bool = True) -> tuple[Fraction, Fraction]:
    """(P(capture and test(trip roll)), P(miss and test(trip roll))) after both dice roll
    (resize_attacker=False: the attacker is already at its trip-roll size)."""
    hit = miss = Fraction(0)
    mine, theirs = reroll(attacker, resize=resize_attacker), reroll(target)
    total = sum(w for w, _, _ in mine) * sum(w for w, _, _ in theirs)
    for wa, _, shown_a in mine:
        for wt, _, shown_t in theirs:
            scale = Fraction(wa * wt, total * shown_a.total * shown_t.total)
            cdf = shown_t.cumulative()
            for value, count in shown_a.items():
                if not test(value):
                    continue
                i = min(value - shown_t.low, len(cdf) - 1)
                below = cdf[i] if i >= 0 else 0
                hit += scale * count * below
                miss += scale * count * (shown_t.total - below)
    return hit, miss


def _trip_odd(attacker: Die, target: Die, success: bool, resize: bool = True) -> Fraction:
    """P(the trip roll was odd, given the attack's result): TimeAndSpace's extra turn
    (resize=False: the attacker is already at its trip-roll size)."""
    if attacker.has("k"):
        return Fraction(0)  # a Konstant die does not re-roll, so TimeAndSpace never fires
    odd_hit, odd_miss = trip_joint(attacker, target, lambda v: v % 2 == 1, resize)
    hit, miss = trip_joint(attacker, target, resize_attacker=resize)
    if success:
        return odd_hit / hit if hit else Fraction(0)
    return odd_miss / miss if miss else Fraction(0)


def _time_and_space(after: list[Die], konstant: bool = True) -> Fraction:
    """P(some re-rolled TimeAndSpace attacker shows an odd number): another turn (a Konstant
    die does not re-roll, unless `konstant` is False: a Doppelganger's copy)."""
    p_none = Fraction(1)
    for d in after:
        if d.has("^") and not (konstant and d.has("k")):
            dist = Dist.mixture([(w, shown) for w, _, shown in reroll(d, konstant=konstant)])
            p_none *= dist.probability(lambda v: v % 2 == 0)
    return 1 - p_none


def _fresh(die: Die) -> dict[str, Any]:
    """A Rage copy: rolled as it comes into play, without Mighty, Weak or Mood firing.

    A Konstant twin's copy keeps the value the captured die showed: BMO's copy shares the
    twin's halves, which keep their values; a one-piece Konstant copy rolls."""
    if die.has("k") and die.value is not None and len(die.halves) == 2:
        return die.to_json() | {"rerolled": False}
    dist = roll_dist(die, resize=False)
    return die.to_json() | {"value": None, "shows": {
        str(v): fraction_text(p) for v, p in dist.pmf()}}


def _ornery(board: Board, attackers: list[Die]) -> list[Entry]:
    """The attacker's other dice after the turn: Ornery ones re-roll (BMSkillOrnery)."""
    return [Roll(d) if d.has("o") and not d.has("`") else Kept(d) for d in board.helpers]


assert "J" in FACTS and "^" in FACTS  # the letters used above are declared skills
