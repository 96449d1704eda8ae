"""The BrikWars army builder page: a roster editor that prices lines in the browser.

The build prices every unit, specialist and item once with the engine's own `army` op
(so the page can show a total at once, before Pyodide starts), and embeds that price
list and a worked default roster; the page's script (assets/javascripts/army-builder/) then
asks the engine worker for the exact answer with every rule checked. The spec also carries
every limit the page checks a roster by (`page_limits`), from where each is declared. Names
are escaped: data is text, never markup.
"""

from __future__ import annotations

import json
import re

from ..data.catalog import Catalog
from .. import roster_limits
from ..engine.brikwars.army import MAX_ITEMS, MAX_LINES
from ..engine.query import MAX_DEPTH
from ..engine.brikwars.creation_price import (MAX_COUNT, MAX_PARTS, MAX_SIZE,
                                              NEGATIVE_MODS, POSITIVE_MODS)
from ..roster_names import varieties
from .answers import answer
from ..handoff import PrintManifest
from ..problems import BuildError
from .links import page_url

PAGE = "calculators/army.md"
# The print step hands over every unit's and specialist's card faces, the card stylesheets
# and the sheet grids in its manifest (handoff.PrintManifest.army_cards): the page prints
# the same cards.
CARDS_CSS = "assets/stylesheets/army-cards.css"
PRINT_SCOPE = ".rp-print"
FOLDERS = {"unit": "brikwars/units", "specialist": "brikwars/specialists",
           "item": "brikwars/weapons"}
DEFAULT = {"game": "brikwars", "op": "army", "budget": {"cp": 30},
           "lines": [{"unit": "hero", "cliches": ["barbarian"], "items": ["two-handed-weapon"]},
                     {"specialist": "minifig", "count": 2, "items": ["hand-weapon", "shield"],
                      "squad_name": "Guard"}]}


NAME_LENGTH = 60  # a Squad's or a designed Creation's name on the page


def page_limits() -> dict:
    """What the page checks a roster by: the engine's limits on its lines and designs, and
    the roster file's on its size, the army's name and notes and custom cards
    (roster_limits.py)."""
    return {"lines": MAX_LINES, "count": MAX_COUNT, "items": MAX_ITEMS, "name": NAME_LENGTH,
            "depth": MAX_DEPTH,  # of a request (engine/query.py): the page holds a roster to it
            "design": {"size": MAX_SIZE, "parts": MAX_PARTS},
            "army_text": roster_limits.ARMY_TEXT,
            "file_bytes": roster_limits.MAX_FILE,
            "custom_cards": roster_limits.MAX_CUSTOM,
            "custom_weapons": roster_limits.MAX_CUSTOM_WEAPONS,
            "custom_text": roster_limits.CUSTOM_TEXT,
            "weapon_text": roster_limits.CUSTOM_WEAPON_TEXT,
            "image_bytes": roster_limits.MAX_IMAGE,
            "image_types": list(roster_limits.IMAGE_TYPES),
            # the bytes each type's file starts with (hex), and its largest side in pixels
            "image_magic": {kind: magic.hex() for kind, magic in
                            roster_limits.IMAGE_TYPES.items()},
            "image_side": roster_limits.MAX_IMAGE_SIDE,
            "file_encoding": roster_limits.FILE_ENCODING}


def _price(data: dict, line: dict) -> dict | None:
    response = answer({"game": "brikwars", "op": "army", "lines": [line]}, data)
    if not response.get("ok"):
        return None
    one = response["lines"][0]
    return {"cp": one["each_cp"], "ui": one["each_unit_inches"]}


def price_list(catalog: Catalog) -> list[dict]:
    """Every unit, specialist and item with its CP and Ű per unit, priced by the engine."""
    data = catalog.engine_data()
    bw = data.get("brikwars", {})
    out = []
    for kind, section in (("specialist", "specialists"), ("unit", "units"), ("item", "items")):
        for record in bw.get(section, []):
            # a QuikWars unit is not offered, but a roster file naming one opens (the engine
            # prices it as the CLI does, and the roster sheet says it has no stat card)
            file_only = kind == "unit" and record.get("rules") == "quikwars"
            if not file_only and (record.get("rules") == "quikwars"
                                  or record.get("group") in ("quikwars", "heroic")):
                continue
            if kind == "item":
                cost = (record.get("cost_cp") or {}).get("value")
                if cost is None:
                    continue
                price = {"cp": _text(cost), "ui": "0"}  # items are free in Ű (L2474)
            else:
                price = _price(data, {kind: record["id"]}) or {"cp": None, "ui": None}
            out.append({"id": record["id"], "kind": kind, "name": record["name"],
                        "group": record.get("group"), **price,
                        **({"cliches": True} if kind != "item" and _has_ego(bw, record)
                           else {}),
                        **({"file_only": True} if file_only else {}),
                        "url": page_url(PAGE, f"{FOLDERS[kind]}/{record['id']}.md")})
    return out


EGO = "heroic-ego"  # a unit with this Specialty plays a Cliché (L938-944)


def _has_ego(bw: dict, record: dict) -> bool:
    """Whether a unit or specialist has a Heroic Ego (a unit through the specialist of the
    same id, as the engine prices the Hero)."""
    twin = next((r for r in bw.get("specialists", []) if r["id"] == record["id"]), record)
    return EGO in (twin.get("specialties") or record.get("specialties") or [])


MONSTER_SPECIALTIES = ("contagious-bite", "master", "thrall", "unliving")  # the creation op's


def scoped_css(css: str, scope: str = PRINT_SCOPE) -> str:
    """The cards' stylesheet for a page that is not only cards: every rule under `scope`
    (html and body become the scope itself), so it styles the print view and nothing else."""
    out = []
    for rule in re.sub(r"/\*.*?\*/", "", css, flags=re.S).split("}"):
        if "{" not in rule:
            continue
        selectors, body = rule.split("{", 1)
        if selectors.strip().startswith("@"):
            continue  # @page and the like belong to the page's own print stylesheet
        scoped = [scope if s.strip() in ("html", "body") else f"{scope} {s.strip()}"
                  for s in selectors.split(",") if s.strip()]
        out.append(f"{', '.join(scoped)} {{{body.strip()}}}")
    return "\n".join(out) + "\n"


def _text(value) -> str:
    number = float(value)
    return str(int(number)) if number.is_integer() else str(value)


def army_pages(project, catalog: Catalog, prints: PrintManifest) -> dict[str, str | bytes]:
    """The page; without the print step's card data (a build that made no PDFs) it prints
    the roster sheet only, and says why."""
    if not catalog.all("brikwars.unit"):
        return {}
    data = catalog.engine_data()
    built = _request(DEFAULT)
    response = answer(built, data)
    if not response.get("ok"):
        raise BuildError(f"army builder: the default roster fails: {response['error']}")
    bw = data.get("brikwars", {})
    cards = prints.army_cards
    limits = page_limits()
    text, image_kb = limits["custom_text"], limits["image_bytes"] // 1024
    army_text, weapon_text = limits["army_text"], limits["weapon_text"]
    # the weapons box: a line per weapon, its fields joined by "; "
    weapons_chars = limits["custom_weapons"] * (sum(weapon_text.values()) + 3 * 2 + 1)
    spec = {"prices": price_list(catalog), "default": DEFAULT, "request": built,
            "cards": cards and {k: cards[k] for k in (
                "faces", "grids", "steps", "no_card", "cliches", "weapons", "varieties",
                "variety_text", "legend")},
            # a Horse's varieties name it; a Hero picks his Cliché from these
            "varieties": varieties(bw.get("items", [])),
            "cliches": [{"id": c.id, "name": c.name} for c in catalog.all("brikwars.cliche")],
            "attack": page_url(PAGE, "calculators/brikwars-attack.md"),
            "response": response,
            "limits": limits,
            "designer": {
                "levels": [_text(r["level"]) if r["level"] >= 1 or r["level"] == 0 else "1/2"
                           for r in sorted(bw.get("structure_levels", []),
                                           key=lambda r: r["level"])],
                "propulsion": [{"id": r["id"], "name": r["name"]} for r in bw.get("propulsion", [])
                               if r.get("rules") != "quikwars"],
                "minds": [{"die": r["die"], "name": r["name"]} for r in bw.get("minds", [])],
                "weapons": [{"id": r["id"], "name": r["name"]}
                            for r in bw.get("scaled_weapons", []) if r.get("cost_cp") not in
                            (None, "0")],
                "turrets": [{"id": r["id"], "name": r["name"],
                             "inches": r["max_weapon_inches"]} for r in bw.get("turrets", [])],
                "specialties": [{"id": r["id"], "name": r["name"]}
                                for r in bw.get("specialties", [])] + [
                    {"id": r["id"].removesuffix("-cost"), "name": r["name"]}
                    for r in bw.get("creation_rules", [])
                    if r["id"].removesuffix("-cost") in MONSTER_SPECIALTIES],
                "mods": [*POSITIVE_MODS, *NEGATIVE_MODS],
                "supernatural": [{"die": r["die"], "name": r["element"]}
                                 for r in bw.get("supernatural_dice", [])]}}
    extra: dict[str, str | bytes] = {CARDS_CSS: scoped_css(cards["css"]) if cards else ""}
    spec_json = json.dumps(spec, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")
    return {**extra, PAGE: f"""---
template: app.html
engine: true
script: assets/javascripts/army-builder/army-builder.js
stylesheets: [assets/stylesheets/army.css, assets/stylesheets/army-cards.css]
---

# BrikWars army builder

Pick units, specialists and gear (type to search), set counts, give lines the same Squad name
to group them, and set a budget. Totals show at once from the build's price list; the rules
engine then answers in your browser with the exact cost of every line and every rule of
[11.1 and 11.3](../brikwars/armies.md) the army breaks. The roster is kept in this browser,
can be saved to and opened from a file, and shared as a link. Nothing is sent anywhere.

<div class="rp-army" id="rp-army">
<div class="rp-army__form rp-army__own">
<label>Army name <input id="rp-army-name" type="text" maxlength="{army_text['name']}" autocomplete="off" placeholder="Red Barons"></label>
<label class="rp-army__wide">Notes (printed on the roster sheet)
<textarea id="rp-army-notes" rows="2" maxlength="{army_text['notes']}"></textarea></label>
</div>
<div class="rp-army__pick">
<label for="rp-army-search">Add</label>
<input id="rp-army-search" type="search" autocomplete="off" spellcheck="false"
  placeholder="minifig, hero, horse, hand weapon…" aria-controls="rp-army-found">
<ul id="rp-army-found" class="rp-army__found" aria-label="Matching entries"></ul>
</div>
<div class="rp-army__budget">
<label>CP budget <input id="rp-army-cp" type="number" min="0" inputmode="numeric"></label>
<label>Ű budget <input id="rp-army-ui" type="number" min="0" inputmode="numeric"></label>
</div>
<details class="rp-army__design"><summary>Design a Creation (a vehicle, creature or structure)</summary>
<div class="rp-army__form">
<label>Name <input id="rp-des-name" type="text" value="Creation" maxlength="{NAME_LENGTH}"></label>
<label>Size <input id="rp-des-size" type="number" min="0" max="{MAX_SIZE}" value="4"></label>
<label>Structure Level <select id="rp-des-sl"></select></label>
<label>Propulsion <select id="rp-des-prop"><option value="">none</option></select></label>
<label>Move <input id="rp-des-move" type="number" min="0" max="{MAX_SIZE}" value="6"></label>
<label>Mind <select id="rp-des-mind"><option value="">none (a Vehicle)</option></select></label>
</div>
<div class="rp-army__form">
<label>Weapon <select id="rp-des-weapon"><option value="">choose</option></select></label>
<label>Size <input id="rp-des-wsize" type="number" min="1" max="{MAX_SIZE}" value="2"></label>
<label>How many <input id="rp-des-wcount" type="number" min="1" max="{MAX_COUNT}" value="1"></label>
<label>On <select id="rp-des-wmount"><option value="body">the body</option><option value="hands">hands</option></select></label>
<button type="button" id="rp-des-add-weapon">Add weapon</button>
</div>
<div class="rp-army__form">
<label>Turret <select id="rp-des-turret"></select></label>
<button type="button" id="rp-des-add-turret">Add turret</button>
<label>Specialty <select id="rp-des-specialty"><option value="">choose</option></select></label>
<button type="button" id="rp-des-add-specialty">Add specialty</button>
<label>SuperNatural die <select id="rp-des-sn"><option value="">choose</option></select></label>
<button type="button" id="rp-des-add-sn">Add die</button>
<label>Creation Mod <select id="rp-des-mod"><option value="">choose</option></select></label>
<button type="button" id="rp-des-add-mod">Add Mod</button>
</div>
<p>Parts: <span id="rp-des-parts">none yet</span></p>
<div id="rp-des-result" class="rp-army__result" aria-live="polite"></div>
<p><button type="button" id="rp-des-add">Add to the roster</button></p>
<p>Creation Mods come in matched pairs, one good (skilled, fast, heavy, bargain) against one
bad (unskilled, slow, light, premium, incompetent; L2494). Stats, cost and damage track come
from the engine's
<a href="../../reference/query-brikwars/#creation">creation</a> op, worked out in your browser
as you design.</p>
</details>
<details class="rp-army__custom"><summary>Make a custom stat card (your own unit or creation)</summary>
<div class="rp-army__form">
<label>Name <input id="rp-cus-name" type="text" maxlength="{text['name']}"></label>
<label>Kind <select id="rp-cus-kind"><option value="unit">unit</option><option value="creation">creation</option></select></label>
<label>Skill <input id="rp-cus-skill" type="text" maxlength="{text['skill']}" placeholder="d6"></label>
<label>Move <input id="rp-cus-move" type="text" maxlength="{text['move']}" placeholder='5"'></label>
<label>Armor <input id="rp-cus-armor" type="text" maxlength="{text['armor']}" placeholder="4"></label>
<label>Size <input id="rp-cus-size" type="text" maxlength="{text['size']}"></label>
<label>CP <input id="rp-cus-cp" type="text" maxlength="{text['cp']}"></label>
</div>
<label class="rp-army__wide">Weapons, one a line: name; use; range; damage
<textarea id="rp-cus-weapons" rows="3" maxlength="{weapons_chars}" placeholder="Lance; 3; CC; d6+2"></textarea></label>
<label class="rp-army__wide">Notes <textarea id="rp-cus-notes" rows="2" maxlength="{text['notes']}"></textarea></label>
<label>Picture (PNG, JPEG or GIF, at most {image_kb} KB; it stays in this browser)
<input id="rp-cus-image" type="file" accept="image/png,image/jpeg,image/gif"></label>
<label class="rp-army__wide"><input id="rp-cus-priced" type="checkbox"> A creation: price it as the
Creation designed above (the rules engine's creation op; blank stats are filled in from it)</label>
<p><button type="button" id="rp-cus-add">Add the card</button> <span id="rp-cus-note" role="status"></span></p>
<ul id="rp-cus-list" class="rp-army__customs"></ul>
<p>A custom card is printed as you give it. A custom creation with a design is priced by the
rules engine; any other is not. Either way a custom card is not a line of the army, so it is
not in the total: add the design as a line (above) to count it.</p>
</details>
<div class="rp-army__scroll" tabindex="0" role="region" aria-label="The roster's lines">
<table class="rp-army__lines"><thead><tr><th>Line</th><th>Count</th><th>Squad</th>
<th>Gear</th><th class="rp-army__num">CP each</th><th class="rp-army__num">CP</th><th class="rp-army__num">Ű</th><th><span class="rp-sr-only">Move, copy or remove</span></th></tr></thead>
<tbody id="rp-army-rows"></tbody></table>
</div>
<p class="rp-army__total" id="rp-army-total" role="status" aria-live="polite"></p>
<div class="rp-army__problems" id="rp-army-problems" aria-live="polite"></div>
<p class="rp-army__files">
<button type="button" id="rp-army-save">Save roster</button>
<label class="rp-army__open">Open roster <input type="file" id="rp-army-open" accept=".json,application/json"></label>
<button type="button" id="rp-army-share">Copy link</button>
<button type="button" id="rp-army-clear">New roster</button>
<span id="rp-army-store-note" class="rp-calc__error" role="status"></span>
</p>
<p class="rp-army__print">
<label>Paper <select id="rp-army-paper"><option value="a4">A4</option><option value="letter">US Letter</option></select></label>
<button type="button" id="rp-army-print">Print the army</button>
<span id="rp-army-print-note" role="status"></span>
</p>
<script type="application/json" id="rp-army-spec">{spec_json}</script>
</div>

Print the army prints a roster sheet (the army's name and notes, every line, and every weapon
the army carries with its Use, Range and Damage) and a stat card for every line (its count and
Squad under the name; its own cost, its weapons, its Horse varieties and a Hero's Cliché with
the Feats it allows on the card) at true size
(63 × 88 mm; print at 100 %, not "fit to page"): units on single cards, specialists and
Creations on fold-over cards (a Creation's damage track on the back), in the layouts of the
[print-and-play cards](../print.md), with the same cut marks in the margins (cut from mark to
mark; a fold-over strip folds at its dashed marks). A line with no stat card of its own (a
QuikWars unit is on the QuikWars reference card) is named on the roster sheet with the reason,
never left off. A saved roster is a file for `rulepress army ROSTER.json`,
which prints the same costs and problems, and for `rulepress cards army --roster ROSTER.json`,
which makes the same sheet and cards as a PDF. A file may give a creation every field of the
[creation](../reference/query-brikwars.md#creation) op.

## Roster files

A roster file is the [army](../reference/query-brikwars.md#army) request without `game` and
`op`: `lines` (a unit, specialist, creation or squad each, with `count`, `items`, `name`,
`cliches`...) and an optional `budget`. It may give the army a `name` (up to
{army_text['name']} characters) and `notes` (up to {army_text['notes']}), printed on its roster sheet and never
sent to the rules engine. It may add `custom_cards`, a list of your own cards (at most {limits['custom_cards']}),
each with `name` (up to {text['name']} characters), `kind` (unit or creation), `skill`, `move`, `armor`,
`size`, `cp` (up to {text['cp']} characters each), `weapons` (up to {limits['custom_weapons']}, each `name`, `use`, `range`,
`damage`), `notes` (up to {text['notes']} characters) and `image`: a PNG, JPEG or GIF picture as a
`data:image/...;base64,` URL of at most {image_kb} KB. Every text is printed as text. A custom card
is printed as given; one of `kind` creation may carry `creation`, the fields of the
[creation](../reference/query-brikwars.md#creation) op: the rules engine then prices it and
fills in the stats left blank. A custom card is not in the army's total. A whole file may have at most {limits['file_bytes'] >> 20} MB;
anything it cannot use is refused with the file's line and what to change, and the roster
being edited here stays as it was.

Two example armies: [a 30 CP army](../brikwars/rosters/army-30cp.json) (a Hero with a pistol
and a sword, 16 CP, and a Squad of two Minifigs with Hand Weapon and Shield, 7 CP each: 30 CP,
4 Ű) and [a 100 CP army](../brikwars/rosters/army-100cp.json) (a Hero with a Heroic pistol
17 CP, a rifle Squad under an Officer 44 CP, a Mechanik 6, a Pilot 5, a Minifig 4 and a Size
4 tank 24: 100 CP, 13 Ű, with a custom card).
"""}


def _request(roster: dict) -> dict:
    """The page's roster (lines with an optional `squad_name`) as an `army` request."""
    lines: list[dict] = []
    squads: dict[str, dict] = {}
    for line in roster["lines"]:
        body = {k: v for k, v in line.items() if k != "squad_name"}
        name = line.get("squad_name")
        if not name:
            lines.append(body)
        elif name in squads:
            squads[name]["squad"].append(body)
        else:
            squads[name] = {"name": name, "squad": [body]}
            lines.append(squads[name])
    return {k: v for k, v in roster.items() if k != "lines"} | {"lines": lines}
