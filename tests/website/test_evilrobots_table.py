"""The Evil Robots table screen in headless Chromium: debate timer, countdown caller,
pass-phase order and round scores from the rules engine, and a three-round game that
reaches a winner."""

from __future__ import annotations

import pytest

ENGINE_MS = 120_000  # the engine worker starts Pyodide on first use


@pytest.fixture
def table(page, site_url):
    page.goto(site_url + "evilrobots/table/")
    page.wait_for_selector("#er-table[data-ready=true]")
    # Reloaded while the site's service worker is still activating, Chromium can leave the
    # new page uncontrolled for good (a worker claim does not reach it): a player who
    # reloads 50 ms after a first visit gets the offline copy on the next visit, not this
    # one. The table waits until its first visit is controlled, as a player's would be.
    page.wait_for_selector("#er-table[data-offline=ready]", timeout=60000)
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("#er-table[data-ready=true]")
    return page


def set_round(page, points, rows):
    page.select_option("#er-t-points", str(points))
    for i, row in enumerate(rows):
        for key, value in row.items():
            page.select_option(f"#er-t-{key}-{i}", str(value))


def score(page):
    page.click("#er-t-score-round")
    page.wait_for_selector("#er-t-winner", timeout=ENGINE_MS)
    return page.text_content("#er-t-winner")


def test_a_three_round_game_reaches_a_winner(table):
    table.fill("#er-t-names", "Ann, Bo, Cy")
    table.fill("#er-t-target", "10")
    table.click("#er-t-start")
    assert table.text_content("#er-t-round") == "Round 1"

    table.click("#er-t-next-call")
    assert table.text_content("#er-t-call") == "Is anyone power level Nine or more?"
    table.click("#er-t-next-call")
    assert table.text_content("#er-t-call") == "Is anyone power level Eight?"

    set_round(table, 9, [{"power": 9, "team": "Good", "passed": "debate"},
                         {"power": 5, "team": "Evil", "passed": "turn"},
                         {"power": 2, "team": "Evil", "passed": "debate"}])
    table.click("#er-t-order")
    table.wait_for_selector("#er-t-pass-order", timeout=ENGINE_MS)
    # low to high; the lowest passer (Cy, 2) gets no turn
    assert table.text_content("#er-t-pass-order") == "Bo (level 5)Ann (level 9)"
    assert "Cy" in table.text_content("#er-t-pass")
    assert "Good wins: Good 9, Evil 7" in score(table)
    table.fill("#er-t-split-Ann", "9")
    table.click("#er-t-agreed")

    assert table.text_content("#er-t-round") == "Round 2"
    set_round(table, 4, [{"power": 3, "team": "Good"},
                         {"power": 8, "team": "Evil"},
                         {"power": 1, "team": "Evil", "robot": "scaredybot"}])
    assert "Evil wins" in score(table)
    assert "+1 from their robot" in table.text_content("#er-t-score")  # ScaredyBot kept quiet
    table.click("#er-t-fallback")  # no agreement: one point each

    set_round(table, 5, [{"power": 7, "team": "Good"}, {"power": 2, "team": "Evil"},
                         {"power": 4, "team": "Evil", "robot": "plusbot"}])
    assert "level 7" in table.text_content("#er-t-level-2")  # PlusBot: card + 3
    assert "Evil wins: Good 7, Evil 9" in score(table)
    table.fill("#er-t-split-Bo", "2")
    table.fill("#er-t-split-Cy", "2")
    table.click("#er-t-agreed")  # 4 of 5: refused, every point must be given out
    assert "add up to 4, not 5" in table.text_content("#er-t-error")
    table.fill("#er-t-split-Cy", "3")
    table.click("#er-t-agreed")

    set_round(table, 9, [{"power": 9, "team": "Good"}, {"power": 2, "team": "Evil"},
                         {"power": 3, "team": "Evil"}])
    score(table)
    table.fill("#er-t-split-Ann", "9")
    table.click("#er-t-agreed")
    assert table.text_content("#er-t-game-winner") == "Ann wins the game!"
    totals = table.locator("#er-t-scoreboard .er-t-total").all_text_contents()
    assert totals == ["18", "3", "5"]

    table.reload()  # the game survives a reload
    table.wait_for_selector("#er-table[data-ready=true]")
    assert table.text_content("#er-t-game-winner") == "Ann wins the game!"
    assert table.offsite == []


def test_log_swap_needs_swapbot_and_the_debate_timer_runs(table):
    table.fill("#er-t-names", "Ann, Bo, Cy, Di")
    table.click("#er-t-start")
    table.select_option("#er-t-log-kind", "swap")
    table.click("#er-t-log-add")
    assert "Only SwapBot" in table.text_content("#er-t-error")
    assert table.text_content("#er-t-clock") == "1:00"
    table.click("#er-t-timer")
    table.wait_for_function("document.getElementById('er-t-clock').textContent !== '1:00'")
    table.click("#er-t-timer")


def test_wrong_player_counts_are_refused(table):
    table.fill("#er-t-names", "Ann, Bo")
    table.click("#er-t-start")
    assert "3 to 9 players" in table.text_content("#er-t-error")


def test_the_table_screen_works_offline_once_it_has_answered(table):
    table.wait_for_selector("#er-table[data-offline=ready]", timeout=30000)
    table.fill("#er-t-names", "Ann, Bo, Cy")
    table.click("#er-t-start")
    set_round(table, 5, [{"power": 4, "team": "Good"}, {"power": 6, "team": "Evil"},
                         {"power": 1, "team": "Good"}])
    assert "Evil wins" in score(table)  # the engine has loaded, through the worker's cache
    table.context.set_offline(True)
    try:
        table.reload()
        table.wait_for_selector("#er-table[data-ready=true]")
        table.select_option("#er-t-team-2", "Evil")  # a change: score it again, offline
        assert "Evil wins: Good 4, Evil 7" in score(table)
    finally:
        table.context.set_offline(False)
