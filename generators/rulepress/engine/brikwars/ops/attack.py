"""Attack rolls: one attack (`attack`), a Skill roll alone (`to_hit`), several
attackers' Damage combined (`combined`), a missed shot (`missed_shot`), Arc and
Burst fire (`auto_fire`) and a manned gun (`gunnery`)."""

from __future__ import annotations

from fractions import Fraction
from math import gcd, log2

from ...budget import TooBig, refuse_over
from ...dice.dist import Dist
from ...dice.ops import pmf_json
from ...dice.roll import RollRules, bonus_sides
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..attack import (Attack, MAX_CLOSE_COMBAT, Options, Outcome, mix, p_any_hit, resolve,
                      zero_armor)
from ..damage import armor_dist, p_exceeds
from ..fields import die_field, one_of
from ..lookup import skill_sides
from ..skill import OVERSKILL, reaches, skill_odds
from ..unmodelled import declined_bonus_dice, leaves_out
from .attack_request import (declining, fixed_armor, guard_attack, read_and_resolve,
                             read_attack, read_options, read_target, skill_modifier, track)


@op("brikwars", "attack", "One attack: chance to hit, to kill, and the Damage on a hit.")
@leaves_out(
    "KnockBack and Disruption from Heavy and Two-Handed Weapons (L442, L449), "
    "Dismemberment (L2337) and catching Fire (L1692) are not worked out",
    "one blow: Close Combat Damage adding up over a turn (L826) is `combined`, "
    "Target Overkill is `overkill`")
def _attack(req: Request, data: BrikWarsData) -> dict:
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
        "p_hit": fraction_text(p_hit), "p_crit_fail": fraction_text(outcome.odds.crit_fail),
        "p_overskill": fraction_text(outcome.odds.overskill),
        "p_kill_given_hit": fraction_text(given), "p_kill": fraction_text(p_kill), "p_kill_float": float(p_kill),
        "p_beats_armor": fraction_text(result["p_beats_armor"]),
        "p_plain_hit_kills": fraction_text(plain),
        "p_twice_armor": fraction_text(twice),
        "damage_pmf": pmf_json(outcome.damage_on_hit),
        "damage_mean": fraction_text(outcome.damage_on_hit.mean()),
        "truncated_mass": fraction_text(outcome.truncated_mass),
    }
    if target.hits_to_kill > 1 and not target.wounded:
        out["p_wound"] = fraction_text(result["p_wound"])
    rules = options.rules
    if not declining(attack, options):
        notes = declined_bonus_dice(
            rules.penalty + attack.out_of_range, rules.bonus_dice, rules.penalty_on_bonus_dice,
            "against a rolled Armor, a Horse's two marks, a Deflection that takes a rolled "
            "d6 off or a roll too large to follow die by die, every bonus die of the Damage")
        if notes:
            out["not_modelled"] = notes
    return out


@op("brikwars", "to_hit", "Chance that a Skill roll meets a Use rating, with Overskill.")
def _to_hit(req: Request, data: BrikWarsData) -> dict:
    options = read_options(req)
    sides = skill_sides(req, data)
    use = req.integer("use", 3, low=0, high=100)
    overskill = one_of(req, "overskill", OVERSKILL, "skill")
    odds = skill_odds(sides, use, skill_modifier(req, data, options),
                      "skill" if overskill in ("skill", "best") else "none",
                      options.rules.penalty + req.integer("out_of_range", 0, low=0, high=100),
                      options.rules, options.skill_bonus_dice)
    return {"p_hit": fraction_text(odds.p_hit), "p_crit_fail": fraction_text(odds.crit_fail),
            "p_overskill": fraction_text(odds.overskill)}


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
def _combined(req: Request, data: BrikWarsData) -> dict:
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
        except (QueryError, TooBig) as exc:
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
    beat = None if one_roll else fixed_armor(target, options)
    turns = declined_turns(attacks, options, beat)
    if one_roll:
        total = one_roll_total(outcomes, cap)
    elif beat is not None and turns:
        total = declined_sum(attacks, parts, turns, options, beat, cap)
    else:
        total = Dist.constant(0)
        for part in parts:
            total = capped(total + part, cap)
    p_hit_any = p_any_hit(outcomes)
    result = track(total, target, options, p_hit_any)
    out = {"armor": target.armor, "deflection": target.deflection,
           "p_hit": [fraction_text(o.odds.p_hit) for o in outcomes],
           "p_kill": fraction_text(result["p_kill"]), "p_kill_float": float(result["p_kill"]),
           "truncated_mass": fraction_text(max(o.truncated_mass for o in outcomes))}
    if target.hits_to_kill > 1 and not target.wounded:
        out["p_wound"] = fraction_text(result["p_wound"])
    rules = options.rules
    left = [a for i, a in enumerate(attacks)  # some of their bonus dice all rolled
            if not a.fixed_damage and (i not in turns or not declining(
                Attack(**{**a.__dict__, "beat": beat}), options))]
    notes = declined_bonus_dice(max((damage_penalty(a, rules) for a in left), default=0),
                                rules.bonus_dice, rules.penalty_on_bonus_dice,
                                "every bonus die of the attackers' Damage")
    out["not_modelled"] = [combined_note(reading), *notes]
    return out


# attacks resolved again, one per running sum, weighed by their Damage dice (measured about
# 0.5 ms a die with a Parry and Overskill: 20 attackers of 6d10 against Armor 19, 2,800, 1.2 s)
MAX_DECLINED_WORK = 3000


def damage_penalty(attack: Attack, rules: RollRules) -> int:
    """The per-die penalty on an attack's Damage dice (an Explosion takes no Range penalty,
    L783)."""
    explosive = any(t.tag == "Exp" for t in attack.damage.terms)
    return rules.penalty + (0 if explosive else attack.out_of_range)


def declined_turns(attacks: list[Attack], options: Options, beat: int | None) -> set[int]:
    """Which attackers of a Combined Damage decline bonus dice past a fixed Armor `beat`:
    those whose Damage dice take a per-die penalty of 2 or more (one can lower the sum),
    all of them within MAX_DECLINED_WORK. Empty: every bonus die is rolled, and the answer
    says so."""
    rules = options.rules
    if beat is None or not (rules.bonus_dice and rules.penalty_on_bonus_dice):
        return set()
    turns = {i for i, a in enumerate(attacks)
             if damage_penalty(a, rules) >= 2 and not a.fixed_damage}
    work = sum((beat + 1) * (1 + sum(t.count for t in attacks[i].damage.terms if t.sign > 0))
               for i in turns)
    return set() if work > MAX_DECLINED_WORK else turns


def declined_sum(attacks: list[Attack], parts: list[Dist], turns: set[int], options: Options,
                 beat: int, cap: int) -> Dist:
    """Combined Damage (L760) against a fixed Armor `beat`, the attackers rolling in turn:
    one who could lower the sum with a bonus die stops rolling them once the running sum is
    past the Armor (L179), so his Damage depends on the sum before him."""
    total = Dist.constant(0)
    for i, (attack, part) in enumerate(zip(attacks, parts)):
        if i not in turns:
            total = capped(total + part, cap)
            continue
        pieces = []
        for before, count in total.items():
            if before > beat:  # past the Armor already: his dice cannot undo the kill
                pieces.append((count, Dist.constant(before)))
                continue
            short = Attack(**{**attack.__dict__, "beat": beat - before})
            pieces.append((count, capped(resolve(short, options).dealt() + before, cap)))
        total = Dist.mixture(pieces)
    return total


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


@op("brikwars", "missed_shot", "How far a missed Ranged Attack lands from its target.")
def _missed_shot(req: Request, data: BrikWarsData) -> dict:
    """L882-884: a miss lands within as many inches of the target as the Attack Roll fell
    short by; a Critical Failure counts its natural 1 like any roll (L887)."""
    options = read_options(req)
    sides = die_field(req, "skill", "d6")
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
    given = pmf_json(Dist.from_chances(miss)) if p_miss else []
    return {"p_miss": fraction_text(p_miss), "missed_by_pmf": given,
            "note": "the range of a missed shot is the inches it missed by; an Enemy picks "
                    "the spot (L884). Overskill is not spent."}


@op("brikwars", "auto_fire", "Arc or Burst fire: Auto Penalty, hits, and MachineGun jams.")
@leaves_out(
    "the Damage of each hit is not rolled (ask `attack`); a large target spanning "
    "several Arc points takes an extra attack for each (L1650)")
def _auto_fire(req: Request, data: BrikWarsData) -> dict:
    """L1642-1679: each arc point (or burst shot) is -1 Skill; one Attack Roll per target
    or shot; a MachineGun whose natural Skill die is below the Auto Penalty fires that
    shot and jams (`jams`, default true)."""
    options = read_options(req)
    sides = die_field(req, "skill", "d6")
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
    hit_count = Dist.from_chances(pmf)
    return {"p_hit_each": fraction_text(odds.p_hit), "p_jam_each": fraction_text(p_jam),
            "hits_pmf": pmf_json(hit_count), "hits_mean": fraction_text(hit_count.mean()),
            "p_jammed": fraction_text(p_jammed)}


@op("brikwars", "gunnery", "A mounted weapon fired with Gunnery Support, Home In, Interference.")
def _gunnery(req: Request, data: BrikWarsData) -> dict:
    """L1916-1920: a Gunner rolls d8; each supporting Gunner adds +1 (the team at most the
    Weapon Size), again for each turn Homing In; L1909: an enemy at other Controls rolls
    his Skill and it comes off the Attack Roll (a Critical Failure takes nothing off)."""
    options = read_options(req)
    sides = die_field(req, "skill", "d8")
    use = req.integer("use", 3, low=0, high=100)
    size = req.integer("weapon_size", 2, low=1, high=50)
    support = req.integer("supporters", 0, low=0, high=49)
    if support + 1 > size:
        raise QueryError(f"the firing team is at most the Weapon Size ({size}), so at most "
                         f"{size - 1} supporters", "supporters")
    turns = req.integer("home_in_turns", 0, low=0, high=20)
    modifier = skill_modifier(req, data, options) + support * (1 + turns)
    if req.has("interferer"):
        i_sides = die_field(req, "interferer", "d6")
        penalty = Dist.from_counts({0: 1, **{f: 1 for f in range(2, i_sides + 1)}})
        modifier = modifier - penalty
    overskill = req.string("overskill", "skill")
    if overskill not in ("skill", "none"):
        raise QueryError("'overskill' must be skill (on the roll) or none", "overskill")
    odds = skill_odds(sides, use, modifier, overskill, options.rules.penalty, options.rules)
    return {"p_hit": fraction_text(odds.p_hit), "bonus": support * (1 + turns)}
