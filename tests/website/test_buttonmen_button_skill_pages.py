"""Button Men pages tell the whole button (issue 30): button skills, Echo, Zero and the
RandomBM buttons, Radioactive's page, the scoring text, "Compare with…" and grammar."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest

from rulepress.engine.buttonmen.skills import BUTTON_SKILLS, button_skill
from rulepress.engine.query import answer
from rulepress.website.previews import read_page


@pytest.fixture
def pages(buttonmen_pages) -> dict[str, str]:
    return buttonmen_pages


def _row(page: str, label: str) -> str:
    found = re.search(rf"<tr><td>{re.escape(label)}</td><td>(.*?)</td></tr>", page)
    assert found, label
    return found.group(1)


@pytest.mark.parametrize("button, skill_page, words", [
    ("giant", "giant", "cannot win the initiative"),
    ("the-japanese-beetle", "skill-immune", "cannot be the target of Skill attacks"),
    ("the-flying-squirrel", "no-skill-attacks", "cannot make Skill attacks"),
    ("gordo", "unique-swing", "no two of its dice may be the same size"),
    ("oregon", "unique-swing", "must each take a different size"),
    ("zero", "echo", "plays the opponent"),
])
def test_a_button_page_names_its_button_skill_and_links_its_rule(pages, button, skill_page,
                                                                  words):
    page = pages[f"buttonmen/buttons/{button}.md"]
    row = unescape(_row(page, "Button skill"))
    assert f'href="../../skills/{skill_page}/"' in row and words in row
    assert f"buttonmen/skills/{skill_page}.md" in pages  # the rule's page exists
    assert "../../skills/" + skill_page in _row(page, "Skills and die types")


def test_every_button_with_a_button_skill_shows_it_and_others_say_none(pages, catalog):
    for button in catalog.all("buttonmen.button"):
        row = _row(pages[f"buttonmen/buttons/{button.id}.md"], "Button skill")
        own = button_skill(button.name)
        assert (f"../../skills/{own.page}/" in row) if own else row == "none", button.id


def test_the_compare_card_carries_the_button_skill(pages):
    card = read_page("<article>" + pages["buttonmen/buttons/giant.md"] + "</article>")
    facts = dict(card["facts"])
    assert facts["Button skill"] == "Giant (button): cannot win the initiative"


def test_every_button_skill_page_lists_its_buttons(pages, catalog):
    names = {b.name for b in catalog.all("buttonmen.button")}
    for skill in {b.page for b in BUTTON_SKILLS.values()}:
        page = unescape(pages[f"buttonmen/skills/{skill}.md"])
        listed = [b.name for b in BUTTON_SKILLS.values() if b.page == skill]
        shown = [n for n in names if button_skill(n) and button_skill(n).page == skill]
        assert shown and all(f">{n}</a>" in page for n in shown), (skill, listed)


@pytest.mark.parametrize("button", ["echo", "zero"])
def test_echo_and_zero_pages_say_they_copy_and_link_a_calculator(pages, render_context, button):
    page = unescape(pages[f"buttonmen/buttons/{button}.md"])
    assert "cannot be drawn or played here" not in page
    assert "has no dice of its own" in page and "opponent's recipe" in page
    link = re.search(r'href="([^"]*buttonmen-odds/\?[^"]*)"', page).group(1)
    values = {k: v[0] for k, v in parse_qs(urlparse(link).query).items()}
    request = {"game": "buttonmen", "op": "odds", "players": [
        {"recipe": values["my_recipe"], "swing": {}},
        {"recipe": "(4) (8) (10) (12) (12)", "swing": {}}]}
    out = answer(request, render_context.engine_data)
    assert out["ok"] and out["dice"][0] == out["dice"][1]  # a copy of the other recipe


@pytest.mark.parametrize("button", sorted(b.lower() for b, s in BUTTON_SKILLS.items()
                                          if s.effect == "random-recipe"))
def test_randombm_pages_say_what_bmo_does_and_offer_a_deal(pages, render_context, button):
    page = unescape(pages[f"buttonmen/buttons/{button}.md"])
    assert "cannot be drawn or played here" not in page
    assert "deals it a new random recipe for each game" in page
    dealt = re.search(r"One deal \(seed 1\): <code>(.*?)</code>", page).group(1)
    name = next(b for b in BUTTON_SKILLS if b.lower() == button)
    expected = answer({"game": "buttonmen", "op": "random_recipe", "button": name, "seed": 1},
                      render_context.engine_data)["recipe"]
    assert dealt == expected
    assert "this dealt recipe: who goes first" in page


def test_radioactive_page_says_what_the_new_dice_and_a_surviving_target_lose(pages):
    page = unescape(pages["buttonmen/skills/radioactive.md"])
    assert "the two new dice lose Radioactive, Turbo, Mood, Mad, TimeAndSpace and Jolt" in page
    assert "a target that survives (a failed Trip) loses Radioactive" in page


def test_initiative_page_does_not_say_every_die_scores_half_its_size(root):
    text = " ".join((root / "content/buttonmen/initiative.md").read_text(encoding="utf-8").split())
    assert "each die still in play scores half its size" not in text
    for skill in ("Null", "Poison", "Value", "Warrior"):
        assert f"a {skill} die" in text


def test_compare_from_a_skill_opens_on_a_related_skill(pages):
    def second(page):
        link = unescape(re.search(r'class="rp-compare-link" href="([^"]*)"', page).group(1))
        return parse_qs(urlparse(link).query)["b"][0]
    assert second(pages["buttonmen/skills/shadow.md"]) not in ("auxiliary", "shadow")
    assert second(pages["buttonmen/skills/shadow.md"]) == "poison"  # on the most of its buttons
    skills = [p for p in pages if p.startswith("buttonmen/skills/") and not p.endswith("index.md")]
    assert all(second(pages[p]) != p.rsplit("/", 1)[1][:-3] for p in skills)
    # a button opens beside another of its set
    assert second(pages["buttonmen/buttons/giant.md"]) == "coil"


def test_no_article_is_glued_to_a_recipe_or_a_swing_letter(pages):
    # "a X swing die", "a I(6)": a letter read aloud takes "an" before a vowel sound
    for path, page in pages.items():
        text = unescape(page)
        assert not re.search(r"\ba [AEFHILMNORSX] swing\b", text), path
        assert not re.search(r"\ba [A-Za-z%&?!#^`+]+\(\d", text), path


def test_the_compare_spec_marks_the_buttons_that_copy(catalog):
    from rulepress.website.compare import button_facts
    facts = button_facts(catalog)
    assert facts["zero"]["copies"] and facts["echo"]["copies"]
    assert "copies" not in facts["giant"] and facts["giant"]["swing"] == {}
