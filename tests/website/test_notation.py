"""Recipes drawn in the printed buttons' notation."""

from __future__ import annotations

from rulepress.engine.buttonmen.recipe import parse_recipe
from rulepress.website.notation import die_types, draw_die


def drawn(text: str, skills: list[str]) -> str:
    return draw_die(parse_recipe(text)[0], skills, text)


def test_each_seed_look():
    assert '<span class="rp-over">12</span>' in drawn("s(12)", ["shadow"])
    assert '<span class="rp-through">4</span>' in drawn("t(4)", ["trip"])
    speed = drawn("z(10)", ["speed"])
    assert 'class="rp-frame-speed"' in speed and "rp-bolt" in speed
    assert 'class="rp-frame-null"' in drawn("n(6)", ["null"])
    assert 'class="rp-frame-stinger"' in drawn("g(6)", ["stinger"])
    assert "©8" in drawn("c(8)", ["chance"])
    assert "%U" in drawn("%(U)", ["radioactive"])
    assert "<sup>4</sup>/<sub>20</sub>" in drawn("(4/20)", [])


def test_skills_without_a_look_show_their_letter_and_looks_combine():
    html = drawn("ps(10)", ["poison", "shadow"])
    assert '<span class="rp-letters">p</span>' in html
    assert '<span class="rp-over">10</span>' in html
    both = drawn("zn(6)", ["speed", "null"])
    assert both.index("rp-frame-null") < both.index("rp-frame-speed")  # frames nest


def test_die_types_from_the_written_die():
    assert die_types(parse_recipe("(X,X)")[0]) == ["swing", "twin"]
    assert die_types(parse_recipe("(4/20)")[0]) == ["option"]
    assert die_types(parse_recipe("(6)")[0]) == []
