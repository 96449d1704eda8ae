"""Specialist rolls: Ker-Triage! (`ker_triage`), a Specialty roll
(`specialty_roll`) and Shenanigan Detection (`detection`)."""

from __future__ import annotations

from fractions import Fraction

from ...dice.ops import pmf_json
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..fields import SIZES, die_field, one_of
from ..lookup import rules_for
from ..specialist import detection_distance, ker_triage, p_detected, skill_total


def read_triage(req: Request) -> tuple[int, int]:
    """A `ker_triage` request's Medik die size and how many Mediks operate."""
    return die_field(req, "die", "d8", (6, 8, 10, 12)), req.integer("mediks", 1, low=1, high=20)


@op("brikwars", "ker_triage", "Ker-Triage!: the chance of each row of the table.")
def _ker_triage(req: Request, data: BrikWarsData) -> dict:
    sides, mediks = read_triage(req)
    return {"die": f"d{sides}", "mediks": mediks,
            "outcomes": {k: fraction_text(v) for k, v in ker_triage(sides, mediks).items()}}


@op("brikwars", "specialty_roll", "A Specialty die against a number, with a Tek or a backup die.")
def _specialty(req: Request, data: BrikWarsData) -> dict:
    """A Specialty roll is a Skill roll of the Specialty die (L2559): it succeeds at
    `at_least` or more and fails on a Critical Failure; its Overskill may go on the roll.
    A Tek raises the die one size (L2742); a Commando's copy is one size smaller (L2946);
    a Leader's Inspiration adds a backup die, keeping the higher (L2988)."""
    rules = rules_for(req, "specialty_roll")
    sides = die_field(req, "die", "d8")
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
        b_sides = die_field(req, "backup", "d6")
        b_total, b_crit = skill_total(b_sides, rules, True, target)
        b_ok = (1 - b_crit) * b_total.p_at_least(target)
        backup = f"d{b_sides}"
        ok = 1 - (1 - ok) * (1 - b_ok)
    return {"die": f"d{sides}", "backup": backup, "p_success": fraction_text(ok)}


SIZE_ORDER = {"d4": -1, "d6": 0, "d8": 1, "d10": 2, "d12": 3}


@op("brikwars", "detection", "A Shenanigan's Detection Roll: d6 plus the Shenanigan Counters.")
def _detection(req: Request, data: BrikWarsData) -> dict:
    """L2850-2853: an opponent rolls a d6 and adds 1 for each Shenanigan Counter in the
    stack (the new one included): the Detection Distance of a standard unit. The nearest
    enemy's own Action die moves it by -1, +1, +2 or +3 inches, but the pictures of those
    dice are lost (L2851): give the inches as `adjustment`, or `action_die` with
    `die_reading: "size_order"` (d4 -1, d8 +1, d10 +2, d12 +3, a reading the text does not
    state). A Critical Failure detects nothing anywhere (L2853). With `within`, the chance
    a Shenanigan that many inches from the nearest enemy is Detected. `hidden_counters`
    gives the turns of Movement of a revealed Hidden unit: one per two counters (L2841)."""
    rules = rules_for(req, "detection", penalty=False)
    counters = req.integer("counters", 1, low=1, high=100)
    adjustment = 0
    if req.has("action_die"):
        die = one_of(req, "action_die", SIZE_ORDER)
        if die != "d6" and req.string("die_reading", "") != "size_order":
            raise QueryError("which die gives which adjustment was a lost picture (L2851); "
                             "give 'adjustment' (-1, 0, 1, 2 or 3 inches), or "
                             "'die_reading': 'size_order' to assume d4 -1 … d12 +3",
                             "action_die")
        adjustment = SIZE_ORDER[die]
    elif req.has("adjustment"):
        adjustment = req.integer("adjustment", low=-1, high=3)
    req.has("die_reading")
    crit = Fraction(1, 6)
    distance = detection_distance(rules, counters, adjustment)
    out: dict[str, object] = {"counters": counters, "adjustment": adjustment,
                              "p_crit_fail": fraction_text(crit),
                              "distance_pmf": pmf_json(distance)}
    if req.has("within"):
        inches = req.integer("within", low=0, high=1000)
        out["p_detected"] = fraction_text(p_detected(distance, inches))
    if req.has("hidden_counters"):
        out["hidden_move_turns"] = req.integer("hidden_counters", low=0, high=1000) // 2
    return out
