"""The creation designer (rulebook Ch. 7-10, D, and the Creation Mods of 11.1).

A Creation's price is the sum of its parts (L1382-1384): the Base Cost (Size x
Structure Level), each Propulsion by its Move, its Mind (a Half Mind at half,
extra Minds at full price), extra arms, weapons by Size, turrets, Specialties and
SuperNatural dice. Every number comes from the exported data (`creation_rules`,
`structure_levels`, `minds`, `scaled_weapons`, `items`, `turrets`, `specialties`,
`supernatural_dice`); the code only adds them up, exactly.

Stats: Armor from the Structure Level, Move per Propulsion, Power (L1564-1566),
and a damage track of one row per point of Size Damage (L1393-1399), where the
Structure Level can be no more than the Effective Size (L1371).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

from ..budget import refuse_over
from ..exact import fraction_text
from ..query import QueryError, Request
from ..records import BrikWarsData, Mind, StructureLevel
from .creation_damage import effective_level
from .formula import FormulaError, evaluate, scaled_stats
from .lookup import fact, find

MAX_SIZE = 100
MAX_PARTS = 100  # weapons, turrets, propulsions, minds, specialties, SN dice: each list
MAX_COUNT = 1000
HALF_MINDS = ("programmed", "submissive", "subjugated")  # the Half Minds table (L2229-2248)
POSITIVE_MODS = ("skilled", "fast", "heavy", "bargain")
NEGATIVE_MODS = ("unskilled", "slow", "light", "premium", "incompetent")
MOD_NEEDS = {"skilled": "mind", "unskilled": "mind", "incompetent": "mind",
             "fast": "propulsion", "slow": "propulsion"}
FLIGHT = ("flight-propulsion", "forward-flight-propulsion")
ROUNDING = ("exact", "up")


@dataclass
class Problem:
    """A rule the design breaks: where, what, and the book's section and line."""

    field: str
    message: str
    rule: str

    def json(self) -> dict:
        return {"field": self.field, "message": self.message, "rule": self.rule}


@dataclass
class Design:
    """The result of pricing one Creation."""

    stats: dict
    cost_cp: Fraction
    unit_inches: Fraction
    parts: list[dict] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    not_modelled: list[str] = field(default_factory=list)


def rule(data: BrikWarsData, rule_id: str, **names: Fraction) -> Fraction:
    """A number of `creation_rules`, its formula evaluated with `names`."""
    record = find(data, ("creation_rules",), rule_id, "creation_rules")
    try:
        return evaluate(record["formula"], names.get("Size", 0), names)
    except FormulaError as exc:  # a data defect, not the player's: say which record
        raise QueryError(f"the data's creation rule '{rule_id}' cannot be read: {exc}") from None


def cite(record: Mapping[str, Any]) -> str:
    src = record.get("source") or {}
    return f"L{src.get('lines', '?')}"


def rule_cite(data: BrikWarsData, rule_id: str) -> str:
    return cite(find(data, ("creation_rules",), rule_id, "creation_rules"))


def read_fraction(req: Request, name: str, default: Fraction | None = None,
                  low: Fraction = Fraction(0), high: Fraction = Fraction(MAX_SIZE)) -> Fraction:
    """A whole number, a decimal such as 0.5, or a fraction text such as "1/2" or "½"."""
    value = req.get(name)
    where = req.field(name)
    if value is None:
        if default is None:
            raise QueryError(f"the request needs a '{where}' field (a number)", where)
        return default
    try:
        if isinstance(value, bool):
            raise ValueError
        if isinstance(value, str):
            text = value.strip().replace("½", "1/2")
            if len(text) > 12:
                raise ValueError
            number = Fraction(text)
        elif isinstance(value, (int, float)):
            number = Fraction(str(value))
        else:
            raise ValueError
    except (ValueError, ZeroDivisionError):
        raise QueryError(f"'{where}' must be a number such as 2, 0.5 or \"1/2\", got "
                         f"{str(value)[:40]!r}", where) from None
    if not low <= number <= high:
        shown = fraction_text(number)
        shown = shown if len(shown) <= 20 else "a number far out of range"
        raise QueryError(f"'{where}' must be between {fraction_text(low)} and "
                         f"{fraction_text(high)}, got {shown}", where)
    return number


def levels(data: BrikWarsData) -> list[StructureLevel]:
    """The Structure Levels of the data, lowest first."""
    return sorted(data.get("structure_levels", []), key=lambda r: Fraction(str(r["level"])))


def level_record(data: BrikWarsData, level: Fraction, where: str) -> StructureLevel:
    for record in levels(data):
        if Fraction(str(record["level"])) == level:
            return record
    known = ", ".join(fraction_text(Fraction(str(r["level"]))) for r in levels(data))
    raise QueryError(f"'{where}': no Structure Level {fraction_text(level)} in the data "
                     f"(known: {known})", where)


def minds_by_die(data: BrikWarsData) -> list[Mind]:
    return sorted(data.get("minds", []), key=lambda r: int(r["die"][1:]))


def mind_record(data: BrikWarsData, name: str, where: str) -> Mind:
    """A Mind by its id (trained) or its die (d6)."""
    for record in data.get("minds", []):
        if name in (record["id"], record["die"]):
            return record
    known = ", ".join(f"{r['id']} ({r['die']})" for r in minds_by_die(data))
    raise QueryError(f"'{where}': no Mind '{name}' (known: {known})", where)


def number(value) -> Fraction:
    return Fraction(str(fact(value)))


def design(req: Request, data: BrikWarsData) -> Design:
    """Read a creation (the `creation` op's fields, or an army line's `creation`) and price it."""
    problems: list[Problem] = []
    parts: list[dict] = []
    not_modelled: list[str] = []

    def part(what: str, cp: Fraction, source: str, **extra) -> None:
        parts.append({"part": what, "cp": fraction_text(cp), "rule": source, **extra})

    size = req.integer("size", low=0, high=MAX_SIZE)
    vermin = size == 0
    level = read_fraction(req, "structure_level", Fraction(0) if vermin else None,
                          high=Fraction(5))
    sl = level_record(data, level, req.field("structure_level"))
    if vermin and level != 0:
        problems.append(Problem(req.field("structure_level"), "a Size 0 Creation (Vermin) "
                                "gets no Structure Level: use 0", "7.1, L1371"))
    if level > size and not vermin:
        problems.append(Problem(req.field("structure_level"), f"the Structure Level "
                                f"({fraction_text(level)}) may be at most the Size ({size})",
                                "7.1, L1374, L1379"))

    # Creation Mods (11.1): matched pairs, each negative paying for one positive (L2494).
    mods = req.string_list("mods", [])
    if len(mods) > MAX_PARTS:
        raise QueryError(f"'{req.field('mods')}' lists {len(mods)} Mods; at most {MAX_PARTS}",
                         req.field("mods"))
    for i, mod in enumerate(mods):
        if mod not in POSITIVE_MODS + NEGATIVE_MODS:
            raise QueryError(f"'{req.field('mods')}[{i}]': no Creation Mod '{mod[:40]}' (known: "
                             f"{', '.join(POSITIVE_MODS + NEGATIVE_MODS)})", req.field("mods"))
    plus = sum(m in POSITIVE_MODS for m in mods)
    minus = len(mods) - plus
    if plus != minus:
        problems.append(Problem(req.field("mods"), f"Creation Mods come in matched pairs, each "
                                f"negative paying for one positive: {plus} positive and "
                                f"{minus} negative; add or remove Mods until they match",
                                "11.1 Creation Mods, L2494"))
    ladder = [Fraction(str(r["level"])) for r in levels(data)]
    step = mods.count("heavy") - mods.count("light")
    if step:
        index = min(max(ladder.index(level) + step, 0), len(ladder) - 1)
        if ladder.index(level) + step != index or (step > 0 and ladder[index] > size):
            problems.append(Problem(req.field("mods"), "Heavy raises the Structure Level at "
                                    "most to the Size and Light lowers it to 0 at least",
                                    "11.1 Creation Mods, L2492"))
        level = min(ladder[index], Fraction(max(size, 0))) if step > 0 else ladder[index]
        sl = level_record(data, level, req.field("structure_level"))

    base = rule(data, "base-cost", Size=Fraction(size), SL=level)
    part("Base Cost (Size x Structure Level)", base, rule_cite(data, "base-cost"))

    # Propulsion (9.1): each system priced by its Move.
    moves: dict[str, Fraction] = {}
    props = req.children("propulsion", [])
    if len(props) > MAX_PARTS:
        raise QueryError(f"'{req.field('propulsion')}': at most {MAX_PARTS} entries",
                         req.field("propulsion"))
    for p in props:
        kind = p.string("type", "standard-propulsion")
        record = find(data, ("propulsion",), kind, p.field("type"))
        if record.get("rules") == "quikwars":
            raise QueryError(f"'{p.field('type')}': '{kind}' is a QuikWars Propulsion Unit "
                             f"with no CP price", p.field("type"))
        move = read_fraction(p, "move", high=Fraction(MAX_SIZE))
        cost = rule(data, f"{kind}-cost", Move=move, SL=level, Size=Fraction(size))
        part(f"{record['name']} {fraction_text(move)}\"", cost,
             rule_cite(data, f"{kind}-cost"))
        moves[kind] = moves.get(kind, Fraction(0)) + move

    # Mind (10.1): none makes a Vehicle, which needs an operator (L2165-2167).
    skill = None
    actions = 0
    mind_req = req.child("mind")
    extra = req.string_list("extra_minds", [])
    if len(extra) > MAX_PARTS:
        raise QueryError(f"'{req.field('extra_minds')}': at most {MAX_PARTS}",
                         req.field("extra_minds"))
    if mind_req is not None:
        mind = mind_record(data, mind_req.string("die", "d6"), mind_req.field("die"))
        half = mind_req.get("half")
        die_ladder = minds_by_die(data)
        shift = mods.count("skilled") - mods.count("unskilled")
        if mods.count("incompetent"):
            mind = die_ladder[0]
        elif shift:
            at = die_ladder.index(mind) + shift
            if not 0 <= at < len(die_ladder):
                problems.append(Problem(req.field("mods"), "Skilled and Unskilled move the Skill "
                                        "die one size within d4 to d12", "10.1, L2187"))
            mind = die_ladder[min(max(at, 0), len(die_ladder) - 1)]
        cost = Fraction(str(mind["cost_cp"]))
        if half is not None:
            if half not in HALF_MINDS:
                raise QueryError(f"'{mind_req.field('half')}' must be one of "
                                 f"{', '.join(HALF_MINDS)}", mind_req.field("half"))
            if mind is die_ladder[0]:
                raise QueryError(f"'{mind_req.field('half')}': {mind['name']} ({mind['die']}) "
                                 f"is already a Half Mind", mind_req.field("half"))
            cost = rule(data, "half-mind-cost", Mind=cost)
        label = f"Mind {mind['die']} ({half or mind['name']})"
        part(label, cost, cite(mind) if half is None else rule_cite(data, "half-mind-cost"))
        skill = mind["die"]
        actions = 1
    elif mods.count("skilled") or mods.count("unskilled") or mods.count("incompetent"):
        problems.append(Problem(req.field("mods"), "Skill Mods are only for Creations with "
                                "Minds", "11.1 Creation Mods, L2489"))
    if (mods.count("fast") or mods.count("slow")) and not moves:
        problems.append(Problem(req.field("mods"), "Move Mods are only for Creations with "
                                "Propulsion", "11.1 Creation Mods, L2490"))
    for i, name in enumerate(extra):
        if mind_req is None:
            raise QueryError(f"'{req.field('extra_minds')}': extra Minds need a 'mind' first",
                             req.field("extra_minds"))
        extra_mind = mind_record(data, name, f"{req.field('extra_minds')}[{i}]")
        part(f"extra Mind {extra_mind['die']}", Fraction(str(extra_mind["cost_cp"])),
             "L2267-2269")
        actions += 1

    arms = read_fraction(req, "extra_arm_inches", Fraction(0))
    if arms:
        part(f"extra arms ({fraction_text(arms)}\")", rule(data, "extra-arms-cost", Inches=arms),
             rule_cite(data, "extra-arms-cost"))

    # Weapons (Ch. 8) mounted on the body, carried in hands, or on turrets.
    weapons: list[dict] = []
    inches = Fraction(0)
    entries = req.children("weapons", [])[:MAX_PARTS + 1]
    launches = any(w.body.get("weapon") in ("launcher", "cannon") for w in entries)
    for w in entries:
        row = weapon_row(w, data, size, problems)
        weapons.append(row)
        used = Fraction(row.pop("_inches"))
        # Armor Plating never counts against Power (L1631); Explosives fired from a
        # Launcher or Cannon count only the launcher's Size (L1546).
        if row["weapon"] != "armor-plating" and not (row["weapon"] == "explosive" and launches):
            inches += used
        part(f"{row['count']} x {row['name']}" + (f" Size {row['size']}" if row["size"] else ""),
             Fraction(row["cost_cp"]), row["rule"])
    if len(weapons) > MAX_PARTS:
        raise QueryError(f"'{req.field('weapons')}': at most {MAX_PARTS} weapons",
                         req.field("weapons"))
    natural = req.get("natural_attack_size")
    if natural is not None:
        n = req.integer("natural_attack_size", low=1, high=MAX_SIZE)
        if n > size:
            problems.append(Problem(req.field("natural_attack_size"), f"a natural attack is a "
                                    f"Melee Weapon up to the Creature's own Size ({size})",
                                    "10.1, L2261"))
        melee = find(data, ("scaled_weapons",), "melee-weapon", "natural_attack_size")
        stats = scaled_stats(melee, n)
        weapons.append({"weapon": "natural-attack", "name": "Natural attack", "size": n,
                        "count": 1, "mount": "body", "cost_cp": "0", "use": stats["use"],
                        "range": "CC", "damage": stats["damage"],
                        "rule": rule_cite(data, "natural-attack-cost")})
        part(f"natural attack Size {n}", rule(data, "natural-attack-cost"),
             rule_cite(data, "natural-attack-cost"))
    turrets = []
    for t in req.children("turrets", [])[:MAX_PARTS + 1]:
        record = find(data, ("turrets",), t.string("turret"), t.field("turret"))
        count = t.integer("count", 1, low=1, high=MAX_COUNT)
        mounted = []
        load = Fraction(0)
        for w in t.children("weapons", [])[:MAX_PARTS + 1]:
            row = weapon_row(w, data, size, problems, turret=True)
            load += Fraction(row.pop("_inches")) / row["count"]
            mounted.append(row)
            part(f"{row['count'] * count} x {row['name']} Size {row['size'] or '-'} on "
                 f"{record['name']}", Fraction(row["cost_cp"]) * count, row["rule"])
        if load > record["max_weapon_inches"]:
            problems.append(Problem(t.field("weapons"), f"a {record['name']} mounts at most "
                                    f"{record['max_weapon_inches']} weapon inches, these are "
                                    f"{fraction_text(load)}", f"8.1 Turrets, {cite(record)}"))
        part(f"{count} x {record['name']}", Fraction(str(record["cost_cp"])) * count,
             cite(record))
        turrets.append({"turret": record["id"], "name": record["name"], "count": count,
                        "max_weapon_inches": record["max_weapon_inches"], "weapons": mounted})
    if len(turrets) > MAX_PARTS:
        raise QueryError(f"'{req.field('turrets')}': at most {MAX_PARTS}", req.field("turrets"))

    half_speed = any(w["weapon"] == "armor-plating" for w in weapons)
    if half_speed and any(k in moves for k in FLIGHT):
        problems.append(Problem(req.field("weapons"), "Armor Plating rules out aerial flight",
                                "8.1, L1627-1631"))

    # Specialties: minifig Specialties (11.2) and Monster Specialties (10.3).
    for i, name in enumerate(req.string_list("specialties", [])[:MAX_PARTS + 1]):
        where = f"{req.field('specialties')}[{i}]"
        if i >= MAX_PARTS:
            raise QueryError(f"'{req.field('specialties')}': at most {MAX_PARTS}", where)
        if name == "construct":
            strength = req.integer("connection_strength", 1, low=1, high=MAX_SIZE)
            if strength > max(size, 0):
                problems.append(Problem(req.field("connection_strength"), "the Connection "
                                        "Strength may be at most the Size", "10.3, L2429"))
            part(f"Construct (Connection Strength {strength})",
                 rule(data, "construct-cost", CS=Fraction(strength)),
                 rule_cite(data, "construct-cost"))
            continue
        monster = f"{name}-cost"
        if any(r["id"] == monster for r in data.get("creation_rules", [])):
            part(find(data, ("creation_rules",), monster, where)["name"], rule(data, monster),
                 rule_cite(data, monster))
            continue
        record = find(data, ("specialties",), name, where)
        part(f"{record['name']} Specialty", number(record["cost_cp"]), cite(record))

    # SuperNatural dice (Ch. D): each die bought at its price.
    sn_inches = Fraction(0)
    sn = req.string_list("supernatural_dice", [])
    if len(sn) > MAX_PARTS:
        raise QueryError(f"'{req.field('supernatural_dice')}': at most {MAX_PARTS}",
                         req.field("supernatural_dice"))
    for i, die in enumerate(sn):
        where = f"{req.field('supernatural_dice')}[{i}]"
        found = [r for r in data.get("supernatural_dice", []) if die in (r["id"], r["die"])]
        if not found:
            raise QueryError(f"'{where}': no SuperNatural die '{die[:20]}' (d4, d6, d8, d10, "
                             f"d12)", where)
        sn_die = found[0]
        if fact(sn_die.get("cost_cp")) is None:
            raise QueryError(f"'{where}': the {sn_die['die']} SuperNatural die has no CP "
                             f"price in the book (it costs Sanity, {cite(sn_die)}): not "
                             f"modelled", where)
        part(f"SuperNatural {sn_die['die']} ({sn_die['element']})", number(sn_die["cost_cp"]),
             cite(sn_die))
        if fact(sn_die.get("unit_inches")) is not None:
            sn_inches += number(sn_die["unit_inches"])

    if req.boolean("heroic", False):
        artifakt = find(data, ("items",), "heroic-artifakt", "heroic")
        part("Heroic (a Heroic Artifakt)", number(artifakt["cost_cp"]), cite(artifakt))

    total = sum((Fraction(p["cp"]) for p in parts), Fraction(0))

    # Stats after the Mods.
    move_out = {}
    for kind, move in moves.items():
        if mods.count("fast"):
            move = rule(data, "fast-move", Move=move)
        if mods.count("slow") or half_speed:
            move = rule(data, "slow-move", Move=move)
        move_out[kind] = fraction_text(move)
    power = rule(data, "power", Size=Fraction(size))
    stats = {"size": size, "structure_level": fraction_text(level),
             "armor": fact(sl["armor"]), "move": move_out, "half_speed": half_speed,
             "skill": skill, "actions": actions,
             "kind": "vermin" if vermin else "creature" if skill else
             "vehicle" if moves else "structure",
             "power": fraction_text(power),
             "weapon_inches": fraction_text(inches), "weapons": weapons, "turrets": turrets,
             "weak_points_structure_level": fraction_text(weak_level(ladder, level)),
             "damage_track": damage_track(data, size, level)}
    if any(k in moves for k in FLIGHT):
        stats["power_in_air"] = fraction_text(rule(data, "air-power", Size=Fraction(size)))
    if inches > power:
        stats["power_note"] = (f"{fraction_text(inches)} weapon inches but Power "
                               f"{fraction_text(power)}: not all can be used in one turn "
                               f"(L1564)")
    if skill is None and moves:
        not_modelled.append("a Vehicle has no Mind: its operators (Pilots, minifigs) are bought "
                            "as their own army lines (L2165-2167)")

    ui = rule(data, "creation-unit-inches", Size=Fraction(size)) + sn_inches
    ui += rule(data, "premium-cost") * mods.count("premium")
    ui += rule(data, "bargain-cost") * mods.count("bargain")
    return Design(stats=stats, cost_cp=total, unit_inches=max(ui, Fraction(0)), parts=parts,
                  problems=problems, not_modelled=not_modelled)


def weapon_row(w: Request, data: BrikWarsData, size: int, problems: list[Problem],
               turret: bool = False) -> dict:
    """One weapon entry: a size-scaled weapon at `size`, or a minifig item."""
    weapon_id = w.string("weapon")
    record = find(data, ("scaled_weapons", "items"), weapon_id, w.field("weapon"))
    count = w.integer("count", 1, low=1, high=MAX_COUNT)
    mount = "turret" if turret else w.string("mount", "body")
    if mount not in ("body", "hands", "turret"):
        raise QueryError(f"'{w.field('mount')}' must be body or hands", w.field("mount"))
    heroic = w.boolean("heroic", False)
    if any(r["id"] == record["id"] for r in data.get("scaled_weapons", [])):
        wsize = w.integer("size", 1, low=1, high=MAX_SIZE)
        stats = scaled_stats(record, wsize)
        cost = Fraction(str(stats["cost_cp"])) if stats["cost_cp"] is not None else None
        row = {"weapon": record["id"], "name": record["name"], "size": wsize,
               "use": stats["use"], "range": stats["range"] if stats["range"] is not None
               else "CC" if record["id"].startswith("melee") else None,
               "damage": stats["damage"]}
        inches = Fraction(wsize)
        if mount == "hands":
            long = rule(data, "long-hand-held", Size=Fraction(size))
            ranged = stats["range"] is not None
            limit = rule(data, "bastard-hand-held", Size=Fraction(size)) if ranged else long
            if wsize > limit:
                problems.append(Problem(w.field("size"), f"a hand-held "
                                        f"{'ranged' if ranged else 'close-combat'} weapon may "
                                        f"be at most {fraction_text(limit)}\" for a Size {size} "
                                        f"Creation", "8.1 Hand-Held Weapons, L1556-1562"))
            short = rule(data, "short-hand-held", Size=Fraction(size))
            row["hand_class"] = "S" if wsize <= short else "M" if wsize <= \
                rule(data, "bastard-hand-held", Size=Fraction(size)) else "L"
    else:
        if w.has("size"):
            raise QueryError(f"'{w.field('size')}': '{weapon_id}' is a minifig item with a "
                             f"fixed Size; use a size-scaled weapon such as 'gun'",
                             w.field("size"))
        price = fact(record.get("cost_cp"))
        cost = Fraction(str(price)) if price is not None else None
        row = {"weapon": record["id"], "name": record["name"], "size": None,
               "use": record.get("use"), "range": record.get("range"),
               "damage": fact(record.get("damage"))}
        inches = Fraction(0)
    if cost is None:
        raise QueryError(f"'{w.field('weapon')}': '{weapon_id}' has no CP price in the data",
                         w.field("weapon"))
    if heroic:
        cost += number(find(data, ("items",), "heroic-artifakt", w.field("heroic"))["cost_cp"])
    row.update({"count": count, "mount": mount, "heroic": heroic,
                "cost_cp": fraction_text(cost * count), "rule": cite(record),
                "_inches": inches * count})
    return row


def damage_track(data: BrikWarsData, size: int, level: Fraction) -> list[dict]:
    """One row per point of Size Damage taken (L1393-1399): the Effective Size falls, the
    Structure Level falls with it (L1371, L1397) and so do Armor and Power (L1564)."""
    refuse_over(size, "the damage track", "give a smaller Size")
    if size <= 1:
        return [{"size_damage": 0, "effective_size": size, "structure_level":
                 fraction_text(level), "armor": fact(level_record(data, level, "")["armor"]),
                 "power": fraction_text(rule(data, "power", Size=Fraction(size))),
                 "note": "destroyed by any Damage over its Armor (L1387)"}]
    rows = []
    for taken in range(size):
        left = size - taken
        lvl = effective_level(level, left)
        rows.append({"size_damage": taken, "effective_size": left,
                     "structure_level": fraction_text(lvl),
                     "armor": fact(level_record(data, lvl, "")["armor"]),
                     "power": fraction_text(rule(data, "power", Size=Fraction(left)))})
    rows.append({"size_damage": size, "effective_size": 0, "structure_level": None,
                 "armor": None, "power": "0", "note": "destroyed (L1393, L1399)"})
    return rows


def weak_level(ladder: list[Fraction], level: Fraction) -> Fraction:
    """Hinges, turrets, Non-Structural Elements and interior walls: one level below the
    Structure, at least 1/2, unless the Structure is at 0 (L1379)."""
    if level == 0:
        return level
    return max(Fraction(1, 2), ladder[max(ladder.index(level) - 1, 0)])


def rounded(cost: Fraction, how: str) -> Fraction:
    """The Horse's parts add to 6½ CP and the book prints 7 (L2251): option `rounding`."""
    if how == "up":
        return Fraction(-(-cost.numerator // cost.denominator))
    return cost


def design_json(d: Design, how: str) -> dict:
    out = {"stats": d.stats, "parts": d.parts, "cost_cp": fraction_text(rounded(d.cost_cp, how)),
           "unit_inches": fraction_text(d.unit_inches),
           "problems": [p.json() for p in d.problems]}
    if how == "up" and rounded(d.cost_cp, how) != d.cost_cp:
        out["cost_cp_exact"] = fraction_text(d.cost_cp)
    if d.not_modelled:
        out["not_modelled"] = d.not_modelled
    return out
