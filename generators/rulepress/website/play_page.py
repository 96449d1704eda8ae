"""The Play page: a round of Button Men against the computer, in the browser, offline.

The page keeps no game of its own: the engine's `play` op replays a round from its seed and
the moves so far (engine/buttonmen/play/ops.py), so the page holds the seed and the list of
moves (in its address, so a reload or a link carries the round on) and asks the engine
worker the calculators use after each of the player's moves; the answer has the board, the
computer's reply, the events and the legal moves. The default round is answered at build
time, so the board shows at first paint. The form's fields are drawn as a calculator's are
(calculators/pages.py); assets/javascripts/buttonmen-play/ does the rest.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..data.catalog import Catalog
from ..problems import BuildError
from .answers import answer
from .calculators.model import Field
from .calculators.pages import _data_options, _field_html
from .calculators.specs import MATCHUP_POLICIES
from .calculators.model import Calculator
from .compare import BUTTON, button_facts

PAGE = "buttonmen/play.md"
# the computer's policies: as the match-up calculator names them, without "best" (an exact
# player only) and "as the method plays"
POLICIES = tuple((v, w) for v, w in MATCHUP_POLICIES if v not in ("", "best"))
FIELDS = (
    Field("mine", "My button or recipe", "text", "Avis",
          help="a button's name (suggested as you type) or a recipe"),
    Field("my_swing", "My swing sizes", "swing", {"X": 10}),
    Field("theirs", "The computer's button or recipe", "text", "Hammer",
          help="a button's name or a recipe"),
    Field("their_swing", "The computer's swing sizes", "swing", {"X": 10}),
    Field("policy", "How the computer plays", "select", "search", options=POLICIES),
    Field("seed", "Seed", "number", 1, low=0, high=2**31 - 1,
          help="the dice's seed: New round picks a fresh one; the same seed and moves "
               "replay the same round"),
    Field("advice", "Show each move's chance to win", "checkbox", False,
          help="the engine works it out after each move: exact when the rest of the round "
               "is small, else from playouts (a few seconds)"),
)
# where an error about the request goes in the form (as a calculator's `errors`)
ERRORS = ((r"^mine\.(dice|swing)", "my_swing"), (r"^mine", "mine"),
          (r"^theirs\.(dice|swing)", "their_swing"), (r"^theirs", "theirs"),
          (r"^policy", "policy"), (r"^seed", "seed"), (r"^advice", "advice"))
WORDS = ((r"choose its size with 'sides' \(or the player's 'swing'\)", "give it a size here"),)


def default_request() -> dict:
    values = {f.name: f.default for f in FIELDS}
    return {"game": "buttonmen", "op": "play",
            "mine": {"recipe": values["mine"], "swing": values["my_swing"]},
            "theirs": {"recipe": values["theirs"], "swing": values["their_swing"]},
            "policy": values["policy"], "seed": values["seed"], "moves": [],
            "advice": values["advice"]}


def _swing_ranges(catalog: Catalog) -> dict[str, dict[str, list[int]]]:
    """A button's name (lower case) -> its swing letters and their sizes, for the buttons
    that have swing dice: the page suggests sizes for a button as it is chosen."""
    return {facts["name"].casefold(): facts["swing"]
            for facts in button_facts(catalog).values() if facts["swing"]}


def play_pages(project: Path, catalog: Catalog) -> dict[str, str | bytes]:
    request = default_request()
    response = answer(request, catalog.engine_data())
    if not response.get("ok"):
        raise BuildError(f"{PAGE}: the default round {request} fails: "
                         f"{response['error']['message']}")
    holder = Calculator("play", "buttonmen", "", "", FIELDS, {}, "play")
    names = _data_options(catalog, (BUTTON,), holder, "mine")
    fields = tuple(Field(f.name, f.label, f.kind, f.default, f.help, names)
                   if f.name in ("mine", "theirs") else f for f in FIELDS)
    form = "\n".join(_field_html(f) for f in fields)
    spec = {"fields": [{"name": f.name, "kind": f.kind, "default": f.default, "low": f.low,
                        "high": f.high, "optional": f.optional} for f in FIELDS],
            "errors": ERRORS, "words": WORDS, "request": {}, "swing": _swing_ranges(catalog),
            "default": {"request": request, "response": response}}
    # "<" inside a JSON script would let the text end the script tag early
    spec_json = json.dumps(spec, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return {PAGE: f"""---
template: play.html
---

# Play a round against the computer

Choose your button and the computer's, with your swing sizes, and how the computer plays;
then make your attacks by pressing them. The dice are rolled by the rules engine in your
browser (no server, no network once the page is loaded), and the computer answers with the
policy you chose ([what each policy does](computer-play.md#how-the-computer-plays-policies)).
The address keeps the round, so a reload or a link carries it on.

<div class="rp-play" data-rp-play>
<details class="rp-play__setup" open>
<summary>The buttons, swing sizes and how the computer plays</summary>
<form class="rp-calc__form rp-play__form" novalidate>
{form}
<div class="rp-play__start"><button type="submit" class="md-button md-button--primary">New round</button>
<button type="button" class="md-button" data-act="replay">Replay this seed</button></div>
</form>
</details>
<div class="rp-calc__status rp-play__status" role="status" aria-live="polite"></div>
<div class="rp-play__game"></div>
<script type="application/json" class="rp-play__spec">{spec_json}</script>
</div>

How a round goes, and what each attack needs, is on [Button Men](index.md) and
[attacks](attacks.md); to see who is likely to win a match-up before you play it, use the
[match-up calculator](../calculators/buttonmen-matchup.md).
"""}
