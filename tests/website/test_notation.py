"""Button Men dice drawn in the printed buttons' notation: one definition
(notation/buttonmen.py), checked against Button Men Online's own order, and the site's
HTML and the cards' drawings read back and compared with it on every BMO recipe."""

from __future__ import annotations

import json
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulepress.cards.notation import recipe_marks, skill_ids_in
from rulepress.engine.buttonmen.recipe import parse_recipe
from rulepress.notation.buttonmen import (LOOKS, Drawn, die_type_ids, draw, text_form,
                                          written)
from rulepress.website.notation import draw_die
from rulepress.website.render.buttonmen import _die_title, _size_text

BMO_PARSE = Path(__file__).parents[1] / "fixtures" / "buttonmen" / "bmo" / "parse.jsonl"


@pytest.fixture(scope="module")
def letters(catalog) -> dict[str, str]:
    return {s.letter: s.id for s in catalog.all("buttonmen.skill") if s.letter}


@pytest.fixture(scope="module")
def bmo_buttons() -> list[dict]:
    """BMO's parse of its 875 stored buttons: each die as BMDie::get_recipe prints it."""
    rows = [json.loads(line) for line in BMO_PARSE.read_text(encoding="utf-8").splitlines()]
    return [r for r in rows if r["case"].get("button")]


class SiteReader(HTMLParser):
    """The site's HTML for one die read back into text_form's shape."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.before = self.after = self.size = ""
        self.frames: list[str] = []
        self.pictures: list[str] = []
        self.lines: list[str] = []
        self.fraction = False
        self.bold = False

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        role = ""
        if "rp-letters" in classes:
            role = "after" if "rp-after" in classes else "before"
        elif any(c.startswith("rp-frame-") for c in classes):
            self.frames += [c[len("rp-frame-"):] for c in classes if c.startswith("rp-frame-")]
        elif "rp-bolt" in classes:
            self.pictures.append("bolt")
        elif "rp-cube" in classes:
            self.pictures.append("cube")
        elif "rp-frac" in classes:
            self.fraction = True
        self.lines += [{"rp-over": "over", "rp-through": "through"}[c] for c in classes
                       if c in ("rp-over", "rp-through")]
        if "rp-cap" in classes:
            self.bold = True
        self.stack.append(role or (self.stack[-1] if self.stack else ""))

    def handle_endtag(self, tag):
        self.stack.pop()

    def handle_data(self, data):
        where = self.stack[-1] if self.stack else ""
        text = ("*" if self.bold else "") + data
        self.bold = False
        if where == "before":
            self.before += text
        elif where == "after":
            self.after += text
        else:
            self.size += data

    def text_form(self) -> str:
        core = " ".join([*sorted(self.pictures), ("frac " if self.fraction else "") + self.size,
                         *self.lines])
        for frame in reversed(self.frames):
            core = f"{frame}[{core}]"
        return f"{self.before}<{core}>{self.after}"


def site_form(die, letters) -> str:
    reader = SiteReader()
    reader.feed(draw_die(die, letters, die.text))
    return reader.text_form()


def card_form(token: str, letters) -> str:
    """What a card carries for the die (through the JSON in its HTML), as text."""
    [marks] = json.loads(json.dumps(recipe_marks(token, letters)))
    return text_form(Drawn.from_json(marks))


def test_site_and_cards_draw_every_bmo_recipe_the_same(bmo_buttons, letters):
    dice = 0
    for row in bmo_buttons:
        for die in parse_recipe(row["case"]["recipe"]):
            expected = text_form(draw(die, letters))
            assert site_form(die, letters) == expected, (row["case"]["button"], die.text)
            assert card_form(die.text, letters) == expected, (row["case"]["button"], die.text)
            dice += 1
    assert len(bmo_buttons) == 875 and dice > 4000


def test_the_order_is_button_men_onlines(bmo_buttons, letters):
    """Skill letters in BMO's printed order (BMDie::get_recipe), Turbo, Mood and Mad after
    the size; frames nest in that order, the first written outermost."""
    compared = 0
    for row in bmo_buttons:
        ours = parse_recipe(row["case"]["recipe"])
        for die, bmo in zip(ours, row["bmo"].get("dice", [])):
            if "recipe" not in bmo:
                continue  # BMO drops a plasma die
            known = replace(die, skills=tuple(c for c in die.skills if c in bmo["skills"]))
            assert written(known, letters) == bmo["recipe"], row["case"]["button"]
            drawn = draw(known, letters)
            prefix = bmo["recipe"][:bmo["recipe"].index("(")]
            framed = [LOOKS[letters[c]].frame for c in prefix
                      if LOOKS.get(letters[c]) and LOOKS[letters[c]].frame]
            assert list(drawn.frames) == framed
            suffix = bmo["recipe"][bmo["recipe"].rindex(")") + 1:]
            assert "".join(m.text for m in drawn.after) == suffix
            compared += 1
    assert compared > 4000


@pytest.mark.parametrize("token, expected", [
    ("zn(12)", "n<speed[null[bolt 12]]>"),  # Caligari: Speed written first, outermost
    ("nz(6)", "n<null[speed[bolt 6]]>"),
    ("tzn(16)", "n<speed[null[bolt 16 through]]>"),
    ("s(8)", "s<8 over>"),  # Shadow: the bar and the letter s
    ("n(10)", "n<null[10]>"),  # Null: the frame and the letter n
    ("S(X)", "*S<X>"),  # Select: a bold capital, unlike Shadow's s
    ("(X)!", "<X>!"), ("!p(V)", "p<V>!"), ("(X)?", "<X>?"),  # Turbo, Mood: suffixes
    ("g(6)", "<stinger[cube 6]>"), ("gz(Z)", "<stinger[speed[bolt cube Z]]>"),
    ("c(20)", "©<20>"), ("%(4)", "%<4>"), ("t(4)", "<4 through>"),
    ("(4/20)", "<frac 4/20>"), ("(4,4)", "<4,4>"), ("(C)", "<C>"), ("z(C)", "<speed[bolt C]>"),
    ("{fz,gz}(12)", "{fz,gz}<12>"), ("(3)q", "q<3>"),
])
def test_tricky_dice(token, expected, letters):
    die = parse_recipe(token)[0]
    assert text_form(draw(die, letters)) == expected
    assert site_form(die, letters) == expected
    assert card_form(token, letters) == expected


def test_the_definition_matches_the_seeds_words(catalog):
    """Where the data's button_notation names a letter, the drawing writes it; where it
    names a frame, a bar, a strike or a cube, the look has it."""
    for skill in catalog.all("buttonmen.skill"):
        words = skill.button_notation or ""
        shown = LOOKS.get(skill.id)
        if "the letter" in words:
            assert shown is None or shown.letter, skill.id
        if "frame" in words and skill.category == "skill":
            assert shown and shown.frame == skill.id, skill.id
        if "bar over" in words:
            assert shown and shown.line == "over"
        if "struck through" in words:
            assert shown and shown.line == "through"
        if "cube" in words:
            assert shown and shown.picture == "cube"


def test_a_wildcard_is_a_die_type_the_card_back_and_page_explain(letters):
    assert die_type_ids(parse_recipe("(C)")[0]) == ["wildcard"]
    assert die_type_ids(parse_recipe("(X,X)")[0]) == ["swing", "twin"]
    assert die_type_ids(parse_recipe("(4/20)")[0]) == ["option"]
    assert die_type_ids(parse_recipe("(6)")[0]) == []
    assert "wildcard" in skill_ids_in("(C) (C) (C) (C) (C)", letters)
    die = parse_recipe("(C)")[0]
    assert _die_title(die, [], {"wildcard": "Wildcard"}) == "(C): Wildcard"
    assert "playing card" in _size_text(die)
    assert "Wildcard card" in _size_text(parse_recipe("(C,C)")[0])
