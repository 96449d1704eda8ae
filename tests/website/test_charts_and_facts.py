"""Small pieces of the pages: odds charts and provenance marks."""

from __future__ import annotations

from fractions import Fraction

from rulepress.data.models.common import Fact
from rulepress.website.charts import bar_chart, percent_and_fraction
from rulepress.website.facts import fact_html
from rulepress.website.filters import Row, facet_from_rows, slug


def test_chart_draws_one_bar_per_row_scaled_to_the_probability():
    svg = bar_chart([("Good", Fraction(1, 4)), ("Neutral", Fraction(1, 2))], "teams")
    assert svg.count('class="rp-chart-bar"') == 2
    assert 'style="width:25.00%"' in svg and 'style="width:50.00%"' in svg
    assert "25.0% (1/4)" in svg and "exactly 1/2" in svg
    assert 'role="group" aria-label="teams"' in svg  # the numbers are text, the group named


def test_chart_marks_the_comparison_rows_and_escapes_labels():
    html = bar_chart([("<b>g(6)</b>", Fraction(1, 3)), ("(6)", Fraction(1, 6), True)], "t")
    assert html.count('class="rp-hbar rp-hbar--other"') == 1
    assert "<b>" not in html and "&lt;b&gt;g(6)&lt;/b&gt;" in html


def test_long_fractions_move_to_the_tooltip():
    p = Fraction(51102390895057, 253899891671040)
    assert percent_and_fraction(p) == "20.1%"
    assert f"exactly {p.numerator}/{p.denominator}" in bar_chart([("1d10", p)], "t")


def test_fact_marks_say_how_a_value_was_obtained():
    assert fact_html(Fact[str](value="d6", obtained="stated")) == "d6"
    recovered = fact_html(Fact[str](value="1d6", obtained="recovered", note="from L3402"))
    assert 'class="rp-fact rp-recovered" title="from L3402"' in recovered
    unknown = fact_html(Fact[str](value=None, reason="picture lost"))
    assert 'title="picture lost">unknown' in unknown


def test_facets_count_the_values_rows_carry():
    rows = [Row([], [], {"skill": "shadow speed"}), Row([], [], {"skill": "shadow"})]
    facet = facet_from_rows("skill", "Skills", rows, {"shadow": "Shadow", "speed": "Speed"})
    assert facet.values == [("shadow", "Shadow", 2), ("speed", "Speed", 1)]
    assert slug("Fanatics 2004!") == "fanatics-2004"
