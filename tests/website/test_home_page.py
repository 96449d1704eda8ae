"""The home page shows each game by a picture drawn from the data (a button's recipe in
button notation, a robot card, a BrikWars stat card), not by a table of text; each picture
has a text alternative, and all three fit a 390-px phone in both colour schemes."""

from __future__ import annotations

import pytest

from rulepress.website.home import BUTTON, MARKER, ROBOT, UNIT, home_page

WIDE, PHONE = {"width": 1280, "height": 900}, {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def records(catalog):
    return {"button": catalog.get("buttonmen.button", BUTTON),
            "bot": catalog.get("evilrobots.bot", ROBOT),
            "unit": catalog.get("brikwars.unit", UNIT)}


@pytest.mark.parametrize("scheme, viewport", [("light", WIDE), ("dark", PHONE),
                                              ("dark", WIDE), ("light", PHONE)])
def test_each_game_has_a_picture_with_a_text_alternative(browser, site_url, records,
                                                         scheme, viewport):
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(site_url, wait_until="load")
        games = page.locator(".rp-game")
        assert games.count() == 3
        assert page.locator(".md-content table").count() == \
            page.locator(".rp-statcard table").count() == 1  # no table of text any more
        alts = [games.nth(i).locator("[role=img]").first.get_attribute("aria-label")
                for i in range(3)]
        button, bot, unit = records["button"], records["bot"], records["unit"]
        dice = button.recipe.split()
        # the recipe, die by die in button notation, and the same dice in words
        assert games.nth(0).locator(".rp-recipe > .rp-die").count() == len(dice)
        assert button.name in alts[0] and all(die in alts[0] for die in dice)
        assert games.nth(0).locator(".rp-over").count() == button.recipe.count("s(")  # Shadow
        # the robot card: icon, name, kind and ability as on the robot's own page
        card = games.nth(1)
        assert card.locator("svg.rp-bot-icon").count() == 1
        assert card.locator(".rp-card-name").inner_text() == bot.name
        assert card.locator(".rp-card-text").inner_text() == bot.ability
        assert bot.name in alts[1] and bot.ability in alts[1]
        # the stat card: the unit's stat table
        stats = dict(page.evaluate("""() => [...document.querySelectorAll(
            '.rp-statcard tbody tr')].map(tr => [...tr.cells].map(td => td.innerText))"""))
        assert stats["Skill"] == unit.skill.value and stats["Armor"] == str(unit.armor)
        assert stats["Move"] == f'{unit.move}"'
        assert f"Skill {unit.skill.value}" in alts[2] and f"Armor {unit.armor}" in alts[2]
        # each picture links to its record's page, and nothing is wider than the screen
        links = [games.nth(i).locator("figcaption a").get_attribute("href") for i in range(3)]
        assert links == [f"buttonmen/buttons/{BUTTON}/", f"evilrobots/bots/{ROBOT}/",
                         f"brikwars/units/{UNIT}/"]
        width = page.evaluate("document.documentElement.clientWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for i in range(3):
            box = games.nth(i).locator(".rp-game__art").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
    finally:
        context.close()


def test_the_home_page_needs_its_marker(project, catalog):
    home = project / "content" / "index.md"
    text = home.read_text(encoding="utf-8")
    assert MARKER in text and MARKER not in home_page(project, catalog)["index.md"]
    home.write_text(text.replace(MARKER, ""), encoding="utf-8")
    with pytest.raises(ValueError, match="games' pictures"):
        home_page(project, catalog)
