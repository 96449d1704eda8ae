"""One attack read from a request: the roll options, the attacker's Skill die,
the weapon, the target with what it wears, a Parry, and the attack resolved
against the target (ops `attack`, `close_combat`, `charge` and the Creation
ops share it)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...budget import TooBig
from ...dice.cost import Cost
from ...dice.dist import Dist
from ...dice.ops import read_rules
from ...dice.parse import DiceTerm, Expr
from ...dice.roll import refuse_costly, roll_cost
from ...query import QueryError, Request
from ...records import BrikWarsData
from ..attack import Attack, Options, Outcome, Parry, resolve, zero_armor
from ..collision import momentum
from ..damage import DECLINED_STEPS, armor_dist, declined_steps, p_exceeds
from ..deflect import NO_DICE, deflect
from ..fields import armor_text, one_of
from ..formula import scaled_damage, scaled_stats
from ..lookup import fact, find, modifier_dist, parse_field, renamed, skill_sides
from ..skill import OVERSKILL


ZERO_ARMOR = ("any_hit_kills", "roll")


def read_options(req: Request) -> Options:
    no_dice = one_of(req, "deflection_no_dice", NO_DICE, "roll")
    zero = one_of(req, "zero_armor", ZERO_ARMOR, "any_hit_kills")
    return Options(rules=read_rules(req),
                   armor_bonus_dice=req.boolean("armor_bonus_dice", True),
                   skill_bonus_dice=req.boolean("skill_bonus_dice", False),
                   no_dice=no_dice, zero_armor=zero)


def read_weapon(req: Request, data: BrikWarsData, sides: int) -> tuple[int, Expr, bool]:
    """(Use, damage expression with S resolved, is a two-handed Heavy swing).

    `momentum`: MOMs spent on a charge, each one more Skill die of Damage (L898), up
    to the charging weapon's limit from the data. `damage_modifier`: added to the
    Damage (a BlastGun's -1 per full inch, L1661; target size on arc fire, L1649).
    `weapon_size` is read only for a size-scaled weapon; a weapon without a Use of
    its own (a charging weapon, an Explosive from its Launcher) needs `use`.
    """
    use = damage = None
    max_momentum = None
    if req.has("weapon"):
        weapon_id = req.string("weapon")
        record = find(data, ("items", "scaled_weapons"), weapon_id, "weapon")
        max_momentum = record.get("max_momentum")
        text = fact(record.get("damage"))
        if text is None and not req.has("damage"):
            raise QueryError(f"'{weapon_id}' has no Damage of its own in the data; give "
                             f"'damage' instead", "weapon")
        if is_scaled(record):
            size = req.integer("weapon_size", 1, low=1, high=20)
            stats = scaled_stats(record, size)
            use = stats["use"]
            if text is not None:
                damage = scaled_damage(text, size) if record.get("damage_scales", True) \
                    else parse_field(text, "weapon")
        else:
            use = record.get("use")
            damage = parse_field(text, "weapon") if text is not None else None
        if use is None and not req.has("use"):
            moved = renamed(("items",), weapon_id)
            raise QueryError(f"'{weapon_id}' has no Use rating of its own in the data (it "
                             f"comes from how it is used); give 'use'"
                             + (f" ({moved})" if moved else ""), "use")
    if req.has("use") or use is None:
        use = req.integer("use", 3, low=0, high=100)
    if req.has("damage") or damage is None:
        damage = parse_field(req.string("damage", "S"), "damage")
    momentum = req.integer("momentum", 0, low=0, high=10)
    if max_momentum is not None and momentum > max_momentum:
        raise QueryError(f"this weapon takes at most {max_momentum} MOM(s)", "momentum")
    if momentum:
        damage = damage.add_dice((DiceTerm(momentum, None),))
    damage = damage.plus(req.integer("damage_modifier", 0, low=-100, high=100))
    return use, damage.with_skill(sides), req.boolean("two_handed_swing", False)


def is_scaled(record: dict) -> bool:
    """A Chapter 8 weapon whose stats are formulas of its Size."""
    return isinstance(record.get("cost_cp"), str)


@dataclass(frozen=True)
class Target:
    armor: str
    deflection: int
    hits_to_kill: int = 1  # a Horse: the first blow over its Armor wounds it (L1078)
    wounded: bool = False


def read_target(req: Request, data: BrikWarsData) -> Target:
    """Armor, Deflection and damage track, from `target` and worn equipment or fields."""
    armor, deflection, hits = "4", 0, 1
    if req.has("target"):
        record = find(data, ("units", "specialists"), req.string("target"), "target")
        if record.get("rules") == "quikwars":
            raise QueryError(f"'{record['id']}' is a QuikWars unit; ask quikwars_attack",
                             "target")
        armor, deflection = record["armor"], record.get("deflection", 0)
        hits = record.get("hits_to_kill", 1) or 1
    for item_id in req.string_list("target_wears", []):
        item = find(data, ("items",), item_id, "target_wears")
        if item.get("armor_bonus"):
            armor = f"{armor} + {item['armor_bonus']}"
        deflection += item.get("deflection", 0)
    if req.has("armor"):
        armor = armor_text(req)
    parse_field(armor, "armor")
    if req.has("deflection"):
        deflection = req.integer("deflection", low=0, high=10)
    hits = req.integer("hits_to_kill", hits, low=1, high=2)
    wounded = req.boolean("target_wounded", False)
    if wounded and hits < 2:
        raise QueryError("'target_wounded' is for a target with two hits to kill (a Horse)",
                         "target_wounded")
    return Target(armor, deflection, hits, wounded)


def skill_modifier(req: Request, data: BrikWarsData, options: Options):
    """`modifiers` plus +1 per full 2 inches of visible `target_size` (L732)."""
    size_bonus = req.integer("target_size", 0, low=0, high=1000) // 2
    return modifier_dist(req, data, "modifiers", options.rules) + size_bonus


def read_attack(req: Request, data: BrikWarsData, options: Options) -> Attack:
    sides = skill_sides(req, data)
    use, damage, swing = read_weapon(req, data, sides)
    fixed = False
    if req.has("attacker") and irrelevant(data, req.string("attacker")):
        damage, fixed = Expr((), 1), True  # "does only one point of Damage" (L2403)
    overskill = one_of(req, "overskill", OVERSKILL, "none")
    parry = None
    sub = req.child("parry")
    if sub is not None:
        try:
            given = sub.get("modifiers", [])
            named = given if isinstance(given, list) else [given]
            # "Parrying against an opponent's Two-Handed Weapon ... +1 to Skill" (L849)
            bigger = 1 if long_two_handed(req, data) and "parry-two-handed" not in named else 0
            parry = Parry(skill_sides(sub, data, "skill", "defender"),
                          sub.integer("use", 2, low=0, high=100),
                          modifier_dist(sub, data, "modifiers", options.rules) + bigger,
                          sub.boolean("bare_hands", False))
        except (QueryError, TooBig) as exc:
            raise QueryError(f"parry: {exc.message}", "parry") from None
    return Attack(sides, use, damage,
                  modifier=skill_modifier(req, data, options),
                  out_of_range=req.integer("out_of_range", 0, low=0, high=100),
                  overskill=overskill, armor_piercing=swing, parry=parry,
                  auto_hit=req.boolean("auto_hit", False), fixed_damage=fixed,
                  deflection=0)


def long_two_handed(req: Request, data: BrikWarsData) -> bool:
    """Is the attack's `weapon` a Two-Handed Weapon: a Long item for two hands (L423-425,
    L445), a Two-Handed Charging Weapon included? (A Heavy Weapon swung two-handed is not.)"""
    if not req.has("weapon"):
        return False
    record = find(data, ("items", "scaled_weapons"), req.string("weapon"), "weapon")
    return record.get("hands") == 2 and record.get("size_class") == "L"


def irrelevant(data: BrikWarsData, attacker_id: str) -> bool:
    """Cannon Fodder (the Irrelevant specialty): every attack does exactly 1 point."""
    record = find(data, ("specialists", "units"), attacker_id, "attacker")
    return "irrelevant" in (record.get("specialties") or []) or attacker_id == "cannon-fodder"


def track(dealt: Dist, target: Target, options: Options, p_hit: Fraction) -> dict:
    """What the blow does to the target: beat its Armor, wound it, kill it.

    A Horse (two hits to kill) is Wounded by Damage over its Armor and killed by
    Damage over twice the same Armor roll, or by a second wound (L1078-1080)."""
    armor_roll = armor_dist(target.armor, options.rules, options.armor_bonus_dice)
    if zero_armor(armor_roll, options):
        return {"p_beats_armor": p_hit, "p_kill": p_hit, "p_wound": Fraction(0)}
    beats = p_exceeds(dealt, armor_roll)
    if target.hits_to_kill == 1 or target.wounded:
        return {"p_beats_armor": beats, "p_kill": beats, "p_wound": Fraction(0)}
    twice = p_exceeds(dealt, armor_roll.map(lambda a: 2 * a))
    return {"p_beats_armor": beats, "p_kill": twice, "p_wound": beats - twice}


def fixed_armor(target: Target, options: Options) -> int | None:
    """The Armor a blow must exceed, where it is one fixed number and the only mark: a
    player rolls a bonus die only when it can help (L179), so past it he stops. A Horse
    (wounded past its Armor, killed past twice it, L1078-1080) has two marks: None."""
    armor = armor_dist(target.armor, options.rules, options.armor_bonus_dice)
    if armor.low != armor.high or (target.hits_to_kill > 1 and not target.wounded):
        return None
    return armor.low


def declining(attack: Attack, options: Options) -> bool:
    """Are the Damage's bonus dice declined past the Armor (damage_dist's `beat`)? Not
    where a Deflection level with no die left to remove takes a rolled d6 off instead, nor
    for a roll too large to follow die by die (`declined_steps`)."""
    if attack.beat is None:
        return False
    extra = 2 if attack.parry is not None and not attack.parry.bare_hands else 0
    lefts = [deflect(attack.damage, attack.deflection + e, attack.armor_piercing,
                     options.no_dice) for e in range(extra + 1)]
    return all(not left.cancel_d6 and declined_steps(left.expr, options.rules)
               <= DECLINED_STEPS for left in lefts)


def guard_attack(attacks: list[Attack], options: Options) -> None:
    """Refuse, before rolling, attacks whose exact damage would take too long: each works
    out one damage roll (plus a die for Overskill) per Parry outcome, costed by the dice
    core's own model (dice/cost.py)."""
    total = Cost()
    for attack in attacks:
        if attack.fixed_damage:
            continue
        terms = (*attack.damage.terms, DiceTerm(1, max([t.sides or 6 for t in
                                                         attack.damage.terms] or [6])))
        one = roll_cost(Expr(terms, attack.damage.modifier), options.rules, lists=False)
        for _ in range(2 * (3 if attack.parry else 1)):
            total.join(one)
    refuse_costly(total, "the exact damage of this attack", "roll fewer damage dice, lower "
                  "the bonus-dice depth or give fewer attackers", "damage")


def read_and_resolve(req: Request, data: BrikWarsData, options: Options, target: Target,
                     armor_is_mark: bool = True) -> tuple[Attack, Outcome]:
    """One attack read from `req` against `target` (its Deflection taken in, and, with
    `armor_is_mark`, a fixed Armor the attacker stops rolling bonus dice past), costed
    before it is rolled."""
    attack = read_attack(req, data, options)
    attack = Attack(**{**attack.__dict__, "deflection": target.deflection,
                       "beat": fixed_armor(target, options) if armor_is_mark else None})
    guard_attack([attack], options)
    return attack, resolve(attack, options)


def attack_outcome(req: Request, data: BrikWarsData, options: Options, target: Target,
               armor_is_mark: bool = True) -> Outcome:
    return read_and_resolve(req, data, options, target, armor_is_mark)[1]
