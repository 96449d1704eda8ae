"""The Evil Robots table screen in headless Chromium: the host view at laptop sizes, the
debate timer and countdown caller (with sound and vibration off until turned on), the
pass-phase order and round scores from the rules engine, the round log, several copies of
the game, a game to a winner, and offline use. Rules lines are seed 002's."""

from __future__ import annotations

import pytest

from rulepress.engine.query import answer

from evilrobots_host import ENGINE_MS, FITS, LAPTOP, WIDE

pytestmark = pytest.mark.offline_worker  # the table screen keeps itself for offline use


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


def start(page, names, target=None, code="", decks=None, extra=False):
    page.fill("#er-t-names", names)
    if target is not None:
        page.fill("#er-t-target", str(target))
    if code:
        page.fill("#er-t-code", code)
    if decks is not None:
        page.fill("#er-t-decks", str(decks))
    if extra:
        page.check("#er-t-extra")
    page.click("#er-t-start")


def set_round(page, points, rows):
    if points is not None:
        page.select_option("#er-t-points", str(points))
    for i, row in enumerate(rows):
        for key, value in row.items():
            page.select_option(f"#er-t-{key}-{i}", str(value))


def score(page):
    page.click("#er-t-score-round")
    page.wait_for_selector("#er-t-winner", timeout=ENGINE_MS)
    return page.text_content("#er-t-winner")


def pass_order(page):
    page.click("#er-t-order")
    page.wait_for_selector("#er-t-pass-order", timeout=ENGINE_MS)
    return page.locator("#er-t-pass-order li").all_text_contents()


def test_a_three_round_game_reaches_a_winner(table):
    start(table, "Ann, Bo, Cy", target=10)
    assert table.text_content("#er-t-round") == "Round 1"
    assert not table.locator("#er-t-setup-box").evaluate("d => d.open")  # folded away

    table.click("#er-t-next-call")
    assert table.text_content("#er-t-call") == "Is anyone power level Nine or more?"
    table.click("#er-t-next-call")
    assert table.text_content("#er-t-call") == "Is anyone power level Eight?"

    set_round(table, 9, [{"power": 9, "team": "Good", "passed": "debate"},
                         {"power": 5, "team": "Evil", "passed": "turn"},
                         {"power": 2, "team": "Evil", "passed": "debate"}])
    # low to high; the lowest passer (Cy, 2) gets no turn (line 122)
    assert pass_order(table) == ["Bo (level 5)", "Ann (level 9)"]
    assert "Cy" in table.text_content("#er-t-pass")
    assert score(table) == "Good wins: Good 9, Evil 7, Neutral 0. Winners: Ann."
    table.fill("#er-t-split-0", "9")
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
    # PlusBot counts its card + 3 at the end (line 171)
    assert score(table) == "Evil wins: Good 7, Evil 9, Neutral 0. Winners: Bo, Cy."
    table.fill("#er-t-split-1", "2")
    table.fill("#er-t-split-2", "2")
    table.click("#er-t-agreed")  # 4 of 5: refused, every point must be given out (line 53)
    assert "add up to 4, not 5" in table.text_content("#er-t-error")
    table.fill("#er-t-split-2", "3")
    table.click("#er-t-agreed")

    set_round(table, 9, [{"power": 9, "team": "Good"}, {"power": 2, "team": "Evil"},
                         {"power": 3, "team": "Evil"}])
    score(table)
    table.fill("#er-t-split-0", "9")
    table.click("#er-t-agreed")
    assert table.text_content("#er-t-game-winner") == "Ann wins the game!"
    totals = table.locator("#er-t-scoreboard .er-t-total").all_text_contents()
    assert totals == ["18", "3", "5"]

    table.reload()  # the game survives a reload
    table.wait_for_selector("#er-table[data-ready=true]")
    assert table.text_content("#er-t-game-winner") == "Ann wins the game!"
    assert table.offsite == []


@pytest.mark.parametrize("screen", [LAPTOP, WIDE], ids=["1366x768", "1920x1080"])
def test_the_host_view_fits_a_laptop_with_every_column_in_view(table, screen):
    table.set_viewport_size(screen)
    # nine players, each row as wide as it gets: CopyBot's bet and pick, PlusBot's level
    start(table, "Annabelle, Bartholomew, Cy, Di, Ed, Fay, Gus, Hal, Ivy")
    robots = ["plusbot", "copybot", "gandalfbot", "freebot", "betbot", "negativebot",
              "copybot", "scaredybot", "swapbot"]
    rows = [{"robot": robot, "power": 1 + i % 9, "passed": "turn", "reacted": "before",
             "team": "Neutral"} for i, robot in enumerate(robots)]
    set_round(table, 9, rows)
    table.select_option("#er-t-level-0", "4")
    table.select_option("#er-t-bet-1", "Neutral")
    table.select_option("#er-t-pick-1", "8")
    fit = table.evaluate(FITS)
    assert fit == {"columns": 7, "heads": 0, "cells": 0, "small": [], "pageWide": False,
                   "tableScrolls": False}
    # no site header or navigation; the bar stays on screen below the last box
    assert table.locator(".md-header").is_hidden()
    assert table.locator(".md-sidebar--primary").is_hidden()
    table.locator("#er-t-scores").scroll_into_view_if_needed()
    bar = table.locator(".er-bar").bounding_box()
    assert bar["y"] >= 0 and bar["y"] + bar["height"] <= screen["height"]
    assert table.locator("#er-t-call").is_visible() and table.locator("#er-t-clock").is_visible()


def test_a_row_shows_only_its_own_robots_action(table):
    start(table, "Ann, Bo, Cy, Di")
    set_round(table, None, [{"robot": "gandalfbot"}, {"robot": "betbot"},
                            {"robot": "negativebot"}, {"robot": "sumobot"}])
    assert table.locator("#er-t-ability-0").count() == 1  # GandalfBot: no pass phase
    assert table.locator("[id^=er-t-ability-]").count() == 1
    assert table.locator("#er-t-bet-1").count() == 1 and table.locator("#er-t-pick-2").count() == 1
    assert table.locator("#er-t-players tr[data-player='3'] select").count() == 5  # no action


def test_the_pass_order_needs_only_the_passers_and_survives_an_edit(table):
    """Line 122: passers show their power; a FreeBot keeps it hidden (164), a PlusBot that
    passed claims its card + 3 (171)."""
    start(table, "Ann, Bo, Cy, Di, Ed")
    set_round(table, None, [{"power": 2, "robot": "plusbot", "passed": "debate"},
                            {"power": 4, "passed": "debate"},
                            {"robot": "freebot", "passed": "turn"},
                            {}, {}])
    table.select_option("#er-t-level-2", "7")  # FreeBot, power unknown
    assert pass_order(table) == ["Bo (level 4)", "Cy (level 7)"]  # PlusBot at its card: lowest
    table.select_option("#er-t-team-0", "Good")  # not about turns: the order stays
    assert table.locator("#er-t-pass-order li").all_text_contents() == ["Bo (level 4)",
                                                                        "Cy (level 7)"]
    table.select_option("#er-t-level-0", "5")  # PlusBot shows its card: level 5
    table.wait_for_function("document.querySelector('#er-t-pass-order li').textContent"
                            ".startsWith('Ann')", timeout=ENGINE_MS)
    assert table.locator("#er-t-pass-order li").all_text_contents() == ["Ann (level 5)",
                                                                        "Cy (level 7)"]
    assert "No turn (lowest passer): Bo" in table.text_content("#er-t-pass")


def test_scaredybot_keeps_its_point_after_resisting_with_its_power(table):
    """Lines 120, 126: a failed conversion is proved by showing the power card; 173: a
    ScaredyBot that showed nothing but its power scores one more."""
    start(table, "Ann, Bo, Cy")
    set_round(table, 5, [{"power": 8, "team": "Good"}, {"power": 6, "team": "Evil"},
                         {"power": 3, "team": "Evil", "robot": "scaredybot"}])
    table.select_option("#er-t-log-who", "0")
    table.select_option("#er-t-log-kind", "failed")
    table.select_option("#er-t-log-target", "2")
    table.select_option("#er-t-log-shown", "power")
    table.click("#er-t-log-add")
    assert table.inner_text("#er-t-log li").startswith(
        "Ann tried to convert Cy, who showed only their power to prove it failed")
    score(table)
    assert "Cy: +1 from their robot" in table.text_content("#er-t-score")
    table.click("#er-t-log li .er-t-undo")
    table.select_option("#er-t-log-kind", "convert")  # converted: it showed its new team
    table.select_option("#er-t-log-target", "2")
    table.click("#er-t-log-add")
    score(table)
    assert "from their robot" not in table.text_content("#er-t-score")


def test_a_swap_is_logged_at_once_and_changes_the_points_card(table):
    start(table, "Ann, Bo, Cy, Di")
    table.select_option("#er-t-log-kind", "swap")
    table.click("#er-t-log-add")
    assert "Only SwapBot" in table.text_content("#er-t-error")
    set_round(table, None, [{"robot": "swapbot"}])
    table.click("#er-t-log-add")  # no power, no points card yet: logged all the same
    assert table.inner_text("#er-t-log li").startswith("Ann swapped their power card")
    assert "swapped by Ann" in table.text_content("#er-t-points-card")
    set_round(table, 7, [{"power": 2}])
    assert table.text_content("#er-t-points-card") == "points card 7, now 2"


def test_a_round_where_nobody_scores_goes_straight_on(table):
    """Line 128: all on one team, nobody scores: nothing to add to the scoreboard."""
    start(table, "Ann, Bo, Cy")
    set_round(table, 6, [{"power": 5, "team": "Evil"}, {"power": 3, "team": "Evil"},
                         {"power": 1, "team": "Evil", "robot": "scaredybot"}])
    assert score(table) == "every player is Evil, so nobody scores."
    assert table.locator("#er-t-agreed").count() == 0
    assert table.locator("#er-t-fallback").count() == 0
    table.click("#er-t-nobody")
    assert table.text_content("#er-t-round") == "Round 2"
    assert table.locator("#er-t-scoreboard tbody td:first-of-type").all_text_contents() == \
        ["0", "0", "0"]


def test_the_winner_line_counts_neutral_and_the_extra_robot(table):
    start(table, "Ann, Bo, Cy", extra=True)
    set_round(table, 3, [{"power": 2, "team": "Good"}, {"power": 7, "team": "Evil"},
                         {"power": 1, "team": "Neutral"}])
    table.select_option("#er-t-extra-team", "Good")
    # the extra robot's 5 joins Good: 7 against 7, a tie, Neutral wins (lines 59, 129)
    assert score(table) == ("Neutral wins (a tie goes to Neutral): Good 7, Evil 7, Neutral 1. "
                            "Winners: Cy.")


def test_several_copies_of_the_game(table):
    """Lines 95, 96: players may deal from separate copies, so two may hold one robot."""
    start(table, "Ann, Bo, Cy")
    set_round(table, 4, [{"power": 5, "team": "Good", "robot": "sumobot"},
                         {"power": 3, "team": "Evil", "robot": "sumobot"},
                         {"power": 1, "team": "Neutral"}])
    table.click("#er-t-score-round")
    table.wait_for_function("document.getElementById('er-t-error').textContent"
                            ".includes('hold sumobot')", timeout=ENGINE_MS)
    assert "Copies of the game" in table.text_content("#er-t-error")
    table.click("#er-t-open-setup")
    start(table, "Ann, Bo, Cy", decks=2)
    set_round(table, 4, [{"power": 5, "team": "Good", "robot": "sumobot"},
                         {"power": 3, "team": "Evil", "robot": "sumobot"},
                         {"power": 1, "team": "Neutral"}])
    assert score(table).startswith("Good wins")


def test_sound_and_vibration_are_off_until_turned_on(browser, site_url):
    """A chime at 0:00 (Web Audio), the calls spoken (speech synthesis), a buzz: recorded by
    stand-ins; the page's clock is Playwright's, so no test waits a minute."""
    context = browser.new_context(viewport=LAPTOP)
    context.add_init_script("""
      window.heard = [];
      class Tone { constructor() { this.frequency = {value: 0};
          this.gain = {setValueAtTime() {}, exponentialRampToValueAtTime() {}}; }
        connect(next) { return next; } start() { window.heard.push('tone'); } stop() {} }
      window.AudioContext = class { constructor() { this.state = 'running';
          this.currentTime = 0; this.destination = {}; }
        createOscillator() { return new Tone(); } createGain() { return new Tone(); }
        resume() { return Promise.resolve(); } };
      window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
      Object.defineProperty(window, 'speechSynthesis', {value: {cancel() {},
        speak(u) { window.heard.push('say: ' + u.text); }}});
      navigator.vibrate = () => { window.heard.push('buzz'); return true; };
    """)
    page = context.new_page()
    try:
        page.clock.install()
        page.goto(site_url + "evilrobots/table/")
        page.wait_for_selector("#er-table[data-ready=true]")
        start(page, "Ann, Bo, Cy")
        page.click("#er-t-timer")
        page.clock.run_for(61_000)
        assert page.text_content("#er-t-clock") == "0:00"
        page.click("#er-t-next-call")
        assert page.evaluate("window.heard") == []  # off by default
        page.check("#er-t-sound")
        page.check("#er-t-vibrate")
        page.click("#er-t-timer-reset")
        page.click("#er-t-timer")
        page.clock.run_for(61_000)
        page.click("#er-t-restart-call")
        page.click("#er-t-next-call")
        assert page.evaluate("window.heard") == [
            "tone", "tone", "buzz", "say: Is anyone power level Nine or more?"]
        page.reload()  # the choice is kept
        page.wait_for_selector("#er-table[data-ready=true]")
        assert page.is_checked("#er-t-sound") and page.is_checked("#er-t-vibrate")
    finally:
        context.close()


def test_the_join_link_and_its_qr_code(table, engine_data):
    start(table, "Ann, Bo, Cy, Di, Ed", code="plum-42")
    table.click("#er-t-open-setup")
    link = table.get_attribute("#er-t-join-link", "href")
    assert link.endswith("evilrobots/applet/?code=PLUM-42&players=5&names=Ann,Bo,Cy,Di,Ed")
    # the QR code is the vendored qrcode-generator's code of exactly that link
    drawn = table.get_attribute("#er-t-qr path", "d")
    made = table.evaluate("""async (link) => {
        const { default: qrcode } = await import('../../assets/javascripts/vendor/qrcode-generator.js');
        const { qrPath } = await import('../../assets/javascripts/evilrobots/qr-path.js');
        const qr = qrcode(0, 'M'); qr.addData(link); qr.make();
        return qrPath(qr.getModuleCount(), (r, c) => qr.isDark(r, c)); }""", link)
    assert drawn == made and len(drawn) > 1000
    # the round's points card is the code's, as every phone shows it; no seat is shown
    for round_number in (1, 2):
        deal = answer({"game": "evilrobots", "op": "deal", "code": "PLUM-42", "players": 5,
                       "round": round_number}, engine_data)
        assert table.text_content("#er-t-points-card") == f"points card {deal['points']}"
        text = table.text_content("#er-table")
        assert not [s for s in deal["seats"] if s["robot"]["ability"] in text]
        set_round(table, None, [{"power": s["power"], "team": "Neutral" if i else "Good"}
                                for i, s in enumerate(deal["seats"])])
        score(table)
        table.click("#er-t-fallback" if table.locator("#er-t-fallback").count() else
                    "#er-t-agreed")


def test_wrong_player_counts_are_refused(table):
    start(table, "Ann, Bo")
    assert "3 to 9 players" in table.text_content("#er-t-error")


def test_the_table_screen_works_offline_once_it_has_answered(table):
    table.wait_for_selector("#er-table[data-offline=ready]", timeout=30000)
    start(table, "Ann, Bo, Cy")
    set_round(table, 5, [{"power": 4, "team": "Good"}, {"power": 6, "team": "Evil"},
                         {"power": 1, "team": "Good"}])
    assert "Evil wins" in score(table)  # the engine has loaded, through the worker's cache
    table.context.set_offline(True)
    try:
        table.reload()
        table.wait_for_selector("#er-table[data-ready=true]")
        table.select_option("#er-t-team-2", "Evil")  # a change: score it again, offline
        assert score(table).startswith("Evil wins: Good 4, Evil 7")
    finally:
        table.context.set_offline(False)


def test_a_refused_offline_worker_does_not_hold_the_engine_back(browser, site_url):
    """A browser may refuse the offline worker (a private window): the engine then starts
    at once, before any question, not after the table's wait for the worker to take over
    (its 15-s timer never fires here, so the engine would wait for the first question)."""
    context = browser.new_context()
    context.add_init_script("""
        navigator.serviceWorker.register = () =>
          Promise.reject(new DOMException("not in a private window", "SecurityError"));
        const later = window.setTimeout;
        window.setTimeout = (f, ms, ...rest) => (ms >= 15000 ? 0 : later(f, ms, ...rest));""")
    try:
        page = context.new_page()
        page.goto(site_url + "evilrobots/table/")
        page.wait_for_selector("#er-table[data-ready=true]")
        page.wait_for_selector("#er-table[data-offline^=unavailable]")
        page.wait_for_function("rulepressEngine.state.status === 'ready'", timeout=ENGINE_MS)
        start(page, "Ann, Bo, Cy")
        set_round(page, 5, [{"power": 4, "team": "Good"}, {"power": 6, "team": "Evil"},
                            {"power": 1, "team": "Good"}])
        assert "Evil wins" in score(page)
    finally:
        context.close()
