"""Buttons with plasma dice link to who-goes-first too (issue 21, item 10): the calculator
has a field for each player's plasma choices, a link fills in each plasma die's first set
of skills and says so, and an error about a choice is shown beside that field in plain words.

Button Men Online has no plasma dice, so there are no BMO odds to compare with: the checks
are that the chosen set is the die's own (it shows in the die the engine plays) and that a
plasma die with a chosen set plays exactly as the same die with those skills printed."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from rulepress.engine.buttonmen.recipe import parse_recipe
from rulepress.engine.query import answer
from rulepress.website.calc_links import BY_ID, calculator_link, calculator_request

ODDS = BY_ID["buttonmen-odds"]
# BMO's recipe for Maya (Space Girlz): her third die is Poison with Weak and Shadow, or
# Poison with Mighty; S swing is 6 to 20 sides
MAYA = "o(6) (12) p{hs,H}(12) (20) (S)"
LAST = "document.querySelector('.rp-calc').lastResponse"


def field_for(path: str) -> str | None:
    """The form field an error's JSON path goes beside (as calculators/request.js fieldForError)."""
    return next((name for pattern, name in ODDS.errors if re.search(pattern, path)), None)


def plain_words(message: str) -> str:
    """The message as shown beside its field (as calculators/request.js plainWords)."""
    text = re.sub(r"^[A-Za-z_]\w*(\[\d+\])*(\.\w+(\[\d+\])*|\[\d+\])+:?\s+", "", message)
    for pattern, words in ODDS.words:
        text = re.sub(pattern, words, text)
    return text


def test_the_calculator_sends_each_players_plasma_choices(engine_data):
    maya = next(b for b in engine_data["buttonmen"]["buttons"] if b["id"] == "maya")
    assert maya["recipe"] == MAYA
    request = calculator_request("buttonmen-odds", {"my_recipe": "Maya", "my_swing": {"S": 10},
                                                    "my_plasma": ["hs"]})
    assert request == {"game": "buttonmen", "op": "odds", "players": [
        {"recipe": "Maya", "swing": {"S": 10}, "plasma": ["hs"]},
        {"recipe": "(4) (8) (10) (12) (12)", "swing": {}}]}
    chosen = answer(request, engine_data)
    assert chosen["ok"] and chosen["dice"][0][2] == "phs(12)"  # Poison, Weak and Shadow
    # the chosen die plays exactly as the same die with those skills printed
    printed = answer({"game": "buttonmen", "op": "odds", "players": [
        {"recipe": "o(6) (12) phs(12) (20) (S)", "swing": {"S": 10}},
        {"recipe": "(4) (8) (10) (12) (12)"}]}, engine_data)
    assert {k: chosen[k] for k in ("first", "tie", "table")} == \
        {k: printed[k] for k in ("first", "tie", "table")}
    mighty = answer(calculator_request("buttonmen-odds", {
        "my_recipe": "Maya", "my_swing": {"S": 10}, "my_plasma": ["H"]}), engine_data)
    assert mighty["ok"] and mighty["dice"][0][2] == "pH(12)"
    # neither set counts for going first, but Shadow changes what the die can capture
    assert mighty["first"] == chosen["first"] and mighty["table"] != chosen["table"]
    # their side too: Zeno's three plasma dice, in recipe order
    zeno = answer(calculator_request("buttonmen-odds", {
        "their_recipe": "Zeno", "their_swing": {"X": 10}, "their_plasma": ["h", "H", "h"]}),
        engine_data)
    assert zeno["ok"] and zeno["dice"][1][:3] == ["h(6)", "H(8)", "h(4,4)"]


def test_a_wrong_or_missing_choice_is_shown_beside_the_plasma_field(engine_data):
    for plasma in (["x"], None):
        values = {"my_recipe": "Maya", "my_swing": {"S": 10}} | (
            {"my_plasma": plasma} if plasma else {})
        error = answer(calculator_request("buttonmen-odds", values), engine_data)["error"]
        assert field_for(error["field"]) == "my_plasma"
        assert plain_words(error["message"]) == \
            "p{hs,H}(12) is a plasma die: give its skills here as one of hs, H"
    error = answer(calculator_request("buttonmen-odds", {
        "their_recipe": "Zeno", "their_swing": {"X": 10}, "their_plasma": ["h", "x"]}),
        engine_data)["error"]
    assert field_for(error["field"]) == "their_plasma"
    # an option die's size still goes beside the option sizes, a swing size beside swing
    for values, name in (({"my_recipe": "(4/12)"}, "my_options"),
                         ({"my_recipe": "{z,f}(X)", "my_swing": {}, "my_plasma": ["z"]},
                          "my_swing")):
        error = answer(calculator_request("buttonmen-odds", values), engine_data)["error"]
        assert field_for(error["field"]) == name


def test_a_link_writes_the_choices_as_the_page_reads_them(engine_data):
    link = calculator_link("buttonmen/buttons/zeno.md", "buttonmen-odds", {
        "my_recipe": "Zeno", "my_swing": {"X": 10}, "my_plasma": ["h", "H", "h"]}, engine_data)
    assert link is not None and link.endswith("&my_plasma=h%2CH%2Ch")
    # a choice the die does not offer would open on an error: no link
    assert calculator_link("buttonmen/buttons/zeno.md", "buttonmen-odds", {
        "my_recipe": "Zeno", "my_swing": {"X": 10}, "my_plasma": ["h", "z", "h"]},
        engine_data) is None


def test_every_plasma_button_links_with_its_first_sets(built_site, engine_data):
    plasma_buttons, linked = [], []
    for button in engine_data["buttonmen"]["buttons"]:
        if "{" not in button["recipe"]:
            continue
        plasma_buttons.append(button["id"])
        html = (built_site / f"buttonmen/buttons/{button['id']}/index.html").read_text(
            encoding="utf-8")
        if button.get("rejected"):  # Gryphon's '@' is no skill letter: no odds at all
            assert "rp-calc-links" not in html
            continue
        first = ["".join(d.plasma[0]) for d in parse_recipe(button["recipe"]) if d.plasma]
        assert first, button["id"]
        found = re.search(r'<a href="([^"]*buttonmen-odds[^"]*)">([^<]*)</a>', html)
        assert found, f"{button['id']} has no who-goes-first link"
        query = parse_qs(urlsplit(unescape(found.group(1))).query)
        assert query["my_plasma"] == [",".join(first)]
        assert f"as {', '.join(first)}: change" in unescape(found.group(2))
        linked.append(button["id"])
    # BMO's data has 12 buttons with plasma dice; all but Gryphon can be played here
    assert len(plasma_buttons) == 12 and len(linked) == 11


def test_a_plasma_link_opens_on_its_answer_and_the_choice_can_change(page, site_url,
                                                                     engine_data):
    page.goto(site_url + "buttonmen/buttons/maya/")
    link = page.locator(".rp-calc-links a", has_text="its plasma die as hs: change it there")
    link.click()
    page.wait_for_url(re.compile("calculators/buttonmen-odds/"))
    box = page.locator("#rp-my_plasma")
    assert box.input_value() == "hs"
    page.wait_for_function(f"{LAST}?.dice?.[0]?.[2] === 'phs(12)'", timeout=120000)
    result = page.locator(".rp-calc__result")
    assert "phs(12)" in result.inner_text()
    table = page.evaluate(f"{LAST}.table")
    box.fill("H")
    page.wait_for_function(f"{LAST}?.dice?.[0]?.[2] === 'pH(12)'", timeout=120000)
    swing = parse_qs(urlsplit(page.url).query)["my_swing"][0]
    letter, size = swing.split("=")
    want = answer(calculator_request("buttonmen-odds", {
        "my_recipe": "Maya", "my_swing": {letter: int(size)}, "my_plasma": ["H"]}), engine_data)
    assert page.evaluate(f"{LAST}.table") == want["table"] != table  # Shadow gone
    result.filter(has_text="pH(12)").wait_for()
    assert "my_plasma=H" in page.url
    # malformed text: a problem beside the field, in words, and no answer left standing
    box.fill("p{hs,H}(12)")
    message = page.locator('[data-field="my_plasma"] .rp-calc__msg')
    message.filter(has_text="is not one").wait_for(timeout=30000)
    assert message.inner_text().startswith("Write one choice per die as its letters")
    assert box.get_attribute("aria-invalid") == "true"
    assert result.inner_text().strip() == ""
    # a set the die does not offer: the engine's refusal, beside the field in plain words
    box.fill("x")
    message.filter(has_text="one of hs, H").wait_for(timeout=60000)
    assert message.inner_text() == \
        "p{hs,H}(12) is a plasma die: give its skills here as one of hs, H"
    assert result.inner_text().strip() == ""
    assert page.locator(".rp-calc__status").inner_text().strip() == ""
    assert page.offsite == []
