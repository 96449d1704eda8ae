"""Close combat (5.2): an attack with Parry, Bail and Counterattack, and the Charge (5.4)."""

from __future__ import annotations

from fractions import Fraction

from ...dice.parse import DiceTerm
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..attack import Attack, resolve
from ..collision import MOVERS, momentum
from ..fields import die_field
from ..lookup import find, modifier_dist
from ..skill import skill_odds
from ..unmodelled import leaves_out
from .attack_request import (attack_outcome, fixed_armor, guard_attack, read_and_resolve,
                             read_attack, read_options, read_target, track)


@op("brikwars", "close_combat", "A close-combat exchange: attack, Parry or Bail, Counterattack.")
@leaves_out(
    "Grabs, Shoves, Angry Inches and attacks with a second weapon are not worked "
    "out; the counter is one Counterattack, after the attack (L858)")
def _close_combat(req: Request, data: BrikWarsData) -> dict:
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
        sides = die_field(bail, "skill", "d6")
        p_bail = skill_odds(sides, bail.integer("inches", low=0, high=100),
                            modifier_dist(bail, data, "modifiers", options.rules), "skill",
                            0, options.rules).p_hit
    attack, outcome = read_and_resolve(first, data, options, target)
    hit = track(outcome.dealt(), target, options, outcome.odds.p_hit)
    p_killed = (1 - p_bail) * hit["p_kill"]
    out: dict[str, object] = {"p_hit": fraction_text(outcome.odds.p_hit), "p_bail": fraction_text(p_bail),
           "p_defender_killed": fraction_text(p_killed)}
    if attack.parry is not None:
        parry = skill_odds(attack.parry.sides, attack.parry.use, attack.parry.modifier,
                           "none", 0, options.rules)
        lost = parry.crit_fail
        if first.boolean("one_handed_parry_vs_two_handed", False):
            lost = 1 - parry.p_hit  # any failed Parry loses the one-handed item (L854)
        out["p_parry"] = fraction_text(parry.p_hit)
        out["p_parry_item_knocked_away"] = fraction_text(lost)
    counter = req.child("counter")
    if counter is not None:
        c_target = read_target(counter, data)
        c_outcome = attack_outcome(counter, data, options, c_target)
        c_hit = track(c_outcome.dealt(), c_target, options, c_outcome.odds.p_hit)
        alive = (1 - p_bail) * (1 - hit["p_kill"])  # a Bailing target has dived away
        out["p_attacker_killed"] = fraction_text(alive * c_hit["p_kill"])
        out["p_both_alive"] = fraction_text(1 - p_killed - alive * c_hit["p_kill"])
    else:
        out["p_both_alive"] = fraction_text(1 - p_killed)
    outcomes = {"target killed": out["p_defender_killed"]}
    if "p_attacker_killed" in out:
        outcomes["attacker killed by the counter"] = out["p_attacker_killed"]
    outcomes["both alive"] = out["p_both_alive"]
    out["outcomes"] = outcomes
    return out


def read_moms(req: Request) -> int:
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
def _charge(req: Request, data: BrikWarsData) -> dict:
    """L893-898, L1147-1148: one MOM per 4 inches run straight (a minifig at most 1, a
    Horse 2, a Creation its Effective Size); each MOM spent adds a Skill die of Damage,
    up to the charging weapon's limit (L1172-1177)."""
    options = read_options(req)
    moms = read_moms(req)
    target = read_target(req, data)
    attack = read_attack(req, data, options)
    cap = moms
    if req.has("weapon"):
        record = find(data, ("items", "scaled_weapons"), req.string("weapon"), "weapon")
        if record.get("max_momentum") is not None:
            cap = min(cap, record["max_momentum"])
    damage = attack.damage.add_dice((DiceTerm(cap, attack.sides),)) if cap else attack.damage
    attack = Attack(**{**attack.__dict__, "damage": damage, "deflection": target.deflection,
                       "beat": fixed_armor(target, options)})
    guard_attack([attack], options)
    outcome = resolve(attack, options)
    hit = track(outcome.dealt(), target, options, outcome.odds.p_hit)
    return {"moms": moms, "moms_on_damage": cap, "damage_expr": damage.text(),
            "p_hit": fraction_text(outcome.odds.p_hit), "p_kill": fraction_text(hit["p_kill"]),
            "truncated_mass": fraction_text(outcome.truncated_mass)}
