"""Query operations for the rules the first round left out: Sprint and Who Acts First (4.1,
4.3), Mob Rule's turn order (MOC), Armor-Piercing dice through Structure Levels (8.4),
Component Damage with Component Overkill (7.2), Exposure Damage and Difficult Terrain
(8.5), Shenanigan Detection (11.2) and QuikWars Stupendous Feats."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from ..budget import refuse_over
from ..dice.dist import Dist
from ..dice.ops import pmf_json, read_rules
from ..dice.parse import DiceTerm, Expr
from ..dice.roll import RollRules, natural_die, roll
from ..exact import fraction_text
from ..query import QueryError, Request, op
from .creation import sl_armor
from .damage import armor_dist, damage_dist
from .deflect import PIERCING
from .fields import armor_text, object_list, one_of
from .lookup import modifier_dist, parse_field, refuse_unused
from .ops import read_options, read_target
from .ops_rules import _attack_of, _die, _level, _mean, _pmf
from .piercing import AP_BONUS, Line, pierce, pierce_steps
from .ops import Target


def _t(p: Fraction | int) -> str:
    return fraction_text(Fraction(p))


def _dict(dist: Dist) -> dict[int, Fraction]:
    return {v: Fraction(c, dist.total) for v, c in dist.items() if c}


# --- QuikWars: Stupendous Feats -----------------------------------------------------------

@op("brikwars", "stupendous_feat", "A QuikWars Stupendous Feat: the Hero's die against one die.")
def _stupendous(req: Request, data: dict) -> dict:
    """L50: the Hero's Stupendous die against one opposing die; equal or higher succeeds.
    QuikWars dice are all d6 and every 6 adds a die (L32), so both rolls explode (the
    Decisions row); `bonus_dice: false` reads them as plain d6s. No Critical Failure and no
    Paradox in QuikWars."""
    rules = read_rules(req)
    refuse_unused(rules, "stupendous_feat (QuikWars has no per-die penalty or d10s)")
    die, _ = natural_die(6, RollRules(rules.bonus_dice, rules.depth))
    below, equal, above = die.compare(die)  # P(opponent < hero) etc., same die both sides
    p = below + equal
    cut = Fraction(0)
    if rules.bonus_dice:
        one = Fraction(1, 6) ** (rules.depth + 1)
        cut = 1 - (1 - one) ** 2
    return {"p_success": _t(p), "p_fail": _t(1 - p), "p_tie": _t(equal),
            "truncated_mass": _t(cut)}


# --- 4.1 Sprint -------------------------------------------------------------------------------

def _sprint_rows(sides: int, rules: RollRules) -> list[tuple[int, int, bool, Fraction]]:
    """(natural face, inches of the die with its bonus dice, runaway, weight). The Sprint
    roll takes Bonus Dice like any roll (L631); a chain of them that ends on a 1 makes the
    unit run the whole distance (runaway). A cut chain counts its last die's face."""
    b = 4 if sides == 4 else 6
    pen = rules.penalty
    chain_pen = pen if rules.penalty_on_bonus_dice else 0

    def chain(left: int) -> dict[tuple[int, bool], Fraction]:
        """{(inches, ended on a 1): chance} of one bonus die and those it earns."""
        rows: dict[tuple[int, bool], Fraction] = {}
        for face in range(1, b + 1):
            more = chain(left - 1) if face == b and left > 1 else \
                {(0, face == 1): Fraction(1)}
            for (v, r), w in more.items():
                key = (face - chain_pen + v, r)
                rows[key] = rows.get(key, Fraction(0)) + w / b
        return rows

    out = [(1, 0, False, Fraction(1, sides))]
    for face in range(2, sides + 1):
        w = Fraction(1, sides)
        if face == sides and rules.bonus_dice and rules.depth:
            out += [(face, face - pen + v, r, w * q) for (v, r), q in chain(rules.depth).items()]
        else:
            out.append((face, face - pen, False, w))
    return out


@op("brikwars", "sprint", "A Sprint: extra inches from a Skill roll with Bonus Dice.")
def _sprint(req: Request, data: dict) -> dict:
    """L627-631: a Sprint adds the Skill roll in inches to a straight-line Move; its dice
    earn Bonus Dice like any roll; a Critical Failure adds nothing; a chain of Bonus Dice
    that ends on a 1 forces the unit to run the whole distance. At Half Speed the Sprint
    inches are halved too (L628). `overskill: "inches"` also spends a natural 6 or more on
    +1d6 inches (L654-655; off by default: the Sprint takes Bonus Dice instead)."""
    rules = read_rules(req)
    refuse_unused(rules, "sprint", penalty=False)
    sides = _die(req, "skill", "d6")
    depth = rules.depth
    overskill = req.string("overskill", "none")
    if overskill not in ("none", "inches"):
        raise QueryError("'overskill' must be none or inches", "overskill")
    modifier = modifier_dist(req, data, "modifiers", rules)
    rows = sides + 12 * depth + 2  # faces, and (inches, runaway) pairs of the chain
    extra_width = 6 * depth + 6 if overskill == "inches" else 1
    refuse_over(rows * len(modifier.counts) * extra_width * 5, "this Sprint roll",
                "lower the bonus-dice depth or give fewer rolled modifiers", "depth")
    extra = _dict(natural_die(6, RollRules(rules.bonus_dice, depth))[0])
    inches: dict[int, Fraction] = {}
    runaway = crit = Fraction(0)
    for face, value, runs, w in _sprint_rows(sides, rules):
        if face == 1:  # a Critical Failure: the Sprint adds nothing
            inches[0] = inches.get(0, Fraction(0)) + w
            crit += w
            continue
        if runs:
            runaway += w
        adds = extra if overskill == "inches" and sides >= 6 and face >= 6 \
            else {0: Fraction(1)}
        for m, c in modifier.items():
            for x, q in adds.items():
                total = max(0, value + m + x)
                p = w * Fraction(c, modifier.total) * q
                inches[total] = inches.get(total, Fraction(0)) + p
    half = req.boolean("half_speed", False)
    mean = _mean(inches) / (2 if half else 1)
    out: dict[str, object] = {"inches_pmf": _pmf(inches), "extra_move_mean": _t(mean),
                              "p_crit_fail": _t(crit), "p_runaway": _t(runaway),
                              "half_speed": half}
    if req.has("needed"):
        need = req.integer("needed", low=0, high=1000)
        out["p_reach"] = _t(sum((p for k, p in inches.items()
                                 if Fraction(k, 2 if half else 1) >= need), Fraction(0)))
    return out


# --- 4.3 Who Acts First ------------------------------------------------------------------------

@op("brikwars", "who_acts_first", "Who acts first when two Actions race: Skill against Skill.")
def _who_acts_first(req: Request, data: dict) -> dict:
    """L683: when neither Action is faster by the rules, a unit at regular speed acts before
    one at Half Speed; at the same speed both roll Skill and the higher goes first. Ties:
    `ties: "reroll"` (our reading: roll again until one is higher) or `"simultaneous"` (the
    Actions happen together, L683's default). A Critical Failure (a natural 1) loses to any
    roll that is not one (`critical_failure: "loses"`), or counts as rolled
    (`"counts_as_rolled"`)."""
    rules = read_rules(req)
    refuse_unused(rules, "who_acts_first", penalty=False, d10=True)
    ties = req.string("ties", "reroll")
    if ties not in ("reroll", "simultaneous"):
        raise QueryError("'ties' must be reroll or simultaneous", "ties")
    crit = req.string("critical_failure", "loses")
    if crit not in ("loses", "counts_as_rolled"):
        raise QueryError("'critical_failure' must be loses or counts_as_rolled",
                         "critical_failure")
    sides_ = []
    rolls = []
    halves = []
    for name in ("a", "b"):
        sub = req.child(name, required=True)
        assert sub is not None
        sides = _die(sub, "skill", "d6")
        halves.append(sub.boolean("half_speed", False))
        mod = modifier_dist(sub, data, "modifiers", rules)
        dist: dict[tuple[bool, int], Fraction] = {}
        for face in range(1, sides + 1):
            for m, c in mod.items():
                key = (face == 1 and crit == "loses", max(0, face - rules.penalty + m))
                dist[key] = dist.get(key, Fraction(0)) + Fraction(c, sides * mod.total)
        sides_.append(sides)
        rolls.append(dist)
    if halves[0] != halves[1]:
        first = "b" if halves[0] else "a"
        return {"decided_by": "speed", "p_a_first": "0" if first == "b" else "1",
                "p_b_first": "1" if first == "b" else "0", "p_tie": "0"}
    a_wins = b_wins = tie = Fraction(0)
    for (ca, va), pa in rolls[0].items():
        for (cb, vb), pb in rolls[1].items():
            p = pa * pb
            if ca and cb or (not ca and not cb and va == vb):
                tie += p
            elif cb or (not ca and va > vb):
                a_wins += p
            else:
                b_wins += p
    if ties == "reroll":
        if tie == 1:
            raise QueryError("these two rolls always tie", "a")
        a_wins, b_wins, tie = a_wins / (1 - tie), b_wins / (1 - tie), Fraction(0)
    return {"decided_by": "skill roll", "p_a_first": _t(a_wins), "p_b_first": _t(b_wins),
            "p_tie": _t(tie)}


# --- Mob Rule (MOC Combat) --------------------------------------------------------------------

@op("brikwars", "mob_rule", "Mob Rule: who picks each Mob unit, and when the Mob turn ends.")
def _mob_rule(req: Request, data: dict) -> dict:
    """L1270-1280: the remaining players take turns picking one Mob unit each until every
    Mob has moved or half of the players have declined. Alliances take turns, fewest
    forces first (`forces`; a tie is settled by a roll, so the order given is kept and
    `tie_roll_needed` says so), rotating between their players. A player who passes is out
    for the rest of that Mob turn and the next ally in rotation picks instead. `decisions`
    are the picks in order ("move" or "pass"); when they run out every pick is a move.
    `mobs` (optional) is how many picks the Mob units need. `half` for an odd number of
    players: `up` (our reading: 3 of 5 must pass) or `down` (2 of 5)."""
    subs = object_list(req, "alliances", 20, "objects with 'players'")
    alliances = []
    for i, sub in enumerate(subs):
        players = sub.string_list("players")
        if not players or len(players) > 20:
            raise QueryError("each alliance has 1 to 20 players", sub.field("players"))
        forces = sub.integer("forces", 0, low=0, high=10**6) if sub.has("forces") else None
        alliances.append((forces, i, players))
    names = [p for _, _, ps in alliances for p in ps]
    if len(set(names)) != len(names):
        raise QueryError("a player is named twice", "alliances")
    given = [f for f, _, _ in alliances]
    tie_roll = False
    if all(f is not None for f in given):
        alliances.sort(key=lambda a: (a[0], a[1]))
        shown = [a[0] for a in alliances]
        tie_roll = len(set(shown)) != len(shown)
    elif any(f is not None for f in given):
        raise QueryError("give 'forces' for every alliance or for none", "alliances")
    half = req.string("half", "up")
    if half not in ("up", "down"):
        raise QueryError("'half' must be up or down", "half")
    count = len(names)
    threshold = ceil(count / 2) if half == "up" else max(1, count // 2)
    decisions = list(req.string_list("decisions", []))  # a copy: the request stays as given
    if len(decisions) > 1000 or any(d not in ("move", "pass") for d in decisions):
        raise QueryError("'decisions' is a list of at most 1000 'move' or 'pass'", "decisions")
    mobs = req.integer("mobs", 1000, low=0, high=1000)
    out_players: set[str] = set()
    turn = [0] * len(alliances)  # whose turn it is inside each alliance
    picks: list[dict] = []
    moved = passes = 0
    step = 0
    reason = "every Mob unit has moved"
    pick = 0
    while moved < mobs:
        a = step % len(alliances)
        step += 1
        _, _, players = alliances[a]
        if all(p in out_players for p in players):
            if len(out_players) == count:
                break
            continue
        pick += 1
        if pick > 2000:
            break
        while True:
            player = players[turn[a] % len(players)]
            turn[a] += 1
            if player in out_players:
                continue
            choice = decisions.pop(0) if decisions else "move"
            picks.append({"pick": pick, "alliance": alliances[a][1] + 1, "player": player,
                          "action": choice})
            if choice == "move":
                moved += 1
                break
            out_players.add(player)
            passes += 1
            if passes >= threshold or all(p in out_players for p in players):
                break
        if passes >= threshold:
            reason = f"{passes} of {count} players have passed"
            break
    return {"order": [alliances[a][1] + 1 for a in range(len(alliances))],
            "tie_roll_needed": tie_roll, "passes_to_end": threshold, "picks": picks,
            "mobs_moved": moved, "ended": reason}


# --- 8.4 Armor-Piercing dice through Structure Levels --------------------------------------------

AP_READINGS = ("nullify", "as_levels")
AP_NOTES = {
    "stay": "the bonus dice an AP d6 rolls count with it on the target that took it "
            "(`ap_bonus_dice`: `stay`; `pierce` sends them on as AP d6s, L1948)",
    "pierce": "the bonus dice an AP d6 rolls pierce on to the next target as AP d6s "
              "(`ap_bonus_dice`: `pierce`, L1948); a target that takes all that is left "
              "keeps them"}


@op("brikwars", "armor_piercing", "Armor-Piercing d6s through a line of targets.")
def _armor_piercing(req: Request, data: dict) -> dict:
    """L1950-1952: a target takes one AP d6 per two Structure Levels, rounded up (SL 0 takes
    none and the Damage passes through whole); with that many AP d6s in the Damage it takes
    them and the rest pierces on, with fewer it takes all that is left. Two levels of
    Deflection nullify one AP d6; a single level left over counts as one more Structure
    Level (`deflection_reading: "nullify"`, our reading; `"as_levels"` counts every level
    as a Structure Level). Each target's dice are rolled against its Armor (`armor`, or
    from the Structure Level); the other Deflection levels of a target that takes plain
    dice reduce them as usual. Dice are handed out before they are rolled; the bonus dice an
    AP d6 rolls stay with it (`ap_bonus_dice: "stay"`, ours) or pierce on as AP d6s
    (`"pierce"`, L1948: piercing.py)."""
    options = read_options(req)
    rules = options.rules
    sides = _die(req, "skill", "d6")
    expr = parse_field(req.string("damage", "2d6 Piercing + 1d4 Fire"), "damage")
    expr = expr.with_skill(sides)
    if expr.dice_count() > 40:
        raise QueryError("at most 40 damage dice here (each target rolls its share)",
                         "damage")
    reading = one_of(req, "deflection_reading", AP_READINGS, "nullify")
    bonus = one_of(req, "ap_bonus_dice", AP_BONUS, "stay")
    subs = object_list(req, "targets", 20)
    ap = sum(t.count for t in expr.terms if t.tag == PIERCING and t.sign > 0 and t.sides == 6)
    if any(t.tag == PIERCING and t.sides != 6 for t in expr.terms):
        raise QueryError("Armor-Piercing dice are d6s (L1949)", "damage")
    rest = Expr(tuple(t for t in expr.terms if t.tag != PIERCING), expr.modifier)
    line = []
    for i, sub in enumerate(subs):
        level = _level(sub, "structure_level", 0.5)
        deflection = sub.integer("deflection", 0, low=0, high=10)
        armor = armor_text(sub, sl_armor(level))
        parse_field(armor, f"targets[{i}].armor")
        line.append(Line(level, deflection, armor))
    notes = [AP_NOTES[bonus], "targets over 1 inch are pierced an inch at a time (L1953): "
             "list each inch as a target"]
    if bonus == "pierce":
        refuse_over(pierce_steps(ap, len(line), rules.depth if rules.bonus_dice else 0),
                    "this line of piercing bonus dice", "give fewer AP dice or targets, or a lower "
                    "bonus-dice depth", "depth")
        found = pierce(ap, rest, line, reading, rules, options.armor_bonus_dice)
        return {"targets": [{"target": r["target"], "structure_level": _t(line[k].level),
                             "ap_dice_pmf": [[n, _t(p)] for n, p in r["ap_dice_pmf"] if p],
                             "p_beats_armor": _t(r["p_beats_armor"])}
                            for k, r in enumerate(found["rows"])],
                "ap_dice_beyond_pmf": [[n, _t(p)] for n, p in found["beyond"] if p],
                "p_plain_dice_beyond": _t(found["rest_beyond"]), "not_modelled": notes}
    rows = []
    for i, target in enumerate(line):
        level, deflection, armor = target.level, target.deflection, target.armor
        nullified = min(ap, deflection // 2) if reading == "nullify" else 0
        ap -= nullified
        leftover = deflection - 2 * nullified  # counts as Structure Levels against AP dice
        need = ceil((level + leftover) / 2)
        row: dict[str, object] = {"target": i, "structure_level": _t(level),
                                  "ap_dice_nullified": nullified, "ap_dice_needed": need}
        if ap == 0 and not rest.terms and rest.modifier == 0:
            row.update(takes="nothing", p_beats_armor="0")
            rows.append(row)
            continue
        if ap and ap >= need:
            if need == 0:  # SL 0: shattered, the Damage goes through whole (L1957)
                row.update(takes="nothing: the Damage passes through whole",
                           p_beats_armor="1")
                rows.append(row)
                continue
            taken, levels = Expr((DiceTerm(need, 6, 1, PIERCING),)), 0
            ap -= need
        else:  # too few AP dice: it takes all that is left, its Deflection as usual
            levels = leftover if ap == 0 else 0
            taken = Expr(((DiceTerm(ap, 6, 1, PIERCING),) if ap else ()) + rest.terms,
                         rest.modifier)
            ap, rest = 0, Expr(())
        dealt, _cut = damage_dist(taken, rules, levels)
        armor_roll = armor_dist(armor, rules, options.armor_bonus_dice)
        below, _, _ = armor_roll.compare(dealt)
        row.update(takes=taken.text(), p_beats_armor=_t(below))
        rows.append(row)
    left = Expr(((DiceTerm(ap, 6, 1, PIERCING),) if ap else ()) + rest.terms, rest.modifier)
    return {"targets": rows, "passes_beyond": left.text() if left.terms or left.modifier
            else "nothing",
            "not_modelled": notes}


# --- 7.2 Component Damage and Component Overkill -------------------------------------------------

@op("brikwars", "component_damage", "Component Damage: elements blasted off, with Overkill.")
def _component_damage(req: Request, data: dict) -> dict:
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
            sl_armor(_level(sub, "structure_level", 1))
        parse_field(text, f"components[{i}].armor")
        armors.append(armor_dist(text, options.rules, options.armor_bonus_dice))
    target = Target("0", req.integer("deflection", 0, low=0, high=10))
    # each component's Armor, not this placeholder, is what the Damage must beat
    outcome = _attack_of(req, data, options, target, armor_is_mark=False)
    dealt = outcome.dealt()
    overkill = req.boolean("overkill", True)
    refuse_over(len(dealt.counts) * sum(len(a.counts) for a in armors) * 4,
                "this Component Damage", "give fewer components or fewer damage dice",
                "components")
    rest = {v: Fraction(c, dealt.total) for v, c in dealt.items() if c and v > 0}
    destroyed: dict[int, Fraction] = {}
    p_each = []
    reached = Fraction(1)
    for k, armor in enumerate(armors if overkill else armors[:1]):
        nxt: dict[int, Fraction] = {}
        through = Fraction(0)
        for d, p in rest.items():
            for a, c in armor.items():
                if d > a:  # over the Armor: the element is off; the rest goes on
                    q = p * Fraction(c, armor.total)
                    through += q
                    nxt[d - a] = nxt.get(d - a, Fraction(0)) + q
        destroyed[k] = reached - through
        p_each.append(_t(through))
        reached, rest = through, nxt
    destroyed[len(p_each)] = reached
    return {"p_hit": _t(outcome.odds.p_hit), "destroyed_pmf": _pmf(destroyed),
            "p_destroyed_each": p_each,
            "destroyed_mean": _t(_mean(destroyed)),
            "truncated_mass": _t(outcome.truncated_mass)}


# --- 8.5 Exposure Damage and Difficult Terrain --------------------------------------------------

def _hazard_damage(req: Request, data: dict, rules: RollRules) -> tuple[Dist, int, Fraction]:
    expr = parse_field(req.string("dice", "1d6"), "dice")
    if expr.uses_skill:
        raise QueryError("Hazard dice have no Skill die: write them as 1d6, 2d4 Fire, …",
                         "dice")
    dice = expr.dice_count()
    if dice > 30:
        raise QueryError("a Field has at most 30 Hazard dice here (one per inch of Field)",
                         "dice")
    if req.integer("target_size", 1, low=0, high=1000) == 0:
        return Dist.constant(dice), dice, Fraction(0)  # Size 0: a point per die (L1812)
    bonus = req.integer("target_size", 1, low=0, high=1000) // 2
    modifier = req.integer("damage_modifier", 0, low=-100, high=100)
    # the target-size modifier changes the Damage total (L1811); a Critical Failure
    # still deals nothing
    dist, cut = damage_dist(expr.plus(bonus + modifier), rules)
    return dist, dice, cut


@op("brikwars", "exposure", "Exposure Damage from a Field Hazard, with the target's size.")
def _exposure(req: Request, data: dict) -> dict:
    """L1809-1813: a unit in an Exposure Field rolls the Field's Hazard dice as Damage (d6,
    or d4 Fire); the total takes the target-size modifier of the exposed part, as on arc
    fire (+1 per 2 inches, `target_size`; `damage_modifier` for a partly exposed target); a
    Size 0 object takes 1 point per die. Every die a Creation takes costs it an inch of
    Power this turn (Overload)."""
    rules = read_rules(req)
    refuse_unused(rules, "exposure", penalty=False)
    target = read_target(req, data)
    dealt, dice, cut = _hazard_damage(req, data, rules)
    options = read_options(req)
    armor = armor_dist(target.armor, rules, options.armor_bonus_dice)
    below, _, _ = armor.compare(dealt)
    return {"p_beats_armor": _t(below), "damage_pmf": pmf_json(dealt),
            "damage_mean": _t(dealt.mean()), "power_overload_inches": dice,
            "truncated_mass": _t(cut)}


TERRAIN = ("slow", "current", "slippery", "spiked")


@op("brikwars", "difficult_terrain", "Difficult Terrain: Move lost, pushed or slid, or Spikes.")
def _difficult_terrain(req: Request, data: dict) -> dict:
    """L1851-1854: each d6 of Difficult Terrain is rolled in inches. A Slow Field takes them
    off the victim's Move; a Current moves it that far first, then it moves as usual; a
    Slippery Field spends that many of its own Move inches going on the way it was going
    (at most its Move), and a standing unit falls, Disrupted, on any Critical Failure of a
    Skill roll; a Spiked Obstacle slows a unit that moves carefully with its Action
    (`careful`) and otherwise deals its d6s as Exposure Damage against `armor`."""
    rules = read_rules(req)
    refuse_unused(rules, "difficult_terrain", penalty=False)
    field = one_of(req, "field", TERRAIN, "slow")
    dice = req.integer("dice", 1, low=1, high=30)
    move = req.integer("move", 5, low=0, high=100)
    # the dice core prices the roll first and refuses one too big to work out
    inches = roll(Expr((DiceTerm(dice, 6),)), RollRules(rules.bonus_dice, rules.depth)).totals()
    out: dict[str, object] = {"field": field, "inches_pmf": pmf_json(inches),
                              "inches_mean": _t(inches.mean())}
    if field == "spiked" and not req.boolean("careful", False):
        options = read_options(req)
        target = read_target(req, data)
        dealt, cut = damage_dist(Expr((DiceTerm(dice, 6),)), rules)
        armor = armor_dist(target.armor, rules, options.armor_bonus_dice)
        below, _, _ = armor.compare(dealt)
        out.update(p_beats_armor=_t(below), damage_mean=_t(dealt.mean()))
        return out
    if field in ("slow", "spiked"):
        left = inches.map(lambda x: max(0, move - x))
        out.update(move_left_pmf=pmf_json(left), p_stopped=_t(left.probability(
            lambda v: v == 0)))
    elif field == "current":
        out.update(pushed_pmf=pmf_json(inches), move_after=move)
    else:
        slid = inches.map(lambda x: min(move, x))
        out.update(slid_pmf=pmf_json(slid))
        if req.has("skill"):
            sides = _die(req, "skill", "d6")
            out["p_fall_per_skill_roll"] = _t(Fraction(1, sides))
    return out


# --- 11.2 Shenanigan Detection ----------------------------------------------------------------------

SIZE_ORDER = {"d4": -1, "d6": 0, "d8": 1, "d10": 2, "d12": 3}


@op("brikwars", "detection", "A Shenanigan's Detection Roll: d6 plus the Shenanigan Counters.")
def _detection(req: Request, data: dict) -> dict:
    """L2850-2853: an opponent rolls a d6 and adds 1 for each Shenanigan Counter in the
    stack (the new one included): the Detection Distance of a standard unit. The nearest
    enemy's own Action die moves it by -1, +1, +2 or +3 inches, but the pictures of those
    dice are lost (L2851): give the inches as `adjustment`, or `action_die` with
    `die_reading: "size_order"` (d4 -1, d8 +1, d10 +2, d12 +3, a reading the text does not
    state). A Critical Failure detects nothing anywhere (L2853). With `within`, the chance
    a Shenanigan that many inches from the nearest enemy is Detected. `hidden_counters`
    gives the turns of Movement of a revealed Hidden unit: one per two counters (L2841)."""
    rules = read_rules(req)
    refuse_unused(rules, "detection", penalty=False)
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
    total, _ = natural_die(6, RollRules(rules.bonus_dice, rules.depth))
    crit = Fraction(1, 6)
    ok = {max(0, v + counters + adjustment): Fraction(c, total.total)
          for v, c in total.items() if v != 1 and c}
    given = {k: v / (1 - crit) for k, v in ok.items()}
    out: dict[str, object] = {"counters": counters, "adjustment": adjustment,
                              "p_crit_fail": _t(crit), "distance_pmf": _pmf(given)}
    if req.has("within"):
        inches = req.integer("within", low=0, high=1000)
        out["p_detected"] = _t(sum((p for k, p in ok.items() if k >= inches), Fraction(0)))
    if req.has("hidden_counters"):
        out["hidden_move_turns"] = req.integer("hidden_counters", low=0, high=1000) // 2
    return out
