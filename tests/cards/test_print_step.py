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


def test_one_pass_renders_a_document_two_products_share_once(root, catalog, monkeypatch):
    from rulepress.cards import make as make_module
    from rulepress.cards import pdf
    from rulepress.cards.compose import PrintSettings

    rendered = []
    real = pdf.render_one
    monkeypatch.setattr(pdf, "render_one", lambda html: rendered.append(html) or real(html))
    deck = make_module.product(root, catalog, "evilrobots-cards")
    a4, letter = make_module.make_many([(deck, PrintSettings("a4")),
                                        (deck, PrintSettings("letter"))], workers=1)
    assert a4.cards == letter.cards == 36 and a4.pdf != letter.pdf  # the sheets differ
    assert len(rendered) == len(set(rendered))  # the faces (same on both papers) once
    faces = [html for html in rendered if 'class="card ' in html]
    assert len(faces) == 1 and len(rendered) == 1 + 2 + 2  # faces; chrome and credits x2
