"""QuikWars: an attack (`quikwars_attack`) and a Stupendous Feat
(`stupendous_feat`)."""

from __future__ import annotations

from ...budget import refuse_over
from ...dice.roll import MAX_DEPTH
from ...exact import fraction_text
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..lookup import fact, find, parse_field, rules_for
from ..quikwars import HAND_WEAPON, quikwars_kill, steps as quikwars_steps, stupendous_feat


@op("brikwars", "quikwars_attack", "QuikWars: exploding d6s against Armor, combined attackers.")
def _quikwars(req: Request, data: BrikWarsData) -> dict:
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
    return {"armor": armor, "p_kill": fraction_text(p), "p_kill_float": float(p),
            "damage_mean": fraction_text(mean), "truncated_mass": fraction_text(mass)}


@op("brikwars", "stupendous_feat", "A QuikWars Stupendous Feat: the Hero's die against one die.")
def _stupendous(req: Request, data: BrikWarsData) -> dict:
    """L50: the Hero's Stupendous die against one opposing die; equal or higher succeeds.
    QuikWars dice are all d6 and every 6 adds a die (L32), so both rolls explode (the
    Decisions row); `bonus_dice: false` reads them as plain d6s. No Critical Failure and no
    Paradox in QuikWars."""
    rules = rules_for(req, "stupendous_feat (QuikWars has no per-die penalty or d10s)")
    p, equal, cut = stupendous_feat(rules)
    return {"p_success": fraction_text(p), "p_fail": fraction_text(1 - p), "p_tie": fraction_text(equal),
            "truncated_mass": fraction_text(cut)}
