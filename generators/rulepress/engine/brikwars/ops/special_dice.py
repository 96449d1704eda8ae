"""The MOC fancy dice (`fancy_dice`) and SuperNatural dice (`supernatural`)."""

from __future__ import annotations

from fractions import Fraction

from ...budget import refuse_over
from ...dice.dist import Dist
from ...dice.ops import pmf_json
from ...dice.roll import bonus_mean
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..fields import die_field
from ..supernatural import SN_MAX_DEPTH, blessed, sn_roll


def read_sn_dice(req: Request) -> tuple[int, int, int]:
    """A `supernatural` request's SN die size, how many, and the bonus-dice depth."""
    return (die_field(req, "die", "d6", (4, 6, 8, 10, 12, 20)),
            req.integer("dice", 1, low=1, high=20),
            req.integer("depth", 8, low=0, high=SN_MAX_DEPTH))


def read_blessing(req: Request, sides: int) -> tuple[str, int] | None:
    """("bless" or "curse", the target's Skill die size), or None: neither asked."""
    if not (req.has("bless") or req.has("curse")):
        return None
    field = "bless" if req.has("bless") else "curse"
    skill = die_field(req, field, "d6")
    if sides < skill:
        raise QueryError("a Blessing or Curse needs an SN die at least as large as the "
                         "target's Skill die (L3441)", "die")
    return field, skill


@op("brikwars", "supernatural", "SuperNatural dice: same-type bonus dice, Fumbles, Blessings.")
def _supernatural(req: Request, data: BrikWarsData) -> dict:
    sides, dice, depth = read_sn_dice(req)
    refuse_over(dice * sides * (depth + 1) * dice * 30, "this SuperNatural roll",
                "roll fewer dice or lower the depth", "dice")
    total, fumble, cut = sn_roll(dice, sides, depth)
    out: dict = {"die": f"d{sides}", "dice": dice, "mean": fraction_text(total.mean()),
                 "p_fumble": fraction_text(fumble), "pmf": pmf_json(total), "truncated_mass": fraction_text(cut),
                 "not_modelled": [
                     "a Fumble Die (an SN die or SN bonus die on 1) adds nothing here; the "
                     "opponent who gets it may add it to or take it from any Aspect (L3295), "
                     "which is not worked out",
                     "the Skill die of a Blessing or Curse is rolled plain (no bonus dice or "
                     "Overskill)"]}
    if req.has("at_least"):
        out["p_at_least"] = fraction_text(total.p_at_least(req.integer("at_least", low=0, high=10**6)))
    blessing = read_blessing(req, sides)
    if blessing is not None:
        field, skill = blessing
        kept = blessed(Dist.die(skill), sides, depth, field == "curse")
        out["kept_die_pmf"] = pmf_json(kept)
        if req.has("use"):
            use = req.integer("use", low=0, high=100)
            out["p_success"] = fraction_text(kept.condition(lambda v: v != 1).p_at_least(use)
                                  * kept.probability(lambda v: v != 1))
    return out


ROLES = {4: "Incompetent: mindlessness, Fire", 6: "Basic", 8: "Specialist: training, Blast",
         10: "Heroic: Structures, Explosions, Heroes", 12: "SuperNatural: ignores Deflection",
         20: "NonPossible: BrikThulhu only"}


@op("brikwars", "fancy_dice", "The MOC Combat dice: what each is for, means, Overskill chance.")
def _fancy_dice(req: Request, data: BrikWarsData) -> dict:
    """L1230-1264: a d4 earns bonus d4s, every other die bonus d6s; a Skill die earns
    Overskill on a natural 6 or more (L651); a d10 may be rolled as 2d6-2 (L171)."""
    rows = []
    for sides, role in ROLES.items():
        rows.append({"die": f"d{sides}", "role": role, "mean": fraction_text(Fraction(sides + 1, 2)),
                     "mean_with_bonus_dice": fraction_text(bonus_mean(sides)),
                     "p_overskill": fraction_text(Fraction(max(0, sides - 5), sides) if sides >= 6
                                       else 0)})
    return {"dice": rows, "d10_as_2d6_mean": "5"}
