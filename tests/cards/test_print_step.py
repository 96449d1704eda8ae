"""`rulepress build` writes every PDF under site/print/ and the site links each one."""

from __future__ import annotations

import json

from rulepress.cards.decks import BUILDERS
from rulepress.cards.sheets import PAPERS


def test_build_writes_every_pdf_and_the_print_page_links_them(built_site):
    folder = built_site / "print"
    manifest = json.loads((built_site.parent / "build" / "print" / "manifest.json")
                          .read_text(encoding="utf-8"))
    made = {entry["name"] for entry in manifest}
    assert {"evilrobots-cards", "buttonmen-cards", "calibration", "buttonmen-quickref",
            "evilrobots-quickref"} <= made <= set(BUILDERS)
    page = (folder / "index.html").read_text(encoding="utf-8")
    for name in made:
        for paper in PAPERS:
            pdf = folder / f"{name}-{paper}.pdf"
            assert pdf.read_bytes().startswith(b"%PDF"), pdf
            assert f'href="{name}-{paper}.pdf"' in page
    assert not [e for e in manifest if e["overflows"]], "card text overflows its box"
