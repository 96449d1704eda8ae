"""Creations: the designer's price (`creation`), the size-scaled weapons
(`size_table`), Size Damage (`size_damage`), Component Damage
(`component_damage`), a Construct's parts (`construct_parts`), a damaged
Creation's state (`creation_status`) and a Mechanik's work
(`field_construction`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...budget import refuse_over
from ...dice.dist import Dist
from ...dice.ops import pmf_json, read_rules
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..attack import Options
from ..creation_damage import (OVERKILL_ARMOR, effective_level, size_damage,
                               size_damage_steps, sl_armor)
from ..creation_price import design, design_json
from ..damage import armor_dist
from ..fields import armor_text, die_field, level_field, object_list, one_of
from ..formula import scaled_stats
from ..lookup import find, parse_field, rules_for
from ..specialist import DISASSEMBLY, disassembly, skill_total
from ..unmodelled import leaves_out
from .army import guard_parts, read_rounding
from .attack_request import Target, attack_outcome, read_options


@op("brikwars", "size_table", "Cost, Use, Range and Damage of a size-scaled weapon by Size.")
def _size_table(req: Request, data: BrikWarsData) -> dict:
    record = find(data, ("scaled_weapons",), req.string("weapon"), "weapon")
    low = req.integer("from_size", 1, low=1, high=20)
    high = req.integer("to_size", 6, low=low, high=20)
    return {"weapon": record["id"], "name": record["name"],
            "rows": [scaled_stats(record, s) for s in range(low, high + 1)]}


@dataclass(frozen=True)
class SizeDamageQuestion:
    """What a `size_damage` request asks, besides its attack (read by the op and by
    `roll_plan`)."""
    options: Options
    size: int
    level: Fraction
    taken: int
    reuse: str  # overkill_armor: "fresh" or "same"
    target: Target  # Armor "0": the Creation's Armor, not this, is what each inch must beat
    overkill: bool


def read_size_damage(req: Request) -> SizeDamageQuestion:
    options = read_options(req)
    size = req.integer("size", low=1, high=50)
    level = level_field(req)
    if level > size:
        raise QueryError("a Structure Level can be at most the Creation's Size (L1371)",
                         "structure_level")
    taken = req.integer("size_damage_taken", 0, low=0, high=size - 1)
    reuse = one_of(req, "overkill_armor", OVERKILL_ARMOR, "fresh")
    target = Target("0", req.integer("deflection", 0, low=0, high=10))
    return SizeDamageQuestion(options, size, level, taken, reuse, target,
                              req.boolean("overkill", True))


@op("brikwars", "size_damage", "One attack on a large Creation: Size Damage with Overkill.")
@leaves_out(
    "what the lost inches cost (Power, Half Speed, weapons) is `creation_status`; "
    "Component Damage is `component_damage`")
def _size_damage(req: Request, data: BrikWarsData) -> dict:
    q = read_size_damage(req)
    options, size, level, taken, reuse = q.options, q.size, q.level, q.taken, q.reuse
    # the Creation's Armor, not this placeholder, is what each inch must beat
    outcome = attack_outcome(req, data, options, q.target, armor_is_mark=False)
    dealt = outcome.dealt()
    refuse_over(size_damage_steps(dealt, size, level, taken, options.rules, reuse),
                "this Size Damage", "roll fewer damage dice, give a smaller Size or a lower "
                "bonus-dice depth, or use overkill_armor fresh", "size")
    dist = size_damage(dealt, size, level, taken, options.rules, q.overkill,
                       options.armor_bonus_dice, reuse)
    left = size - taken
    return {"p_hit": fraction_text(outcome.odds.p_hit), "size_damage_pmf": pmf_json(dist),
            "size_damage_mean": fraction_text(dist.mean()),
            "p_destroyed": fraction_text(dist.chance(left)),
            "truncated_mass": fraction_text(outcome.truncated_mass)}


@op("brikwars", "construct_parts", "A Construct's Modular Parts knocked off by one blow.")
def _construct_parts(req: Request, data: BrikWarsData) -> dict:
    """L2429-2438: Damage of at least the Connection Strength breaks off one Modular Part
    per full Connection Strength (7 Damage at Strength 2: 3 parts); a Critical Failure
    deals nothing."""
    rules = read_rules(req)
    sides = die_field(req, "skill", "d6")
    expr = parse_field(req.string("damage", "S"), "damage").with_skill(sides)
    from .damage import damage_dist
    damage, cut = damage_dist(expr, rules)
    strength = req.integer("connection_strength", 1, low=1, high=50)
    parts = req.integer("parts", 50, low=1, high=1000)
    lost = damage.map(lambda d: min(parts, d // strength))
    return {"parts_lost_pmf": pmf_json(lost), "parts_lost_mean": fraction_text(lost.mean()),
            "truncated_mass": fraction_text(cut)}


@op("brikwars", "creation_status", "A damaged Creation's Effective Size, Power, SL and repairs.")
def _creation_status(req: Request, data: BrikWarsData) -> dict:
    """L1393-1399, L1564, L1494-1499: Effective Size = Size - Size Damage; Power is twice
    the Effective Size; the Structure Level at most the Effective Size; at half the Size
    or less it moves at Half Speed; a Patch one inch longer than the Effective Size repairs
    one point; raising the SL by one (to at most 3) needs a Patch at least the Effective
    Size and the new SL."""
    size = req.integer("size", low=1, high=1000)
    level = level_field(req)
    taken = req.integer("size_damage_taken", 0, low=0, high=1000)
    effective = max(0, size - taken)
    now = effective_level(level, effective) if effective else Fraction(0)
    raise_to = now + 1 if now >= 1 else Fraction(1)
    return {"effective_size": effective, "destroyed": effective == 0,
            "power_inches": 2 * effective, "structure_level": fraction_text(now),
            "armor": sl_armor(now) if effective else None,
            "half_speed": 0 < effective <= size / 2,
            "patch_to_repair_one_point": effective + 1 if effective and taken else None,
            "patch_to_raise_sl": int(max(Fraction(effective), raise_to))
            if effective and raise_to <= 3 else None}


@op("brikwars", "field_construction", "A Mechanik's Construction Radius or Disassembly roll.")
def _field_construction(req: Request, data: BrikWarsData) -> dict:
    """L1453: the Construction Radius is a d8 Skill roll in inches (two Mechaniks add
    theirs); L1512-1515: Disassembly detaches d8 minus the Structure Level, -1 per point
    of Damage taken; L2759 (11.2) detaches the roll when it beats the SL (`reading`)."""
    rules = rules_for(req, "field_construction")
    sides = die_field(req, "skill", "d8")
    task = req.string("task", "disassemble")
    if task == "reach":
        # a natural 6 or more adds its Overskill +1d6 to the radius: more reach never hurts
        total, _ = skill_total(sides, rules, True)
        mechaniks = req.integer("mechaniks", 1, low=1, high=4)
        one = Dist.mixture([(sides - 1, total), (1, Dist.constant(0))])  # a 1: no radius
        radius = one.times(mechaniks)
        out = {"radius_pmf": pmf_json(radius), "radius_mean": fraction_text(radius.mean())}
        if req.has("distance"):
            out["p_reach"] = fraction_text(radius.p_at_least(req.integer("distance", low=0, high=200)))
        return out
    if task != "disassemble":
        raise QueryError("'task' must be disassemble or reach", "task")
    reading = one_of(req, "reading", DISASSEMBLY, "minus_sl")
    parts = disassembly(sides, level_field(req), req.integer("damage_taken", 0, low=0, high=100),
                        reading, rules)
    return {"elements_pmf": pmf_json(parts),
            "elements_mean": fraction_text(parts.mean())}


@op("brikwars", "component_damage", "Component Damage: elements blasted off, with Overkill.")
def _component_damage(req: Request, data: BrikWarsData) -> dict:
    """L1407-1409: Component Damage over the target element's Armor removes the element (a
    brick or a chunk up to 1 inch); with Component Overkill (`overkill`, default true) the
    Damage less the failed Armor roll goes on to the next component behind it (L1425-1427).
    `components` lists them from the outside in, each with a `structure_level` (Armor ½ ->
    1d6, n -> nd10) or an `armor`; interior components are usually a level lower (L1427)."""
    options = read_options(req)
    armors = []
    for i, sub in enumerate(object_list(req, "components", 30)):
        # an Armor given as null falls back on the Structure Level, like one left out
        text = armor_text(sub) if sub.get("armor") is not None else \
            sl_armor(level_field(sub, "structure_level", 1))
        parse_field(text, f"components[{i}].armor")
        armors.append(armor_dist(text, options.rules, options.armor_bonus_dice))
    target = Target("0", req.integer("deflection", 0, low=0, high=10))
    # each component's Armor, not this placeholder, is what the Damage must beat
    outcome = attack_outcome(req, data, options, target, armor_is_mark=False)
    dealt = outcome.dealt()
    overkill = req.boolean("overkill", True)
    refuse_over(len(dealt.counts) * sum(len(a.counts) for a in armors) * 4,
                "this Component Damage", "give fewer components or fewer damage dice",
                "components")
    rest = dealt.floor_at(0)  # the Damage still going on; 0 once it is spent
    destroyed: dict[int, Fraction] = {}
    p_each = []
    reached = Fraction(1)
    for k, armor in enumerate(armors if overkill else armors[:1]):
        # over the Armor: the element is off and the rest goes on; else the blow is spent
        beyond = -armor
        rest = rest.map(lambda d: 0 if d == 0 else beyond.shift(d).floor_at(0))
        through = 1 - rest.chance(0)
        destroyed[k] = reached - through
        p_each.append(fraction_text(through))
        reached = through
    destroyed[len(p_each)] = reached
    elements = Dist.from_chances(destroyed)
    return {"p_hit": fraction_text(outcome.odds.p_hit), "destroyed_pmf": pmf_json(elements),
            "p_destroyed_each": p_each,
            "destroyed_mean": fraction_text(elements.mean()),
            "truncated_mass": fraction_text(outcome.truncated_mass)}


@op("brikwars", "creation", "A Creation from Size, Structure Level, Propulsion, Mind, weapons, "
    "turrets, Specialties and SuperNatural dice: its stats and its cost.")
def _creation(req: Request, data: BrikWarsData) -> dict:
    guard_parts([req.get("weapons"), req.get("turrets")], "the creation")
    how = read_rounding(req)
    name = req.string("name", "Creation")
    out = design_json(design(req, data), how)
    return {"name": name, **out}
