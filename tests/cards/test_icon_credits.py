"""Every icon is credited to its own author (CC BY 3.0), in the PDFs and on the site: the
authors come from the icon package's upstream folders (icon_authors.json), never from a
list of exceptions."""

from __future__ import annotations

import json

from rulepress.cards.decks.evilrobots import BACK_ICON, POWER_ICON
from rulepress.cards.docinfo import About
from rulepress.icons import AUTHORS, author, credit
from rulepress.website.evilrobots_applet import site_icons
from rulepress.website.sources_page import PAGE, sources_page


def test_the_authors_game_icons_net_names(catalog):
    # the four that are not Lorc's or Delapouite's, as game-icons.net credits them
    assert {name: author(name) for name in
            ("fist", "boarding-pass", "battery-minus", "health-increase")} == {
        "fist": "Skoll", "boarding-pass": "Caro Asercion", "battery-minus": "PriorBlue",
        "health-increase": "Sbed"}
    assert author("robot-golem") == "Lorc" and author("devil-mask") == "Delapouite"


def test_every_icon_the_project_draws_has_an_author(catalog):
    used = site_icons(catalog) | {BACK_ICON, POWER_ICON}
    assert len(used) >= 20
    assert [name for name in sorted(used) if author(name) is None] == []


def test_the_authors_are_for_the_installed_package(root):
    installed = json.loads((root / "node_modules" / "@iconify-json" / "game-icons" /
                            "package.json").read_text())
    recorded = json.loads(AUTHORS.read_text())["package"]
    assert recorded == f"{installed['name']}@{installed['version']}"  # else re-run the script


def test_pdf_and_site_credit_each_author(root, catalog):
    about = About("Evil Robots cards", "", "evilrobots", icons=("fist", "robot-golem"))
    rights = " ".join(about.credits)
    assert "Skoll (fist)" in rights and "Lorc (robot-golem)" in rights
    assert "CC BY 3.0" in rights
    page = sources_page(root, catalog)[PAGE]
    line = credit(site_icons(catalog))
    assert "Caro Asercion (boarding-pass)" in line and "Sbed (health-increase)" in line
    assert "## Icons" in page and "PriorBlue" in page and "Skoll" in page
