"""Skill pages compare where the skill matters (issue 21, item 6).

Expected values come from Button Men Online's engine (buttonmen-dev/buttonmen at
a04ab98462e7, asked by scripts/bmo/skill_pages.py through driver.php: every legal attack of
each opening roll, BMGame::react_to_initiative_chance for every re-roll face) and, for the
initiative of a button with one uncounted die, by hand: [a] against [b1, b2] goes first
only when a is below both, sum over a of ((6 - a) / 6)^2 / 6 = 55/216.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rulepress.engine.query import answer
from rulepress.website.render.skill_odds import skill_odds

BMO_CAPTURES = [  # (my dice, their die, chance that some legal attack captures it)
    (["g(6)", "(6)"], "(8)", "29/36"), (["g(6)", "(6)"], "(12)", "7/12"),
    (["(6)", "(6)"], "(8)", "187/288"), (["(6)", "(6)"], "(12)", "197/432"),
    (["k(6)", "(6)"], "(8)", "19/36"), (["k(6)", "(6)"], "(12)", "3/8"),
]
BMO_CHANCE_FIRST = {"(6)": "271/432", "(4)": "67/144", "(8)": "415/576"}  # c(6) against it


@pytest.mark.parametrize("mine, target, want", BMO_CAPTURES)
def test_captures_op_agrees_with_bmo(engine_data, mine, target, want):
    response = answer({"game": "buttonmen", "op": "captures",
                       "mine": [{"recipe": r} for r in mine],
                       "theirs": [{"recipe": target}]}, engine_data)
    assert response["ok"] and response["capture"] == [want]


def rows(blocks) -> dict[str, str]:
    out = {}
    for block in blocks:
        for label, value in re.findall(r'rp-hbar__label">([^<]*)</span>.*?'
                                       r'rp-hbar__value" title="[^"]*">([^<]*)<', block["svg"]):
            out[label] = value
    return out


def test_stinger_compares_a_two_die_skill_attack_and_initiative(engine_data):
    blocks = skill_odds("g", "Stinger", engine_data, "stinger.md")
    got = rows(blocks)
    assert got["g(6) (6) captures (12)"] == "58.3% (7/12)"
    assert got["(6) (6) captures (12)"] == "45.6% (197/432)"
    assert got["g(6) (6) captures (8)"] == "80.6% (29/36)"
    assert got["g(6) (6) against (6) (6)"] == "25.5% (55/216)"
    assert got["(6) (6) against (6) (6)"] == "50.0% (1/2)"
    assert not any(v.startswith("0.0%") for v in got.values())
    assert "goes first 0.0" not in " ".join(b["caption"] for b in blocks)


def test_chance_counts_the_re_roll(engine_data):
    got = rows(skill_odds("c", "Chance", engine_data, "chance.md"))
    for target, want in BMO_CHANCE_FIRST.items():
        assert got[f"c(6) against {target}"].endswith(f"({want})")
    assert got["c(6) against (6)"] == "62.7% (271/432)"  # not the plain die's 41.7%
    assert got["(6) against (6)"] == "50.0% (1/2)"


def test_focus_counts_the_turn_down(engine_data):
    # f(6) against (6), a tie won at random: win 15/36; behind with b >= 2 the Focus die
    # turned down to 1 wins (10/36); a tie lost at random, then the same (5/36 of 1/2)
    got = rows(skill_odds("f", "Focus", engine_data, "focus.md"))
    assert Fraction(got["f(6) against (6)"].split("(")[1].rstrip(")")) == Fraction(61, 72)


def test_skills_felt_later_get_words_not_a_plain_dies_chart(engine_data):
    for letter, name in (("%", "Radioactive"), ("H", "Mighty"), ("b", "Boom")):
        (block,) = skill_odds(letter, name, engine_data, "x.md")
        assert block["svg"] == "" and "plain die" in block["caption"]
    (poison,) = skill_odds("p", "Poison", engine_data, "p.md")
    assert "scores -6 for its owner" in poison["caption"]  # minus its size while kept
    assert "-3 for its captor" in poison["caption"]


def test_skill_pages_in_the_browser(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(site_url + "buttonmen/skills/stinger/")
        odds = page.locator(".rp-odds").first
        assert "g(6) (6) captures (12)" in odds.inner_text()
        assert "58.3% (7/12)" in odds.inner_text().replace("\n", " ")
        assert "goes first 0.0" not in page.locator("article").inner_text()
        assert page.evaluate("document.scrollingElement.scrollWidth - innerWidth") <= 0
        sizes = page.eval_on_selector_all(
            ".rp-odds .rp-hbar span", "els => els.map((e) => parseFloat(getComputedStyle(e).fontSize))")
        assert sizes and min(sizes) >= 12
        page.goto(site_url + "buttonmen/skills/chance/")
        assert "62.7% (271/432)" in page.locator(".rp-odds").first.inner_text().replace("\n", " ")
    finally:
        context.close()
