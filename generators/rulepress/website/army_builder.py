"""The BrikWars army builder page: a roster editor that prices lines in the browser.

The build prices every unit, specialist and item once with the engine's own `army` op
(so the page can show a total at once, before Pyodide starts), and embeds that price
list and a worked default roster; army.js then asks the engine worker for the exact
answer with every rule checked. Names are escaped: data is text, never markup.
"""

from __future__ import annotations

import json

from ..data.catalog import Catalog
from ..engine.query import answer
from ..problems import BuildError
from .links import page_url

PAGE = "calculators/army.md"
FOLDERS = {"unit": "brikwars/units", "specialist": "brikwars/specialists",
           "item": "brikwars/weapons"}
DEFAULT = {"game": "brikwars", "op": "army", "budget": {"cp": 30},
           "lines": [{"unit": "hero", "cliches": ["barbarian"], "items": ["two-handed-weapon"]},
                     {"specialist": "minifig", "count": 2, "items": ["hand-weapon", "shield"],
                      "squad_name": "Guard"}]}


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
            if record.get("rules") == "quikwars" or record.get("group") in ("quikwars", "heroic"):
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
                        "url": page_url(PAGE, f"{FOLDERS[kind]}/{record['id']}.md")})
    return out


def _text(value) -> str:
    number = float(value)
    return str(int(number)) if number.is_integer() else str(value)


def army_pages(project, catalog: Catalog) -> dict[str, str | bytes]:
    if not catalog.all("brikwars.unit"):
        return {}
    data = catalog.engine_data()
    built = _request(DEFAULT)
    response = answer(built, data)
    if not response.get("ok"):
        raise BuildError(f"army builder: the default roster fails: {response['error']}")
    bw = data.get("brikwars", {})
    spec = {"prices": price_list(catalog), "default": DEFAULT, "request": built,
            "response": response,
            "designer": {
                "levels": [_text(r["level"]) if r["level"] >= 1 or r["level"] == 0 else "1/2"
                           for r in sorted(bw.get("structure_levels", []),
                                           key=lambda r: r["level"])],
                "propulsion": [{"id": r["id"], "name": r["name"]} for r in bw.get("propulsion", [])
                               if r.get("rules") != "quikwars"],
                "minds": [{"die": r["die"], "name": r["name"]} for r in bw.get("minds", [])],
                "weapons": [{"id": r["id"], "name": r["name"]}
                            for r in bw.get("scaled_weapons", []) if r.get("cost_cp") not in
                            (None, "0")]}}
    spec_json = json.dumps(spec, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")
    return {PAGE: f"""---
template: army.html
---

# BrikWars army builder

Pick units, specialists and gear (type to search), set counts, give lines the same Squad name
to group them, and set a budget. Totals show at once from the build's price list; the rules
engine then answers in your browser with the exact cost of every line and every rule of
[11.1 and 11.3](../brikwars/armies.md) the army breaks. The roster is kept in this browser,
can be saved to and opened from a file, and shared as a link. Nothing is sent anywhere.

<div class="rp-army" id="rp-army">
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
<p class="rp-army__form">
<label>Size <input id="rp-des-size" type="number" min="0" max="100" value="4"></label>
<label>Structure Level <select id="rp-des-sl"></select></label>
<label>Propulsion <select id="rp-des-prop"><option value="">none</option></select></label>
<label>Move <input id="rp-des-move" type="number" min="0" max="100" value="6"></label>
<label>Mind <select id="rp-des-mind"><option value="">none (a Vehicle)</option></select></label>
<label>Weapon <select id="rp-des-weapon"><option value="">none</option></select></label>
<label>Weapon Size <input id="rp-des-wsize" type="number" min="1" max="100" value="2"></label>
<label>Name <input id="rp-des-name" type="text" value="Creation" maxlength="60"></label>
<button type="button" id="rp-des-add">Add to the roster</button>
</p>
<p>Its cost, stats and damage track come from the engine's
<a href="../../reference/query-brikwars/#creation">creation</a> op; the line shows ? until the
engine has answered.</p>
</details>
<table class="rp-army__lines"><thead><tr><th>Line</th><th>Count</th><th>Squad</th>
<th>Gear</th><th>CP each</th><th>CP</th><th>Ű</th><th><span class="rp-sr-only">Remove</span></th></tr></thead>
<tbody id="rp-army-rows"></tbody></table>
<p class="rp-army__total" id="rp-army-total" role="status" aria-live="polite"></p>
<div class="rp-army__problems" id="rp-army-problems" aria-live="polite"></div>
<p class="rp-army__files">
<button type="button" id="rp-army-save">Save roster</button>
<label class="rp-army__open">Open roster <input type="file" id="rp-army-open" accept=".json,application/json"></label>
<button type="button" id="rp-army-share">Copy link</button>
<button type="button" id="rp-army-clear">New roster</button>
</p>
<script type="application/json" id="rp-army-spec">{spec_json}</script>
</div>

A saved roster is a file for `rulepress army ROSTER.json`, which prints the same costs and
problems. Creations designed here take one weapon; a file may give a creation every field of
the [creation](../reference/query-brikwars.md#creation) op.
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
