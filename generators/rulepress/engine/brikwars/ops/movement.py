"""Movement: the Sprint (`sprint`), KnockBack (`knockback`), Difficult Terrain
(`difficult_terrain`), a Concealed Hazard (`concealed_hazard`) and Stunt Driving
(`stunt`)."""

from __future__ import annotations

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
from ..unmodelled import leaves_out
from .attack_request import read_options, read_target, skill_modifier
from .close_combat import read_moms


@op("brikwars", "knockback", "A Collision: MOM dice of KnockBack against POP dice.")
@leaves_out(
    "Crash Damage dice are counted, not rolled against Armor (ask `attack` with "
    "`auto_hit`); Disruption and a Charge going on after the KnockBack (L2153) are not "
    "worked out")
def _knockback(req: Request, data: BrikWarsData) -> dict:
    rules = rules_for(req, "knockback")
    moms, pops = read_moms(req), req.integer("pops", 1, low=0, high=50)
    refuse_over((moms + pops) ** 2 * (rules.depth + 1) * 400, "this collision",
                "give fewer MOMs or POPs", "moms")
    shove = req.boolean("shove", False)
    knock = knockback(moms, pops, rules, shove)
    out = {"moms": moms, "pops": pops, "p_knockback": fraction_text(1 - knock.probability(lambda v: v <= 0)),
           "p_resisted": fraction_text(knock.probability(lambda v: v <= 0)),
           "knockback_pmf": pmf_json(knock), "knockback_mean": fraction_text(knock.mean())}
    if req.has("room_inches"):
        hurt = smash(knock, req.integer("room_inches", low=0, high=100))
        out["smash_damage_pmf"] = pmf_json(hurt)
    if req.has("collider_level") or req.has("target_level"):
        total = moms + req.integer("target_moms", 0, low=0, high=20)
        out["crash_dice"] = {
            "by_collider": crash_dice(level_field(req, "collider_level", 0.5), total),
            "by_target": crash_dice(level_field(req, "target_level", 0.5), total)}
    return out


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


def _sprint_rows(sides: int, rules: RollRules) -> list[tuple[int, int, bool, Fraction]]:
    """(natural face, inches of the die with its bonus dice, runaway, weight). The Sprint
    roll takes Bonus Dice like any roll (L631); a chain of them that ends on a 1 makes the
    unit run the whole distance (runaway). A cut chain counts its last die's face."""
    b = 4 if sides == 4 else 6
    pen = rules.penalty
    chain_pen = pen if rules.penalty_on_bonus_dice else 0

    def chain(left: int) -> dict[tuple[int, bool], Fraction]:
        """{(inches, ended on a 1): chance} of one bonus die and those it earns."""
        rows: dict[tuple[int, bool], Fraction] = {}
        for face in range(1, b + 1):
            more = chain(left - 1) if face == b and left > 1 else \
                {(0, face == 1): Fraction(1)}
            for (v, r), w in more.items():
                key = (face - chain_pen + v, r)
                rows[key] = rows.get(key, Fraction(0)) + w / b
        return rows

    out = [(1, 0, False, Fraction(1, sides))]
    for face in range(2, sides + 1):
        w = Fraction(1, sides)
        if face == sides and rules.bonus_dice and rules.depth:
            out += [(face, face - pen + v, r, w * q) for (v, r), q in chain(rules.depth).items()]
        else:
            out.append((face, face - pen, False, w))
    return out


@op("brikwars", "sprint", "A Sprint: extra inches from a Skill roll with Bonus Dice.")
def _sprint(req: Request, data: BrikWarsData) -> dict:
    """L627-631: a Sprint adds the Skill roll in inches to a straight-line Move; its dice
    earn Bonus Dice like any roll; a Critical Failure adds nothing; a chain of Bonus Dice
    that ends on a 1 forces the unit to run the whole distance. At Half Speed the Sprint
    inches are halved too (L628). `overskill: "inches"` also spends a natural 6 or more on
    +1d6 inches (L654-655; off by default: the Sprint takes Bonus Dice instead)."""
    rules = rules_for(req, "sprint", penalty=False)
    sides = die_field(req, "skill", "d6")
    depth = rules.depth
    overskill = req.string("overskill", "none")
    if overskill not in ("none", "inches"):
        raise QueryError("'overskill' must be none or inches", "overskill")
    modifier = modifier_dist(req, data, "modifiers", rules)
    rows = sides + 12 * depth + 2  # faces, and (inches, runaway) pairs of the chain
    extra_width = 6 * depth + 6 if overskill == "inches" else 1
    refuse_over(rows * len(modifier.counts) * extra_width * 5, "this Sprint roll",
                "lower the bonus-dice depth or give fewer rolled modifiers", "depth")
    extra = natural_die(6, RollRules(rules.bonus_dice, depth))[0]
    parts: list[tuple[Fraction, Dist]] = []
    runaway = crit = Fraction(0)
    for face, value, runs, w in _sprint_rows(sides, rules):
        if face == 1:  # a Critical Failure: the Sprint adds nothing
            parts.append((w, Dist.constant(0)))
            crit += w
            continue
        if runs:
            runaway += w
        adds = extra if overskill == "inches" and sides >= 6 and face >= 6 else 0
        parts.append((w, (modifier + adds + value).floor_at(0)))
    inches = Dist.mixture(parts)
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
