"""BrikWars pages: units, weapons and equipment, size-scaled weapons, specialists and
specialties, with their indexes; weapon pages carry the engine's odds to hit and kill."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from html import escape
from typing import Any

from ..charts import bar_chart
from ...data.models.common import Fact
from ..facts import blank_html, fact_html, fact_value, value_or_blank
from ..filters import Facet, Row, facet_from_rows, slug
from ..odds import ask, fraction
from ..templating import render
from ..compare import compare_url
from ..links import page_url
from ..calc_links import calculator_link, links_html
from .context import Context
from .rule_links import rules_section

UNIT, ITEM, SCALED = "brikwars.unit", "brikwars.item", "brikwars.scaled_weapon"
SPECIALIST, SPECIALTY = "brikwars.specialist", "brikwars.specialty"
KIND_LABELS = {UNIT: "unit", ITEM: "weapon or equipment", SCALED: "size-scaled weapon",
               SPECIALIST: "specialist", SPECIALTY: "specialty"}
FOLDERS = {UNIT: "brikwars/units", ITEM: "brikwars/weapons", SCALED: "brikwars/scaled-weapons",
           SPECIALIST: "brikwars/specialists", SPECIALTY: "brikwars/specialties"}
INDEX = {kind: f"{folder}/index.md" for kind, folder in FOLDERS.items()}
# The odds every weapon page shows: a d6 trooper (a plain minifig's Skill) against these
# Armor values; 1d10 stands for a rolled Armor such as a vehicle's.
ODDS_SKILL = "d6"
ODDS_ARMOR = ("4", "5", "6", "1d10")
GROUPS = {"minifig-weapon": "Minifig weapon", "minifig-equipment": "Minifig equipment",
          "quikwars": "QuikWars", "horse": "Horse", "bastard-gun": "Bastard gun",
          "wand-staff": "Wand or staff"}
SIZES = {"S": "S (short)", "M": "M (minifig-sized)", "L": "L (long, two hands)"}


def pages(ctx: Context) -> dict[str, str]:
    out: dict[str, str] = {}
    specialists = ctx.catalog.all(SPECIALIST)
    holders: dict[str, list] = defaultdict(list)
    for specialist in specialists:
        for specialty_id in specialist.specialties:
            holders[specialty_id].append(specialist)
    for unit in ctx.catalog.all(UNIT):
        out[ctx.links.page(UNIT, unit.id)] = _unit_page(ctx, unit)
    for item in ctx.catalog.all(ITEM):
        out[ctx.links.page(ITEM, item.id)] = _item_page(ctx, item)
    for weapon in ctx.catalog.all(SCALED):
        out[ctx.links.page(SCALED, weapon.id)] = _scaled_page(ctx, weapon)
    for specialist in specialists:
        out[ctx.links.page(SPECIALIST, specialist.id)] = _specialist_page(ctx, specialist)
    for specialty in ctx.catalog.all(SPECIALTY):
        out[ctx.links.page(SPECIALTY, specialty.id)] = _specialty_page(
            ctx, specialty, holders[specialty.id])
    out.update(_indexes(ctx, holders))
    return out


def _stats(rows: list[tuple[str, str]]) -> str:
    """A two-column stat table as raw HTML (values are HTML already)."""
    body = "".join(f"<tr><td>{escape(k)}</td><td>{v}</td></tr>" for k, v in rows if v != "")
    return f"<table><thead><tr><th></th><th></th></tr></thead><tbody>{body}</tbody></table>"


def _conflicts(record) -> list[dict]:
    return [{"field": c.field, "chosen": str(c.chosen), "why": c.why, "option": c.option,
             "readings": [f"{r.value} ({r.source.seed}, lines {r.source.lines or r.source.section})"
                          for r in c.readings]}
            for c in getattr(record, "conflicts", [])]


def _page(ctx: Context, kind: str, record, heading: str, stats: str, **extra) -> str:
    # Rules headings that link this record get a link back (rule_links scans the pages).
    back = rules_section(ctx.project, ctx.links.page(kind, record.id), page_url)
    if back:
        extra["sections"] = [*extra.get("sections", []), back]
    found = _how_found(record)
    if found:
        extra["sections"] = [*extra.get("sections", []), found]
    return render("brikwars/entity.md.j2", record=record, heading=heading, stats=stats,
                  kind_label=KIND_LABELS[kind], calc_links=_calc_links(ctx, kind, record),
                  compare=compare_url(ctx.links.page(kind, record.id), FOLDERS[kind], record.id),
                  prints=ctx.print_links(ctx.links.page(kind, record.id), "brikwars"),
                  boost=ctx.search_boost(getattr(record, "name", record.id)),
                  conflicts=_conflicts(record),
                  source=ctx.source_note(kind, record.id, record.source),
                  index_title=extra.pop("index_title"), **{"odds": [], "sections": [], **extra})


def _calc_links(ctx: Context, kind: str, record) -> str:
    """The attack calculator with this weapon, or with this unit as attacker and as target."""
    page = ctx.links.page(kind, record.id)
    def link(values: dict) -> str | None:
        return calculator_link(page, "brikwars-attack", values, ctx.engine_data)
    if kind == ITEM:
        return links_html([("the attack calculator with this weapon",
                            link({"weapon": record.id}))])
    if kind == SCALED:
        return links_html([("the attack calculator with this weapon (Size 1)",
                            link({"weapon": record.id, "weapon_size": 1}))])
    if kind in (UNIT, SPECIALIST):
        return links_html([("the attack calculator with it attacking", link({"attacker": record.id})),
                           ("the attack calculator with it as the target",
                            link({"target": record.id}))])
    return ""


def _how_found(record) -> dict | None:
    """Spell out, as text on the page, how each value the source does not state was found
    (the marks in the stat table carry the same note on hover)."""
    items = []
    for name in type(record).model_fields:
        value = getattr(record, name)
        if isinstance(value, Fact) and value.value is not None and value.obtained in (
                "recovered", "inferred") and value.note:
            label = name.replace("_cp", " (CP)").replace("_", " ").capitalize()
            items.append(f"<li><strong>{escape(label)}</strong> {escape(_number(value.value))}, "
                         f"{escape(value.obtained)}: {escape(value.note)}</li>")
    if not items:
        return None
    return {"title": "How the values were found", "html": f"<ul>{''.join(items)}</ul>"}


def _unit_page(ctx: Context, unit) -> str:
    return _page(ctx, UNIT, unit, unit.summary, unit_stats(unit), index_title="All units")


def unit_stats(unit) -> str:
    """A unit's stat table (its page's, and the home page's stat card)."""
    return _stats([
        ("Rules", "QuikWars" if unit.rules == "quikwars" else "BrikWars"),
        ("Skill", value_or_blank(unit, "skill")),
        ("Move", f'{unit.move}"' if unit.move is not None else blank_html(unit, "move")),
        ("Armor", escape(unit.armor)),
        ("Deflection", str(unit.deflection) if unit.deflection else ""),
        ("Hits to kill", str(unit.hits_to_kill) if unit.hits_to_kill > 1 else ""),
        ("Size", fact_html(unit.size, suffix='"') if unit.size is not None else ""),
        ("Cost (CP)", value_or_blank(unit, "cost_cp")),
        ("Unit inches", value_or_blank(unit, "unit_inches")),
        ("Attacks a turn", str(unit.attacks_per_turn) if unit.attacks_per_turn != 1 else ""),
    ])


def _item_page(ctx: Context, item) -> str:
    stats = _stats([
        ("Kind", escape(GROUPS.get(item.group, item.group))),
        ("Size", escape(SIZES.get(item.size_class, "")) if item.size_class else ""),
        ("Hands", str(item.hands) if item.hands else ""),
        ("Cost (CP)", value_or_blank(item, "cost_cp")),
        ("Use", str(item.use) if item.use is not None else blank_html(item, "use")),
        ("Range", escape(item.range) if item.range else blank_html(item, "range")),
        ("Damage", value_or_blank(item, "damage")),
        ("Armor bonus", escape(item.armor_bonus or "")),
        ("Deflection", str(item.deflection) if item.deflection else ""),
    ])
    return _page(ctx, ITEM, item, item.effect, stats, index_title="All weapons and equipment",
                 odds=_weapon_odds(ctx, ITEM, item, {}))


def _scaled_page(ctx: Context, weapon) -> str:
    stats = _stats([
        ("Measured in", escape(weapon.size_unit)),
        ("Cost (CP)", f"<code>{escape(weapon.cost_cp)}</code>"),
        ("Use", f"<code>{escape(weapon.use)}</code>" if weapon.use else "none"),
        ("Range", f"<code>{escape(weapon.range)}</code>" if weapon.range else
         escape(_no_range(weapon))),
        ("Damage", (fact_html(weapon.damage) + (" per Size" if weapon.damage_scales else ""))
         if weapon.damage else blank_html(weapon, "damage")),
    ])
    sections = []
    if fact_value(weapon.damage) is not None:
        request = {"game": "brikwars", "op": "size_table", "weapon": weapon.id, "to_size": 5}
        rows = ask(request, ctx.engine_data, ctx.links.page(SCALED, weapon.id))["rows"]
        sections.append({"title": "By Size", "html": _size_table(rows, _no_range(weapon))})
    return _page(ctx, SCALED, weapon, weapon.effect, stats, index_title="All size-scaled weapons",
                 odds=_weapon_odds(ctx, SCALED, weapon, {"weapon_size": 1}), sections=sections)


def _no_range(weapon) -> str:
    """A size-scaled record without a Range formula: a melee weapon or shield fights in
    close combat; an Explosive (thrown or launched), Armor Plating or a Thruster has no
    Range of its own."""
    return "close combat" if weapon.use else "none of its own"


def _size_table(rows: list[dict], no_range: str = "close combat") -> str:
    head = "".join(f"<th>{h}</th>" for h in ("Size", "Cost (CP)", "Use", "Range", "Damage"))
    body = "".join(
        f"<tr><td>{r['size']}</td><td>{r['cost_cp']}</td><td>{'' if r['use'] is None else r['use']}"
        f"</td><td>{no_range if r['range'] is None else str(r['range']) + chr(34)}</td>"
        f"<td>{escape(str(r['damage']))}</td></tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _weapon_odds(ctx: Context, kind: str, weapon, extra: dict) -> list[dict]:
    """Chance that a d6 trooper's attack kills a target of Armor 4, 5, 6 and 1d10."""
    if fact_value(weapon.damage) is None or getattr(weapon, "rules", "brikwars") == "quikwars" \
            or weapon.use is None:
        return []  # no Damage or Use of its own (equipment, charging use), or QuikWars' roll
    page = ctx.links.page(kind, weapon.id)
    rows, p_hit = [], None
    for armor in ODDS_ARMOR:
        request = {"game": "brikwars", "op": "attack", "weapon": weapon.id, "skill": ODDS_SKILL,
                   "armor": armor, **extra}
        answer = ask(request, ctx.engine_data, page)
        p_hit = answer["p_hit"]
        rows.append((f"Armor {armor}", fraction(answer["p_kill"])))
    caption = (f"Chance that one attack by a {ODDS_SKILL} trooper kills the target, by its "
               f"Armor. The Skill roll hits {float(fraction(str(p_hit))) * 100:.1f}% ({p_hit}) of "
               f"the time; exact, from the engine's attack query with its default options "
               f"(no Overskill spent, bonus dice on), the same as the attack calculator's.")
    return [{"svg": bar_chart(rows, f"{weapon.name}: chance to kill by Armor"),
             "caption": caption}]


def _specialist_page(ctx: Context, specialist) -> str:
    path = ctx.links.page(SPECIALIST, specialist.id)
    specialties = ", ".join(
        f'<a href="{ctx.links.url(path, SPECIALTY, s)}">'
        f'{escape(getattr(ctx.catalog.get(SPECIALTY, s), "name", s))}</a>' for s in specialist.specialties)
    stats = _stats([
        ("Skill", value_or_blank(specialist, "skill")),
        ("Move", f'{specialist.move}"'),
        ("Armor", escape(specialist.armor)),
        ("Cost (CP)", value_or_blank(specialist, "cost_cp")),
        ("Unit inches", value_or_blank(specialist, "unit_inches")),
        ("Specialties", specialties or "none"),
        ("Needs", escape(specialist.requirement or "")),
    ])
    return _page(ctx, SPECIALIST, specialist, specialist.summary, stats,
                 index_title="All specialists")


def _specialty_page(ctx: Context, specialty, holders: list) -> str:
    path = ctx.links.page(SPECIALTY, specialty.id)
    who = ", ".join(f'<a href="{ctx.links.url(path, SPECIALIST, s.id)}">{escape(s.name)}</a>'
                    for s in sorted(holders, key=lambda s: s.name))
    stats = _stats([
        ("Cost (CP)", fact_html(specialty.cost_cp)),
        ("Unit inches", fact_html(specialty.unit_inches) if specialty.unit_inches else ""),
        ("Specialty die", fact_html(specialty.die) if specialty.die else ""),
        ("Specialists with it", who or "none in our data"),
    ])
    return _page(ctx, SPECIALTY, specialty, specialty.rule, stats,
                 index_title="All specialties")


def _number(value) -> str:
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _indexes(ctx: Context, holders) -> dict[str, str]:
    out = {}
    # Weapons and equipment: by kind, size, range, hands and cost.
    rows = []
    for item, name in _by_name(ctx, ITEM):
        cost = fact_value(item.cost_cp)
        rows.append(Row(
            cells=[name,
                   escape(GROUPS.get(item.group, item.group)), escape(item.size_class or ""),
                   _number(cost), _number(item.use), escape(item.range or ""),
                   escape(str(fact_value(item.damage) or ""))],
            sort=["", "", "", _number(cost), _number(item.use), "", ""],
            attrs={"group": slug(item.group), "size": slug(item.size_class or "none"),
                   "range": slug(_range_kind(item.range)), "cost": _number(cost)}))
    facets = [facet_from_rows("group", "Kind", rows, {slug(k): v for k, v in GROUPS.items()}),
              facet_from_rows("size", "Size", rows, {"s": "S", "m": "M", "l": "L",
                                                     "none": "no size"}),
              facet_from_rows("range", "Range", rows, {"cc": "close combat",
                                                       "ranged": "ranged", "other": "other"}),
              Facet("cost", "Cost (CP)", numeric=True)]
    out[INDEX[ITEM]] = _index_page(
        "BrikWars weapons and equipment", "Every weapon and piece of equipment with fixed "
        "stats. Weapon pages show the exact chance to kill targets of Armor 4, 5, 6 and 1d10.",
        rows, facets, ("Name", "Kind", "Size", "Cost (CP)", "Use", "Range", "Damage"),
        numeric={"Cost (CP)", "Use"},
        prints=ctx.print_links(INDEX[ITEM], "brikwars"))
    # Size-scaled weapons.
    rows = []
    for weapon, name in _by_name(ctx, SCALED):
        rows.append(Row(
            cells=[name,
                   f"<code>{escape(weapon.cost_cp)}</code>",
                   f"<code>{escape(weapon.use or '')}</code>",
                   f"<code>{escape(weapon.range or 'CC')}</code>",
                   escape(str(fact_value(weapon.damage) or ""))],
            sort=["", "", "", "", ""],
            attrs={"range": "cc" if not weapon.range else "ranged"}))
    facets = [facet_from_rows("range", "Range", rows, {"cc": "close combat", "ranged": "ranged"})]
    out[INDEX[SCALED]] = _index_page(
        "BrikWars size-scaled weapons", "Weapons and devices whose Cost, Use, Range and Damage "
        "grow with their Size.", rows, facets, ("Name", "Cost (CP)", "Use", "Range", "Damage"),
        prints=ctx.print_links(INDEX[SCALED], "brikwars"))
    # Specialists: by cost and specialty.
    rows, names = [], {s.id: s.name for s in ctx.catalog.all(SPECIALTY)}
    for specialist, name in _by_name(ctx, SPECIALIST):
        cost = fact_value(specialist.cost_cp)
        rows.append(Row(
            cells=[name,
                   escape(str(fact_value(specialist.skill) or "unknown")),
                   escape(specialist.armor), _number(cost),
                   ", ".join(escape(names[s]) for s in specialist.specialties)],
            sort=["", "", "", _number(cost), ""],
            attrs={"specialty": " ".join(specialist.specialties) or "none",
                   "cost": _number(cost)}))
    facets = [facet_from_rows("specialty", "Specialties", rows, {**names, "none": "none"}),
              Facet("cost", "Cost (CP)", numeric=True)]
    out[INDEX[SPECIALIST]] = _index_page(
        "BrikWars specialists", "Minifigs trained for one job, with their Skill, Armor, cost "
        "and Specialties.", rows, facets, ("Name", "Skill", "Armor", "Cost (CP)", "Specialties"),
        numeric={"Cost (CP)"},
        prints=ctx.print_links(INDEX[SPECIALIST], "brikwars"))
    # Specialties.
    rows = []
    for specialty, name in _by_name(ctx, SPECIALTY):
        cost = fact_value(specialty.cost_cp)
        rows.append(Row(
            cells=[name, _number(cost),
                   escape(specialty.rule), str(len(holders[specialty.id]))],
            sort=["", _number(cost), "", str(len(holders[specialty.id]))],
            attrs={"cost": _number(cost)}))
    out[INDEX[SPECIALTY]] = _index_page(
        "BrikWars specialties", "What each Specialty lets a unit do, and which specialists "
        "have it.", rows, [Facet("cost", "Cost (CP)", numeric=True)],
        ("Name", "Cost (CP)", "Rule", "Specialists"), numeric={"Cost (CP)", "Specialists"},
        prints=ctx.print_links(INDEX[SPECIALTY], "brikwars"))
    # Units.
    rows = []
    for unit, name in _by_name(ctx, UNIT):
        rows.append(Row(
            cells=[name,
                   escape(str(fact_value(unit.skill) or "")), _number(unit.move),
                   escape(unit.armor), escape(unit.summary)],
            sort=["", "", _number(unit.move), "", ""],
            attrs={"rules": unit.rules}))
    out[INDEX[UNIT]] = _index_page(
        "BrikWars units", "Stat lines of minifigs, Heroes, horses and creatures.", rows,
        [facet_from_rows("rules", "Rules", rows, {"brikwars": "BrikWars",
                                                  "quikwars": "QuikWars"})],
        ("Name", "Skill", "Move", "Armor", "In short"), numeric={"Move"},
        prints=ctx.print_links(INDEX[UNIT], "brikwars"))
    return out


def _by_name(ctx: Context, kind: str) -> Iterator[tuple[Any, str]]:
    """Each record of `kind` in name order, with its name linked to its page from the index."""
    for record in sorted(ctx.catalog.all(kind), key=lambda r: r.name.lower()):
        link = ctx.links.url(INDEX[kind], kind, record.id)
        yield record, f'<a href="{link}">{escape(record.name)}</a>'


def _range_kind(text: str | None) -> str:
    if not text:
        return "none"
    if text.upper() == "CC":
        return "cc"
    return "ranged" if text[0].isdigit() else "other"


def _index_page(title: str, intro: str, rows: list[Row], facets: list[Facet],
                headers: tuple[str, ...], numeric: set[str] | frozenset[str] = frozenset(),
                prints: str = "") -> str:
    heads = [{"label": h, "type": "number" if h in numeric else "text"} for h in headers]
    table = render("table.html.j2", rows=rows, facets=facets, headers=heads, open_facets=2)
    return render("brikwars/index.md.j2", title=title, intro=intro, table=table, prints=prints)
