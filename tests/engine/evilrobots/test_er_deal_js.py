"""The JavaScript deal (the phone applet's evilrobots/deal.js module, run in Node) equals the
engine's."""

from __future__ import annotations

import json
import subprocess

from rulepress.data.load import load_catalog
from rulepress.engine.query import answer
from rulepress.website.evilrobots_applet import applet_data

CODES = ["PLUM-42", "plum-42", "Ωmega 7", "A", "robots!", "X-1"]


def test_javascript_deal_matches_the_engine(root, engine_data, tmp_path):
    data = applet_data(root, load_catalog(root))
    cases = [(code, rnd) for code in CODES for rnd in (1, 2, 17)]
    module = root / "site_overrides/assets/javascripts/evilrobots/deal.js"
    script = tmp_path / "run.mjs"
    script.write_text(
        f"import * as d from {json.dumps(module.as_uri())};\n"
        f"const data = {json.dumps(data)};\n"
        f"const cases = {json.dumps(cases)};\n"
        "console.log(JSON.stringify(cases.map(([c, r]) => d.dealTable(data, c, r, 9))));\n")
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True)
    expected = [{k: v for k, v in answer({"game": "evilrobots", "op": "deal", "code": c,
                                              "round": r, "players": 9}, engine_data).items()
                 if k != "ok"} for c, r in cases]
    assert json.loads(result.stdout) == expected
