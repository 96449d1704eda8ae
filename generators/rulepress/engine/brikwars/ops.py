"""Query operations for game "brikwars": the odds a player asks about at the table."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import gcd, log2

from ..budget import refuse_over
from ..dice.dist import Dist
from ..dice.ops import pmf_json, read_rules
from ..dice.parse import DiceTerm, Expr
from ..dice.cost import Cost
from ..dice.roll import MAX_DEPTH, RollRules, bonus_sides, refuse_costly, roll, roll_cost
from ..exact import fraction_text
from ..query import QueryError, Request, op
from .attack import (MAX_CLOSE_COMBAT, Attack, Options, Outcome, Parry, mix, p_any_hit,
                     resolve, zero_armor)
from .damage import armor_dist, p_exceeds
from .deflect import NO_DICE
from .explosion import guard, ring_means, ring_p_kill, truncated_mass
from .feats import feat_odds
from .fields import armor_text, one_of
from .formula import scaled_damage, scaled_stats
from .lookup import fact, find, modifier_dist, parse_field, refuse_unused, skill_sides
from .quikwars import HAND_WEAPON, quikwars_kill
from .quikwars import steps as quikwars_steps
from .skill import OVERSKILL, reach_declining, skill_odds
from .unmodelled import declined_bonus_dice, leaves_out


def _text(p: Fraction) -> str:
    return fraction_text(p)


ZERO_ARMOR = ("any_hit_kills", "roll")


def read_options(req: Request) -> Options:
    no_dice = one_of(req, "deflection_no_dice", NO_DICE, "roll")
    zero = one_of(req, "zero_armor", ZERO_ARMOR, "any_hit_kills")
    return Options(rules=read_rules(req),
                   armor_bonus_dice=req.boolean("armor_bonus_dice", True),
                   skill_bonus_dice=req.boolean("skill_bonus_dice", False),
                   no_dice=no_dice, zero_armor=zero)


def read_weapon(req: Request, data: dict, sides: int) -> tuple[int, Expr, bool]:
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
            raise QueryError(f"'{weapon_id}' has no Use rating of its own in the data (it "
                             f"comes from how it is used); give 'use'", "use")
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


def read_target(req: Request, data: dict) -> Target:
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


def skill_modifier(req: Request, data: dict, options: Options):
    """`modifiers` plus +1 per full 2 inches of visible `target_size` (L732)."""
    size_bonus = req.integer("target_size", 0, low=0, high=1000) // 2
    return modifier_dist(req, data, "modifiers", options.rules) + size_bonus


def read_attack(req: Request, data: dict, options: Options) -> Attack:
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
        except QueryError as exc:
            raise QueryError(f"parry: {exc.message}", "parry") from None
    return Attack(sides, use, damage,
                  modifier=skill_modifier(req, data, options),
                  out_of_range=req.integer("out_of_range", 0, low=0, high=100),
                  overskill=overskill, armor_piercing=swing, parry=parry,
                  auto_hit=req.boolean("auto_hit", False), fixed_damage=fixed,
                  deflection=0)


def long_two_handed(req: Request, data: dict) -> bool:
    """Is the attack's `weapon` a Two-Handed Weapon: a Long item for two hands (L423-425,
    L445), a Two-Handed Charging Weapon included? (A Heavy Weapon swung two-handed is not.)"""
    if not req.has("weapon"):
        return False
    record = find(data, ("items", "scaled_weapons"), req.string("weapon"), "weapon")
    return record.get("hands") == 2 and record.get("size_class") == "L"


def irrelevant(data: dict, attacker_id: str) -> bool:
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


def read_and_resolve(req: Request, data: dict, options: Options,
                     target: Target) -> tuple[Attack, Outcome]:
    """One attack read from `req` against `target` (its Deflection taken in), costed
    before it is rolled."""
    attack = read_attack(req, data, options)
    attack = Attack(**{**attack.__dict__, "deflection": target.deflection})
    guard_attack([attack], options)
    return attack, resolve(attack, options)


@op("brikwars", "attack", "One attack: chance to hit, to kill, and the Damage on a hit.")
@leaves_out(
    "KnockBack and Disruption from Heavy and Two-Handed Weapons (L442, L449), "
    "Dismemberment (L2337) and catching Fire (L1692) are not worked out",
    "one blow: Close Combat Damage adding up over a turn (L826) is `combined`, "
    "Target Overkill is `overkill`")
def _attack(req: Request, data: dict) -> dict:
    options = read_options(req)
    target = read_target(req, data)
    attack, outcome = read_and_resolve(req, data, options, target)
    p_hit = outcome.odds.p_hit
    result = track(outcome.dealt(), target, options, p_hit)
    p_kill = result["p_kill"]
    armor_roll = armor_dist(target.armor, options.rules, options.armor_bonus_dice)
    given = p_kill / p_hit if p_hit else Fraction(0)
    # "exceed its Armor twice over" (a Horse dies at once, L1080): one Armor roll, doubled
    twice = p_exceeds(outcome.dealt(), armor_roll.map(lambda a: 2 * a))
    plain = Fraction(1) if zero_armor(armor_roll, options) else \
        p_exceeds(outcome.damage_on_hit, armor_roll)
    out = {
        "skill": f"d{attack.sides}", "use": attack.use, "damage_expr": attack.damage.text(),
        "armor": target.armor, "deflection": target.deflection,
        "hits_to_kill": target.hits_to_kill,
        "p_hit": _text(p_hit), "p_crit_fail": _text(outcome.odds.crit_fail),
        "p_overskill": _text(outcome.odds.overskill),
        "p_kill_given_hit": _text(given), "p_kill": _text(p_kill), "p_kill_float": float(p_kill),
        "p_beats_armor": _text(result["p_beats_armor"]),
        "p_plain_hit_kills": _text(plain),
        "p_twice_armor": _text(twice),
        "damage_pmf": pmf_json(outcome.damage_on_hit),
        "damage_mean": _text(outcome.damage_on_hit.mean()),
        "truncated_mass": _text(outcome.truncated_mass),
    }
    if target.hits_to_kill > 1 and not target.wounded:
        out["p_wound"] = _text(result["p_wound"])
    rules = options.rules
    notes = declined_bonus_dice(rules.penalty + attack.out_of_range, rules.bonus_dice,
                                rules.penalty_on_bonus_dice)
    if notes:
        out["not_modelled"] = notes
    return out


@op("brikwars", "to_hit", "Chance that a Skill roll meets a Use rating, with Overskill.")
def _to_hit(req: Request, data: dict) -> dict:
    options = read_options(req)
    sides = skill_sides(req, data)
    use = req.integer("use", 3, low=0, high=100)
    overskill = one_of(req, "overskill", OVERSKILL, "skill")
    odds = skill_odds(sides, use, skill_modifier(req, data, options),
                      "skill" if overskill in ("skill", "best") else "none",
                      options.rules.penalty + req.integer("out_of_range", 0, low=0, high=100),
                      options.rules, options.skill_bonus_dice)
    out: dict = {"p_hit": _text(odds.p_hit), "p_crit_fail": _text(odds.crit_fail),
                 "p_overskill": _text(odds.overskill)}
    rules = options.rules
    notes = declined_bonus_dice(rules.penalty + req.integer("out_of_range", 0, low=0, high=100),
                                rules.bonus_dice, rules.penalty_on_bonus_dice)
    if notes and (sides == 4 or options.skill_bonus_dice):
        out["not_modelled"] = notes  # the Skill die's own bonus dice are all rolled
    return out


COMBINED_ROLLS = ("each_attacker", "one_roll")


def combined_note(reading: str) -> str:
    """Which reading of a Combined roll's Critical Failure the answer used (Decisions)."""
    if reading == "one_roll":
        return ("the Combined Damage is one roll (`combined_roll`: `one_roll`): it fails only "
                "if every die of every attacker that hit shows 1, a fixed Damage with it")
    return ("each attacker's Damage roll is its own roll (`combined_roll`: `each_attacker`): "
            "one whose dice all show 1 adds nothing; `one_roll` fails only if every die of "
            "every attacker shows 1")


@op("brikwars", "combined", "Several attackers add their Damage into one sum (Combined Damage).")
@leaves_out(
    "the combined KnockBack of a Charge (L770) is not worked out",
    "the Outnumbered target's -1 (L765) is not added: give it in each `parry`'s "
    "`modifiers` (\"outnumbered\")")
def _combined(req: Request, data: dict) -> dict:
    options = read_options(req)
    reading = one_of(req, "combined_roll", COMBINED_ROLLS, "each_attacker")
    one_roll = reading == "one_roll"
    if one_roll:
        options = Options(**{**options.__dict__, "kinds": True})
    target = read_target(req, data)
    subs = req.children("attackers")
    if not subs:
        raise QueryError("'attackers' is a list of attack objects", "attackers")
    if req.boolean("close_combat", False) and len(subs) > MAX_CLOSE_COMBAT:
        raise QueryError(f"at most {MAX_CLOSE_COMBAT} attackers may gang up on one minifig in "
                         "close combat (rulebook L758)", "attackers")
    refuse_over(len(subs) * 1000, "a combined attack", "give at most 50 attackers",
                "attackers", limit=50_000)
    attacks = []
    for i, sub in enumerate(subs):
        try:
            attack = read_attack(sub, data, options)
        except QueryError as exc:
            raise QueryError(f"attackers[{i}]: {exc.message}", "attackers") from None
        attacks.append(Attack(**{**attack.__dict__, "deflection": target.deflection}))
    guard_attack(attacks, options)
    armor_roll = armor_dist(target.armor, options.rules, options.armor_bonus_dice)
    cap = 2 * armor_roll.high + 1  # only "more than (twice) the Armor" is asked
    # one roll: each attacker's Damage by kind and three running sums, some 3 times the work (measured 2-3)
    refuse_over(combined_guess(attacks, cap, options.rules) * (3 if one_roll else 1),
                "the combined damage",
                "give fewer attackers, fewer damage dice or a lower bonus-dice depth",
                "attackers")
    outcomes = [resolve(a, options) for a in attacks]
    parts = [capped(outcome.dealt(), cap) for outcome in outcomes]
    refuse_over(combined_steps(parts, cap) * (3 if one_roll else 1), "the combined damage",
                "give fewer attackers, fewer damage dice or a lower bonus-dice depth",
                "attackers")
    if one_roll:
        total = one_roll_total(outcomes, cap)
    else:
        total = Dist.constant(0)
        for part in parts:
            total = capped(total + part, cap)
    p_hit_any = p_any_hit(outcomes)
    result = track(total, target, options, p_hit_any)
    out = {"armor": target.armor, "deflection": target.deflection,
           "p_hit": [_text(o.odds.p_hit) for o in outcomes],
           "p_kill": _text(result["p_kill"]), "p_kill_float": float(result["p_kill"]),
           "truncated_mass": _text(max(o.truncated_mass for o in outcomes))}
    if target.hits_to_kill > 1 and not target.wounded:
        out["p_wound"] = _text(result["p_wound"])
    rules = options.rules
    notes = declined_bonus_dice(rules.penalty + attack.out_of_range, rules.bonus_dice,
                                rules.penalty_on_bonus_dice)
    out["not_modelled"] = [combined_note(reading), *notes]
    return out


def one_roll_total(outcomes: list[Outcome], cap: int) -> Dist:
    """Combined Damage as one roll: the sum of every attacker's Damage, all 1s included,
    unless every die rolled showed 1 (then 0). Running sums are kept apart by what the
    dice so far showed: none rolled, all 1s, or some other face."""
    join = {("none", "none"): "none", ("none", "ones"): "ones", ("ones", "none"): "ones",
            ("ones", "ones"): "ones"}
    sums: dict[str, tuple[Fraction, Dist]] = {"none": (Fraction(1), Dist.constant(0))}
    for outcome in outcomes:
        nxt: dict[str, list[tuple[Fraction, Dist]]] = {}
        for kind, (weight, dist) in sums.items():
            for w, part, k in outcome.kinds:
                if w:
                    key = join.get((kind, k), "rest")
                    nxt.setdefault(key, []).append((weight * w, capped(dist + part, cap)))
        sums = {k: (sum((w for w, _ in ps), Fraction(0)), capped(mix(ps), cap))
                for k, ps in nxt.items()}
    parts = [(w, Dist.constant(0) if k == "ones" else d) for k, (w, d) in sums.items()]
    return capped(mix(parts), cap)


def capped(dist: Dist, cap: int) -> Dist:
    """Every total above `cap` counted as `cap` (enough to test "more than" anything
    below it), with the counts reduced by their common factor to keep numbers small."""
    if dist.high > cap:
        dist = Dist(dist.low, [*dist.counts[:cap - dist.low], sum(dist.counts[cap - dist.low:])]) \
            if dist.low < cap else Dist.constant(cap)
    common = gcd(*dist.counts)
    return Dist(dist.low, [c // common for c in dist.counts]) if common > 1 else dist


def combined_guess(attacks: list[Attack], cap: int, rules: RollRules) -> float:
    """`combined_steps` before any roll: counts as wide as the dice's denominators."""
    bits = 0.0
    steps = 0.0
    for attack in attacks:
        own = 8.0  # the Skill roll and the Parry mixture
        for term in attack.damage.terms:
            sides = term.sides or 6
            chain = rules.depth * log2(bonus_sides(sides)) if rules.bonus_dice else 0
            own += term.count * (log2(sides) + chain)
        bits += own
        steps += (cap * bits / 64) * (min(cap + 1, 64 * own) * own / 64) ** 0.6
    return steps / 20


def combined_steps(parts: list[Dist], cap: int) -> float:
    """Rough work of the capped sums: numbers of cap slots, each as wide as the counts."""
    bits = 0.0
    steps = 0.0
    for part in parts:
        bits += part.total.bit_length()
        steps += (cap * bits / 64) * (len(part.counts) * part.total.bit_length() / 64) ** 0.6
    return steps / 20


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
        if record.get("rules") != "quikwars":
            known = ", ".join(u["id"] for u in data.get("units", [])
                              if u.get("rules") == "quikwars")
            raise QueryError(f"'{record['id']}' is not a QuikWars unit (QuikWars units: "
                             f"{known}); or give 'armor'", "target")
        armor = int(record["armor"])
    armor = req.integer("armor", armor, low=0, high=1000)
    crew = req.integer("extra_crew", 0, low=0, high=50)  # Super Siege Weapon, L79
    if crew:
        attacks.append((crew, "siege-crew"))
    depth = req.integer("depth", 8, low=0, high=MAX_DEPTH)
    dice = sum(n for n, _ in attacks)
    body = 1 if req.boolean("body_armor", False) else 0
    refuse_over(quikwars_steps(dice, armor, depth, body), "this QuikWars attack",
                "give fewer dice or extra crew, a lower Armor or a lower depth", "depth")
    p, mean, mass = quikwars_kill(attacks, armor, body, req.boolean("shield", False), depth)
    return {"armor": armor, "p_kill": _text(p), "p_kill_float": float(p),
            "damage_mean": _text(mean), "truncated_mass": _text(mass)}


@op("brikwars", "heroic_feat", "A Heroic Feat: the Hero's die (or best of two) against one die.")
@leaves_out(
    "the Feat dice are rolled plain, as the book's 7/12 (L1019) counts them: no "
    "bonus dice on a 6; what the Feat does is for the players (L1008)")
def _feat(req: Request, data: dict) -> dict:
    odds = feat_odds(req.integer("hero_dice", 1, low=1, high=2), 6, 6,
                     req.integer("cranky", 0, low=0, high=5))
    return {"p_success": _text(odds.success), "p_paradox": _text(odds.paradox),
            "p_fail": _text(odds.fail),
            "p_success_counting_paradox": _text(odds.success_counting_paradox)}


@op("brikwars", "redshirt", "Chance that a Hero's RedShirt roll reaches a unit at a distance.")
@leaves_out(
    "the unit must be eligible: on the Hero's team, able to leap, cheaper than the "
    "Hero (L952); Squad members need no roll (L955)")
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
    die_rules = RollRules(rules.bonus_dice, rules.depth, cranky + rules.penalty,
                          rules.penalty_on_bonus_dice, rules.d10_as_2d6)
    result = roll(parse_field(f"1{die}", "die"), die_rules)
    # the Hero stops rolling bonus dice once the roll reaches (L179); 2d6-2 rolls as before
    p = result.success(distance) if rules.d10_as_2d6 else \
        reach_declining(int(die[1:]), distance, die_rules.penalty, die_rules)
    return {"p": _text(p), "p_float": float(p), "truncated_mass": _text(result.truncated_mass)}


@op("brikwars", "explosion", "Damage and chance to kill in each 2-inch ring of an Explosion.")
@leaves_out(
    "Deflection (Heavy Armor Deflects a one-die Explosion, L1970), cover and "
    "Component targets are not worked out: give the Armor as it stands",
    "Duds on a Critical Failure (L1731) and Premature Detonation (L1728) are not "
    "worked out; KnockBack moves loose objects only (L1712)")
def _explosion(req: Request, data: dict) -> dict:
    rules = read_rules(req)
    refuse_unused(rules, "explosion (its d10s take no per-die penalty, L783)")
    dice = req.integer("dice", 1, low=1, high=20)
    armor = armor_text(req)  # required: a request without it has always been refused
    parse_field(armor, "armor")
    armor_roll = armor_dist(armor, rules, req.boolean("armor_bonus_dice", True))
    explosions = req.integer("explosions", 1, low=1, high=200)
    guard(dice, rules, armor_roll.high)
    refuse_over(explosions * (armor_roll.high + 2) * dice * explosions * dice / 50,
                "this stack of Explosions", "give fewer Explosions or dice", "explosions")
    kills = ring_p_kill(dice, rules, armor_roll, explosions=explosions)
    means = [m * explosions for m in ring_means(dice, rules)]
    rings = []
    for j, (p, mean) in enumerate(zip(kills, means), 1):
        rings.append({"from_inches": 2 * (j - 1), "to_inches": 2 * j,
                      "knockback_inches": dice - j + 1, "p_kill": _text(p),
                      "p_kill_float": float(p), "damage_mean": _text(mean)})
    return {"dice": dice, "armor": armor, "rings": rings,
            "truncated_mass": _text(truncated_mass(dice * explosions, rules))}


@op("brikwars", "size_table", "Cost, Use, Range and Damage of a size-scaled weapon by Size.")
def _size_table(req: Request, data: dict) -> dict:
    record = find(data, ("scaled_weapons",), req.string("weapon"), "weapon")
    low = req.integer("from_size", 1, low=1, high=20)
    high = req.integer("to_size", 6, low=low, high=20)
    return {"weapon": record["id"], "name": record["name"],
            "rows": [scaled_stats(record, s) for s in range(low, high + 1)]}

from . import ops_rules  # noqa: E402,F401  (registers the rule ops)
from . import ops_army  # noqa: E402,F401  (registers the creation and army ops)
from . import ops_more  # noqa: E402,F401  (registers the later rule ops)
