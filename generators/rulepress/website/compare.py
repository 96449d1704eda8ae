"""The compare page: two records of one kind side by side (two buttons, two weapons, two
specialists...), and for two buttons who goes first between them, worked out exactly by
the engine in the browser (the worker the calculators use, op `initiative`).

The rows come from previews.json (the record pages' own key values; see previews.py),
fetched by compare.js. The page embeds only what the engine request needs and the pages
do not show as values: each button's name and the sizes its swing letters allow (from
the engine's own `parse` op). Every name is data, shown with textContent.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..data.catalog import Catalog
from ..engine.buttonmen.skills import button_skill
from .answers import answer
from .links import page_url
from .previews import KINDS

PAGE = "calculators/compare.md"
BUTTON = "buttonmen.button"
BUTTON_FOLDER = "buttonmen/buttons"
# The pair the page opens on: the seeds' own button (Aysez, 001 L1-8) against a common
# opponent of plain dice and a swing die (Bauer, of the Soldiers set); the engine plays
# every skill of both, so the first answer a reader sees carries no caveat.
DEFAULT_PAIR = ("aysez", "bauer")


def compare_url(from_page: str, folder: str, record_id: str, other: str | None = None) -> str:
    """The compare page with this record on the left, from a page's Markdown path; `other`,
    a related record of the same kind, is the second choice it opens with (else the page
    picks the first record that is not this one)."""
    url = f"{page_url(from_page, PAGE)}?kind={short(folder)}&a={record_id}"
    return url + (f"&b={other}" if other and other != record_id else "")


def short(folder: str) -> str:
    """"buttonmen/buttons" -> "buttons": the kind's name in the compare page's address."""
    return folder.rsplit("/", 1)[-1]


def _swing_sizes(dice: list) -> dict[str, list[int]]:
    """Each swing letter a parsed recipe uses -> [smallest, largest] size."""
    found: dict[str, list[int]] = {}

    def walk(value) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("swing"), str) and isinstance(value.get("range"), list):
                found.setdefault(value["swing"], list(value["range"]))
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(dice)
    return found


def button_facts(catalog: Catalog) -> dict[str, dict]:
    """id -> {name, swing, plasma, copies}; a recipe the engine cannot read gets no swing (its
    error shows when the comparison is asked for). `plasma`: each plasma die's first set of
    skills, in recipe order, which the page plays and says it plays (as the who-goes-first
    link of a button page does). `copies`: the button plays the other one's recipe (Echo,
    Zero), so its swing letters are the other button's."""
    data = catalog.engine_data()
    out = {}
    for button in catalog.all(BUTTON):
        parsed = answer({"game": "buttonmen", "op": "parse", "recipe": button.recipe}, data)
        dice = parsed["dice"] if parsed.get("ok") else []
        facts = {"name": button.name, "swing": _swing_sizes(dice)}
        plasma = ["".join(die["plasma"][0]) for die in dice if die.get("plasma")]
        if plasma:
            facts["plasma"] = plasma
        own = button_skill(button.name)
        if own is not None and own.effect == "echo":
            facts["copies"] = True  # Echo, Zero: it plays the other button's dice (and swing)
        out[button.id] = facts
    return out


def compare_pages(project: Path, catalog: Catalog) -> dict[str, str | bytes]:
    buttons = button_facts(catalog)
    kinds: dict[str, dict[str, str | list[str]]] = {
        short(folder): {"folder": folder, "label": label} for folder, label in KINDS.items()}
    # the page opens on two well-known buttons whose answer needs no caveat (DEFAULT_PAIR)
    if all(b in buttons for b in DEFAULT_PAIR):
        kinds[short(BUTTON_FOLDER)]["pair"] = list(DEFAULT_PAIR)
    spec = {"kinds": kinds, "buttons": buttons}
    # "<" inside a JSON script would let a name end the script tag early
    spec_json = json.dumps(spec, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return {PAGE: f"""---
template: compare.html
---

# Compare

Two to four records side by side: buttons, weapons, specialists, robots. Choose the kind
and the records (a third and a fourth are optional); the address keeps the choice, so a
link shares it. For buttons the rules engine works out who goes first, exactly, in your
browser (the [who goes first](buttonmen-odds.md) calculator's engine): the first button
against each other one; choose the swing sizes first.

<div class="rp-compare" data-rp-compare>
<form class="rp-compare__form">
<p><label for="rp-compare-kind">Compare</label> <select id="rp-compare-kind" name="kind"></select></p>
<p><label for="rp-compare-a">First</label> <select id="rp-compare-a" name="a"></select>
<span class="rp-compare__swing" data-side="a"></span></p>
<p><label for="rp-compare-b">Second</label> <select id="rp-compare-b" name="b"></select>
<span class="rp-compare__swing" data-side="b"></span></p>
<p><label for="rp-compare-c">Third</label> <select id="rp-compare-c" name="c"></select>
<span class="rp-compare__swing" data-side="c"></span></p>
<p><label for="rp-compare-d">Fourth</label> <select id="rp-compare-d" name="d"></select>
<span class="rp-compare__swing" data-side="d"></span></p>
</form>
<div class="rp-compare__first" role="status" aria-live="polite"></div>
<div class="rp-compare__side" tabindex="0" role="region" aria-label="The records side by side"></div>
<script type="application/json" id="rp-compare-spec">{spec_json}</script>
</div>
"""}
