"""The build marks the BrikWars pages' dice expressions for rolling (website/dice_marks.py):
the text that reads as one and that the engine's parser takes, never text in a link, a
heading, a code block or a drawing, and each with the engine's plan."""

from __future__ import annotations

import json

from rulepress.website.dice_marks import mark_article, mark_dice


def marked(body: str, rules: str = "brikwars") -> tuple[str, dict]:
    plans: dict = {}
    return mark_article(body, rules, plans), plans


def test_text_with_dice_expressions_is_marked_with_the_engines_plan():
    html, plans = marked("<p>A minifig rolls a d6; a Pistol does 1d6+1 and a Bazooka 2d10 Exp "
                         "- 1.</p>")
    assert ('<span class="rp-roll" data-roll="d6" data-rules="brikwars">d6</span>' in html)
    assert '<span class="rp-roll" data-roll="1d6+1" data-rules="brikwars">1d6+1</span>' in html
    assert 'data-roll="2d10 Exp - 1"' in html
    assert plans["brikwars 1d6+1"]["bonus"]["6"] == {"on": 6, "die": 6}
    assert plans["brikwars 2d10 Exp - 1"]["modifier"] == -1


def test_links_headings_code_blocks_and_drawings_are_left_as_they_are():
    body = ('<h2 id="d6">Rolling a d6</h2><p><a href="x">1d6 rule</a> and <code>2d6</code>'
            '</p><pre><code>{"expr": "3d6"}</code></pre><svg><text>4d6</text></svg>'
            '<p>then 5d6</p>')
    html, plans = marked(body)
    assert html.count('class="rp-roll"') == 2  # the inline code's 2d6 and the text's 5d6
    assert 'data-roll="2d6"' in html and 'data-roll="5d6"' in html
    assert set(plans) == {"brikwars 2d6", "brikwars 5d6"}


def test_words_that_only_look_like_dice_are_not_marked():
    html, _ = marked("<p>d6s, 3d6x, v1.2d6, the d0 and d10000 dice, 2d6.5</p>")
    assert 'class="rp-roll"' not in html


def test_quikwars_pages_roll_six_sided_dice_by_quikwars_rules():
    html, plans = marked("<p>roll 2d6 or a d10</p>", "quikwars")
    assert 'data-roll="2d6" data-rules="quikwars"' in html and 'data-roll="d10"' not in html
    assert plans["quikwars 2d6"]["critical_failure"]["counts"] == "ignore"


def test_the_site_pass_writes_one_file_of_plans(tmp_path):
    page = tmp_path / "brikwars" / "weapons" / "index.html"
    page.parent.mkdir(parents=True)
    (tmp_path / "assets").mkdir()
    page.write_text('<html><p>outside 1d6</p><article class="md-content__inner md-typeset">'
                    '<p>Damage 1d6+1</p></article></html>', encoding="utf-8")
    assert mark_dice(tmp_path) == 1
    text = page.read_text(encoding="utf-8")
    assert "outside 1d6" in text and 'data-roll="1d6+1"' in text
    plans = json.loads((tmp_path / "assets" / "roll-plans.json").read_text(encoding="utf-8"))
    assert list(plans) == ["brikwars 1d6+1"]
