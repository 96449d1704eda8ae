"""Four answers on one chart (issue 32, as AnyDice overlays its rolls): a reader pins up to
three answers and the next one is drawn over them; each is named in the legend by what
differs, told apart by the way it is drawn, and has its column in the table."""

from __future__ import annotations

from rulepress.engine.query import answer


def wait_for_expr(page, expr: str) -> None:
    page.wait_for_function("e => document.querySelector('.rp-calc').lastResponse?.expr === e",
                           arg=expr, timeout=120000)


def test_four_rolls_on_one_chart(page, site_url, engine_data):
    page.goto(site_url + "calculators/dice-roll/?expr=1d6&rules=plain")
    wait_for_expr(page, "1d6")
    pin = page.get_by_role("button", name="Pin this answer to compare")
    for expr in ("2d6", "3d6", "4d6"):
        pin.click()
        page.fill("#rp-expr", expr)
        wait_for_expr(page, expr)
    assert pin.count() == 0  # three pinned: four on the chart, no more
    legend = page.locator(".rp-chart-legend").inner_text()
    for words in ("this answer", "pinned: Roll: 1d6", "second pinned: Roll: 2d6",
                  "third pinned: Roll: 3d6"):
        assert words in legend, legend
    chart = page.locator("svg.rp-dist")
    assert chart.locator("rect.rp-chart-bar").count() == 21  # 4d6: 4 to 24
    assert chart.locator("rect.rp-chart-ghost").count() == 6  # 1d6
    assert chart.locator("line.rp-chart-pin--2").count() == 11  # 2d6
    assert chart.locator("line.rp-chart-pin--3").count() == 16  # 3d6
    title = chart.get_attribute("aria-label")
    assert "dashed" in title and "dotted" in title
    page.locator(".rp-calc__result details summary").click()
    head = page.locator(".rp-calc__result thead").inner_text().strip().split("\t")
    assert head == ["Total", "Chance", "Exact", "Pinned", "Pinned 2", "Pinned 3"]
    # total 7: 4d6 gives 20/1296, 1d6 none, 2d6 1/6, 3d6 15/216
    want = [answer({"game": "dice", "op": "distribution", "expr": e, "rules": "plain"},
                   engine_data)["pmf"] for e in ("4d6", "1d6", "2d6", "3d6")]
    row = page.locator(".rp-calc__result tbody tr").nth(6)  # the rows run from 1
    cells = row.inner_text().split("\t")
    assert cells[0] == "7" and cells[2] == dict(map(tuple, want[0]))[7]
    assert cells[3:] == ["0.00%", "16.67%", "6.94%"]
    page.get_by_role("button", name="Clear the pinned answers").click()
    assert page.locator("svg.rp-dist line.rp-chart-pin").count() == 0
    assert page.locator(".rp-chart-legend").count() == 0
