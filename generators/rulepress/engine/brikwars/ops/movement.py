"""Movement: the Sprint (`sprint`), KnockBack (`knockback`), Difficult Terrain
(`difficult_terrain`), a Concealed Hazard (`concealed_hazard`) and Stunt Driving
(`stunt`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...budget import refuse_over
from ...dice.dist import Dist
from ...dice.ops import pmf_json
from ...dice.parse import DiceTerm, Expr
from ...dice.roll import RollRules, natural_die, roll
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..attack import Options
from ..collision import crash_dice, knockback, smash
from ..damage import armor_dist, damage_dist
from ..fields import die_field, level_field, one_of
from ..lookup import modifier_dist, rules_for
from ..specialist import stunt
from ..sprint import sprint_inches
from ..unmodelled import leaves_out
from .attack_request import read_options, read_target, skill_modifier
from .close_combat import read_moms


@op("brikwars", "knockback", "A Collision: MOM dice of KnockBack against POP dice.")
@leaves_out(
    "Crash Damage dice are counted, not rolled against Armor (ask `attack` with "
    "`auto_hit`); Disruption and a Charge going on after the KnockBack (L2153) are not "
    "worked out")
def _knockback(req: Request, data: BrikWarsData) -> dict:
    q = read_collision(req, guard=True)
    moms, pops = q.moms, q.pops
    knock = knockback(moms, pops, q.rules, q.shove)
    out = {"moms": moms, "pops": pops, "p_knockback": fraction_text(1 - knock.probability(lambda v: v <= 0)),
           "p_resisted": fraction_text(knock.probability(lambda v: v <= 0)),
           "knockback_pmf": pmf_json(knock), "knockback_mean": fraction_text(knock.mean())}
    if q.room_inches is not None:
        out["smash_damage_pmf"] = pmf_json(smash(knock, q.room_inches))
    if q.crash is not None:
        collider, target, total = q.crash
        out["crash_dice"] = {"by_collider": crash_dice(collider, total),
                             "by_target": crash_dice(target, total)}
    return out


@dataclass(frozen=True)
class Collision:
    """What a `knockback` request asks (read by the op and by `roll_plan`)."""
    rules: RollRules
    moms: int
    pops: int
    shove: bool
    room_inches: int | None  # room to fly before a wall: Smash Damage
    crash: tuple[Fraction, Fraction, int] | None  # collider's and target's levels, all MOMs


def read_collision(req: Request, guard: bool = False) -> Collision:
    """With `guard`, a collision too large to work out exactly is refused as soon as its
    dice are known (before the other fields are read)."""
    rules = rules_for(req, "knockback")
    moms, pops = read_moms(req), req.integer("pops", 1, low=0, high=50)
    if guard:
        refuse_over((moms + pops) ** 2 * (rules.depth + 1) * 400, "this collision",
                    "give fewer MOMs or POPs", "moms")
    shove = req.boolean("shove", False)
    room = req.integer("room_inches", low=0, high=100) if req.has("room_inches") else None
    crash = None
    if req.has("collider_level") or req.has("target_level"):
        total = moms + req.integer("target_moms", 0, low=0, high=20)
        crash = (level_field(req, "collider_level", 0.5), level_field(req, "target_level", 0.5),
                 total)
    return Collision(rules, moms, pops, shove, room, crash)


@op("brikwars", "concealed_hazard", "Crossing a Concealed Hazard: the chance it goes off.")
def _concealed_hazard(req: Request, data: BrikWarsData) -> dict:
    """L1859-1861: a Skill roll against the inches travelled in the Field; a failed roll's
    total is how far the unit got before the Hazard struck, a Critical Failure strikes at
    once; an object over Size 1 rolls at minus its Size; Size 0 never sets one off; an
    object without Skill rolls 1d4. The Overskill is not spent."""
    rules = rules_for(req, "concealed_hazard")
    inches = req.integer("inches", low=0, high=100)
    size = req.integer("size", 1, low=0, high=100)
    if size == 0:
        return {"p_triggered": "0", "inches_before_pmf": []}
    no_skill = req.boolean("no_skill", False)
    sides = 4 if no_skill else die_field(req, "skill", "d6")
    penalty = size if size > 1 else 0
    options = Options(rules=rules)
    modifier = skill_modifier(req, data, options) - penalty
    struck: dict[int, Fraction] = {0: Fraction(1, sides)}  # a Critical Failure: at once
    die, _ = natural_die(sides, RollRules(rules.bonus_dice and sides == 4, rules.depth))
    for value, count in die.items():
        if value == 1:
            continue  # only a natural 1 shows 1
        for m, c in modifier.items():
            total = max(0, value + m)
            if total < inches:
                p = Fraction(count, die.total) * Fraction(c, modifier.total)
                struck[total] = struck.get(total, Fraction(0)) + p
    p = sum(struck.values(), Fraction(0))
    return {"p_triggered": fraction_text(p),
            "inches_before_pmf": pmf_json(Dist.from_chances(struck))}


@op("brikwars", "stunt", "Stunt Driving: the chance a stunt works and the Enemy's Thrust.")
def _stunt(req: Request, data: BrikWarsData) -> dict:
    rules = rules_for(req, "stunt")
    inches = req.integer("inches", low=1, high=100)
    success, thrust = stunt(inches, die_field(req, "skill", "d8"), rules)
    return {"p_success": fraction_text(success), "thrust_pmf": pmf_json(thrust),
            "thrust_mean": fraction_text(thrust.mean())}


def read_sprint(req: Request, data: BrikWarsData) -> tuple[RollRules, int, str, Dist]:
    """A `sprint` request's roll rules, Skill die, Overskill use and summed modifiers (read
    by the op and by `roll_plan`)."""
    rules = rules_for(req, "sprint", penalty=False)
    sides = die_field(req, "skill", "d6")
    overskill = req.string("overskill", "none")
    if overskill not in ("none", "inches"):
        raise QueryError("'overskill' must be none or inches", "overskill")
    return rules, sides, overskill, modifier_dist(req, data, "modifiers", rules)


@op("brikwars", "sprint", "A Sprint: extra inches from a Skill roll with Bonus Dice.")
def _sprint(req: Request, data: BrikWarsData) -> dict:
    """L627-631: a Sprint adds the Skill roll in inches to a straight-line Move; its dice
    earn Bonus Dice like any roll; a Critical Failure adds nothing; a chain of Bonus Dice
    that ends on a 1 forces the unit to run the whole distance. At Half Speed the Sprint
    inches are halved too (L628). `overskill: "inches"` also spends a natural 6 or more on
    +1d6 inches (L654-655; off by default: the Sprint takes Bonus Dice instead)."""
    rules, sides, overskill, modifier = read_sprint(req, data)
    depth = rules.depth
    rows = sides + 12 * depth + 2  # faces, and (inches, runaway) pairs of the chain
    extra_width = 6 * depth + 6 if overskill == "inches" else 1
    refuse_over(rows * len(modifier.counts) * extra_width * 5, "this Sprint roll",
                "lower the bonus-dice depth or give fewer rolled modifiers", "depth")
    inches, crit, runaway = sprint_inches(sides, rules, modifier, overskill == "inches")
    half = req.boolean("half_speed", False)
    mean = inches.mean() / (2 if half else 1)
    out: dict[str, object] = {"inches_pmf": pmf_json(inches),
                              "extra_move_mean": fraction_text(mean),
                              "p_crit_fail": fraction_text(crit),
                              "p_runaway": fraction_text(runaway), "half_speed": half}
    if req.has("needed"):
        need = req.integer("needed", low=0, high=1000)
        out["p_reach"] = fraction_text(
            inches.probability(lambda k: Fraction(k, 2 if half else 1) >= need))
    return out


TERRAIN = ("slow", "current", "slippery", "spiked")


@op("brikwars", "difficult_terrain", "Difficult Terrain: Move lost, pushed or slid, or Spikes.")
def _difficult_terrain(req: Request, data: BrikWarsData) -> dict:
    """L1851-1854: each d6 of Difficult Terrain is rolled in inches. A Slow Field takes them
    off the victim's Move; a Current moves it that far first, then it moves as usual; a
    Slippery Field spends that many of its own Move inches going on the way it was going
    (at most its Move), and a standing unit falls, Disrupted, on any Critical Failure of a
    Skill roll; a Spiked Obstacle slows a unit that moves carefully with its Action
    (`careful`) and otherwise deals its d6s as Exposure Damage against `armor`."""
    rules = rules_for(req, "difficult_terrain", penalty=False)
    field = one_of(req, "field", TERRAIN, "slow")
    dice = req.integer("dice", 1, low=1, high=30)
    move = req.integer("move", 5, low=0, high=100)
    # the dice core prices the roll first and refuses one too big to work out
    inches = roll(Expr((DiceTerm(dice, 6),)), RollRules(rules.bonus_dice, rules.depth)).totals()
    out: dict[str, object] = {"field": field, "inches_pmf": pmf_json(inches),
                              "inches_mean": fraction_text(inches.mean())}
    if field == "spiked" and not req.boolean("careful", False):
        options = read_options(req)
        target = read_target(req, data)
        dealt, cut = damage_dist(Expr((DiceTerm(dice, 6),)), rules)
        armor = armor_dist(target.armor, rules, options.armor_bonus_dice)
        below, _, _ = armor.compare(dealt)
        out.update(p_beats_armor=fraction_text(below), damage_mean=fraction_text(dealt.mean()))
        return out
    if field in ("slow", "spiked"):
        left = inches.map(lambda x: max(0, move - x))
        out.update(move_left_pmf=pmf_json(left), p_stopped=fraction_text(left.probability(
            lambda v: v == 0)))
    elif field == "current":
        out.update(pushed_pmf=pmf_json(inches), move_after=move)
    else:
        slid = inches.map(lambda x: min(move, x))
        out.update(slid_pmf=pmf_json(slid))
        if req.has("skill"):
            sides = die_field(req, "skill", "d6")
            out["p_fall_per_skill_roll"] = fraction_text(Fraction(1, sides))
    return out
