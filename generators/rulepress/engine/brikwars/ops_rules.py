"""Query operations for the numbered BrikWars rules beyond a single attack: close combat,
missed shots, charges and KnockBack, Overkill and Size Damage, field construction, automatic
fire, stacked explosions, fire, manned guns, stunts, Ker-Triage!, specialty rolls,
SuperNatural dice, a Horse's damage track and the MOC fancy dice."""

from __future__ import annotations

from fractions import Fraction

from ..budget import refuse_over
from ..dice.dist import Dist
from ..dice.ops import pmf_json, read_rules
from ..dice.parse import DiceTerm
from ..dice.roll import RollRules, bonus_mean, natural_die
from ..exact import fraction_text
from ..query import QueryError, Request, op
from .attack import Attack, Options, Outcome, resolve
from .collision import MOVERS, crash_dice, knockback, momentum, smash
from .creation import (OVERKILL_ARMOR, effective_level, grinding, line_kills, size_damage,
                       size_damage_steps, sl_armor)
from .damage import armor_dist
from .faces import DIE_READINGS
from .fields import armor_text, one_of
from .fire import burn, burn_each_die, each_die_steps
from .lookup import DICE, find, modifier_dist, parse_field, refuse_unused
from .ops import (Target, guard_attack, read_and_resolve, read_attack, read_options, read_target,
                  skill_modifier, track)
from .skill import reaches, skill_odds
from .specialist import DISASSEMBLY, disassembly, ker_triage, skill_total, stunt
from .supernatural import SN_MAX_DEPTH, blessed, sn_roll
from .unmodelled import leaves_out

SIZES = (4, 6, 8, 10, 12)
LEVEL_WORDS = {"0": 0, "0.5": 0.5, "½": 0.5, **{str(n): n for n in range(1, 6)}}


def _t(p: Fraction | int) -> str:
    return fraction_text(Fraction(p))


def _pmf(d: dict[int, Fraction]) -> list[list]:
    return [[k, _t(v)] for k, v in sorted(d.items()) if v]


def _mean(d: dict[int, Fraction]) -> Fraction:
    """The mean of a {value: chance} table."""
    return sum((k * p for k, p in d.items()), Fraction(0))


def _die(req: Request, field: str, default: str, allowed: tuple[int, ...] = SIZES) -> int:
    named = {f"d{s}": s for s in allowed}
    return named[one_of(req, field, named, default)]


def _level(req: Request, field: str = "structure_level", default: float = 1) -> Fraction:
    value = req.get(field, default)
    if isinstance(value, str) and value.strip() in LEVEL_WORDS:  # a calculator's select
        value = LEVEL_WORDS[value.strip()]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value \
            or abs(value) > 100:
        raise QueryError(f"'{field}' must be a number: 0, 0.5 or 1 to 5", field)
    level = Fraction(value).limit_denominator(2)
    if level not in (0, Fraction(1, 2)) and not (level.denominator == 1 and 1 <= level <= 5):
        raise QueryError(f"'{field}' must be 0, 0.5 or a whole number 1 to 5 (L1372-1382)",
                         field)
    return level


def _attack_of(req: Request, data: dict, options: Options, target: Target) -> Outcome:
    return read_and_resolve(req, data, options, target)[1]


# --- 5.2 close combat -------------------------------------------------------------------

@op("brikwars", "close_combat", "A close-combat exchange: attack, Parry or Bail, Counterattack.")
@leaves_out(
    "Grabs, Shoves, Angry Inches and attacks with a second weapon are not worked "
    "out; the counter is one Counterattack, after the attack (L858)")
def _close_combat(req: Request, data: dict) -> dict:
    """L820-858: the target of an Attack may Parry (in `attack.parry`) or Bail (`bail`:
    its Skill roll must reach `inches`, a Critical Failure falls on the spot, L691-694);
    if it lives and did not Bail away, it may Counterattack (`counter`, handled as an
    attack on the attacker, who may Parry it in `counter.parry`)."""
    options = read_options(req)
    first = req.child("attack", required=True)
    assert first is not None
    target = read_target(first, data)
    bail = req.child("bail")
    p_bail = Fraction(0)
    if bail is not None:
        if first.has("parry"):
            raise QueryError("the target Parries or Bails, not both (L848)", "bail")
        sides = _die(bail, "skill", "d6")
        p_bail = skill_odds(sides, bail.integer("inches", low=0, high=100),
                            modifier_dist(bail, data, "modifiers", options.rules), "skill",
                            0, options.rules).p_hit
    attack, outcome = read_and_resolve(first, data, options, target)
    hit = track(outcome.dealt(), target, options, outcome.odds.p_hit)
    p_killed = (1 - p_bail) * hit["p_kill"]
    out: dict[str, object] = {"p_hit": _t(outcome.odds.p_hit), "p_bail": _t(p_bail),
           "p_defender_killed": _t(p_killed)}
    if attack.parry is not None:
        parry = skill_odds(attack.parry.sides, attack.parry.use, attack.parry.modifier,
                           "none", 0, options.rules)
        lost = parry.crit_fail
        if first.boolean("one_handed_parry_vs_two_handed", False):
            lost = 1 - parry.p_hit  # any failed Parry loses the one-handed item (L854)
        out["p_parry"] = _t(parry.p_hit)
        out["p_parry_item_knocked_away"] = _t(lost)
    counter = req.child("counter")
    if counter is not None:
        c_target = read_target(counter, data)
        c_outcome = _attack_of(counter, data, options, c_target)
        c_hit = track(c_outcome.dealt(), c_target, options, c_outcome.odds.p_hit)
        alive = (1 - p_bail) * (1 - hit["p_kill"])  # a Bailing target has dived away
        out["p_attacker_killed"] = _t(alive * c_hit["p_kill"])
        out["p_both_alive"] = _t(1 - p_killed - alive * c_hit["p_kill"])
    else:
        out["p_both_alive"] = _t(1 - p_killed)
    outcomes = {"target killed": out["p_defender_killed"]}
    if "p_attacker_killed" in out:
        outcomes["attacker killed by the counter"] = out["p_attacker_killed"]
    outcomes["both alive"] = out["p_both_alive"]
    out["outcomes"] = outcomes
    return out


# --- 5.3 ranged attacks: Missed Shots -----------------------------------------------------

@op("brikwars", "missed_shot", "How far a missed Ranged Attack lands from its target.")
def _missed_shot(req: Request, data: dict) -> dict:
    """L882-884: a miss lands within as many inches of the target as the Attack Roll fell
    short by; a Critical Failure counts its natural 1 like any roll (L887)."""
    options = read_options(req)
    sides = _die(req, "skill", "d6")
    use = req.integer("use", 3, low=0, high=100)
    modifier = skill_modifier(req, data, options)
    miss: dict[int, Fraction] = {}
    for face in range(1, sides + 1):
        for value, count in modifier.items():
            total = face - options.rules.penalty + value
            if face == 1 or max(total, 0) < use:  # no roll is below 0 (L174)
                short = max(1, use - max(total, 0))
                miss[short] = miss.get(short, 0) + Fraction(count, sides * modifier.total)
    p_miss = sum(miss.values(), Fraction(0))
    given = {k: v / p_miss for k, v in miss.items()} if p_miss else {}
    return {"p_miss": _t(p_miss), "missed_by_pmf": _pmf(given),
            "note": "the range of a missed shot is the inches it missed by; an Enemy picks "
                    "the spot (L884). Overskill is not spent."}


# --- 5.4 / H.3 charges, 9.5 collisions ---------------------------------------------------

def _moms(req: Request) -> int:
    if req.has("moms"):
        return req.integer("moms", low=0, high=20)
    run = req.integer("run_inches", 0, low=0, high=200)
    if req.has("creation_size"):
        limit = req.integer("creation_size", low=0, high=100)
    else:
        mover = req.string("mover", "minifig")
        if mover not in MOVERS:
            raise QueryError(f"'mover' must be one of {', '.join(MOVERS)} (or give "
                             f"'creation_size')", "mover")
        limit = MOVERS[mover]
    return momentum(run, limit)


@op("brikwars", "charge", "A Charge: MOMs from the run, each one more Skill die of Damage.")
@leaves_out(
    "a missed Charge keeps its MOM and must Collide or run on (L911): ask "
    "`knockback`; who strikes first by weapon length (L913) is not worked out")
def _charge(req: Request, data: dict) -> dict:
    """L893-898, L1147-1148: one MOM per 4 inches run straight (a minifig at most 1, a
    Horse 2, a Creation its Effective Size); each MOM spent adds a Skill die of Damage,
    up to the charging weapon's limit (L1172-1177)."""
    options = read_options(req)
    moms = _moms(req)
    target = read_target(req, data)
    attack = read_attack(req, data, options)
    cap = moms
    if req.has("weapon"):
        record = find(data, ("items", "scaled_weapons"), req.string("weapon"), "weapon")
        if record.get("max_momentum") is not None:
            cap = min(cap, record["max_momentum"])
    damage = attack.damage.add_dice((DiceTerm(cap, attack.sides),)) if cap else attack.damage
    attack = Attack(**{**attack.__dict__, "damage": damage, "deflection": target.deflection})
    guard_attack([attack], options)
    outcome = resolve(attack, options)
    hit = track(outcome.dealt(), target, options, outcome.odds.p_hit)
    return {"moms": moms, "moms_on_damage": cap, "damage_expr": damage.text(),
            "p_hit": _t(outcome.odds.p_hit), "p_kill": _t(hit["p_kill"]),
            "truncated_mass": _t(outcome.truncated_mass)}


@op("brikwars", "knockback", "A Collision: MOM dice of KnockBack against POP dice.")
@leaves_out(
    "Crash Damage dice are counted, not rolled against Armor (ask `attack` with "
    "`auto_hit`); Disruption and a Charge going on after the KnockBack (L2153) are not "
    "worked out")
def _knockback(req: Request, data: dict) -> dict:
    rules = read_rules(req)
    refuse_unused(rules, "knockback")
    moms = _moms(req)
    pops = req.integer("pops", 1, low=0, high=50)
    refuse_over((moms + pops) ** 2 * (rules.depth + 1) * 400, "this collision",
                "give fewer MOMs or POPs", "moms")
    shove = req.boolean("shove", False)
    knock = knockback(moms, pops, rules, shove)
    out = {"moms": moms, "pops": pops, "p_knockback": _t(1 - knock.probability(lambda v: v <= 0)),
           "p_resisted": _t(knock.probability(lambda v: v <= 0)),
           "knockback_pmf": pmf_json(knock), "knockback_mean": _t(knock.mean())}
    if req.has("room_inches"):
        hurt = smash(knock, req.integer("room_inches", low=0, high=100))
        out["smash_damage_pmf"] = pmf_json(hurt)
    if req.has("collider_level") or req.has("target_level"):
        total = moms + req.integer("target_moms", 0, low=0, high=20)
        out["crash_dice"] = {
            "by_collider": crash_dice(_level(req, "collider_level", 0.5), total),
            "by_target": crash_dice(_level(req, "target_level", 0.5), total)}
    return out


# --- 7.2 Overkill, Size Damage and Grinding ----------------------------------------------

@op("brikwars", "overkill", "Target Overkill: how many targets in a line one blow kills.")
def _overkill(req: Request, data: dict) -> dict:
    rules = read_rules(req)
    sides = _die(req, "skill", "d6")
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
    return {"kills_pmf": _pmf(kills),
            "kills_mean": _t(_mean(kills)),
            "truncated_mass": _t(cut)}


@op("brikwars", "size_damage", "One attack on a large Creation: Size Damage with Overkill.")
@leaves_out(
    "what the lost inches cost (Power, Half Speed, weapons) is `creation_status`; "
    "Component Damage is `component_damage`")
def _size_damage(req: Request, data: dict) -> dict:
    options = read_options(req)
    size = req.integer("size", low=1, high=50)
    level = _level(req)
    if level > size:
        raise QueryError("a Structure Level can be at most the Creation's Size (L1371)",
                         "structure_level")
    taken = req.integer("size_damage_taken", 0, low=0, high=size - 1)
    reuse = one_of(req, "overkill_armor", OVERKILL_ARMOR, "fresh")
    target = Target("0", req.integer("deflection", 0, low=0, high=10))
    outcome = _attack_of(req, data, options, target)
    dealt = outcome.dealt()
    refuse_over(size_damage_steps(dealt, size, level, taken, options.rules, reuse),
                "this Size Damage", "roll fewer damage dice, give a smaller Size or a lower "
                "bonus-dice depth, or use overkill_armor fresh", "size")
    dist = size_damage(dealt, size, level, taken, options.rules,
                       req.boolean("overkill", True), options.armor_bonus_dice, reuse)
    left = size - taken
    return {"p_hit": _t(outcome.odds.p_hit), "size_damage_pmf": _pmf(dist),
            "size_damage_mean": _t(_mean(dist)),
            "p_destroyed": _t(dist.get(left, Fraction(0))),
            "truncated_mass": _t(outcome.truncated_mass)}


@op("brikwars", "grinding", "Grinding: damage dice that beat a component's Structure Level.")
@leaves_out(
    "the points ground off stay off the component's Armor for later attacks (L1417)")
def _grinding(req: Request, data: dict) -> dict:
    rules = read_rules(req)
    sides = _die(req, "skill", "d6")
    refuse_unused(rules, "grinding", penalty=False)
    reading = _die_reading(req)
    expr = parse_field(req.string("damage", "S"), "damage").with_skill(sides)
    dice = [t.sides or sides for t in expr.terms if t.sign > 0 for _ in range(t.count)]
    if len(dice) > 200:
        raise QueryError("at most 200 damage dice", "damage")
    refuse_over(len(dice) ** 2 * (rules.depth + 1) * 3, "this Grinding roll",
                "roll fewer dice or lower the bonus-dice depth", "damage")
    points = grinding(dice, _level(req), rules, reading)
    return {"grinding_pmf": pmf_json(points), "grinding_mean": _t(points.mean()),
            "not_modelled": [reading_note(reading)]}


def _die_reading(req: Request) -> str:
    return one_of(req, "die_reading", DIE_READINGS, "with_bonus_dice")


def reading_note(reading: str) -> str:
    """Which reading of "each individual die" the answer used (see the Decisions)."""
    if reading == "each_die":
        return ("each die rolled, bonus dice too, is judged on its own face "
                "(`die_reading`: `each_die`)")
    return ("a die is judged on its total with its own bonus dice (`die_reading`: "
            "`with_bonus_dice`; `each_die` judges every die on its own face)")


@op("brikwars", "construct_parts", "A Construct's Modular Parts knocked off by one blow.")
def _construct_parts(req: Request, data: dict) -> dict:
    """L2429-2438: Damage of at least the Connection Strength breaks off one Modular Part
    per full Connection Strength (7 Damage at Strength 2: 3 parts); a Critical Failure
    deals nothing."""
    rules = read_rules(req)
    sides = _die(req, "skill", "d6")
    expr = parse_field(req.string("damage", "S"), "damage").with_skill(sides)
    from .damage import damage_dist
    damage, cut = damage_dist(expr, rules)
    strength = req.integer("connection_strength", 1, low=1, high=50)
    parts = req.integer("parts", 50, low=1, high=1000)
    lost = damage.map(lambda d: min(parts, d // strength))
    return {"parts_lost_pmf": pmf_json(lost), "parts_lost_mean": _t(lost.mean()),
            "truncated_mass": _t(cut)}


@op("brikwars", "creation_status", "A damaged Creation's Effective Size, Power, SL and repairs.")
def _creation_status(req: Request, data: dict) -> dict:
    """L1393-1399, L1564, L1494-1499: Effective Size = Size - Size Damage; Power is twice
    the Effective Size; the Structure Level at most the Effective Size; at half the Size
    or less it moves at Half Speed; a Patch one inch longer than the Effective Size repairs
    one point; raising the SL by one (to at most 3) needs a Patch at least the Effective
    Size and the new SL."""
    size = req.integer("size", low=1, high=1000)
    level = _level(req)
    taken = req.integer("size_damage_taken", 0, low=0, high=1000)
    effective = max(0, size - taken)
    now = effective_level(level, effective) if effective else Fraction(0)
    raise_to = now + 1 if now >= 1 else Fraction(1)
    return {"effective_size": effective, "destroyed": effective == 0,
            "power_inches": 2 * effective, "structure_level": float(now),
            "armor": sl_armor(now) if effective else None,
            "half_speed": 0 < effective <= size / 2,
            "patch_to_repair_one_point": effective + 1 if effective and taken else None,
            "patch_to_raise_sl": int(max(Fraction(effective), raise_to))
            if effective and raise_to <= 3 else None}


# --- 7.3 field construction ---------------------------------------------------------------

@op("brikwars", "field_construction", "A Mechanik's Construction Radius or Disassembly roll.")
def _field_construction(req: Request, data: dict) -> dict:
    """L1453: the Construction Radius is a d8 Skill roll in inches (two Mechaniks add
    theirs); L1512-1515: Disassembly detaches d8 minus the Structure Level, -1 per point
    of Damage taken; L2759 (11.2) detaches the roll when it beats the SL (`reading`)."""
    rules = read_rules(req)
    refuse_unused(rules, "field_construction")
    sides = _die(req, "skill", "d8")
    task = req.string("task", "disassemble")
    if task == "reach":
        # a natural 6 or more adds its Overskill +1d6 to the radius: more reach never hurts
        total, _ = skill_total(sides, rules, True)
        mechaniks = req.integer("mechaniks", 1, low=1, high=4)
        one = Dist.mixture([(sides - 1, total), (1, Dist.constant(0))])  # a 1: no radius
        radius = one.times(mechaniks)
        out = {"radius_pmf": pmf_json(radius), "radius_mean": _t(radius.mean())}
        if req.has("distance"):
            out["p_reach"] = _t(radius.p_at_least(req.integer("distance", low=0, high=200)))
        return out
    if task != "disassemble":
        raise QueryError("'task' must be disassemble or reach", "task")
    reading = one_of(req, "reading", DISASSEMBLY, "minus_sl")
    parts = disassembly(sides, _level(req), req.integer("damage_taken", 0, low=0, high=100),
                        reading, rules)
    return {"elements_pmf": _pmf(parts),
            "elements_mean": _t(_mean(parts))}


# --- 8.3 automatic weapons ------------------------------------------------------------------

@op("brikwars", "auto_fire", "Arc or Burst fire: Auto Penalty, hits, and MachineGun jams.")
@leaves_out(
    "the Damage of each hit is not rolled (ask `attack`); a large target spanning "
    "several Arc points takes an extra attack for each (L1650)")
def _auto_fire(req: Request, data: dict) -> dict:
    """L1642-1679: each arc point (or burst shot) is -1 Skill; one Attack Roll per target
    or shot; a MachineGun whose natural Skill die is below the Auto Penalty fires that
    shot and jams (`jams`, default true)."""
    options = read_options(req)
    sides = _die(req, "skill", "d6")
    use = req.integer("use", 3, low=0, high=100)
    penalty = req.integer("auto_penalty", 1, low=0, high=20)
    shots = req.integer("shots", 1, low=1, high=50)
    jams = req.boolean("jams", True)
    modifier = skill_modifier(req, data, options) - penalty
    odds = skill_odds(sides, use, modifier, "none", options.rules.penalty, options.rules)
    p_jam = Fraction(max(0, min(penalty - 1, sides)), sides) if jams else Fraction(0)
    # a roll that both hits and jams: a natural 2 .. penalty-1 that still reaches the Use
    hit_jam = Fraction(0)
    for face in range(2, min(penalty - 1, sides) + 1 if jams else 1):
        hit_jam += Fraction(1, sides) * reaches(Dist.constant(face - options.rules.penalty)
                                                + modifier, use)
    hits: dict[tuple[int, bool], Fraction] = {(0, False): Fraction(1)}
    for _ in range(shots):
        nxt: dict[tuple[int, bool], Fraction] = {}
        for (h, jammed), p in hits.items():
            if jammed:
                nxt[(h, True)] = nxt.get((h, True), 0) + p
                continue
            for dh, dj, q in ((1, True, hit_jam), (0, True, p_jam - hit_jam),
                              (1, False, odds.p_hit - hit_jam),
                              (0, False, 1 - odds.p_hit - p_jam + hit_jam)):
                if q:
                    nxt[(h + dh, dj)] = nxt.get((h + dh, dj), 0) + p * q
        hits = nxt
    pmf: dict[int, Fraction] = {}
    for (h, _), p in hits.items():
        pmf[h] = pmf.get(h, 0) + p
    p_jammed = sum((p for (h, j), p in hits.items() if j), Fraction(0))
    return {"p_hit_each": _t(odds.p_hit), "p_jam_each": _t(p_jam), "hits_pmf": _pmf(pmf),
            "hits_mean": _t(_mean(pmf)),
            "p_jammed": _t(p_jammed)}


# --- 8.5 fire ---------------------------------------------------------------------------------

@op("brikwars", "burning", "Burning Rolls of a burning object or minifig, turn by turn.")
@leaves_out(
    "a Fire that fills the object spreads to a nearby flammable object (L1836), "
    "and firefighting takes inches off (L1838): neither is worked out")
def _burning(req: Request, data: dict) -> dict:
    rules = read_rules(req)
    refuse_unused(rules, "burning")
    reading = _die_reading(req)
    size = req.integer("size", 1, low=1, high=20)
    level = _level(req, default=0.5)
    fire = req.integer("fire", 1, low=1, high=size)
    turns = req.integer("turns", 3, low=1, high=20)
    if reading == "each_die":
        refuse_over(each_die_steps(size, turns, rules), "this run of Burning Rolls",
                    "give fewer turns, a smaller Size or a lower bonus-dice depth", "turns")
        return {"turns": [{"turn": t, "p_out": _t(sizes.get(0, Fraction(0))),
                           "grinding_mean": _t(grind), "fire_size_pmf": _pmf(sizes)}
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
        rows.append({"turn": t, "p_out": _t(out), "grinding_mean": _t(grind),
                     "fire_size_pmf": _pmf(sizes)})
    return {"turns": rows, "not_modelled": [reading_note(reading)]}


@op("brikwars", "concealed_hazard", "Crossing a Concealed Hazard: the chance it goes off.")
def _concealed_hazard(req: Request, data: dict) -> dict:
    """L1859-1861: a Skill roll against the inches travelled in the Field; a failed roll's
    total is how far the unit got before the Hazard struck, a Critical Failure strikes at
    once; an object over Size 1 rolls at minus its Size; Size 0 never sets one off; an
    object without Skill rolls 1d4. The Overskill is not spent."""
    rules = read_rules(req)
    refuse_unused(rules, "concealed_hazard")
    inches = req.integer("inches", low=0, high=100)
    size = req.integer("size", 1, low=0, high=100)
    if size == 0:
        return {"p_triggered": "0", "inches_before_pmf": []}
    no_skill = req.boolean("no_skill", False)
    sides = 4 if no_skill else _die(req, "skill", "d6")
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
    given = {k: v / p for k, v in struck.items()} if p else {}
    return {"p_triggered": _t(p), "inches_before_pmf": _pmf(given)}


# --- 8.6 manning guns ---------------------------------------------------------------------------

@op("brikwars", "gunnery", "A mounted weapon fired with Gunnery Support, Home In, Interference.")
def _gunnery(req: Request, data: dict) -> dict:
    """L1916-1920: a Gunner rolls d8; each supporting Gunner adds +1 (the team at most the
    Weapon Size), again for each turn Homing In; L1909: an enemy at other Controls rolls
    his Skill and it comes off the Attack Roll (a Critical Failure takes nothing off)."""
    options = read_options(req)
    sides = _die(req, "skill", "d8")
    use = req.integer("use", 3, low=0, high=100)
    size = req.integer("weapon_size", 2, low=1, high=50)
    support = req.integer("supporters", 0, low=0, high=49)
    if support + 1 > size:
        raise QueryError(f"the firing team is at most the Weapon Size ({size}), so at most "
                         f"{size - 1} supporters", "supporters")
    turns = req.integer("home_in_turns", 0, low=0, high=20)
    modifier = skill_modifier(req, data, options) + support * (1 + turns)
    if req.has("interferer"):
        i_sides = _die(req, "interferer", "d6")
        penalty = Dist.from_counts({0: 1, **{f: 1 for f in range(2, i_sides + 1)}})
        modifier = modifier - penalty
    overskill = req.string("overskill", "skill")
    if overskill not in ("skill", "none"):
        raise QueryError("'overskill' must be skill (on the roll) or none", "overskill")
    odds = skill_odds(sides, use, modifier, overskill, options.rules.penalty, options.rules)
    return {"p_hit": _t(odds.p_hit), "bonus": support * (1 + turns)}


# --- 9.4 piloting: Stunt Driving ------------------------------------------------------------------

@op("brikwars", "stunt", "Stunt Driving: the chance a stunt works and the Enemy's Thrust.")
def _stunt(req: Request, data: dict) -> dict:
    rules = read_rules(req)
    refuse_unused(rules, "stunt")
    inches = req.integer("inches", low=1, high=100)
    success, thrust = stunt(inches, _die(req, "skill", "d8"), rules)
    return {"p_success": _t(success), "thrust_pmf": _pmf(thrust),
            "thrust_mean": _t(_mean(thrust))}


# --- 10.2 the Medik -----------------------------------------------------------------------------

@op("brikwars", "ker_triage", "Ker-Triage!: the chance of each row of the table.")
def _ker_triage(req: Request, data: dict) -> dict:
    sides = _die(req, "die", "d8", (6, 8, 10, 12))
    mediks = req.integer("mediks", 1, low=1, high=20)
    return {"die": f"d{sides}", "mediks": mediks,
            "outcomes": {k: _t(v) for k, v in ker_triage(sides, mediks).items()}}


# --- 11.2 specialty rolls -----------------------------------------------------------------------

@op("brikwars", "specialty_roll", "A Specialty die against a number, with a Tek or a backup die.")
def _specialty(req: Request, data: dict) -> dict:
    """A Specialty roll is a Skill roll of the Specialty die (L2559): it succeeds at
    `at_least` or more and fails on a Critical Failure; its Overskill may go on the roll.
    A Tek raises the die one size (L2742); a Commando's copy is one size smaller (L2946);
    a Leader's Inspiration adds a backup die, keeping the higher (L2988)."""
    rules = read_rules(req)
    refuse_unused(rules, "specialty_roll")
    sides = _die(req, "die", "d8")
    step = (1 if req.boolean("tek", False) else 0) - (1 if req.boolean("commando", False)
                                                      else 0)
    index = SIZES.index(sides) + step
    if not 0 <= index < len(SIZES):
        raise QueryError("the die cannot change size past d4 or d12", "die")
    sides = SIZES[index]
    target = req.integer("at_least", low=0, high=100)
    total, crit = skill_total(sides, rules, True, target)
    ok = (1 - crit) * total.p_at_least(target)
    backup = None
    if req.has("backup"):
        b_sides = _die(req, "backup", "d6")
        b_total, b_crit = skill_total(b_sides, rules, True, target)
        b_ok = (1 - b_crit) * b_total.p_at_least(target)
        backup = f"d{b_sides}"
        ok = 1 - (1 - ok) * (1 - b_ok)
    return {"die": f"d{sides}", "backup": backup, "p_success": _t(ok)}


# --- Chapter D: SuperNatural dice -------------------------------------------------------------------

@op("brikwars", "supernatural", "SuperNatural dice: same-type bonus dice, Fumbles, Blessings.")
def _supernatural(req: Request, data: dict) -> dict:
    sides = _die(req, "die", "d6", (4, 6, 8, 10, 12, 20))
    dice = req.integer("dice", 1, low=1, high=20)
    depth = req.integer("depth", 8, low=0, high=SN_MAX_DEPTH)
    refuse_over(dice * sides * (depth + 1) * dice * 30, "this SuperNatural roll",
                "roll fewer dice or lower the depth", "dice")
    total, fumble, cut = sn_roll(dice, sides, depth)
    out: dict = {"die": f"d{sides}", "dice": dice, "mean": _t(total.mean()),
                 "p_fumble": _t(fumble), "pmf": pmf_json(total), "truncated_mass": _t(cut),
                 "not_modelled": [
                     "a Fumble Die (an SN die or SN bonus die on 1) adds nothing here; the "
                     "opponent who gets it may add it to or take it from any Aspect (L3295), "
                     "which is not worked out",
                     "the Skill die of a Blessing or Curse is rolled plain (no bonus dice or "
                     "Overskill)"]}
    if req.has("at_least"):
        out["p_at_least"] = _t(total.p_at_least(req.integer("at_least", low=0, high=10**6)))
    if req.has("bless") or req.has("curse"):
        field = "bless" if req.has("bless") else "curse"
        skill = _die(req, field, "d6")
        if sides < skill:
            raise QueryError("a Blessing or Curse needs an SN die at least as large as the "
                             "target's Skill die (L3441)", "die")
        kept = blessed(Dist.die(skill), sides, depth, field == "curse")
        out["kept_die_pmf"] = pmf_json(kept)
        if req.has("use"):
            use = req.integer("use", low=0, high=100)
            out["p_success"] = _t(kept.condition(lambda v: v != 1).p_at_least(use)
                                  * kept.probability(lambda v: v != 1))
    return out


# --- H.1 the Horse's damage track ----------------------------------------------------------------

@op("brikwars", "horse_track", "Blows on a Horse: wounded, then killed, blow by blow.")
@leaves_out(
    "a Wounded Horse's Half Speed and single MOM and POP (L1078) are not worked "
    "out; every blow is the same attack")
def _horse_track(req: Request, data: dict) -> dict:
    """L1075-1080: Damage over a Horse's Armor wounds it (Half Speed, 1 MOM/POP); a
    second such blow, or one over twice its Armor, kills it."""
    options = read_options(req)
    target = read_target(req, data)
    if target.hits_to_kill < 2:
        target = Target(target.armor, target.deflection, 2)
    outcome = _attack_of(req, data, options, target)
    hit = track(outcome.dealt(), target, options, outcome.odds.p_hit)
    blows = req.integer("blows", 3, low=1, high=50)
    fine, hurt, dead = Fraction(1), Fraction(0), Fraction(0)
    rows = []
    for b in range(1, blows + 1):
        dead_now = fine * hit["p_kill"] + hurt * hit["p_beats_armor"]
        hurt = hurt * (1 - hit["p_beats_armor"]) + fine * hit["p_wound"]
        fine = fine * (1 - hit["p_kill"] - hit["p_wound"])
        dead += dead_now
        rows.append({"blow": b, "p_dead": _t(dead), "p_wounded": _t(hurt)})
    return {"p_wound": _t(hit["p_wound"]), "p_kill": _t(hit["p_kill"]), "blows": rows}


# --- MOC fancy dice ----------------------------------------------------------------------------

ROLES = {4: "Incompetent: mindlessness, Fire", 6: "Basic", 8: "Specialist: training, Blast",
         10: "Heroic: Structures, Explosions, Heroes", 12: "SuperNatural: ignores Deflection",
         20: "NonPossible: BrikThulhu only"}


@op("brikwars", "fancy_dice", "The MOC Combat dice: what each is for, means, Overskill chance.")
def _fancy_dice(req: Request, data: dict) -> dict:
    """L1230-1264: a d4 earns bonus d4s, every other die bonus d6s; a Skill die earns
    Overskill on a natural 6 or more (L651); a d10 may be rolled as 2d6-2 (L171)."""
    rows = []
    for sides, role in ROLES.items():
        rows.append({"die": f"d{sides}", "role": role, "mean": _t(Fraction(sides + 1, 2)),
                     "mean_with_bonus_dice": _t(bonus_mean(sides)),
                     "p_overskill": _t(Fraction(max(0, sides - 5), sides) if sides >= 6
                                       else 0)})
    return {"dice": rows, "d10_as_2d6_mean": "5"}
