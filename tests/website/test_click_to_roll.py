"""Click to roll in Chromium (issue 32): a dice expression on a BrikWars page, a whole Button
Men button and a dice calculator's question roll in the page, each face in its die's range
and the total their sum; bonus dice and Critical Failures show as the engine's plan says
(the page's random words are scripted for those two)."""

from __future__ import annotations

import re

from rulepress.engine.query import answer

ROLL = ".rp-rolls__roll"
# Replaces crypto.getRandomValues while window.scripted holds words: each word w draws face
# w + 1 of a die of more than w sides (dice-roller.js), so a test picks the faces.
SCRIPTED = """(() => {
  const real = crypto.getRandomValues.bind(crypto);
  window.scripted = [];
  crypto.getRandomValues = (array) => {
    if (!window.scripted.length) return real(array);
    for (let i = 0; i < array.length; i++) array[i] = window.scripted.shift();
    return array;
  };
})()"""
FACE = re.compile(r"(bonus )?d(\d+): (\d+)")


def latest(page) -> dict:
    roll = page.locator(ROLL).first
    return {"title": roll.locator(".rp-rolls__title").inner_text(),
            "total": roll.locator(".rp-rolls__total").inner_text(),
            "detail": roll.locator(".rp-rolls__detail").inner_text(),
            "note": roll.locator(".rp-rolls__note").all_inner_texts()}


def faces_in_range(detail: str) -> list[tuple[bool, int, int]]:
    faces = [(bool(b), int(s), int(f)) for b, s, f in FACE.findall(detail)]
    assert faces, detail
    for _, sides, face in faces:
        assert 1 <= face <= sides, detail
    return faces


def test_a_dice_expression_on_a_brikwars_page_rolls_by_click_and_by_keyboard(page, site_url):
    page.goto(site_url + "brikwars/dice/")
    mark = page.locator('.rp-roll[data-roll="1d6+1"]').first
    assert mark.get_attribute("role") == "button"
    mark.click()
    page.locator(ROLL).first.wait_for()
    roll = latest(page)
    assert roll["title"] == "1d6 + 1"
    faces = faces_in_range(roll["detail"])
    assert int(roll["total"]) == sum(f for _, _, f in faces) + 1
    assert [b for b, _, _ in faces] == [False] + [True] * (len(faces) - 1)
    for b, sides, face in faces[:-1]:  # every die but the last showed its top face
        assert face == sides
    mark.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.rp-rolls__roll').length === 2")
    assert page.offsite == []


def test_bonus_dice_and_critical_failures_show_as_the_plan_says(page, site_url):
    page.add_init_script(SCRIPTED)
    page.goto(site_url + "brikwars/dice/")
    mark = page.locator('.rp-roll[data-roll="1d6+1"]').first
    page.evaluate("window.scripted.push(5, 5, 1)")  # faces 6, 6, 2
    mark.click()
    page.locator(ROLL).first.wait_for()
    roll = latest(page)
    assert roll["detail"] == "d6: 6, bonus d6: 6, bonus d6: 2; +1" and roll["total"] == "15"
    assert roll["note"] == []
    page.evaluate("window.scripted.push(0)")  # a 1: every natural die shows 1
    mark.click()
    page.wait_for_function("document.querySelectorAll('.rp-rolls__roll').length === 2")
    roll = latest(page)
    # a Damage roll's Critical Failure does no damage: 0, as the exact answer counts it
    assert roll["total"] == "0" and roll["detail"] == "d6: 1; +1"
    assert roll["note"][0].startswith("Critical Failure")
    page.evaluate("window.scripted.push(3, 0)")  # a d4 on its top face earns a d4
    d4 = page.locator('.rp-roll[data-roll^="1d4"], .rp-roll[data-roll^="d4"]').first
    d4.click()
    page.wait_for_function("document.querySelectorAll('.rp-rolls__roll').length === 3")
    assert "d4: 4, bonus d4: 1" in latest(page)["detail"]


def test_a_button_men_button_rolls_every_die_at_the_chosen_sizes(page, site_url, engine_data):
    page.goto(site_url + "buttonmen/buttons/avis/")
    dice = answer({"game": "buttonmen", "op": "parse", "button": "Avis"}, engine_data)["dice"]
    box = page.locator(".rp-roll-button")
    swing = box.locator("input[type=number]")
    assert swing.count() == len({d["swing"] for d in dice if "swing" in d})
    swing.first.fill("3")  # below the range: refused, in words
    box.get_by_role("button", name="Roll the button").click()
    assert "whole number from" in box.locator(".rp-roll-button__problem").inner_text()
    swing.first.fill("20")
    box.get_by_role("button", name="Roll the button").click()
    page.locator(ROLL).first.wait_for()
    roll = latest(page)
    assert roll["title"] == "Avis"
    values = [int(v) for v in roll["total"].split(" · ")]
    assert len(values) == len(dice)
    for die, value in zip(dice, values):
        size = die.get("sides", 20)  # the swing dice were given 20
        assert 1 <= value <= size, (die, value)
        at = "" if die["kind"] == "fixed" else f" at {size}"
        assert f"{die['text']}{at}: {value}" in roll["detail"]


def test_a_dice_calculator_rolls_its_question(page, site_url):
    page.goto(site_url + "calculators/dice-roll/?expr=3d6%2B2")
    page.wait_for_function("document.querySelector('.rp-calc').lastResponse !== undefined")
    page.get_by_role("button", name="Roll it").click()
    page.locator(ROLL).first.wait_for(timeout=120000)  # the engine starts for the plan
    roll = latest(page)
    assert roll["title"] == "3d6 + 2"
    faces = faces_in_range(roll["detail"])
    assert sum(1 for bonus, _, _ in faces if not bonus) == 3
    assert int(roll["total"]) == sum(f for _, _, f in faces) + 2
    page.fill("#rp-expr", "3d")
    page.get_by_role("button", name="Roll it").click()
    page.wait_for_function("document.querySelectorAll('.rp-rolls__roll').length === 2")
    assert latest(page)["detail"].startswith("Not rolled")


def test_the_who_goes_first_calculator_rolls_both_buttons(page, site_url, engine_data):
    page.goto(site_url + "calculators/buttonmen-odds/?their_recipe=Avis&their_swing=X%3D20")
    page.wait_for_function("document.querySelector('.rp-calc').lastResponse !== undefined")
    page.get_by_role("button", name="Roll it").click()
    page.wait_for_function("document.querySelectorAll('.rp-rolls__roll').length === 2",
                           timeout=120000)
    rolls = page.locator(ROLL)  # the newest first: theirs on top
    title = [rolls.nth(i).locator(".rp-rolls__title").inner_text() for i in (1, 0)]
    totals = [rolls.nth(i).locator(".rp-rolls__total").inner_text() for i in (1, 0)]
    assert title == ["My button (s(X) t(4) (6) (10) (20))", "Their button ((4) (4) (10) (12) (X))"]
    for total, sizes in zip(totals, ([8, 4, 6, 10, 20], [4, 4, 10, 12, 20])):
        values = [int(v) for v in total.split(" · ")]
        assert len(values) == len(sizes)
        assert all(1 <= v <= s for v, s in zip(values, sizes)), (total, sizes)


def test_a_brikwars_rule_calculator_rolls_each_of_its_dice_with_how_to_read_it(
        page, site_url, engine_data):
    from rulepress.website.calculators.model import applied, fill
    from rulepress.website.calculators.specs import CALCULATORS
    calc = next(c for c in CALCULATORS if c.id == "brikwars-attack")
    values = applied(calc.fields, {f.name: f.default for f in calc.fields})
    rolls = answer(fill(calc.roll, values), engine_data)["rolls"]
    assert [r["label"] for r in rolls] == ["Skill roll 1d6", "Damage 1d6 + 1 against Armor 4"]
    page.add_init_script(SCRIPTED)
    page.goto(site_url + "calculators/brikwars-attack/")
    page.wait_for_function("document.querySelector('.rp-calc').lastResponse !== undefined")
    page.evaluate("window.scripted.push(4, 2)")  # the Skill die shows 5, the Damage die 3
    page.get_by_role("button", name="Roll it").click()
    page.wait_for_function("document.querySelectorAll('.rp-rolls__roll').length === 2",
                           timeout=120000)
    shown = page.locator(ROLL)  # a rule's rolls read top down in the order rolled
    skill, damage = ({"title": shown.nth(i).locator(".rp-rolls__title").inner_text(),
                      "total": shown.nth(i).locator(".rp-rolls__total").inner_text(),
                      "detail": shown.nth(i).locator(".rp-rolls__detail").inner_text(),
                      "note": shown.nth(i).locator(".rp-rolls__note").inner_text()}
                     for i in (0, 1))
    assert skill == {"title": rolls[0]["label"], "total": "5", "detail": "d6: 5",
                     "note": rolls[0]["reads"]}
    assert damage == {"title": rolls[1]["label"], "total": "4", "detail": "d6: 3; +1",
                      "note": rolls[1]["reads"]}
    assert "(Use 3)" in skill["note"] and damage["note"] == "kills on more than 4"
