"""The rules figures without a browser: each is drawn from the data and the engine (change
the data and the picture follows), is well-formed SVG with an accessible name and a text
alternative, escapes every text it shows, and stands once on its rules page."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulepress import figures
from rulepress.data.load import load_catalog
from rulepress.problems import BuildError
from rulepress.website.figures import MARKER, figure_html, place_figures

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def drawn(catalog):
    return figures.draw(catalog)


@pytest.mark.parametrize("key", list(figures.FIGURES))
def test_each_figure_is_an_image_that_says_what_it_shows(drawn, key):
    figure = drawn[key]
    svg = ET.fromstring(figure_html(figure))  # the whole <figure> is well-formed markup
    art = svg.find(f".//{SVG}svg")
    assert art.get("role") == "img"
    name = art.find(f"{SVG}title")
    desc = art.find(f"{SVG}desc")
    assert art.get("aria-labelledby") == name.get("id") and name.text == figure.name
    assert art.get("aria-describedby") == desc.get("id")
    # the text alternative is a description of some length, with the picture's numbers
    assert len(desc.text) > 120
    shown = " ".join(t.text or "" for t in art.iter(f"{SVG}text"))
    numbers = set(re.findall(r"\d+(?:\.\d+)?%", shown))
    assert numbers <= set(re.findall(r"\d+(?:\.\d+)?%", desc.text)), numbers
    assert svg.find("figcaption").text == figure.caption


def test_every_figure_stands_once_beside_its_rule(root):
    found: dict[str, list[str]] = {}
    for page in sorted((root / "content").rglob("*.md")):
        for match in MARKER.finditer(page.read_text(encoding="utf-8")):
            found.setdefault(match.group(1), []).append(page.name)
    assert {k: len(v) for k, v in found.items()} == {k: 1 for k in figures.FIGURES}


def test_an_unknown_figure_names_its_page_and_line(catalog):
    pages = {"brikwars/x.md": "# X\n\ntext\n\n<!-- rulepress: figure explosion-ring -->\n"}
    with pytest.raises(BuildError, match=r"content/brikwars/x.md line 5: no figure "
                                         r"'explosion-ring'; the figures are explosion-rings"):
        place_figures(pages, catalog)


def test_a_figure_takes_its_numbers_from_the_data(project):
    """Change the data, and the figures change with it: no number is typed twice."""
    units = project / "data" / "brikwars" / "units.yaml"
    text = units.read_text(encoding="utf-8")
    text = text.replace("  - id: minifig\n    name: Minifig\n",
                        "  - id: minifig\n    name: Mini <b>fig</b> & co\n", 1)
    text = re.sub(r"(  - id: minifig\n(?:    .*\n)*?    move: )5", r"\g<1>6", text, count=1)
    units.write_text(text, encoding="utf-8")
    turrets = project / "data" / "brikwars" / "turrets.yaml"
    turrets.write_text(turrets.read_text(encoding="utf-8").replace(
        "max_weapon_inches: 4", "max_weapon_inches: 5"), encoding="utf-8")
    catalog = load_catalog(project)
    moves = figures.draw(catalog, ["movement-scale", "turrets", "explosion-rings"])
    assert 'Mini <b>fig</b> & co: 6"' in moves["movement-scale"].description
    assert "Mini &lt;b&gt;fig&lt;/b&gt; &amp; co" in moves["movement-scale"].svg()
    assert "<b>" not in moves["movement-scale"].svg()
    assert 'up to 5" of weapons' in moves["turrets"].description
    ET.fromstring(moves["explosion-rings"].svg())  # the escaped name keeps it well-formed


def test_the_scale_figure_prints_half_an_inch_per_game_inch(drawn):
    """Printed at 100 %, a ruler inch of the Move figure is half a real inch."""
    figure = drawn["movement-scale"]
    art = ET.fromstring(figure.svg())
    width_in = float(art.get("width").removesuffix("in"))
    view_width = float(art.get("viewBox").split()[2])
    from rulepress.figures.movement_scale import PRINT_SCALE, PX
    assert width_in / view_width * PX == pytest.approx(PRINT_SCALE)


def test_the_content_page_keeps_its_text_around_the_figure(root, catalog):
    page = (root / "content" / "brikwars" / "structures.md").read_text(encoding="utf-8")
    placed = place_figures({"brikwars/structures.md": page}, catalog)["brikwars/structures.md"]
    assert "rulepress: figure" not in placed
    assert placed.replace(figure_html(figures.draw(catalog, ["damage-track"])["damage-track"]),
                          "<!-- rulepress: figure damage-track -->") == page


def test_the_quick_reference_prints_some_figures(catalog, root):
    from rulepress.cards.decks.quickref import QUICKREF_FIGURES, brikwars
    document = brikwars(Path(root), catalog)
    assert set(document.fields["figures"]) == set(QUICKREF_FIGURES)
    for key in QUICKREF_FIGURES:
        assert str(document.fields["figures"][key]["svg"]).startswith("<svg")
