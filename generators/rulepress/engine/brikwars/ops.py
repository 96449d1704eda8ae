"""Query operations for game "brikwars": the odds a player asks about at the table."""

from __future__ import annotations

from fractions import Fraction

from ..dice.ops import pmf_json, read_rules
from ..dice.parse import DiceTerm, Expr
from ..dice.roll import RollRules, roll
from ..exact import fraction_text
from ..query import QueryError, Request, op
from .attack import MAX_CLOSE_COMBAT, Attack, Options, Parry, kill_chance, resolve
from .damage import armor_dist, p_exceeds
from .deflect import NO_DICE
from .explosion import ring_damage, truncated_mass
from .feats import feat_odds
from .formula import scaled_damage, scaled_stats
from .lookup import fact, find, modifier_dist, parse_field, skill_sides
from .quikwars import HAND_WEAPON, quikwars_kill
from .skill import OVERSKILL, skill_odds


def _text(p: Fraction) -> str:
    return fraction_text(p)


def read_options(req: Request) -> Options:
    no_dice = req.string("deflection_no_dice", "roll")
    if no_dice not in NO_DICE:
        raise QueryError(f"'deflection_no_dice' must be one of {', '.join(NO_DICE)}",
                         "deflection_no_dice")
    return Options(rules=read_rules(req),
                   armor_bonus_dice=req.boolean("armor_bonus_dice", True),
                   skill_bonus_dice=req.boolean("skill_bonus_dice", False),
                   no_dice=no_dice)


def read_weapon(req: Request, data: dict, sides: int) -> tuple[int, Expr, bool]:
    """(Use, damage expression with S resolved, is a two-handed Heavy swing).

    `momentum`: MOMs spent on a charge, each one more Skill die of Damage (L898), up
    to the charging weapon's limit from the data. `damage_modifier`: added to the
    Damage (a BlastGun's -1 per full inch, L1661; target size on arc fire, L1649).
    """
    use = damage = None
    max_momentum = None
    if req.has("weapon"):
        weapon_id = req.string("weapon")
        record = find(data, ("items", "scaled_weapons"), weapon_id, "weapon")
        max_momentum = record.get("max_momentum")
        text = fact(record.get("damage"))
        if text is None:
            raise QueryError(f"'{weapon_id}' has no Damage of its own in the data; give "
                             f"'damage' instead", "weapon")
        if "cost_cp" in record and isinstance(record["cost_cp"], str):  # a size formula
            size = req.integer("weapon_size", 1, low=1, high=20)
            stats = scaled_stats(record, size)
            use, damage = stats["use"], scaled_damage(text, size) \
                if record.get("damage_scales", True) else parse_field(text, "weapon")
        else:
            use, damage = record.get("use"), parse_field(text, "weapon")
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


def read_target(req: Request, data: dict) -> tuple[str, int]:
    """(Armor expression, Deflection levels), from `target` and worn equipment or fields."""
    armor, deflection = "4", 0
    if req.has("target"):
        record = find(data, ("units", "specialists"), req.string("target"), "target")
        armor, deflection = record["armor"], record.get("deflection", 0)
    for item_id in req.string_list("target_wears", []):
        item = find(data, ("items",), item_id, "target_wears")
        if item.get("armor_bonus"):
            armor = f"{armor} + {item['armor_bonus']}"
        deflection += item.get("deflection", 0)
    if req.has("armor"):
        armor = str(req.get("armor")) if isinstance(req.get("armor"), int) else \
            req.string("armor")
    parse_field(armor, "armor")
    if req.has("deflection"):
        deflection = req.integer("deflection", low=0, high=10)
    return armor, deflection


def skill_modifier(req: Request, data: dict, options: Options):
    """`modifiers` plus +1 per full 2 inches of visible `target_size` (L732)."""
    size_bonus = req.integer("target_size", 0, low=0, high=1000) // 2
    return modifier_dist(req, data, "modifiers", options.rules) + size_bonus


def read_attack(req: Request, data: dict, options: Options) -> Attack:
    sides = skill_sides(req, data)
    use, damage, swing = read_weapon(req, data, sides)
    overskill = req.string("overskill", "none")
    if overskill not in OVERSKILL:
        raise QueryError(f"'overskill' must be one of {', '.join(OVERSKILL)}", "overskill")
    parry = None
    if req.has("parry"):
        body = req.get("parry")
        if not isinstance(body, dict):
            raise QueryError("'parry' is an object such as {\"skill\": \"d6\", \"use\": 3}",
                             "parry")
        sub = req.wrap(body, "parry")
        try:
            parry = Parry(skill_sides(sub, data, "skill", "defender"),
                          sub.integer("use", 2, low=0, high=100),
                          modifier_dist(sub, data, "modifiers", options.rules))
        except QueryError as exc:
            raise QueryError(f"parry: {exc.message}", "parry") from None
    return Attack(sides, use, damage,
                  modifier=skill_modifier(req, data, options),
                  out_of_range=req.integer("out_of_range", 0, low=0, high=100),
                  overskill=overskill, armor_piercing=swing, parry=parry,
                  auto_hit=req.boolean("auto_hit", False),
                  deflection=0)


@op("brikwars", "attack", "One attack: chance to hit, to kill, and the Damage on a hit.")
def _attack(req: Request, data: dict) -> dict:
    options = read_options(req)
    armor, deflection = read_target(req, data)
    attack = read_attack(req, data, options)
    attack = Attack(**{**attack.__dict__, "deflection": deflection})
    outcome = resolve(attack, options)
    p_kill = kill_chance([outcome], armor, options)
    armor_roll = armor_dist(armor, options.rules, options.armor_bonus_dice)
    given = p_kill / outcome.odds.p_hit if outcome.odds.p_hit else Fraction(0)
    # "exceed its Armor twice over" (a Horse dies at once, L1080): one Armor roll, doubled
    twice = p_exceeds(outcome.dealt(), armor_roll.map(lambda a: 2 * a))
    return {
        "skill": f"d{attack.sides}", "use": attack.use, "damage_expr": attack.damage.text(),
        "armor": armor, "deflection": deflection,
        "p_hit": _text(outcome.odds.p_hit), "p_crit_fail": _text(outcome.odds.crit_fail),
        "p_overskill": _text(outcome.odds.overskill),
        "p_kill_given_hit": _text(given), "p_kill": _text(p_kill), "p_kill_float": float(p_kill),
        "p_plain_hit_kills": _text(p_exceeds(outcome.damage_on_hit, armor_roll)),
        "p_twice_armor": _text(twice),
        "damage_pmf": pmf_json(outcome.damage_on_hit),
        "damage_mean": _text(outcome.damage_on_hit.mean()),
        "truncated_mass": _text(outcome.truncated_mass),
    }


@op("brikwars", "to_hit", "Chance that a Skill roll meets a Use rating, with Overskill.")
def _to_hit(req: Request, data: dict) -> dict:
    options = read_options(req)
    sides = skill_sides(req, data)
    use = req.integer("use", 3, low=0, high=100)
    overskill = req.string("overskill", "skill")
    if overskill not in OVERSKILL:
        raise QueryError(f"'overskill' must be one of {', '.join(OVERSKILL)}", "overskill")
    odds = skill_odds(sides, use, skill_modifier(req, data, options),
                      "skill" if overskill in ("skill", "best") else "none",
                      req.integer("out_of_range", 0, low=0, high=100), options.rules,
                      options.skill_bonus_dice)
    return {"p_hit": _text(odds.p_hit), "p_crit_fail": _text(odds.crit_fail),
            "p_overskill": _text(odds.overskill)}


@op("brikwars", "combined", "Several attackers add their Damage into one sum (Combined Damage).")
def _combined(req: Request, data: dict) -> dict:
    options = read_options(req)
    armor, deflection = read_target(req, data)
    attackers = req.require("attackers")
    if not isinstance(attackers, list) or not attackers or not all(
            isinstance(a, dict) for a in attackers):
        raise QueryError("'attackers' is a list of attack objects", "attackers")
    if req.boolean("close_combat", False) and len(attackers) > MAX_CLOSE_COMBAT:
        raise QueryError(f"at most {MAX_CLOSE_COMBAT} attackers may gang up on one minifig in "
                         "close combat (rulebook L758)", "attackers")
    outcomes = []
    for i, body in enumerate(attackers):
        sub = req.wrap(body, f"attackers[{i}]")
        try:
            attack = read_attack(sub, data, options)
        except QueryError as exc:
            raise QueryError(f"attackers[{i}]: {exc.message}", "attackers") from None
        outcomes.append(resolve(Attack(**{**attack.__dict__, "deflection": deflection}),
                                options))
    p_kill = kill_chance(outcomes, armor, options)
    return {"armor": armor, "deflection": deflection,
            "p_hit": [_text(o.odds.p_hit) for o in outcomes],
            "p_kill": _text(p_kill), "p_kill_float": float(p_kill),
            "truncated_mass": _text(max(o.truncated_mass for o in outcomes))}


@op("brikwars", "quikwars_attack", "QuikWars: exploding d6s against Armor, combined attackers.")
def _quikwars(req: Request, data: dict) -> dict:
    attacks = []
    for i, entry in enumerate(req.string_list("weapons")):
        item = find(data, ("items",), entry, "weapons")
        dice = fact(item.get("damage"))
        if item.get("rules") != "quikwars" or dice is None:
            raise QueryError(f"'{entry}' is not a QuikWars weapon with dice", "weapons")
        expr = parse_field(dice, "weapons")
        attacks.append((expr.dice_count(), HAND_WEAPON if entry == "quikwars-hand-weapon"
                        else entry))
    armor = 4
    if req.has("target"):
        record = find(data, ("units",), req.string("target"), "target")
        armor = int(record["armor"])
    armor = req.integer("armor", armor, low=0, high=1000)
    crew = req.integer("extra_crew", 0, low=0, high=50)  # Super Siege Weapon, L79
    if crew:
        attacks.append((crew, "siege-crew"))
    p, damage, mass = quikwars_kill(attacks, armor,
                                    1 if req.boolean("body_armor", False) else 0,
                                    req.boolean("shield", False),
                                    req.integer("depth", 8, low=0, high=40))
    return {"armor": armor, "p_kill": _text(p), "p_kill_float": float(p),
            "damage_mean": _text(damage.mean()), "truncated_mass": _text(mass)}


@op("brikwars", "heroic_feat", "A Heroic Feat: the Hero's die (or best of two) against one die.")
def _feat(req: Request, data: dict) -> dict:
    odds = feat_odds(req.integer("hero_dice", 1, low=1, high=2), 6, 6,
                     req.integer("cranky", 0, low=0, high=5))
    return {"p_success": _text(odds.success), "p_paradox": _text(odds.paradox),
            "p_fail": _text(odds.fail),
            "p_success_counting_paradox": _text(odds.success_counting_paradox)}


@op("brikwars", "redshirt", "Chance that a Hero's RedShirt roll reaches a unit at a distance.")
def _redshirt(req: Request, data: dict) -> dict:
    """Before damage is rolled, the Hero rolls and a unit within that many inches takes the
    hit; a Critical Failure fails (L952-954). The die is 1d6 in Chapter 6 (L953) but the
    Hero's "Action" die in 11.2 (L2959-2960): option `die`, default d6."""
    rules = read_rules(req)
    die = req.string("die", "d6")
    if die not in ("d6", "d10"):
        raise QueryError("'die' must be d6 (Chapter 6) or d10 (the Hero's die, 11.2)", "die")
    distance = req.integer("distance", low=0, high=1000)
    cranky = req.integer("cranky", 0, low=0, high=5)  # -1 per die for each other Ego (L945)
    result = roll(parse_field(f"1{die}", "die"), RollRules(
        rules.bonus_dice, rules.depth, cranky, rules.penalty_on_bonus_dice))
    p = result.success(distance)
    return {"p": _text(p), "p_float": float(p), "truncated_mass": _text(result.truncated_mass)}


@op("brikwars", "explosion", "Damage and chance to kill in each 2-inch ring of an Explosion.")
def _explosion(req: Request, data: dict) -> dict:
    rules = read_rules(req)
    dice = req.integer("dice", 1, low=1, high=20)
    armor = req.get("armor", "4")
    armor = str(armor) if isinstance(armor, int) and not isinstance(armor, bool) else \
        req.string("armor")
    parse_field(armor, "armor")
    armor_roll = armor_dist(armor, rules, req.boolean("armor_bonus_dice", True))
    rings = []
    for j, dist in enumerate(ring_damage(dice, rules), 1):
        p = p_exceeds(dist, armor_roll)
        rings.append({"from_inches": 2 * (j - 1), "to_inches": 2 * j,
                      "knockback_inches": dice - j + 1, "p_kill": _text(p),
                      "p_kill_float": float(p), "damage_mean": _text(dist.mean())})
    return {"dice": dice, "armor": armor, "rings": rings,
            "truncated_mass": _text(truncated_mass(dice, rules))}


@op("brikwars", "size_table", "Cost, Use, Range and Damage of a size-scaled weapon by Size.")
def _size_table(req: Request, data: dict) -> dict:
    record = find(data, ("scaled_weapons",), req.string("weapon"), "weapon")
    low = req.integer("from_size", 1, low=1, high=20)
    high = req.integer("to_size", 6, low=low, high=20)
    return {"weapon": record["id"], "name": record["name"],
            "rows": [scaled_stats(record, s) for s in range(low, high + 1)]}
