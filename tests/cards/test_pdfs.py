"""The real decks as PDFs, read back with poppler: sizes, cards per sheet, names, backs, fonts."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from PIL import Image

from pdftools import PT_PER_MM, fonts, page_sizes, page_texts, png, run, words
from rulepress.cards.compose import PrintSettings
from rulepress.cards.docinfo import AUTHORS, GAMES
from rulepress.cards.make import make, make_item, product
from rulepress.cards.notation import recipe_marks
from rulepress.data.load import load_catalog

SIZES = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}
BUTTONS = 20  # a slice of the Button Men deck: the layout is the same for every button


@pytest.fixture(scope="module")
def catalog(root):
    return load_catalog(root)


@pytest.fixture(scope="module")
def pdfs(root, catalog, tmp_path_factory):
    """Every product on both papers (Button Men cut to a slice), written to files."""
    folder = tmp_path_factory.mktemp("print")
    out: dict[tuple[str, str], tuple[Path, object]] = {}
    buttons = product(root, catalog, "buttonmen-cards")
    buttons = dataclasses.replace(buttons, cards=buttons.cards[:BUTTONS])
    for paper in SIZES:
        for name in ("evilrobots-cards", "calibration", "buttonmen-quickref",
                     "evilrobots-quickref", "buttonmen-cards", "brikwars-specialists",
                     "brikwars-units", "brikwars-weapons", "brikwars-quikwars"):
            # the cache lets Letter reuse the faces rendered for A4, as a build does
            cache = folder / "cache"
            made = (make_item(buttons, PrintSettings(paper), cache) if name == "buttonmen-cards"
                    else make(root, catalog, name, PrintSettings(paper), cache))
            path = folder / f"{name}-{paper}.pdf"
            path.write_bytes(made.pdf)
            out[(name, paper)] = (path, made)
    return out


@pytest.mark.parametrize("paper", list(SIZES))
def test_every_page_is_the_paper_size(pdfs, paper):
    for name, on in pdfs:
        if on == paper:
            sizes = page_sizes(pdfs[(name, paper)][0])
            assert sizes, name
            assert all(s == pytest.approx(SIZES[paper], abs=0.01) for s in sizes), name


@pytest.mark.parametrize("paper", list(SIZES))
def test_evil_robots_deck_fronts_then_backs(pdfs, catalog, paper):
    path, made = pdfs[("evilrobots-cards", paper)]
    texts = page_texts(path)
    per = {"a4": 9, "letter": 6}[paper]  # Letter's margins leave room for two rows
    sheets = 36 // per
    assert made.cards == 36 and len(texts) == 2 * sheets + 1  # fronts, backs, credits
    fronts, backs, credits = texts[0:2 * sheets:2], texts[1:2 * sheets:2], texts[-1]
    per_sheet = [len(re.findall(r"robot \d+/18", t)) + len(re.findall(r"Power \d\b", t))
                 for t in fronts]
    assert per_sheet == [per] * sheets
    assert all(t.count("EVIL ROBOTS") == per for t in backs)
    everything = " ".join(texts)
    for bot in catalog.all("evilrobots.bot"):
        assert bot.name in everything
    for level in range(1, 10):  # two copies of each power level
        assert len(re.findall(rf"Power {level}\b", " ".join(fronts))) == 2
    assert "game-icons.net" in credits and "CC BY 3.0" in credits


@pytest.mark.parametrize("paper", list(SIZES))
def test_button_cards_show_name_set_recipe_and_skills(root, pdfs, catalog, paper):
    path, made = pdfs[("buttonmen-cards", paper)]
    texts = page_texts(path)
    fronts, backs = texts[0::2], texts[1::2]
    per = {"a4": [9, 9, 2], "letter": [6, 6, 6, 2]}[paper]  # BUTTONS cards
    assert [len(re.findall(r"Button Men · \d+/\d+", t)) for t in fronts] == per
    names = [c.name for c in product(root, catalog, "buttonmen-cards").cards[:BUTTONS]]
    assert all(f"{name} · skills" in " ".join(backs) for name in names)  # backs name them
    # drawn paragraphs (text_art.py) are real text too: every skill's words, in order
    # (pdftotext joins a word broken after its hyphen: hyphens are left out of the match)
    squeezed_backs = "".join("".join(backs).split()).replace("-", "")
    for card in product(root, catalog, "buttonmen-cards").cards[:BUTTONS]:
        for skill in card.back.fields["skills"]:  # explained, or named in the closing line
            named = skill["name"] + (f" ({skill['mark']})" if skill["mark"] else "")
            assert "".join((named + "." + skill["text"]).split()).replace("-", "") in \
                squeezed_backs or \
                "Alsoonthisbutton:" in squeezed_backs and "".join(named.split()) in \
                squeezed_backs, skill
        if card.front.fields["undescribed"]:
            assert "".join(card.front.fields["undescribed"].split()) in \
                "".join("".join(fronts).split())
    letters = {s.letter: s.id for s in catalog.all("buttonmen.skill") if s.letter}
    squeezed = "".join("".join(fronts).split())
    for button in catalog.all("buttonmen.button")[:BUTTONS]:
        assert " ".join(button.name.split()) in " ".join(fronts), button.name
        assert (button.set or "no set") in " ".join(fronts)
        for die in recipe_marks(button.recipe, letters):  # drawn recipes are real text
            written = "".join(text for text, _ in die["before"]) + die["plasma"]
            written += "" if die.get("fraction") else die["size"]
            assert written in squeezed, (button.name, die)
    assert made.overflows == []


def _labels(path: Path, page: int) -> tuple[tuple[float, float], dict[str, tuple[float, float]]]:
    """Centres of the calibration cards' '#n' labels, in points."""
    size, found = words(path, page)
    return size, {text: ((x0 + x1) / 2, y0) for text, x0, y0, x1, y1 in found
                  if re.fullmatch(r"#\d", text)}


@pytest.mark.parametrize("paper", list(SIZES))
def test_backs_line_up_with_fronts_within_a_tenth_of_a_millimetre(pdfs, paper):
    path, _ = pdfs[("calibration", paper)]
    (width, _), fronts = _labels(path, 1)
    _, backs = _labels(path, 2)
    assert len(fronts) == len(backs) == {"a4": 9, "letter": 6}[paper]
    for label, (x, y) in fronts.items():
        back_x, back_y = backs[label]
        assert abs((width - back_x) - x) / PT_PER_MM < 0.1, label  # long-edge flip
        assert abs(back_y - y) / PT_PER_MM < 0.1, label


def test_back_offset_moves_every_back_by_that_much(root, catalog, tmp_path):
    path = tmp_path / "calibration.pdf"
    path.write_bytes(make(root, catalog, "calibration",
                          PrintSettings("a4", back_offset=(0.8, -0.5))).pdf)
    (width, _), fronts = _labels(path, 1)
    _, backs = _labels(path, 2)
    for label, (x, y) in fronts.items():
        back_x, back_y = backs[label]
        assert (back_x - (width - x)) / PT_PER_MM == pytest.approx(0.8, abs=0.1)
        assert (back_y - y) / PT_PER_MM == pytest.approx(-0.5, abs=0.1)


def test_every_font_is_embedded(pdfs):
    for (name, paper), (path, _) in pdfs.items():
        rows = fonts(path)
        assert rows, name
        assert all(r["emb"] == "yes" for r in rows), (name, paper, rows)


def test_quick_references_come_from_the_data(pdfs, catalog):
    bm = " ".join(page_texts(pdfs[("buttonmen-quickref", "a4")][0]))
    for skill in catalog.all("buttonmen.skill"):
        assert skill.name in bm
    er = " ".join(page_texts(pdfs[("evilrobots-quickref", "letter")][0]))
    for bot in catalog.all("evilrobots.bot"):
        assert bot.name in er
    assert "1/4" in er and "1/2" in er  # the coin odds, computed exactly


@pytest.mark.parametrize("paper", list(SIZES))
def test_quick_references_are_the_two_sides_of_one_sheet(pdfs, catalog, paper):
    """Button Men: a round, going first, attacks and scoring on side 1, the skills on side
    2; Evil Robots: the phases, actions, conversions and scoring on side 1, the robots on
    side 2, with the round's numbers from the data (the print page says two pages)."""
    bm = page_texts(pdfs[("buttonmen-quickref", paper)][0])
    assert len(bm) == 2
    for heading in ("A round", "Who goes first", "Attacks", "Scoring"):
        assert heading in bm[0], heading
    for attack in ("Power", "Skill", "Shadow", "Speed", "Berserk", "Trip", "Rush", "Boom"):
        assert f"{attack} " in bm[0]
    assert "Winning 3 rounds wins the match" in bm[0]
    assert "Rage dice, Slow dice, Stinger dice, Trip dice, Warrior dice" in bm[0]
    assert "Swing letters" in bm[1] and "8–30" in bm[1]  # U, from the swing table
    er = page_texts(pdfs[("evilrobots-quickref", paper)][0])
    assert len(er) == 2
    rule = catalog.all("evilrobots.round_rule")[-1]
    for text in ("Debate.", "Countdown.", "Pass phase.", "Conversions", "Scoring",
                 f"the first to {rule.win_points.value} points",
                 f"each member gets {rule.fallback_points.value} point",
                 f"with power {rule.extra_robot_power.value}", "hand the win to Neutral"):
        assert text in er[0], text
    for action in catalog.all("evilrobots.action"):
        assert action.name in er[0], action.name
    for bot in catalog.all("evilrobots.bot"):
        assert bot.name in er[1]


def test_one_sheet_of_every_pdf_renders_with_ink_on_it(pdfs, tmp_path):
    """Renders the first sheet of each PDF to PNG (also for looking at by eye)."""
    for (name, paper), (path, _) in pdfs.items():
        image = Image.open(png(path, 1, tmp_path / f"{name}-{paper}")).convert("L")
        inked = sum(image.histogram()[:200]) / (image.width * image.height)
        assert 0.005 < inked < 0.9, (name, paper, inked)


def test_bleed_sheets_hold_four_cards_on_the_same_paper(root, catalog, tmp_path):
    path = tmp_path / "bleed.pdf"
    made = make(root, catalog, "evilrobots-cards", PrintSettings("letter", bleed=3))
    path.write_bytes(made.pdf)
    assert all(s == pytest.approx(SIZES["letter"], abs=0.01) for s in page_sizes(path))
    first = page_texts(path)[0]
    assert len(re.findall(r"robot \d+/18", first)) == 4


def test_brikwars_units_and_weapons_are_single_sided_nine_a_sheet(pdfs, catalog):
    for name, kinds in (("brikwars-units", ["brikwars.unit"]),
                        ("brikwars-weapons", ["brikwars.item", "brikwars.scaled_weapon"])):
        path, made = pdfs[(name, "a4")]
        records = [r for kind in kinds for r in catalog.all(kind)
                   if getattr(r, "rules", "brikwars") == "brikwars"]
        texts = page_texts(path)
        assert made.cards == len(records) and len(texts) == -(-len(records) // 9)  # no backs
        everything = " ".join(texts)
        for record in records:
            assert record.name in everything, (name, record.name)


@pytest.mark.parametrize("paper", list(SIZES))
def test_specialists_fold_over_three_a_sheet_stats_front_specialties_back(pdfs, catalog,
                                                                         paper):
    path, made = pdfs[("brikwars-specialists", paper)]
    specialists = catalog.all("brikwars.specialist")
    texts = page_texts(path)
    assert len(texts) == -(-len(specialists) // 3)
    per_sheet = [t.count(": specialties") for t in texts]
    assert per_sheet[:-1] == [3] * (len(texts) - 1) and 1 <= per_sheet[-1] <= 3
    everything = " ".join(texts)
    for spec in specialists:
        assert f"{spec.name}: specialties" in everything
        for specialty in spec.specialties:
            assert catalog.get("brikwars.specialty", specialty).name in everything


def test_quikwars_card_has_units_on_one_half_and_weapons_on_the_other(pdfs):
    [text] = page_texts(pdfs[("brikwars-quikwars", "a4")][0])
    assert "QuikWars units" in text and "QuikWars weapons" in text
    assert "Hero" in text and "Ranged Weapon" in text
    # each summary is labelled with its unit's or weapon's name
    for label in ("Minifig:", "Hero:", "Steed:", "Bare Hands:", "Body Armor:", "Shield:"):
        assert label in text, label


def test_each_font_subset_has_a_tag_of_its_own(pdfs):
    """ISO 32000-1 9.6.4: different subsets of a font need different tags."""
    import hashlib

    import pikepdf

    for (name, paper), (path, _) in pdfs.items():
        programs: dict[str, set[str]] = {}
        with pikepdf.open(path) as pdf:
            for obj in pdf.objects:
                if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
                    continue
                font = obj.DescendantFonts[0] if obj.get("/Subtype") == "/Type0" else obj
                descriptor = font.get("/FontDescriptor")
                if descriptor is None:
                    continue
                stream = next(descriptor[k] for k in ("/FontFile2", "/FontFile3", "/FontFile")
                              if k in descriptor)
                digest = hashlib.sha256(stream.read_raw_bytes()).hexdigest()
                programs.setdefault(str(descriptor.FontName), set()).add(digest)
        assert programs, (name, paper)
        shared = {tag: len(p) for tag, p in programs.items() if len(p) > 1}
        assert not shared, (name, paper, shared)


# where each game's rules come from, as data/sources.yaml names them (the sources name
# no designer, so the PDFs name none either)
MAKERS = {"evilrobots": "Evil Robots v1 rules page", "buttonmen": "Button Men Online",
          "brikwars": "BrikWars 2010 rulebook"}
DUPLEX = {"evilrobots-cards", "buttonmen-cards", "calibration", "buttonmen-quickref",
          "evilrobots-quickref"}


def test_every_pdf_says_what_it_is_who_made_it_and_its_licences(pdfs):
    import pikepdf

    for (name, paper), (path, made) in pdfs.items():
        info = run("pdfinfo", str(path))
        fields = dict(re.findall(r"^(\w+):\s+(.*)$", info, re.M))
        assert fields["Title"] == made.title, (name, paper)
        assert fields["Subject"], (name, paper)
        assert "MIT" in fields["Keywords"], (name, paper)
        game = made.game
        makers = list(MAKERS.values()) if game not in MAKERS else [MAKERS[game]]
        # the game's authors as its sources credit them (they name no designer), then us
        expected = "rulepress" if game not in MAKERS else \
            f"{GAMES[game]} as written by {AUTHORS[game]}; rulepress"
        assert fields["Author"] == expected, (name, paper, fields["Author"])
        with pikepdf.open(path) as pdf:
            xmp = pdf.open_metadata()
            assert xmp["dc:title"] == made.title
            assert list(xmp["dc:creator"]) == expected.split("; ")
            rights = xmp["dc:rights"]
            assert all(m.split(" ")[0] in rights for m in makers), (name, rights)
            assert str(pdf.docinfo["/Rights"]) == rights
            assert ("Button Men Online" in rights and "BSD-3-Clause" in rights) == (
                game in ("buttonmen", "all")), (name, rights)
            assert ("game-icons.net" in rights and "CC BY 3.0" in rights) == (
                name == "evilrobots-cards"), name
            prefs = pdf.Root.ViewerPreferences
            assert prefs.PrintScaling == pikepdf.Name("/None")
            assert prefs.Duplex == pikepdf.Name(
                "/DuplexFlipLongEdge" if name in DUPLEX else "/Simplex"), name


def test_every_page_has_trim_and_bleed_boxes(pdfs):
    for (name, paper), (path, _) in pdfs.items():
        out = run("pdfinfo", "-box", "-f", "1", "-l", "1000", str(path))
        media = re.findall(r"MediaBox:\s+([\d.\s]+)\n", out)
        for kind in ("TrimBox", "BleedBox"):
            boxes = re.findall(rf"{kind}:\s+([\d.\s]+)\n", out)
            assert len(boxes) == len(media) > 0, (name, paper, kind)
            # a sheet holds many cards: its boxes are the whole page
            assert boxes == media, (name, paper, kind)
        fields = dict(re.findall(r"^(\w[\w ]*):\s+(.*)$", out, re.M))
        assert fields["PDF version"] == "1.7"
