"""Heroes (Chapter 6): the Heroic Feat (`heroic_feat`) and the RedShirt (`redshirt`)."""

from __future__ import annotations

from ...dice.ops import read_rules
from ...dice.roll import RollRules, roll
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..feats import feat_odds
from ..lookup import parse_field
from ..skill import reach_declining
from ..unmodelled import leaves_out


@op("brikwars", "heroic_feat", "A Heroic Feat: the Hero's die (or best of two) against one die.")
@leaves_out(
    "the Feat dice are rolled plain, as the book's 7/12 (L1019) counts them: no "
    "bonus dice on a 6; what the Feat does is for the players (L1008)")
def _feat(req: Request, data: BrikWarsData) -> dict:
    odds = feat_odds(req.integer("hero_dice", 1, low=1, high=2), 6, 6,
                     req.integer("cranky", 0, low=0, high=5))
    return {"p_success": fraction_text(odds.success), "p_paradox": fraction_text(odds.paradox),
            "p_fail": fraction_text(odds.fail),
            "p_success_counting_paradox": fraction_text(odds.success_counting_paradox)}


@op("brikwars", "redshirt", "Chance that a Hero's RedShirt roll reaches a unit at a distance.")
@leaves_out(
    "the unit must be eligible: on the Hero's team, able to leap, cheaper than the "
    "Hero (L952); Squad members need no roll (L955)")
def _redshirt(req: Request, data: BrikWarsData) -> dict:
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
    return {"p": fraction_text(p), "p_float": float(p), "truncated_mass": fraction_text(result.truncated_mass)}
