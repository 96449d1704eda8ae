"""Entity pages link to their calculator with the entity filled in (issue 21, item 10), and
the page a link opens answers exactly what the engine answers for those inputs."""

from __future__ import annotations

import re
from html import unescape

import pytest

from rulepress.engine.query import answer
from rulepress.website.calc_links import calculator_request

CANONICAL_EQUAL = """want => { const r = document.querySelector('.rp-calc').lastResponse;
  const c = (v) => JSON.stringify(v, (k, x) => x && typeof x === 'object' && !Array.isArray(x)
    ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x);
  return r !== undefined && c(r) === c(want); }"""

# (entity page, link text, calculator, the inputs the link must carry); the inputs are the
# record's own: Aysez is s(U) z(U) %(U) n(U) g(U) t(U), U runs 8 to 30 (a link takes the
# usual size nearest the middle, 20); the Worker's Skill die is unknown, so only as a target
CASES = [
    ("buttonmen/buttons/aysez/", "who goes first", "buttonmen-odds",
     {"my_recipe": "Aysez", "my_swing": {"U": 20}}),
    # Greed is (8) (12) (12) z(12) z(4/20): its option die at its first size, no swing dice
    ("buttonmen/buttons/greed/", "who goes first", "buttonmen-odds",
     {"my_recipe": "Greed", "my_swing": {}, "my_options": [4]}),
    ("buttonmen/buttons/aysez/", "a Trip attack by its t(20)", "buttonmen-trip",
     {"attacker": "t(20)"}),
    ("brikwars/weapons/short-ranged-weapon/", "the attack calculator with this weapon",
     "brikwars-attack", {"weapon": "short-ranged-weapon"}),
    ("brikwars/specialists/worker/", "with it as the target", "brikwars-attack",
     {"target": "worker"}),
    ("evilrobots/bots/plusbot/", "the round scorer with PlusBot", "evilrobots-score",
     {"players": [{"name": "Ann", "power": 4, "team": "Good", "robot": "plusbot"},
                  {"name": "Bo", "power": 9, "team": "Evil"},
                  {"name": "Cy", "power": 2, "team": "Evil"}]}),
]


@pytest.mark.parametrize("entity, text, calc, values", CASES,
                         ids=[f"{c[0].split('/')[-2]}-{c[2]}" for c in CASES])
def test_a_link_opens_its_calculator_on_the_right_answer(page, site_url, engine_data,
                                                         entity, text, calc, values):
    want = answer(calculator_request(calc, values), engine_data)
    assert want["ok"]
    page.goto(site_url + entity)
    link = page.locator(".rp-calc-links a", has_text=text)
    assert f"calculators/{calc}/?" in link.get_attribute("href")
    link.click()
    page.wait_for_url(re.compile(f"calculators/{calc}/"))
    page.wait_for_function(CANONICAL_EQUAL, arg=want, timeout=120000)
    assert page.locator(".rp-calc__error").count() == 0
    assert page.offsite == []


def test_links_carry_what_the_calculator_reads(built_site):
    aysez = (built_site / "buttonmen/buttons/aysez/index.html").read_text(encoding="utf-8")
    hrefs = [unescape(h) for h in re.findall(r'class="rp-calc-links"[^>]*>.*?</p>', aysez)[0]
             .split('href="')[1:]]
    assert hrefs[0].startswith("../../../calculators/buttonmen-odds/?my_recipe=Aysez&my_swing=U%3D20")
    # a button whose name has "(" would read as a recipe: the link names its id
    carson = (built_site / "buttonmen/buttons/carson-promo/index.html").read_text(encoding="utf-8")
    assert "my_recipe=carson-promo" in carson
    # anthony's plasma die {zf,Bp}(V): its first set, zf, named in the link's text
    anthony = (built_site / "buttonmen/buttons/anthony/index.html").read_text(encoding="utf-8")
    assert "its plasma die as zf: change it there" in anthony and "my_plasma=zf" in anthony
    shield = (built_site / "brikwars/weapons/shield/index.html").read_text(encoding="utf-8")
    assert "rp-calc-links" not in shield  # no Damage of its own: nothing to work out
    # the links are navigation: out of the search index ("first blood" found buttons first)
    index = (built_site / "search/search_index.json").read_text(encoding="utf-8")
    assert "who goes first against another button" not in index
