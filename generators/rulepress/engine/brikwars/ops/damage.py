"""Damage beyond one blow: Explosions (`explosion`), Target Overkill (`overkill`),
Grinding (`grinding`), Burning (`burning`), a Horse's damage track
(`horse_track`), Armor-Piercing dice (`armor_piercing`) and Exposure Damage
(`exposure`)."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from ...budget import refuse_over
from ...dice.cost import Cost, sum_cost
from ...dice.dist import Dist
from ...dice.ops import pmf_json, read_rules
from ...dice.parse import DiceTerm, Expr
from ...dice.roll import RollRules, natural_die
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..creation_damage import grinding, line_kills, sl_armor
from ..damage import armor_dist, damage_dist
from ..deflect import PIERCING
from ..explosion import guard, ring_means, ring_p_kill, stack_steps, truncated_mass
from ..faces import DIE_READINGS
from ..fields import armor_text, die_field, level_field, object_list, one_of
from ..fire import burn, burn_each_die, each_die_steps
from ..lookup import parse_field, refuse_unused, rules_for
from ..piercing import AP_BONUS, Line, pierce, pierce_steps
from ..unmodelled import leaves_out
from .attack_request import Target, attack_outcome, read_options, read_target, track


@op("brikwars", "explosion", "Damage and chance to kill in each 2-inch ring of an Explosion.")
@leaves_out(
    "Deflection (Heavy Armor Deflects a one-die Explosion, L1970), cover and "
    "Component targets are not worked out: give the Armor as it stands",
    "Duds on a Critical Failure (L1731) and Premature Detonation (L1728) are not "
    "worked out; KnockBack moves loose objects only (L1712)")
def _explosion(req: Request, data: BrikWarsData) -> dict:
    rules = rules_for(req, "explosion (its d10s take no per-die penalty, L783)")
    dice = req.integer("dice", 1, low=1, high=20)
    armor = armor_text(req)  # required: a request without it has always been refused
    parse_field(armor, "armor")
    armor_roll = armor_dist(armor, rules, req.boolean("armor_bonus_dice", True))
    explosions = req.integer("explosions", 1, low=1, high=200)
    guard(dice, rules, armor_roll.high)
    refuse_over(explosions * (armor_roll.high + 2) * dice * explosions * dice / 50
                + stack_steps(dice, rules, armor_roll.high, explosions),
                "this stack of Explosions", "give fewer Explosions or dice", "explosions")
    kills = ring_p_kill(dice, rules, armor_roll, explosions=explosions)
    means = [m * explosions for m in ring_means(dice, rules)]
    rings = []
    for j, (p, mean) in enumerate(zip(kills, means), 1):
        rings.append({"from_inches": 2 * (j - 1), "to_inches": 2 * j,
                      "knockback_inches": dice - j + 1, "p_kill": fraction_text(p),
                      "p_kill_float": float(p), "damage_mean": fraction_text(mean)})
    return {"dice": dice, "armor": armor, "rings": rings,
            "truncated_mass": fraction_text(truncated_mass(dice * explosions, rules))}


@op("brikwars", "overkill", "Target Overkill: how many targets in a line one blow kills.")
def _overkill(req: Request, data: BrikWarsData) -> dict:
    rules = read_rules(req)
    sides = die_field(req, "skill", "d6")
    expr = parse_field(req.string("damage", "S"), "damage").with_skill(sides)
    from .damage import damage_dist
    damage, cut = damage_dist(expr, rules)
    text = armor_text(req, "4")
    parse_field(text, "armor")
    armor = armor_dist(text, rules, req.boolean("armor_bonus_dice", True))
    targets = req.integer("targets", 3, low=1, high=50)
    refuse_over(len(damage.counts) * len(armor.counts) * targets * 20, "this Overkill",
                "give fewer targets or fewer dice", "targets")
    kills = line_kills(damage, armor, targets)
    return {"kills_pmf": pmf_json(kills),
            "kills_mean": fraction_text(kills.mean()),
            "truncated_mass": fraction_text(cut)}


@op("brikwars", "grinding", "Grinding: damage dice that beat a component's Structure Level.")
@leaves_out(
    "the points ground off stay off the component's Armor for later attacks (L1417)")
def _grinding(req: Request, data: BrikWarsData) -> dict:
    rules = read_rules(req)
    sides = die_field(req, "skill", "d6")
    refuse_unused(rules, "grinding", penalty=False)
    reading = _die_reading(req)
    expr = parse_field(req.string("damage", "S"), "damage").with_skill(sides)
    dice = [t.sides or sides for t in expr.terms if t.sign > 0 for _ in range(t.count)]
    if len(dice) > 200:
        raise QueryError("at most 200 damage dice", "damage")
    refuse_over(max(len(dice) ** 2 * (rules.depth + 1) * 3, grinding_steps(dice, rules, reading)),
                "this Grinding roll",
                "roll fewer dice or lower the bonus-dice depth", "damage")
    points = grinding(dice, level_field(req), rules, reading)
    return {"grinding_pmf": pmf_json(points), "grinding_mean": fraction_text(points.mean()),
            "not_modelled": [reading_note(reading)]}


def grinding_steps(dice: list[int], rules: RollRules, reading: str) -> float:
    """Steps of adding up one points Dist per die (creation_damage.grinding), costed by the
    dice core's model: each sum is a product of packed counts as wide as the dice's totals,
    which the bonus-dice depth lengthens (bench/op_budgets.py: 0.7-0.8 of it measured)."""
    cost, running = Cost(), (1, 0.0)
    for sides in dice:
        die, _ = natural_die(sides, RollRules(rules.bonus_dice, rules.depth, rules.penalty,
                                              rules.penalty_on_bonus_dice))
        outcomes = rules.depth + 2 if reading == "each_die" else 2
        running = sum_cost(cost, running, (outcomes, die.total.bit_length()))
    return cost.steps


def _die_reading(req: Request) -> str:
    return one_of(req, "die_reading", DIE_READINGS, "with_bonus_dice")


def reading_note(reading: str) -> str:
    """Which reading of "each individual die" the answer used (see the Decisions)."""
    if reading == "each_die":
        return ("each die rolled, bonus dice too, is judged on its own face "
                "(`die_reading`: `each_die`)")
    return ("a die is judged on its total with its own bonus dice (`die_reading`: "
            "`with_bonus_dice`; `each_die` judges every die on its own face)")


@op("brikwars", "burning", "Burning Rolls of a burning object or minifig, turn by turn.")
@leaves_out(
    "a Fire that fills the object spreads to a nearby flammable object (L1836), "
    "and firefighting takes inches off (L1838): neither is worked out")
def _burning(req: Request, data: BrikWarsData) -> dict:
    rules = rules_for(req, "burning")
    reading = _die_reading(req)
    size = req.integer("size", 1, low=1, high=20)
    level = level_field(req, default=0.5)
    fire = req.integer("fire", 1, low=1, high=size)
    turns = req.integer("turns", 3, low=1, high=20)
    if reading == "each_die":
        refuse_over(each_die_steps(size, turns, rules), "this run of Burning Rolls",
                    "give fewer turns, a smaller Size or a lower bonus-dice depth", "turns")
        return {"turns": [{"turn": t, "p_out": fraction_text(sizes.chance(0)),
                           "grinding_mean": fraction_text(grind),
                           "fire_size_pmf": pmf_json(sizes)}
                          for t, (sizes, grind) in enumerate(
                              burn_each_die(size, level, fire, turns, rules), 1)],
                "not_modelled": [reading_note(reading)]}
    refuse_over(turns * size ** 3 * turns * 5 / 3, "this run of Burning Rolls",
                "give fewer turns or a smaller Size", "turns")
    history = burn(size, level, fire, turns, rules)
    rows = []
    for t, states in enumerate(history, 1):
        out = sum((p for (f, _), p in states.items() if f == 0), Fraction(0))
        grind = sum((g * p for (_, g), p in states.items()), Fraction(0))
        sizes: dict[int, Fraction] = {}
        for (f, _), p in states.items():
            sizes[f] = sizes.get(f, 0) + p
        rows.append({"turn": t, "p_out": fraction_text(out), "grinding_mean": fraction_text(grind),
                     "fire_size_pmf": pmf_json(Dist.from_chances(sizes))})
    return {"turns": rows, "not_modelled": [reading_note(reading)]}


@op("brikwars", "horse_track", "Blows on a Horse: wounded, then killed, blow by blow.")
@leaves_out(
    "a Wounded Horse's Half Speed and single MOM and POP (L1078) are not worked "
    "out; every blow is the same attack")
def _horse_track(req: Request, data: BrikWarsData) -> dict:
    """L1075-1080: Damage over a Horse's Armor wounds it (Half Speed, 1 MOM/POP); a
    second such blow, or one over twice its Armor, kills it."""
    options = read_options(req)
    target = read_target(req, data)
    if target.hits_to_kill < 2:
        target = Target(target.armor, target.deflection, 2)
    outcome = attack_outcome(req, data, options, target)
    hit = track(outcome.dealt(), target, options, outcome.odds.p_hit)
    blows = req.integer("blows", 3, low=1, high=50)
    fine, hurt, dead = Fraction(1), Fraction(0), Fraction(0)
    rows = []
    for b in range(1, blows + 1):
        dead_now = fine * hit["p_kill"] + hurt * hit["p_beats_armor"]
        hurt = hurt * (1 - hit["p_beats_armor"]) + fine * hit["p_wound"]
        fine = fine * (1 - hit["p_kill"] - hit["p_wound"])
        dead += dead_now
        rows.append({"blow": b, "p_dead": fraction_text(dead), "p_wounded": fraction_text(hurt)})
    return {"p_wound": fraction_text(hit["p_wound"]), "p_kill": fraction_text(hit["p_kill"]), "blows": rows}


AP_READINGS = ("nullify", "as_levels")
AP_NOTES = {
    "stay": "the bonus dice an AP d6 rolls count with it on the target that took it "
            "(`ap_bonus_dice`: `stay`; `pierce` sends them on as AP d6s, L1948)",
    "pierce": "the bonus dice an AP d6 rolls pierce on to the next target as AP d6s "
              "(`ap_bonus_dice`: `pierce`, L1948); a target that takes all that is left "
              "keeps them"}


@op("brikwars", "armor_piercing", "Armor-Piercing d6s through a line of targets.")
def _armor_piercing(req: Request, data: BrikWarsData) -> dict:
    """L1950-1952: a target takes one AP d6 per two Structure Levels, rounded up (SL 0 takes
    none and the Damage passes through whole); with that many AP d6s in the Damage it takes
    them and the rest pierces on, with fewer it takes all that is left. Two levels of
    Deflection nullify one AP d6; a single level left over counts as one more Structure
    Level (`deflection_reading: "nullify"`, our reading; `"as_levels"` counts every level
    as a Structure Level). Each target's dice are rolled against its Armor (`armor`, or
    from the Structure Level); the other Deflection levels of a target that takes plain
    dice reduce them as usual. Dice are handed out before they are rolled; the bonus dice an
    AP d6 rolls stay with it (`ap_bonus_dice: "stay"`, ours) or pierce on as AP d6s
    (`"pierce"`, L1948: piercing.py)."""
    options = read_options(req)
    rules = options.rules
    sides = die_field(req, "skill", "d6")
    expr = parse_field(req.string("damage", "2d6 Piercing + 1d4 Fire"), "damage")
    expr = expr.with_skill(sides)
    if expr.dice_count() > 40:
        raise QueryError("at most 40 damage dice here (each target rolls its share)",
                         "damage")
    reading = one_of(req, "deflection_reading", AP_READINGS, "nullify")
    bonus = one_of(req, "ap_bonus_dice", AP_BONUS, "stay")
    subs = object_list(req, "targets", 20)
    ap = sum(t.count for t in expr.terms if t.tag == PIERCING and t.sign > 0 and t.sides == 6)
    if any(t.tag == PIERCING and t.sides != 6 for t in expr.terms):
        raise QueryError("Armor-Piercing dice are d6s (L1949)", "damage")
    rest = Expr(tuple(t for t in expr.terms if t.tag != PIERCING), expr.modifier)
    line = []
    for i, sub in enumerate(subs):
        level = level_field(sub, "structure_level", 0.5)
        deflection = sub.integer("deflection", 0, low=0, high=10)
        armor = armor_text(sub, sl_armor(level))
        parse_field(armor, f"targets[{i}].armor")
        line.append(Line(level, deflection, armor))
    notes = [AP_NOTES[bonus], "targets over 1 inch are pierced an inch at a time (L1953): "
             "list each inch as a target"]
    if bonus == "pierce":
        refuse_over(pierce_steps(ap, len(line), rules.depth if rules.bonus_dice else 0),
                    "this line of piercing bonus dice", "give fewer AP dice or targets, or a lower "
                    "bonus-dice depth", "depth")
        found = pierce(ap, rest, line, reading, rules, options.armor_bonus_dice)
        return {"targets": [{"target": r["target"], "structure_level": fraction_text(line[k].level),
                             "ap_dice_pmf": [[n, fraction_text(p)] for n, p in r["ap_dice_pmf"] if p],
                             "p_beats_armor": fraction_text(r["p_beats_armor"])}
                            for k, r in enumerate(found["rows"])],
                "ap_dice_beyond_pmf": [[n, fraction_text(p)] for n, p in found["beyond"] if p],
                "p_plain_dice_beyond": fraction_text(found["rest_beyond"]), "not_modelled": notes}
    rows = []
    for i, target in enumerate(line):
        level, deflection, armor = target.level, target.deflection, target.armor
        nullified = min(ap, deflection // 2) if reading == "nullify" else 0
        ap -= nullified
        leftover = deflection - 2 * nullified  # counts as Structure Levels against AP dice
        need = ceil((level + leftover) / 2)
        row: dict[str, object] = {"target": i, "structure_level": fraction_text(level),
                                  "ap_dice_nullified": nullified, "ap_dice_needed": need}
        if ap == 0 and not rest.terms and rest.modifier == 0:
            row.update(takes="nothing", p_beats_armor="0")
            rows.append(row)
            continue
        if ap and ap >= need:
            if need == 0:  # SL 0: shattered, the Damage goes through whole (L1957)
                row.update(takes="nothing: the Damage passes through whole",
                           p_beats_armor="1")
                rows.append(row)
                continue
            taken, levels = Expr((DiceTerm(need, 6, 1, PIERCING),)), 0
            ap -= need
        else:  # too few AP dice: it takes all that is left, its Deflection as usual
            levels = leftover if ap == 0 else 0
            taken = Expr(((DiceTerm(ap, 6, 1, PIERCING),) if ap else ()) + rest.terms,
                         rest.modifier)
            ap, rest = 0, Expr(())
        dealt, _cut = damage_dist(taken, rules, levels)
        armor_roll = armor_dist(armor, rules, options.armor_bonus_dice)
        below, _, _ = armor_roll.compare(dealt)
        row.update(takes=taken.text(), p_beats_armor=fraction_text(below))
        rows.append(row)
    left = Expr(((DiceTerm(ap, 6, 1, PIERCING),) if ap else ()) + rest.terms, rest.modifier)
    return {"targets": rows, "passes_beyond": left.text() if left.terms or left.modifier
            else "nothing",
            "not_modelled": notes}


def _hazard_damage(req: Request, data: BrikWarsData, rules: RollRules) -> tuple[Dist, int, Fraction]:
    expr = parse_field(req.string("dice", "1d6"), "dice")
    if expr.uses_skill:
        raise QueryError("Hazard dice have no Skill die: write them as 1d6, 2d4 Fire, …",
                         "dice")
    dice = expr.dice_count()
    if dice > 30:
        raise QueryError("a Field has at most 30 Hazard dice here (one per inch of Field)",
                         "dice")
    if req.integer("target_size", 1, low=0, high=1000) == 0:
        return Dist.constant(dice), dice, Fraction(0)  # Size 0: a point per die (L1812)
    bonus = req.integer("target_size", 1, low=0, high=1000) // 2
    modifier = req.integer("damage_modifier", 0, low=-100, high=100)
    # the target-size modifier changes the Damage total (L1811); a Critical Failure
    # still deals nothing
    dist, cut = damage_dist(expr.plus(bonus + modifier), rules)
    return dist, dice, cut


@op("brikwars", "exposure", "Exposure Damage from a Field Hazard, with the target's size.")
def _exposure(req: Request, data: BrikWarsData) -> dict:
    """L1809-1813: a unit in an Exposure Field rolls the Field's Hazard dice as Damage (d6,
    or d4 Fire); the total takes the target-size modifier of the exposed part, as on arc
    fire (+1 per 2 inches, `target_size`; `damage_modifier` for a partly exposed target); a
    Size 0 object takes 1 point per die. Every die a Creation takes costs it an inch of
    Power this turn (Overload)."""
    rules = rules_for(req, "exposure", penalty=False)
    target = read_target(req, data)
    dealt, dice, cut = _hazard_damage(req, data, rules)
    options = read_options(req)
    armor = armor_dist(target.armor, rules, options.armor_bonus_dice)
    below, _, _ = armor.compare(dealt)
    return {"p_beats_armor": fraction_text(below), "damage_pmf": pmf_json(dealt),
            "damage_mean": fraction_text(dealt.mean()), "power_overload_inches": dice,
            "truncated_mass": fraction_text(cut)}
