"""The Play page in Chromium: a whole round against the computer played by clicks on a
phone-sized page with the network cut off once the engine is in, the same round the engine
replays from its seed and moves; why a side went first; the advice panel's chances equal to
the engine's; bad input refused beside its field."""

from __future__ import annotations

import json
import re

from rulepress.engine.query import answer
from rulepress.website.calc_links import play_link
from rulepress.website.play_page import PAGE as PLAY_PAGE, default_request, play_pages

ROOT = "document.querySelector('[data-rp-play]')"
RESPONSE = f"{ROOT}?.lastResponse"
IDLE = f"!{ROOT}.dataset.waiting"
PAGE = "buttonmen/play/"


def request(mine, my_swing, theirs, their_swing, policy, seed, moves, advice=False) -> dict:
    return {"game": "buttonmen", "op": "play",
            "mine": {"recipe": mine, "swing": my_swing},
            "theirs": {"recipe": theirs, "swing": their_swing},
            "policy": policy, "seed": seed, "moves": moves, "advice": advice}


def test_the_page_opens_on_the_engines_answer_to_its_default_round(root, catalog, engine_data):
    text = play_pages(root, catalog)[PLAY_PAGE]
    spec = json.loads(re.search(r'class="rp-play__spec">(.*?)</script>', text).group(1))
    assert spec["default"]["request"] == default_request()
    assert spec["default"]["response"] == answer(default_request(), engine_data)
    assert spec["swing"]["avis"] == {"X": [4, 20]}  # the sizes suggested for a button
    assert 'list="rp-mine-list"' in text and "<option value=\"Hammer\">" in text


def test_a_button_page_links_to_a_round_with_it(root):
    assert play_link("buttonmen/buttons/aysez.md", "Aysez", {"U": 20}) == \
        "../../play/?mine=Aysez&my_swing=U%3D20"


def test_a_round_is_played_to_the_end_by_clicks_on_a_phone_offline(browser, site_url,
                                                                   engine_data):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(site_url + PAGE + "?policy=maximize&seed=5")
        page.wait_for_function(f"{ROOT}.dataset.engine === 'ready'", timeout=180000)
        context.set_offline(True)  # from here on the engine in the page is all there is
        page.wait_for_function(f"{IDLE} && {RESPONSE}?.ok", timeout=120000)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        clicks = 0
        while page.evaluate(f"!{RESPONSE}.winner"):
            before = page.evaluate(f"{RESPONSE}.moves.length")
            page.locator(".rp-play__move").first.click()
            clicks += 1
            page.wait_for_function(f"{IDLE} && {RESPONSE}.moves.length > {before}",
                                   timeout=120000)
            assert clicks < 60
        got = page.evaluate(RESPONSE)
        assert clicks >= 1 and got["winner"] in ("mine", "theirs", "draw")
        # the engine replays exactly this round from the seed and the moves
        again = answer(request("Avis", {"X": 10}, "Hammer", {"X": 10}, "maximize", 5,
                               got["moves"]), engine_data)
        assert again == got
        result = page.locator(".rp-play__result").inner_text()
        words = {"mine": "You win the round", "theirs": "The computer wins the round",
                 "draw": "A draw"}
        assert result.startswith(words[got["winner"]])
        assert got["scores"][0] in result and got["scores"][1] in result
        log = page.locator(".rp-play__log li")
        assert log.count() == len(got["events"])
        assert "first" in log.first.inner_text() and "showed" in log.first.inner_text()
        assert page.locator(".rp-play__move").count() == 0  # the round is over
        assert "moves=" in page.url  # the round lives in the address
    finally:
        context.close()


def test_the_first_event_says_why_and_a_reload_keeps_the_round(page, site_url):
    page.goto(site_url + PAGE + "?policy=maximize&seed=11&mine=(4)+(6)&my_swing=&theirs=(8)"
              "&their_swing=")
    page.wait_for_function(f"{IDLE} && {RESPONSE}?.ok", timeout=180000)
    got = page.evaluate(RESPONSE)
    why = " ".join(got["events"][0]["why"])
    assert "lower one goes first" in why or "a coin decided" in why
    assert why in page.locator(".rp-play__log li").first.inner_text()
    if got["turn"] == "mine":
        page.locator(".rp-play__move").first.click()
        page.wait_for_function(f"{IDLE} && {RESPONSE}.moves.length > {len(got['moves'])}",
                               timeout=120000)
    played = page.evaluate(f"{RESPONSE}.moves")
    page.reload()
    page.wait_for_function(f"{IDLE} && {RESPONSE}?.ok", timeout=180000)
    assert page.evaluate(f"{RESPONSE}.moves") == played


def test_advice_shows_each_moves_exact_chance(page, site_url, engine_data):
    page.goto(site_url + PAGE + "?policy=maximize&seed=2&mine=(4)+(6)&my_swing=&theirs=(8)"
              "&their_swing=")
    page.wait_for_function(f"{IDLE} && {RESPONSE}?.ok", timeout=180000)
    assert page.evaluate(f"{RESPONSE}.turn") == "mine"
    page.check("#rp-advice")
    page.wait_for_function(f"{IDLE} && {RESPONSE}?.advice", timeout=120000)
    got = page.evaluate(RESPONSE)
    expected = answer(request("(4) (6)", {}, "(8)", {}, "maximize", 2, [], advice=True),
                      engine_data)
    assert got["advice"] == expected["advice"] and got["advice"]["method"] == "exact"
    chances = page.locator(".rp-play__chance")
    assert chances.count() == page.locator(".rp-play__move").count() >= 1
    best = got["advice"]["moves"][0]["value"]
    assert best in page.locator(".rp-play__moves").inner_text()
    assert page.locator(".rp-play__best").count() == 1


def test_bad_input_is_refused_beside_its_field(page, site_url):
    page.goto(site_url + PAGE)
    page.wait_for_function(f"{IDLE} && {RESPONSE}?.ok", timeout=60000)
    page.fill("#rp-my_swing", "X=eight")
    page.click(".rp-play__start button[type=submit]")
    message = page.locator('[data-field="my_swing"] .rp-calc__msg')
    message.filter(has_text="X=8").wait_for(timeout=10000)
    assert page.locator("#rp-my_swing").get_attribute("aria-invalid") == "true"
    page.fill("#rp-my_swing", "X=10")
    page.fill("#rp-theirs", "Nobody At All")
    page.click(".rp-play__start button[type=submit]")
    theirs = page.locator('[data-field="theirs"] .rp-calc__msg')
    theirs.filter(has_text="no button").wait_for(timeout=180000)
    page.fill("#rp-theirs", "Hammer")
    page.fill("#rp-their_swing", "X=99")
    page.click(".rp-play__start button[type=submit]")
    page.locator('[data-field="their_swing"] .rp-calc__msg').filter(
        has_text="4 to 20").wait_for(timeout=60000)
    assert page.offsite == []
