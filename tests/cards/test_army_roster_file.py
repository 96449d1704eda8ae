"""A roster file as a club keeps it: the army's own name and notes, Horses named by their
varieties (L1102), the Gun Horse's gun on its card (L1095), a Hero's Cliché with the Feats
it allows (L983-991), the weapons the army carries on its sheet, and a custom Creation
priced by the `creation` op. Read by `rulepress army` and `rulepress cards army`."""

from __future__ import annotations

import json

from pdftools import page_texts
from rulepress.cli import main

ROSTER = {
    "name": "Red Barons", "notes": "Cavalry first.\nHold the bridge.", "budget": {"cp": 60},
    "lines": [{"unit": "horse", "items": ["steel-horse"]},
              {"unit": "horse", "items": ["gun-horse", "steel-horse"]},
              {"unit": "horse", "name": "Old Paint", "items": ["steel-horse"]},
              {"unit": "hero", "cliches": ["barbarian"], "items": ["two-handed-weapon"]}],
    "custom_cards": [{"name": "Big Tank", "kind": "creation", "notes": "ours",
                      "creation": {"size": 4, "structure_level": 1,
                                   "propulsion": [{"move": 6}],
                                   "weapons": [{"weapon": "gun", "size": 2}]}}]}


def write(tmp_path, roster: dict, name: str = "barons.json"):
    path = tmp_path / name
    path.write_text(json.dumps(roster, indent=1), encoding="utf-8")
    return path


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_army_table_says_its_name_notes_and_varieties(root, tmp_path, capsys):
    code = main(["--project", str(root), "army", str(write(tmp_path, ROSTER))])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.startswith("Army: Red Barons\nNotes: Cavalry first.\nNotes: Hold the bridge.")
    rows = [flat(line) for line in out.splitlines()]
    assert "lines[0] 1 Steel Horse 7 7 2" in rows
    assert "lines[1] 1 Steel Gun Horse 10 10 2" in rows  # the data's order: Steel, Flying, Gun
    assert "lines[2] 1 Old Paint 7 7 2" in rows  # a line's own name wins


def test_the_printed_army_has_its_name_notes_weapons_and_cards(root, tmp_path, capsys):
    out = tmp_path / "army.pdf"
    code = main(["--project", str(root), "cards", "army", "--roster",
                 str(write(tmp_path, ROSTER)), "-o", str(out)])
    said = capsys.readouterr()
    assert code == 0, said.err
    assert "text does not fit" not in said.err
    pages = [flat(p) for p in page_texts(out)]
    sheet, cards = pages[0], " ".join(pages[1:])
    assert sheet.startswith("BrikWars army: Red Barons")
    assert "Cavalry first. Hold the bridge." in sheet
    assert "line 1 Steel Horse" in sheet and "line 2 Steel Gun Horse" in sheet
    # every weapon the army carries, with its Use, Range and Damage (* inferred, L1095)
    assert "Gun Horse 3 6\" 1d6*" in sheet and "Two-Handed Weapon 4 CC 2S" in sheet
    assert "S: the wielder's Skill die." in sheet
    # the custom Creation: 4 Base Cost (L1382) + 3 Move (L2002) + 6 a Size 2 Gun (L1623)
    assert "Big Tank (13 CP, priced by the rules engine; not in the total)" in sheet
    assert "Total: 39 CP" in sheet  # 7 + 10 + 7 + Hero 11 + Two-Handed Weapon 4
    # the cards: the varieties by name, the Gun Horse's gun in its table, the Cliché's Feats
    # (cards sit side by side: their texts interleave, so each is looked for on its own)
    assert "Steel Gun Horse" in cards and "Weapon" in cards and "1d6*" in cards
    assert "Steel Horse: A machine steed" in cards
    assert "Cliché: Barbarian (Feats that fit it, such as swinging a heavy axe" in cards
    assert "13 CP, priced by the" in cards and "Gun 2" in cards and "2d6" in cards


def test_a_bad_name_or_design_names_the_files_line(root, tmp_path, capsys):
    long = write(tmp_path, {**ROSTER, "name": "x" * 200}, "long.json")
    code = main(["--project", str(root), "army", str(long)])
    err = capsys.readouterr().err
    assert code == 2 and "long.json line 2 (name)" in err and "at most 80 characters" in err
    bad = {**ROSTER, "custom_cards": [{**ROSTER["custom_cards"][0],
                                       "creation": {"size": 4, "structure_level": 9}}]}
    code = main(["--project", str(root), "cards", "army", "--roster",
                 str(write(tmp_path, bad, "bad.json")), "-o", str(tmp_path / "x.pdf")])
    err = capsys.readouterr().err
    assert code == 1 and "bad.json line" in err and "custom_cards[0].creation" in err
    unit = {**ROSTER, "custom_cards": [{"name": "Bob", "kind": "unit", "creation": {}}]}
    code = main(["--project", str(root), "cards", "army", "--roster",
                 str(write(tmp_path, unit, "unit.json")), "-o", str(tmp_path / "y.pdf")])
    err = capsys.readouterr().err
    assert code == 1 and "custom_cards[0].creation" in err and "kind 'creation'" in err


def test_the_gun_horse_card_lists_its_gun(root, catalog, engine_data):
    """The card's own table, not the PDF's interleaved text: the Gun Horse's gun (Use 3,
    Range 6", Damage 1d6, inferred: L1095) and the legend for its mark."""
    from rulepress.cards.decks.army import army_print
    from rulepress.engine.query import answer

    request = {"game": "brikwars", "op": "army",
               "lines": [{"unit": "horse", "items": ["gun-horse"]}]}
    printed = army_print(root, catalog, request, answer(request, engine_data), [])
    card = printed.singles.cards[0]
    assert card.name == "Gun Horse"
    assert card.front.fields["grid"] == [["Weapon", "Use", "Range", "Damage"],
                                         ["Gun Horse", "3", '6"', "1d6*"]]
    assert "* inferred" in card.front.fields["legend"]
