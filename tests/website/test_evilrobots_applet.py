"""The Evil Robots phone applet, in headless Chromium at phone size: deal, toggle, hide,
reveal by action, next round (asked first), the cards filling one screen for the camera;
its deal equals the engine's; coins stay on the phone; nothing leaves 127.0.0.1."""

from __future__ import annotations

import json
import struct
from urllib.parse import urljoin

import pytest

from rulepress.engine.query import answer

pytestmark = pytest.mark.offline_worker  # the applet keeps itself for offline use

PHONE = {"width": 390, "height": 844}
# Installability errors that say where the test runs, not what the page lacks: a headless,
# throwaway browser profile (no user engagement) may report these.
IGNORED_INSTALL = {"in-incognito", "no-acceptable-icon-for-current-os"}
LANDSCAPE = {"width": 844, "height": 390}


@pytest.fixture
def applet(page, site_url):
    page.set_viewport_size(PHONE)
    page.requested = []
    page.on("request", lambda request: page.requested.append(request.url))
    page.goto(site_url + "evilrobots/applet/")
    page.wait_for_selector("#er-applet[data-ready=true]")
    return page


def next_round(page):
    page.click("#er-next")
    page.click("#er-confirm-yes")


def deal_on(page, code, players, seat):
    page.fill("#er-code", code)
    page.select_option("#er-players", str(players))
    page.select_option("#er-seat", str(seat))
    page.click("#er-deal")


def shown(page) -> dict:
    return {"robot": page.text_content("#er-robot-name"),
            "power": int(page.text_content("#er-power-value")),
            "team": page.text_content("#er-team"),
            "round": page.text_content("#er-round")}


def engine_deal(engine_data, code, players, seat, round_number=1):
    return answer({"game": "evilrobots", "op": "deal", "code": code, "players": players,
                   "seat": seat, "round": round_number}, engine_data)


def test_the_applet_deals_what_the_engine_deals(applet, engine_data):
    for code, players, seat in [("PLUM-42", 6, 3), ("robots", 9, 9), ("X 1", 3, 1)]:
        deal_on(applet, code, players, seat)
        want = engine_deal(engine_data, code, players, seat)
        got = shown(applet)
        assert (got["robot"], got["power"]) == (want["robot"]["name"], want["power"]), code
        assert got["team"] in ("Good", "Evil", "Neutral")
        worth = "1 point" if want["points"] == 1 else f"{want['points']} points"
        assert f"worth {worth}" in got["round"]
        applet.click("#er-setup")
    assert applet.offsite == []


def test_the_whole_table_matches_in_the_browser(applet, engine_data):
    tables = applet.evaluate("""async () => {
        const data = await (await fetch('data.json')).json();
        const { dealTable } = await import('../../assets/javascripts/evilrobots/deal.js');
        return ['PLUM-42', 'plum-42', 'Zz9', 'long code with spaces'].map(
            c => [c, dealTable(data, c, 3, 9)]);
    }""")
    for code, table in tables:
        want = answer({"game": "evilrobots", "op": "deal", "code": code, "players": 9,
                       "round": 3}, engine_data)
        assert {"ok": True, **table} == want


def test_toggle_randomise_hide_and_next_round(applet, engine_data):
    deal_on(applet, "PLUM-42", 6, 3)
    first = shown(applet)
    applet.click("#er-coin")
    teams = ["Good", "Evil", "Neutral"]
    assert shown(applet)["team"] == teams[(teams.index(first["team"]) + 1) % 3]
    applet.click("#er-random-coin")
    assert shown(applet)["team"] in teams

    applet.click("#er-hide-robot")
    assert "er-hidden" in applet.get_attribute("#er-card-robot", "class")
    assert not applet.is_visible("#er-robot-name")
    assert applet.is_visible("#er-power-value") and applet.is_visible("#er-team")
    applet.click("#er-hide-robot")
    assert applet.is_visible("#er-robot-name")

    applet.reload()  # the round survives a reload
    applet.wait_for_selector("#er-applet[data-ready=true]")
    assert shown(applet)["robot"] == first["robot"]

    applet.click("#er-next")  # asks first: one stray tap keeps the round
    assert applet.is_visible("#er-confirm")
    applet.click("#er-confirm-no")
    assert shown(applet)["round"].startswith("Round 1")
    next_round(applet)
    want = engine_deal(engine_data, "PLUM-42", 6, 3, round_number=2)
    got = shown(applet)
    assert got["round"].startswith("Round 2")
    assert (got["robot"], got["power"]) == (want["robot"]["name"], want["power"])
    applet.click("#er-back")  # the stepper goes back to resync with the table
    applet.click("#er-confirm-yes")
    assert shown(applet)["robot"] == first["robot"]
    assert applet.offsite == []


def test_a_hidden_card_offers_to_show_it(applet):
    deal_on(applet, "PLUM-42", 6, 3)
    assert applet.get_attribute("#er-hide-power", "aria-label") == "Hide Power card"
    applet.click("#er-hide-power")
    assert applet.get_attribute("#er-hide-power", "aria-label") == "Show Power card"
    assert applet.get_attribute("#er-hide-power svg", "aria-label") == "eyeball"


def test_an_action_reveals_only_what_it_needs(applet):
    deal_on(applet, "PLUM-42", 6, 3)
    applet.click("#er-info")
    assert applet.is_visible("#er-actions")
    applet.click("[data-action=convert-other]")
    assert not applet.is_visible("#er-actions")
    assert not applet.is_visible("#er-robot-name")
    assert applet.is_visible("#er-power-value") and applet.is_visible("#er-team")
    assert "Convert another player" in applet.text_content("#er-mode")
    applet.click("#er-info")
    applet.click("[data-action=react]")
    assert applet.is_visible("#er-robot-name") and not applet.is_visible("#er-power-value")
    applet.click("#er-info")
    applet.click("#er-show-all")
    assert applet.is_visible("#er-robot-name") and applet.is_visible("#er-power-value")


def test_bad_input_shows_a_message_and_credit_is_shown(applet):
    assert applet.input_value("#er-players") == ""  # the player count is asked, not assumed
    applet.click("#er-deal")
    assert "game code" in applet.text_content("#er-error")
    applet.fill("#er-code", "PLUM-42")
    applet.click("#er-deal")
    assert "how many players" in applet.text_content("#er-error")
    applet.select_option("#er-players", "4")  # no seat is picked for you
    applet.click("#er-deal")
    assert "seat" in applet.text_content("#er-error")
    assert applet.is_hidden("#er-game")
    assert "CC BY 3.0" in applet.text_content(".er-credit")
    applet.click("#er-solo")  # one phone alone: a random code
    assert applet.text_content("#er-error") == ""
    assert len(applet.input_value("#er-code")) == 6 and shown(applet)["power"] in range(1, 10)


def _cards_fill(applet, screen) -> None:
    width = applet.evaluate("document.documentElement.scrollWidth")
    assert width <= screen["width"]
    stage = applet.locator("#er-game").bounding_box()
    assert stage == {"x": 0, "y": 0, "width": screen["width"], "height": screen["height"]}
    for name in ("robot", "power", "coin"):
        box = applet.locator(f"#er-card-{name}").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= screen["width"], name
        assert box["y"] >= 0 and box["y"] + box["height"] <= screen["height"], name
        assert box["height"] >= screen["height"] / 6, name  # big enough for a webcam


def test_the_cards_alone_fill_one_screen(applet):
    """Portrait and landscape; the layout is CSS alone (no script measures the screen),
    so each robot's cards are loaded once and looked at in both."""
    deal_on(applet, "PLUM-42", 9, 7)  # GandalfBot-length abilities and all
    screens = {"portrait": PHONE, "landscape": LANDSCAPE}
    for screen in screens.values():
        applet.set_viewport_size(screen)
        _cards_fill(applet, screen)
    bots = applet.evaluate("fetch('data.json').then(r => r.json()).then(d => d.bots.map(b => b.id))")
    assert len(bots) == 18
    for bot in bots:  # every robot's ability fits its card, nothing cut off
        applet.evaluate("""bot => { const key = 'rulepress-evilrobots-applet';
            const s = JSON.parse(localStorage.getItem(key)); s.dealt.robot = bot;
            localStorage.setItem(key, JSON.stringify(s)); }""", bot)
        applet.reload()
        applet.wait_for_selector("#er-applet[data-ready=true]")
        for name, screen in screens.items():
            applet.set_viewport_size(screen)
            for card in ("robot", "power", "coin"):
                assert applet.evaluate(f"""(() => {{ const c = document.getElementById('er-card-{card}');
                    return c.scrollHeight <= c.clientHeight + 1 && c.scrollWidth <= c.clientWidth + 1;
                    }})()"""), (bot, card, name)
    applet.click("#er-setup")  # back to the form, and back to the cards
    assert applet.is_visible("#er-code") and applet.is_hidden("#er-game")
    applet.click("#er-resume")
    assert applet.is_visible("#er-card-robot")


def test_two_phones_at_one_table(browser, site_url, engine_data):
    """Distinct seats get distinct cards; the coins come from each phone, not the code."""
    phones = [browser.new_context(viewport=PHONE) for _ in range(2)]
    try:
        tabs = [phone.new_page() for phone in phones]
        for tab in tabs:
            tab.goto(site_url + "evilrobots/applet/")
            tab.wait_for_selector("#er-applet[data-ready=true]")
        for seat, tab in enumerate(tabs, start=1):
            deal_on(tab, "TABLE-7", 5, seat)
        robots = [shown(tab)["robot"] for tab in tabs]
        assert robots[0] != robots[1]
        for seat, robot in enumerate(robots, start=1):
            assert robot == engine_deal(engine_data, "TABLE-7", 5, seat)["robot"]["name"]
        # The code gives no coin to read: the same seat dealt again flips afresh.
        assert "coins" not in engine_deal(engine_data, "TABLE-7", 5, 1)
        teams = set()
        for _ in range(20):
            tabs[1].click("#er-setup")
            deal_on(tabs[1], "TABLE-7", 5, 1)
            assert shown(tabs[1])["robot"] == robots[0]
            teams.add(shown(tabs[1])["team"])
        assert len(teams) > 1
    finally:
        for phone in phones:
            phone.close()


def test_the_applet_does_not_load_the_search_index(applet):
    deal_on(applet, "PLUM-42", 6, 3)
    assert not [u for u in applet.requested if "search_index" in u]


def test_reopens_and_deals_with_no_network(applet, engine_data):
    applet.wait_for_selector("#er-applet[data-offline=ready]")
    deal_on(applet, "PLUM-42", 6, 3)
    applet.context.set_offline(True)
    try:
        applet.reload()
        applet.wait_for_selector("#er-applet[data-ready=true]")
        next_round(applet)
        want = engine_deal(engine_data, "PLUM-42", 6, 3, round_number=2)
        assert shown(applet)["robot"] == want["robot"]["name"]
    finally:
        applet.context.set_offline(False)


def test_a_join_link_fills_in_the_game_and_names_the_seats(applet, site_url, engine_data):
    applet.goto(site_url + "evilrobots/applet/?code=plum-42&players=5&names=Ann,Bo,Cy,Di,Ed")
    applet.wait_for_selector("#er-applet[data-joined=true]")
    assert applet.input_value("#er-code") == "plum-42"
    assert applet.input_value("#er-players") == "5"
    assert applet.locator("#er-seat option").all_text_contents() == [
        "Pick\u2026", "1 \u00b7 Ann", "2 \u00b7 Bo", "3 \u00b7 Cy", "4 \u00b7 Di", "5 \u00b7 Ed"]
    assert "game PLUM-42, 5 players" in applet.text_content("#er-joined")
    applet.select_option("#er-seat", "3")  # the seat is still the phone's own choice
    applet.click("#er-deal")
    want = engine_deal(engine_data, "PLUM-42", 5, 3)
    assert shown(applet)["robot"] == want["robot"]["name"]
    applet.reload()  # the same link again: the same game's cards, not the form
    applet.wait_for_selector("#er-applet[data-ready=true]")
    assert applet.is_visible("#er-card-robot") and shown(applet)["robot"] == want["robot"]["name"]
    applet.goto(site_url + "evilrobots/applet/?code=OTHER&players=4")  # another game's link
    applet.wait_for_selector("#er-applet[data-joined=true]")
    assert applet.is_hidden("#er-game") and applet.input_value("#er-code") == "OTHER"
    assert applet.offsite == []


def code_with(engine_data, robot: str) -> tuple[str, int, dict]:
    """A game code of 5 players in which some seat holds `robot`."""
    for n in range(500):
        table = answer({"game": "evilrobots", "op": "deal", "code": f"R{n}", "players": 5},
                       engine_data)
        for seat in table["seats"]:
            if seat["robot"]["id"] == robot:
                return f"R{n}", seat["seat"], table
    raise AssertionError(robot)


def test_swapbots_swap_shows_on_its_phone_and_others_follow(applet, engine_data):
    """Seed line 175: SwapBot swaps its power card with the points card."""
    code, seat, table = code_with(engine_data, "swapbot")
    mine = table["seats"][seat - 1]["power"]
    deal_on(applet, code, 5, seat)
    applet.click("#er-info")
    applet.click("#er-swap")
    assert shown(applet)["power"] == table["points"]  # it now holds the points card
    assert applet.text_content("#er-power-note") == f"swapped; dealt {mine}"
    worth = f"worth {mine} point" + ("s" if mine != 1 else "")
    assert worth in shown(applet)["round"]
    applet.click("#er-info")
    applet.click("#er-swap")  # undo
    assert shown(applet)["power"] == mine
    other = 1 if seat != 1 else 2  # another seat has no swap, but follows the new card
    applet.click("#er-setup")
    deal_on(applet, code, 5, other)
    applet.click("#er-info")
    assert applet.locator("#er-swap").count() == 0
    applet.select_option("#er-points-now", "2")
    assert "worth 2 points" in shown(applet)["round"]


def test_a_plusbot_proves_a_failed_conversion_with_both_cards(applet, engine_data):
    """Seed lines 120, 126 and 171: levels decide, so the PlusBot card is part of the proof."""
    code, seat, _ = code_with(engine_data, "plusbot")
    deal_on(applet, code, 5, seat)
    applet.click("#er-info")
    assert applet.locator("[data-action=resisted-by-power]").count() == 0
    applet.click("[data-action=resisted-by-level]")
    assert applet.is_visible("#er-robot-name") and applet.is_visible("#er-power-value")
    assert not applet.is_visible("#er-team")


@pytest.mark.parametrize("path, name", [("evilrobots/applet/", "Evil Robots phone applet"),
                                        ("evilrobots/table/", "Evil Robots table screen")])
def test_the_applet_and_the_table_screen_install_as_apps(page, site_url, path, name):
    page.goto(site_url + path)
    manifest_url = page.evaluate("document.querySelector('link[rel=manifest]').href")
    assert page.evaluate("document.querySelectorAll('link[rel=manifest]').length") == 1
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == manifest_url and manifest["errors"] == []
    parsed = json.loads(manifest["data"])
    assert parsed["name"] == name and parsed["start_url"] == "./" and parsed["scope"] == "./"
    for icon in parsed["icons"]:
        response = page.request.get(urljoin(manifest_url, icon["src"]))
        assert response.ok, icon
        if icon["type"] == "image/png":  # a PNG of the size it claims
            body = response.body()
            width, height = struct.unpack(">II", body[16:24])
            assert body[:8] == b"\x89PNG\r\n\x1a\n" and f"{width}x{height}" == icon["sizes"]
    assert {i["sizes"] for i in parsed["icons"]} >= {"192x192", "512x512"}
    # Chrome's own check, where this build of Chromium answers it
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] not in IGNORED_INSTALL] == []
