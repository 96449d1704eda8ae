"""BrikWars data-set pages, the rule tables and the links from record pages back to rules."""

from __future__ import annotations

import html

import pytest
from pydantic import ValidationError

from rulepress.data.models.brikwars import RuleTable
from rulepress.website.links import page_url
from rulepress.website.render import brikwars_data
from rulepress.website.render.rule_links import rules_section

SOURCE = {"seed": "003_6de682f32705c108.txt", "lines": "2296-2304"}


def table(**fields):
    base = {"id": "t", "title": "T", "page": "brikwars/creatures.md", "anchor": "ker-triage",
            "columns": ["Roll", "Result"], "rows": [["4", "one Amputation"]], "source": SOURCE}
    return RuleTable.model_validate({**base, **fields})


def test_a_lost_cell_must_say_why():
    with pytest.raises(ValidationError, match="null: say why"):
        table(rows=[["6", None]])
    ok = table(rows=[["6", None]], cell_notes=[{"row": 0, "column": 1, "note": "cut (L647)"}])
    assert ok.rows[0][1] is None


def test_rows_must_fit_the_columns():
    with pytest.raises(ValidationError, match="row 0 has 3 cells"):
        table(rows=[["4", "one", "two"]])


@pytest.fixture(scope="module")
def pages(render_context):
    return brikwars_data.pages(render_context)


def test_every_data_set_has_a_page_with_a_row_anchor_per_record(pages, catalog):
    for kind, (page, *_rest) in brikwars_data.SETS.items():
        for record in catalog.all(kind):
            assert f'<span id="{record.id}"></span>' in pages[page], (kind, record.id)


def test_the_rule_tables_page_holds_the_book_tables(pages, catalog):
    text = pages[brikwars_data.TABLES]
    ids = {t.id for t in catalog.all("brikwars.rule_table")}
    assert {"ker-triage", "amputation", "dismemberment", "field-hazards", "unit-inches",
            "creation-mods", "capitalism", "sn-aspects", "use-ratings",
            "movement-impairments"} <= ids
    for table_id in ids:
        assert f"{{#{table_id}}}" in text
    # Ker-Triage! as the book gives it (L2299-2304): a 4 costs one Amputation.
    assert "<td>4</td><td>one Amputation</td>" in text
    # The Use 6 row was cut (L647): shown as unknown, with the reason on hover.
    assert 'title="The table stops at the Use 6 row' in text


def test_table_text_is_escaped():
    shown = brikwars_data._cell(table(), 0, 1, "<script>alert(1)</script> [x](y)")
    assert "<" not in shown and "[" not in shown and "](" not in shown  # no HTML, no Markdown
    assert html.unescape(shown) == "<script>alert(1)</script> [x](y)"  # shown as written


def test_a_record_page_links_the_rules_that_link_it(root):
    section = rules_section(root, "brikwars/specialists/mechanik.md", page_url)
    assert section is not None
    assert 'href="../../structures/#mechanik"' in section["html"]
    assert rules_section(root, "brikwars/specialists/no-such.md", page_url) is None


def test_a_page_says_how_an_inferred_value_was_found(catalog):
    from rulepress.website.render.brikwars import _how_found
    marksman = _how_found(catalog.get("brikwars.specialist", "marksman"))
    assert marksman is not None and "</strong> d6, inferred" in marksman["html"]
    assert "a d8 Mind (2 CP) would make 6" in marksman["html"]
    # The Mechanik's d6 is stated (L1447), so nothing needs explaining on his page.
    mechanik = catalog.get("brikwars.specialist", "mechanik")
    assert mechanik.skill.obtained == "stated" and mechanik.skill.source.lines == "1447"
    dimmy = _how_found(catalog.get("brikwars.unit", "dimmy"))
    assert dimmy is not None and "Size</strong> 1, recovered" in dimmy["html"]
