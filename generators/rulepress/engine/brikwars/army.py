"""Price an army roster and check it against the rules of 11.1 and 11.3.

A line is one of: a `unit` (minifig, hero, horse, vermin … from units.yaml), a
`specialist` (11.2), a `creation` (see creation_price.py) or a `squad` of such lines;
with `count`, extra `specialties`, `items` (heroic or not) and, for Heroes,
`cliches`. Each line is priced in CP and in Unit Inches (Ű) from the data.

Rules checked (each problem names the line and the book's section and line):
- a budget in CP and/or Ű (11.1, L2459, L2474);
- one Great Leader per army (L3024);
- specialists marked * must start with their tool (L2556);
- Riders' and Pilots' Ű come with a Horse or Vehicle (L2699, L2709);
- Horse varieties only on Horses; Clichés only on units with a Heroic Ego (L938-944);
- Creation rules (Structure Level, Mods in matched pairs, turret loads, ...);
and, as warnings, what only works inside a Squad (Officer L2976, Shield Wall L2670,
March L2673) and Hero Crankiness (L2962).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..exact import fraction_text
from ..query import QueryError, Request
from ..records import BrikWarsData
from .creation_price import MAX_COUNT, Problem, design, number, rounded, rule
from .lookup import fact, find

MAX_LINES = 200
MAX_MEMBERS = 1_000_000  # units in the whole roster, counts multiplied out
MAX_ITEMS = 100
TOOL = "minifig-tool"  # any Minifig Tool serves as the required tool (Decisions)


@dataclass
class Priced:
    """One priced line (a squad holds its members)."""

    where: str
    name: str
    count: int
    each_cp: Fraction | None
    each_ui: Fraction | None
    parts: list[dict]
    kind: str  # unit, specialist, creation, squad
    record_ids: list[str] = field(default_factory=list)  # unit/specialist ids inside
    specialties: list[str] = field(default_factory=list)
    heroic_items: int = 0
    members: list["Priced"] = field(default_factory=list)
    creation: dict | None = None
    ui_note: str | None = None

    def json(self) -> dict:
        out: dict = {"line": self.where, "name": self.name, "kind": self.kind,
                     "count": self.count,
                     "each_cp": _t(self.each_cp), "cp": _t(_times(self.each_cp, self.count)),
                     "each_unit_inches": _t(self.each_ui),
                     "unit_inches": _t(_times(self.each_ui, self.count)), "parts": self.parts}
        if self.ui_note:
            out["unit_inches_note"] = self.ui_note
        if self.members:
            out["members"] = [m.json() for m in self.members]
        if self.creation is not None:
            out["creation"] = self.creation
        return out


def _t(value: Fraction | None) -> str | None:
    return None if value is None else fraction_text(value)


def _times(value: Fraction | None, count: int) -> Fraction | None:
    return None if value is None else value * count


def cite(record: dict) -> str:
    return f"L{(record.get('source') or {}).get('lines', '?')}"


class Roster:
    """Reads and prices the lines; collects problems and warnings."""

    def __init__(self, data: BrikWarsData, readings: dict[str, float], rounding: str):
        self.data = data
        self.readings = readings
        self.rounding = rounding
        self.problems: list[dict] = []
        self.warnings: list[dict] = []
        self.not_modelled: list[str] = []
        self.units = 0

    def problem(self, where: str, message: str, section: str, lines: str) -> None:
        self.problems.append({"line": where, "message": message, "section": section,
                              "rule": lines})

    def warn(self, where: str, message: str, section: str, lines: str) -> None:
        self.warnings.append({"line": where, "message": message, "section": section,
                              "rule": lines})

    def cost(self, record: dict) -> Fraction | None:
        """A record's CP, with a reading chosen by `readings` where the book conflicts."""
        value = fact(record.get("cost_cp"))
        for conflict in record.get("conflicts", []):
            option = conflict.get("option")
            if conflict.get("field") == "cost_cp" and option in self.readings:
                value = self.readings[option]
        return None if value is None else Fraction(str(value))

    def line(self, req: Request, depth: int = 0, multiplier: int = 1) -> Priced:
        kinds = [k for k in ("unit", "specialist", "creation", "squad") if req.has(k)]
        where = req.path
        if len(kinds) != 1:
            raise QueryError(f"'{where}' needs exactly one of unit, specialist, creation or "
                             f"squad (it gives {', '.join(kinds) or 'none'})", where)
        count = req.integer("count", 1, low=1, high=MAX_COUNT)
        self.units += count * multiplier
        if self.units > MAX_MEMBERS:
            raise QueryError(f"the roster has more than {MAX_MEMBERS:,} units in all; lower "
                             f"the counts", req.field("count"))
        kind = kinds[0]
        if kind == "squad":
            if depth:
                raise QueryError(f"'{req.field('squad')}': a Squad's members are units, "
                                 f"specialists or creations, not other Squads", req.field("squad"))
            members = req.children("squad")
            if not members or len(members) > MAX_LINES:
                raise QueryError(f"'{req.field('squad')}' needs 1 to {MAX_LINES} members",
                                 req.field("squad"))
            priced = [self.line(m, 1, multiplier * count) for m in members]
            name = req.string("name", "Squad")
            return Priced(where, name, count, _sum([_times(m.each_cp, m.count) for m in priced]),
                          _sum([_times(m.each_ui, m.count) for m in priced]), [], "squad",
                          members=priced)
        parts: list[dict] = []
        ids: list[str] = []
        each_ui: Fraction | None
        each_cp: Fraction | None
        ui_note = None
        creation = None
        if kind == "creation":
            sub = req.child("creation", required=True)
            assert sub is not None
            d = design(sub, self.data)
            each_cp = rounded(d.cost_cp, self.rounding)
            each_ui = d.unit_inches
            parts = d.parts
            for p in d.problems:
                self.problem(p.field, p.message, p.rule.split(",")[0], p.rule)
            self.not_modelled += d.not_modelled
            creation = {"stats": d.stats, "cost_cp_exact": fraction_text(d.cost_cp)}
            name = req.string("name", "Creation")
            record: dict = {"id": "creation", "specialties": []}
        else:
            section = "units" if kind == "unit" else "specialists"
            record = find(self.data, (section,), req.string(kind), req.field(kind))
            ids.append(record["id"])
            name = req.string("name", record["name"])
            each_cp = self.cost(record)
            if each_cp is None:
                self.problem(req.field(kind), f"'{record['id']}' has no CP price in the book; "
                             f"it cannot be bought for CP", "11.1", cite(record))
            parts.append({"part": record["name"], "cp": _t(each_cp), "rule": cite(record)})
            # A specialist's price holds its Specialties (L938); a chosen reading of one
            # of them (Mechanikal Aptitude +1 or +2) moves that price.
            for sid in record.get("specialties", []):
                spec = find(self.data, ("specialties",), sid, req.field(kind))
                chosen = self.cost(spec)
                if each_cp is not None and chosen is not None and chosen != number(spec["cost_cp"]):
                    each_cp += chosen - number(spec["cost_cp"])
                    parts.append({"part": f"{spec['name']} at the chosen reading",
                                  "cp": fraction_text(chosen - number(spec["cost_cp"])),
                                  "rule": cite(spec)})
            each_ui = self.unit_inches(record, req.field(kind))
            if each_ui is None and record.get("requirement", "").startswith("Included with"):
                each_ui = Fraction(0)
                ui_note = record["requirement"]
        extra = req.string_list("specialties", [])
        if kind == "creation" and extra:
            raise QueryError(f"'{req.field('specialties')}': give a creation's Specialties "
                             f"inside 'creation'", req.field("specialties"))
        own = list(record.get("specialties", []))
        if kind == "unit":  # a unit that is also a specialist (the Hero) has its Specialties
            twin = next((r for r in self.data.get("specialists", [])
                         if r["id"] == record["id"]), None)
            own = list(twin.get("specialties", [])) if twin else own
        specialties = own + extra
        for i, sid in enumerate(extra[:MAX_ITEMS + 1]):
            if i >= MAX_ITEMS:
                raise QueryError(f"'{req.field('specialties')}': at most {MAX_ITEMS}",
                                 req.field("specialties"))
            spec = find(self.data, ("specialties",), sid, f"{req.field('specialties')}[{i}]")
            if sid in own:
                self.problem(f"{req.field('specialties')}[{i}]", f"{record.get('name')} "
                             f"already has {spec['name']} in its price", "6", "L938")
                continue
            sp_cp = self.cost(spec)
            parts.append({"part": f"+ {spec['name']}", "cp": _t(sp_cp), "rule": cite(spec)})
            each_cp = None if each_cp is None or sp_cp is None else each_cp + sp_cp
            if fact(spec.get("unit_inches")) is not None and each_ui is not None:
                each_ui += number(spec["unit_inches"])
        heroic_items = 0
        horse_items: list[str] = []
        items = req.get("items", [])
        if not isinstance(items, list) or len(items) > MAX_ITEMS:
            raise QueryError(f"'{req.field('items')}' must be a list of at most {MAX_ITEMS} "
                             f"item ids or objects", req.field("items"))
        for i, item in enumerate(items):
            at = f"{req.field('items')}[{i}]"
            item_req = req.wrap(item if isinstance(item, dict) else {"item": item}, at)
            if not isinstance(item, (dict, str)):
                raise QueryError(f"'{at}' must be an item id or an object", at)
            cp, label, heroic, item_id, source = self.item(item_req)
            heroic_items += heroic
            if item_id:
                horse_items.append(item_id)
            parts.append({"part": label, "cp": _t(cp), "rule": source})
            each_cp = None if each_cp is None or cp is None else each_cp + cp
        self.horse_rules(req, record, horse_items, parts)
        if horse_items and "steel-horse" in horse_items and "flying-horse" in horse_items \
                and each_cp is not None:
            steel = rule(self.data, "steel-flying-horse-cost")
            flying = number(find(self.data, ("items",), "flying-horse", "items")["cost_cp"])
            each_cp += steel - flying
            parts.append({"part": "Steel Flying Horse (+10 in place of +5)",
                          "cp": fraction_text(steel - flying), "rule": "L1094"})
        cliches = req.string_list("cliches", [])
        for i, cid in enumerate(cliches[:MAX_ITEMS]):
            find(self.data, ("cliches",), cid, f"{req.field('cliches')}[{i}]")
        if cliches and "heroic-ego" not in specialties:
            self.problem(req.field("cliches"), "only a unit with a Heroic Ego plays a Cliché: "
                         "add the specialty 'heroic-ego' (+3 CP) or use a Hero", "6", "L938-944")
        if kind == "unit" and record["id"] == "hero" and not cliches:
            self.warn(where, "a Hero's Feats must fit his Cliché: name one in 'cliches'",
                      "6", "L940-944")
        self.requirement(req, record, items)
        return Priced(where, name, count, each_cp, each_ui, parts, kind, ids, specialties,
                      heroic_items, creation=creation, ui_note=ui_note)

    def unit_inches(self, record: dict, where: str) -> Fraction | None:
        value = fact(record.get("unit_inches"))
        if value is not None:
            return Fraction(str(value))
        size = fact(record.get("size"))
        if size is not None and "requirement" not in record:
            # Creatures and Vehicles count their Size (L2474): the Horse is 2 Ű.
            return rule(self.data, "creation-unit-inches", Size=Fraction(str(size)))
        return None

    def item(self, req: Request) -> tuple[Fraction | None, str, int, str | None, str]:
        """(CP, label, how many Heroic, horse-variety id, source) of one item entry."""
        has_weapon = req.has("weapon")
        item_id = req.string("weapon" if has_weapon else "item")
        count = req.integer("count", 1, low=1, high=MAX_COUNT)
        heroic = req.boolean("heroic", False)
        record = find(self.data, ("scaled_weapons",) if has_weapon else ("items",), item_id,
                      req.field("weapon" if has_weapon else "item"))
        if has_weapon:
            from .formula import scaled_stats
            size = req.integer("size", 1, low=1, high=100)
            stats = scaled_stats(record, size)
            cp = None if stats["cost_cp"] is None else Fraction(str(stats["cost_cp"]))
            label = f"{record['name']} Size {size}"
        else:
            cp = self.cost(record)
            label = record["name"]
        if cp is None:
            self.problem(req.path, f"'{item_id}' has no CP price in the data", "3", cite(record))
        if heroic and cp is not None:
            cp += number(find(self.data, ("items",), "heroic-artifakt", req.field("heroic"))
                         ["cost_cp"])
            label = f"Heroic {label}"
        if count > 1:
            label = f"{count} x {label}"
        total = None if cp is None else cp * count
        return total, label, count if heroic else 0, \
            record["id"] if record.get("group") == "horse" else None, \
            cite(record) + (", L1022" if heroic else "")

    def horse_rules(self, req: Request, record: dict, horse_items: list[str],
                    parts: list[dict]) -> None:
        if horse_items and record.get("id") != "horse":
            self.problem(req.field("items"), f"Horse varieties and Horse Armor "
                         f"({', '.join(horse_items)}) are only for a Horse", "H", "L1085-1095")
        if "flying-horse" in horse_items and any(h in horse_items for h in
                                                  ("horse-body-armor", "horse-heavy-armor")):
            self.problem(req.field("items"), "a Flying Horse wears no Horse Armor", "H",
                         "L1094")

    def requirement(self, req: Request, record: dict, items: list) -> None:
        text = record.get("requirement") or ""
        ids = [i if isinstance(i, str) else i.get("item") for i in items]
        if text.startswith("Must carry") and TOOL not in ids:
            self.problem(req.field("items"), f"{record['name']}: {text[0].lower()}{text[1:].rstrip('.')} "
                         f"(add '{TOOL}' to the line's items)", "11.2", "L2556")


def _sum(values: list[Fraction | None]) -> Fraction | None:
    if any(v is None for v in values):
        return None
    return sum((v for v in values if v is not None), Fraction(0))


def flatten(lines: list[Priced]) -> list[tuple[Priced, int, bool]]:
    """Every non-squad line with its total count and whether it is in a Squad."""
    out = []
    for line in lines:
        if line.members:
            for m in line.members:
                out.append((m, m.count * line.count, True))
        else:
            out.append((line, line.count, False))
    return out


def check_army(roster: Roster, lines: list[Priced]) -> None:
    flat = flatten(lines)
    leaders = [(p, n) for p, n, _ in flat if "great-leader" in p.record_ids
               or "megalomania" in p.specialties]
    if sum(n for _, n in leaders) > 1:
        for p, _ in leaders[1:] if len(leaders) > 1 else leaders:
            roster.problem(p.where, "an army may have only one Great Leader", "11.2", "L3024")
    horses = sum(n for p, n, _ in flat if "horse" in p.record_ids)
    riders = sum(n for p, n, _ in flat if "rider" in p.record_ids)
    if riders > horses:
        first = next(p for p, _, _ in flat if "rider" in p.record_ids)
        roster.problem(first.where, f"{riders} Riders but {horses} Horses: a Rider's Unit "
                       f"Inches come with his Horse", "11.2", "L2699")
    vehicles = sum(n for p, n, _ in flat if p.creation is not None
                   and p.creation["stats"]["kind"] == "vehicle")
    pilots = sum(n for p, n, _ in flat if "pilot" in p.record_ids)
    if pilots > vehicles:
        first = next(p for p, _, _ in flat if "pilot" in p.record_ids)
        roster.problem(first.where, f"{pilots} Pilots but {vehicles} Vehicles: a Pilot's Unit "
                       f"Inches come with his Vehicle", "11.2", "L2709")
    for p, n, squad in flat:
        if "coordination" in p.specialties and not squad:
            roster.warn(p.where, "an Officer out of a Squad at the start of his turn suffers "
                        "Stupidity: put him in a squad", "11.2", "L2972-2976")
        for sid, lines_ in (("shield-wall", "L2670"), ("march", "L2673")):
            if sid in p.specialties and not (squad and _squad_mates(lines, p, sid)):
                roster.warn(p.where, f"{sid.replace('-', ' ').title()} works only in a Squad "
                            f"with another unit that has it", "11.2", lines_)
    egos = [(p, n) for p, n, _ in flat if "heroic-ego" in p.specialties]
    heroic = sum(p.heroic_items * n for p, n, _ in flat)
    total = sum(n for _, n in egos) + heroic
    for p, n in egos:
        others = total - 1 - p.heroic_items  # his own Artifakts do not make him Cranky
        if others > 0:
            roster.warn(p.where, f"Cranky: -{others} for the other Heroic Egos and Heroic "
                        f"Weapons on the team", "6", "L2962, L1025")


def _squad_mates(lines: list[Priced], member: Priced, sid: str) -> bool:
    for line in lines:
        if any(m is member for m in line.members):
            return sum(m.count for m in line.members if sid in m.specialties) >= 2
    return False
