"""One turn: the positions a move can lead to, with their exact chances, or one drawn at random.

The board after an attack is after.plan's (the same plan the attack op shows); this module
rolls it. Every die the plan re-rolls takes its shapes and values from resize.reroll; a
trip roll is rolled once for both dice, and the attack's result follows from it. Fire dice
outside the attack are turned down by what the attack needed (legal.fire_needed), the
largest room first: the player's choice, made here the same way every time.

An attack's effect is worked out once per match for the dice it involves (`effects`) and
then placed into any position holding those dice (`place`), so playing or solving many
positions repeats no rule work.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product
from math import lcm
from random import Random

from ..after import Entry, Fresh, Kept, Roll, Shown, TripRolled, plan
from ..legal import Board, fire_needed
from ..resize import reroll, roll_dist, sized
from .draw import pick
from .match import Match
from .moves import Move
from .position import Position


@dataclass(frozen=True)
class Slot:
    """One die of the board after a move: its possible dice (ids) with chances; one option
    means it is known. `time_and_space`: an odd value gives its owner another turn."""
    options: tuple[tuple[Fraction, int], ...]
    time_and_space: bool = False

    @staticmethod
    def fixed(die_id: int) -> "Slot":
        return Slot(((Fraction(1), die_id),))

    ticks: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.options) > 1:  # the chances as running whole-number totals, for draws
            scale = lcm(*(p.denominator for p, _ in self.options))
            running, total = [], 0
            for p, _ in self.options:
                total += p.numerator * (scale // p.denominator)
                running.append(total)
            object.__setattr__(self, "ticks", tuple(running))

    def draw(self, rng: Random) -> int:
        """One die id, drawn with its chance."""
        if len(self.options) == 1:
            return self.options[0][1]
        roll = rng.randrange(self.ticks[-1])
        for (_, die), edge in zip(self.options, self.ticks):
            if roll < edge:
                return die
        return self.options[-1][1]


@dataclass(frozen=True)
class Effect:
    """What one outcome of an attack's own rolls does to the dice it involves."""
    weight: Fraction
    attackers: tuple[tuple[Slot, ...], ...]  # per attacking die: what takes its place
    targets: tuple[tuple[Slot, ...], ...]  # per target: what stays in its place
    helpers: tuple[Slot, ...] | None  # the mover's other dice, when the attack changes them
    captured: tuple[int, ...]  # dice the mover captures, as they show
    extra_turn: bool  # another turn for certain (Jolt, an odd trip roll by TimeAndSpace)


def effects(match: Match, pos: Position, move: Move) -> tuple[Effect, ...]:
    """The outcomes of an attack's plan (after.plan) for the dice involved, remembered."""
    me = pos.mover
    mine, theirs = pos.dice[me], pos.dice[1 - me]
    attackers = tuple(mine[i] for i in move.mine)
    targets = tuple(theirs[j] for j in move.theirs)
    helpers = tuple(mine[k] for k in range(len(mine)) if k not in move.mine)
    # helpers matter only when Ornery (they re-roll) or Fire (turned down to help)
    involved = helpers if any(match.touched(h) for h in helpers) else None
    if involved is None or not any(match.die(h).has("F") for h in helpers):
        # an attacker's value matters to the plan only if it keeps it (Konstant), scores
        # it (Value) or sets how far Fire dice turn down: otherwise remember it valueless
        attackers = tuple(match.valueless(i) for i in attackers)
    key = (move, me, attackers, targets, involved)
    found = match.effects.get(key)
    if found is None:
        found = match.effects[key] = tuple(_work_out(match, me, move, attackers, targets,
                                                     helpers, involved is not None))
    return found


def _work_out(match: Match, me: int, move: Move, attacker_ids, target_ids, helper_ids,
              helpers_matter: bool):
    attackers = [match.die(i) for i in attacker_ids]
    targets = [match.die(j) for j in target_ids]
    board = Board(tuple(match.die(h) for h in helper_ids), match.buttons[me],
                  match.buttons[1 - me])
    frames: list[tuple[Fraction, object, tuple[int, int] | None]] = []
    if move.type == "trip":
        trip_dice, target_dice = reroll(attackers[0]), reroll(targets[0])
        total = sum(w for w, _, _ in trip_dice) * sum(w for w, _, _ in target_dice)
        for (wa, da, shown_a), (wt, dt, shown_t) in product(trip_dice, target_dice):
            scale = Fraction(wa * wt, total * shown_a.total * shown_t.total)
            for (va, ca), (vt, ct) in product(shown_a.items(), shown_t.items()):
                # BMAttackTrip: the trip die captures when it shows at least the target
                frames.append((scale * ca * ct, plan("trip", [da], [dt], match.rules, board,
                                                     va >= vt, shaped=True,
                                                     target_shaped=True), (va, vt)))
    else:
        frames.append((Fraction(1), plan(move.type, attackers, targets, match.rules, board,
                                         True), None))
    turned = _turned_down(match, move, attackers, targets, helper_ids)
    for weight, p, trip in frames:
        yield _effect(match, move, p, trip, weight, turned, helper_ids, targets,
                      helpers_matter)


def _effect(match: Match, move: Move, p, trip, weight: Fraction, turned: dict[int, int],
            helper_ids, targets, helpers_matter: bool) -> Effect:
    turbo = iter(move.turbo)
    per_attacker: list[tuple[Slot, ...]] = []
    split = len(p.attackers) != len(move.mine)  # a Radioactive attacker became two dice
    if p.kind == "boom":
        per_attacker = [() for _ in move.mine]  # the Boom die leaves the game
    else:
        groups = [p.attackers] if split else [[e] for e in p.attackers]
        flags = [p.odd_turn] if split else [[f] for f in p.odd_turn]
        for n, entries in enumerate(groups):
            slots = []
            for k, entry in enumerate(entries):
                size = next(turbo, None) if isinstance(entry, Roll) and \
                    entry.die.has("!") else None
                tas = bool(n < len(flags) and k < len(flags[n]) and flags[n][k])
                slots.append(Slot(_options(match, entry, trip, size), tas))
            per_attacker.append(tuple(slots))
    kept, copies = iter(p.defenders or []), iter(p.replacements)
    per_target: list[tuple[Slot, ...]] = []
    for target in targets:
        if p.defenders is not None:  # still in play: a missed trip, a boom
            per_target.append((Slot(_options(match, next(kept), trip)),))
        elif target.has("G"):  # Rage: a copy stays where the captured die was
            per_target.append((Slot(_options(match, next(copies), trip)),))
        else:
            per_target.append(())
    helpers = None
    if helpers_matter:
        helpers = tuple(
            Slot.fixed(match.with_value(h, turned[k])) if k in turned and isinstance(e, Kept)
            else Slot(_options(match, e, trip))
            for k, (h, e) in enumerate(zip(helper_ids, p.others)))
    captured = tuple(_options(match, e, trip)[0][1] for e in (p.captured or []))
    extra = p.jolt
    if not extra and p.trip is not None and trip is not None:
        tripper = p.trip[0]
        extra = tripper.has("^") and not tripper.has("k") and trip[0] % 2 == 1
    return Effect(weight, tuple(per_attacker), tuple(per_target), helpers, captured, extra)


def _options(match: Match, entry: Entry, trip: tuple[int, int] | None,
             turbo: int | None = None) -> tuple[tuple[Fraction, int], ...]:
    """What one die of the new board may be, with chances (remembered per match: many
    attacks re-roll the same die)."""
    key = (entry, trip if isinstance(entry, TripRolled) else None, turbo)
    found = match.rolls.get(key)
    if found is None:
        found = match.rolls[key] = _work_out_options(match, entry, trip, turbo)
    return found


def _work_out_options(match: Match, entry: Entry, trip: tuple[int, int] | None,
                      turbo: int | None) -> tuple[tuple[Fraction, int], ...]:
    if isinstance(entry, (Kept, Shown)):
        return ((Fraction(1), match.id(entry.die)),)
    if isinstance(entry, TripRolled):
        assert trip is not None
        value = trip[1] if entry.as_target else trip[0]
        return ((Fraction(1), match.id(replace(entry.die, value=value))),)
    die = entry.die
    if isinstance(entry, Fresh):
        if die.has("k") and die.value is not None and len(die.halves) == 2:
            return ((Fraction(1), match.id(die)),)
        return tuple((p, match.id(replace(die, value=v)))
                     for v, p in roll_dist(die, resize=False).pmf())
    if turbo is not None:
        die = sized(die, turbo)  # Turbo: the owner's new size, then the roll
    shapes = reroll(die, **entry.switches())
    total = sum(w for w, _, _ in shapes)
    out: dict[int, Fraction] = {}
    for w, shape, shown in shapes:
        for v, c in shown.items():
            key = match.id(replace(shape, value=v))
            out[key] = out.get(key, Fraction(0)) + Fraction(w * c, total * shown.total)
    return tuple((p, i) for i, p in out.items())


def _turned_down(match: Match, move: Move, attackers, targets, helper_ids) -> dict[int, int]:
    """Fire dice outside the attack, turned down by what the attack needed: helper position
    -> new value (largest room first)."""
    if move.type not in ("power", "skill") or not any(match.die(h).has("F")
                                                      for h in helper_ids):
        return {}
    need = fire_needed(move.type, attackers, targets[0])
    out: dict[int, int] = {}
    fire = sorted((k for k, h in enumerate(helper_ids) if match.die(h).has("F")),
                  key=lambda k: -(match.die(helper_ids[k]).shown - match.die(helper_ids[k]).low))
    for k in fire:
        if need <= 0:
            break
        die = match.die(helper_ids[k])
        down = min(need, die.shown - die.low)
        out[k] = die.shown - down
        need -= down
    return out


def turbo_options(match: Match, pos: Position, move: Move) -> list[tuple[int, ...]]:
    """The Turbo size choices an attack offers: one size per Turbo attacker ([()] when there
    is none), from the die's swing range or its two options."""
    if move.type == "boom":
        return [()]
    choices = []
    for i in move.mine:
        die = match.die(pos.dice[pos.mover][i])
        if not die.has("!"):
            continue
        if die.kind == "option" and die.options:
            choices.append(sorted(set(die.options)))
        elif die.swing_range and (die.kind == "swing" or die.swing_halves):
            choices.append(list(range(die.swing_range[0], die.swing_range[1] + 1)))
    return [tuple(c) for c in product(*choices)] if choices else [()]


def place(match: Match, pos: Position, move: Move, effect: Effect
          ) -> tuple[list[Slot], list[Slot], Fraction]:
    """The board after one effect: the mover's slots and the other's in BMO's order (attackers
    stay where they were, a split die's two halves together), and the points the mover
    captured."""
    me = pos.mover
    mine, theirs = pos.dice[me], pos.dice[1 - me]
    mover: list[Slot] = []
    helper = 0
    for k in range(len(mine)):
        if k in move.mine:
            mover.extend(effect.attackers[move.mine.index(k)])
        else:
            mover.append(effect.helpers[helper] if effect.helpers is not None
                         else Slot.fixed(mine[k]))
            helper += 1
    other: list[Slot] = []
    for j in range(len(theirs)):
        if j in move.theirs:
            other.extend(effect.targets[move.theirs.index(j)])
        else:
            other.append(Slot.fixed(theirs[j]))
    points = sum((match.points(i, True) for i in effect.captured), Fraction(0))
    return mover, other, points


def finish(match: Match, pos: Position, effect: Effect, mover_slots: list[Slot],
           mover_ids: list[int], other_ids: list[int]) -> Position:
    """The position once every slot shows a die: who moves next (another turn after Jolt or
    an odd TimeAndSpace re-roll), passes reset, the captured dice added."""
    me = pos.mover
    extra = effect.extra_turn or any(
        slot.time_and_space and (match.die(i).value or 0) % 2 == 1
        for slot, i in zip(mover_slots, mover_ids))
    dice = [tuple(mover_ids), tuple(other_ids)]
    captured = [pos.captured[0], pos.captured[1]]
    captured[me] = captured[me] + effect.captured
    if me == 1:
        dice.reverse()
    return Position((dice[0], dice[1]), (captured[0], captured[1]),
                    mover=me if extra else 1 - me, passes=0, dizzy=())


def passed(pos: Position) -> Position:
    """Passing: the other player moves; a second pass in a row ends the round."""
    return replace(pos, mover=1 - pos.mover, passes=pos.passes + 1, dizzy=())


def outcomes(match: Match, pos: Position, move: Move) -> list[tuple[Fraction, Position]]:
    """Every position the move can lead to, with its exact chance (equal ones merged)."""
    if move.type == "pass":
        return [(Fraction(1), passed(pos))]
    merged: dict[Position, Fraction] = {}
    for effect in effects(match, pos, move):
        mover, other, _ = place(match, pos, move, effect)
        for picks in product(*(slot.options for slot in mover + other)):
            chance = effect.weight
            for p, _ in picks:
                chance *= p
            ids = [i for _, i in picks]
            nxt = finish(match, pos, effect, mover, ids[:len(mover)], ids[len(mover):])
            merged[nxt] = merged.get(nxt, Fraction(0)) + chance
    return [(p, nxt) for nxt, p in merged.items()]


def sample(match: Match, pos: Position, move: Move, rng: Random) -> Position:
    """One position the move leads to, drawn with its chance (rng: a seeded Random)."""
    if move.type == "pass":
        return passed(pos)
    found = effects(match, pos, move)
    effect = found[pick(rng, [e.weight for e in found])] if len(found) > 1 else found[0]
    mover, other, _ = place(match, pos, move, effect)
    ids = [slot.draw(rng) for slot in mover + other]
    return finish(match, pos, effect, mover, ids[:len(mover)], ids[len(mover):])
