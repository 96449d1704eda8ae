"""The Evil Robots phone applet, in headless Chromium at phone size: deal, toggle, hide,
reveal by action, next round; its deal equals the engine's; nothing leaves 127.0.0.1."""

from __future__ import annotations

import pytest

from rulepress.engine.query import answer

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def applet(page, site_url):
    page.set_viewport_size(PHONE)
    page.goto(site_url + "evilrobots/applet/")
    page.wait_for_selector("#er-applet[data-ready=true]")
    return page


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
        assert (got["robot"], got["power"], got["team"]) == (
            want["robot"]["name"], want["power"], want["allegiance"]), code
        assert f"worth {want['points']} points" in got["round"]
    assert applet.offsite == []


def test_the_whole_table_matches_in_the_browser(applet, engine_data):
    tables = applet.evaluate("""async () => {
        const data = await (await fetch('data.json')).json();
        return ['PLUM-42', 'plum-42', 'Zz9', 'long code with spaces'].map(
            c => [c, EvilRobotsDeal.dealTable(data, c, 3, 9)]);
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

    applet.click("#er-next")
    want = engine_deal(engine_data, "PLUM-42", 6, 3, round_number=2)
    got = shown(applet)
    assert got["round"].startswith("Round 2")
    assert (got["robot"], got["power"], got["team"]) == (
        want["robot"]["name"], want["power"], want["allegiance"])
    assert applet.offsite == []


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
    applet.click("#er-deal")
    assert "game code" in applet.text_content("#er-error")
    assert "CC BY 3.0" in applet.text_content(".er-credit")
    applet.click("#er-solo")  # one phone alone: a random code
    assert applet.text_content("#er-error") == ""
    assert len(applet.input_value("#er-code")) == 6 and shown(applet)["power"] in range(1, 10)


def test_fits_a_phone_screen(applet):
    deal_on(applet, "PLUM-42", 6, 3)
    width = applet.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    box = applet.locator("#er-card-robot").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_reopens_and_deals_with_no_network(applet, engine_data):
    applet.wait_for_selector("#er-applet[data-offline=ready]")
    deal_on(applet, "PLUM-42", 6, 3)
    applet.context.set_offline(True)
    try:
        applet.reload()
        applet.wait_for_selector("#er-applet[data-ready=true]")
        applet.click("#er-next")
        want = engine_deal(engine_data, "PLUM-42", 6, 3, round_number=2)
        assert shown(applet)["robot"] == want["robot"]["name"]
    finally:
        applet.context.set_offline(False)
