"""What a player tripped over on the pages (issue 21, items 4, 7 and 8)."""

from __future__ import annotations

import re

import pytest

from rulepress.website.render import brikwars, buttonmen


@pytest.fixture
def button_pages(buttonmen_pages) -> dict[str, str]:
    return buttonmen_pages


def test_a_button_with_an_unknown_letter_shows_its_dice_and_flags_the_letter(button_pages):
    # BMO's recipe "(6) p(6) =(10) (4/12) (4/20)": five dice, Poison and Option, and '='
    page = button_pages["buttonmen/buttons/agent-orange.md"]
    assert "<tr><td>Dice</td><td>5</td></tr>" in page
    dice_table = page.split("## Dice", 1)[1].split("</table>", 1)[0]
    assert dice_table.count("<tr><td>") == 5
    assert "unknown letter <code>=</code>" in dice_table
    assert 'title="&#61;&#40;10&#41;: unknown letter &#61;"' in dice_table  # not "plain die"
    row = next(line for line in button_pages["buttonmen/buttons/index.md"].splitlines()
               if 'href="agent-orange/"' in line)
    assert '<td data-sort="5">5</td>' in row
    assert "Poison, Option" in row and "unknown letter <code>=</code>" in row
    assert re.search(r'data-skill="[^"]*\bpoison\b[^"]*\boption\b', row)


def test_no_button_with_a_parsable_recipe_shows_zero_dice(button_pages, catalog):
    index = button_pages["buttonmen/buttons/index.md"]
    zero = [line for line in index.splitlines() if 'data-dice="0"' in line]
    unparsable = [b for b in catalog.all("buttonmen.button")
                  if b.rejected is not None and b.rejected.code not in buttonmen.UNKNOWN_CODES]
    assert len(zero) == len(unparsable)


def test_a_weapon_without_a_damage_value_says_unknown_and_why(render_context):
    """Lost ("?") and not applicable ("—") as on the cards (the data's null_kind)."""
    pages = brikwars.pages(render_context)
    autogun = pages["brikwars/weapons/autogun.md"]
    assert re.search(r'<td>Damage</td><td><span class="rp-fact rp-unknown">\? unknown \(lost '
                     r'from the book\)</span>: The cell keeps only &quot;\+1&quot; \(L1555\)',
                     autogun)
    shield = pages["brikwars/weapons/shield.md"]
    assert ('<td>Damage</td><td><span class="rp-fact">— does not apply</span>: A Shield cannot '
            'attack') in shield
    weapons = {path: text for path, text in pages.items()
               if path.startswith(("brikwars/weapons/", "brikwars/scaled-weapons/"))
               and not path.endswith("index.md")}
    assert weapons and all("<td>Damage</td>" in text for text in weapons.values())


@pytest.mark.without_engine  # looks at the page: the build's answer
def test_the_score_calculator_fits_a_phone_and_names_negativebots_pick(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(site_url + "calculators/evilrobots-score/")
    result = page.locator(".rp-calc__result")
    result.locator("li").first.wait_for(timeout=15000)  # the build's answer, shown at once
    width = page.evaluate("document.documentElement.scrollWidth")
    effects = result.locator("li").all_inner_texts()
    context.close()
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    assert "Bo, picked by NegativeBot: power counts as -9" in effects
    assert not any("(negativebot)" in text for text in effects)
