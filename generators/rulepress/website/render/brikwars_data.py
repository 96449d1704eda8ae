"""BrikWars data-set pages: one index table each for structure levels, minds, propulsion,
turrets, SuperNatural dice, Clichés and modifiers, and one page holding the book's rule
tables. Every row has its record id as an anchor, so rules pages can link to a row; every
text from the data is escaped (it is shown, never interpreted)."""

from __future__ import annotations


from ..facts import fact_html, fact_value
from ..filters import Facet, Row, facet_from_rows, slug
from ..links import page_url
from ..templating import data_text as escape  # data text: never read as Markdown
from ..templating import render
from .context import Context

FOLDERS: dict[str, str] = {}  # no page per record: rows are anchors on their index page

SEED_LINES = "L"
TABLES = "brikwars/tables/index.md"
# Each data set: page, title, intro, the rules heading it belongs to.
SETS = {
    "brikwars.structure_level": ("brikwars/structure-levels/index.md", "Structure Levels",
                                 "How tough a Creation is: its Structure Level sets its Armor.",
                                 "brikwars/structures.md", "structure-level"),
    "brikwars.mind": ("brikwars/minds/index.md", "Minds",
                      "The Skill dice a Creature can buy, with their cost.",
                      "brikwars/creatures.md", "minds"),
    "brikwars.propulsion": ("brikwars/propulsion/index.md", "Propulsion",
                            "How Vehicles and Creatures move, and what it costs.",
                            "brikwars/vehicles.md", "propulsion"),
    "brikwars.turret": ("brikwars/turrets/index.md", "Turrets",
                        "Mounts that let minifigs carry and fire weapons too big for them.",
                        "brikwars/heavy-weapons.md", "turrets"),
    "brikwars.supernatural_die": ("brikwars/supernatural-dice/index.md", "SuperNatural dice",
                                  "The six SuperNatural dice, their elements and prices.",
                                  "brikwars/diemons.md", "sn-dice"),
    "brikwars.cliche": ("brikwars/cliches/index.md", "Action-Hero Clichés",
                        "The book's example Clichés for Heroes; a Heroic Feat must fit one.",
                        "brikwars/heroes.md", "cliches"),
    "brikwars.modifier": ("brikwars/modifiers/index.md", "Attack modifiers",
                          "Bonuses and penalties to Skill (and sometimes Damage) rolls.",
                          "brikwars/combat.md", "attack-modifiers"),
}
PAGES = tuple(page for page, *_ in SETS.values()) + (TABLES,)


def pages(ctx: Context) -> dict[str, str]:
    out = {page: _set_page(ctx, kind, page, title, intro, rules, anchor)
           for kind, (page, title, intro, rules, anchor) in SETS.items()}
    out[TABLES] = _tables_page(ctx)
    return out


def _lines(record) -> str:
    source = record.source
    return escape(f"{SEED_LINES}{source.lines}" if source.lines else source.section or "")


def _anchored(record_id: str, html: str) -> str:
    return f'<span id="{escape(record_id)}"></span>{html}'


def _number(value) -> str:
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _rows(ctx: Context, kind: str) -> tuple[tuple[str, ...], list[Row], list[Facet], set[str]]:
    records = ctx.catalog.all(kind)
    rows: list[Row] = []
    if kind == "brikwars.structure_level":
        heads: tuple[str, ...] = ("Structure Level", "Armor", "Smallest Size", "Examples", "Lines")
        for r in sorted(records, key=lambda r: r.level):
            level = "½" if r.level == 0.5 else _number(r.level)
            rows.append(Row([_anchored(r.id, escape(level)), fact_html(r.armor),
                             fact_html(r.min_size, suffix='"'), escape(r.examples or ""),
                             _lines(r)], [_number(r.level), "", "", "", ""], {}))
        return heads, rows, [], {"Structure Level"}
    if kind == "brikwars.mind":
        heads = ("Mind", "Skill die", "Cost (CP)", "Overskill from", "In short", "Lines")
        for r in sorted(records, key=lambda r: r.cost_cp):
            rows.append(Row([_anchored(r.id, escape(r.name)), escape(r.die),
                             escape(_number(r.cost_cp)),
                             escape(_number(r.overskill_from) or "never"), escape(r.summary),
                             _lines(r)], ["", "", _number(r.cost_cp), "", "", ""], {}))
        return heads, rows, [], {"Cost (CP)"}
    if kind == "brikwars.propulsion":
        heads = ("Propulsion", "Rules", "Moves on", "Cost", "In short", "Lines")
        for r in sorted(records, key=lambda r: (r.rules, r.name.lower())):
            rows.append(Row([_anchored(r.id, escape(r.name)),
                             "QuikWars" if r.rules == "quikwars" else "BrikWars",
                             escape(r.moves_on), escape(r.cost or ""), escape(r.effect),
                             _lines(r)], [""] * 6, {"rules": r.rules}))
        facets = [facet_from_rows("rules", "Rules", rows, {"brikwars": "BrikWars",
                                                           "quikwars": "QuikWars"})]
        return heads, rows, facets, set()
    if kind == "brikwars.turret":
        heads = ("Turret", "Size", "Cost (CP)", "Most weapon inches", "In short", "Lines")
        for r in records:
            rows.append(Row([_anchored(r.id, escape(r.name)), escape(r.size_class),
                             escape(_number(r.cost_cp)), str(r.max_weapon_inches),
                             escape(r.effect), _lines(r)], [""] * 6, {}))
        return heads, rows, [], {"Cost (CP)", "Most weapon inches"}
    if kind == "brikwars.supernatural_die":
        heads = ("Die", "Element", "Cost (CP)", "Unit inches", "Variants", "In short", "Lines")
        for r in sorted(records, key=lambda r: int(r.die[1:])):
            cost = fact_html(r.cost_cp, "no CP price") if r.cost_cp else "none"
            inches = fact_html(r.unit_inches) if r.unit_inches else "none"
            rows.append(Row([_anchored(r.id, escape(r.die)), escape(r.element), cost, inches,
                             escape(", ".join(r.variants)), escape(r.effect), _lines(r)],
                            ["", "", _number(fact_value(r.cost_cp)), "", "", "", ""], {}))
        return heads, rows, [], {"Cost (CP)"}
    if kind == "brikwars.cliche":
        heads = ("Cliché", "Accent", "Example Feats", "Lines")
        for r in records:
            rows.append(Row([_anchored(r.id, escape(r.name)), escape(r.accent),
                             escape("; ".join(r.example_feats)), _lines(r)], [""] * 4, {}))
        return heads, rows, [], set()
    heads = ("Modifier", "Applies to", "Value", "In short", "Lines")  # brikwars.modifier
    labels = {"skill": "Skill", "skill-and-damage": "Skill and Damage", "parry": "Parry",
              "range": "Range"}
    for r in records:
        value = r.dice if r.value is None else f"{r.value:+d}"
        if r.value is None and r.sign < 0:
            value = f"−{r.dice}"
        rows.append(Row([_anchored(r.id, escape(r.name)), escape(labels[r.applies_to]),
                         escape(value or ""), escape(r.effect), _lines(r)],
                        ["", "", str(r.value or 0), "", ""], {"applies": slug(r.applies_to)}))
    facets = [facet_from_rows("applies", "Applies to", rows,
                              {slug(k): v for k, v in labels.items()})]
    return heads, rows, facets, set()


def _set_page(ctx: Context, kind: str, page: str, title: str, intro: str, rules: str,
              anchor: str) -> str:
    heads, rows, facets, numeric = _rows(ctx, kind)
    back = (f'<p>The rules: <a href="{page_url(page, rules)}#{anchor}">'
            f'{escape(_rules_title(rules))}</a>. Line numbers (L…) point into the 2010 '
            f'rulebook text.</p>')
    return _index(f"BrikWars: {title}", f"{escape(intro)}\n\n{back}", rows, facets, heads, numeric,
                  ctx.print_links(page, "brikwars"))


RULE_PAGES = {"brikwars/structures.md": "Structures", "brikwars/heavy-weapons.md":
              "Heavy weapons", "brikwars/vehicles.md": "Vehicles", "brikwars/creatures.md":
              "Creatures", "brikwars/armies.md": "Armies", "brikwars/diemons.md":
              "Diemons and SuperNatural dice", "brikwars/heroes.md": "Heroes",
              "brikwars/combat.md": "Combat", "brikwars/turn.md": "The turn",
              "brikwars/horses.md": "Horses", "brikwars/moc.md": "MOC Combat"}


def _rules_title(page: str) -> str:
    return RULE_PAGES.get(page, page)


def _index(title: str, intro: str, rows: list[Row], facets: list[Facet],
           headers: tuple[str, ...], numeric: set[str], prints: str) -> str:
    heads = [{"label": h, "type": "number" if h in numeric else "text"} for h in headers]
    table = render("table.html.j2", rows=rows, facets=facets, headers=heads, open_facets=2)
    return render("brikwars/index.md.j2", title=title, intro=intro, table=table, prints=prints)


def _cell(table, row: int, column: int, text: str | None) -> str:
    """One cell: its text, or 'unknown' with the reason; a rebuilt cell carries its note."""
    note = next((n for n in table.cell_notes if (n.row, n.column) == (row, column)), None)
    if text is None:
        reason = note.note if note else "not given"
        return f'<span class="rp-fact rp-unknown" title="{escape(reason)}">unknown</span>'
    if note is None:
        return escape(text)
    return (f'{escape(text)} <span class="rp-fact rp-recovered" title="{escape(note.note)}">'
            f"recovered</span>")


def _tables_page(ctx: Context) -> str:
    tables = ctx.catalog.all("brikwars.rule_table")
    parts = ["# BrikWars rule tables", "",
             "The book's tables of results, effects and costs that are not records of their "
             "own, each with the rules heading that uses it. A cell the source text lost is "
             "marked *unknown* (hover for the reason); a cell rebuilt from other lines of the "
             "book is marked *recovered*. Line numbers (L…) point into the 2010 rulebook text.",
             ""]
    parts += [f"- [{escape(t.title)}](#{t.id})" for t in tables]
    for table in tables:
        rules = page_url(TABLES, table.page)
        head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{_cell(table, r, c, text)}</td>"
                             for c, text in enumerate(row)) + "</tr>"
            for r, row in enumerate(table.rows))
        parts += ["", f"## {escape(table.title)} {{#{table.id}}}", "",
                  f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>", ""]
        if table.note:
            parts += [f"<p>{escape(table.note)}</p>", ""]
        parts += [f'<p>Rules: <a href="{rules}#{table.anchor}">'
                  f'{escape(_rules_title(table.page))}</a> · Source: {_lines(table)} · '
                  f'Data: <code>data/brikwars/rule_tables.yaml</code></p>']
    return "\n".join(parts) + "\n"
