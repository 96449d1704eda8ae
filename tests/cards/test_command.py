"""`rulepress cards`: one PDF from the command line; overflowing text is listed, --strict fails."""

from __future__ import annotations

import re

import pytest

from pdftools import page_sizes
from rulepress.cli import main


def test_cards_writes_the_pdf_it_names(root, tmp_path, capsys):
    out = tmp_path / "cal.pdf"
    code = main(["--project", str(root), "cards", "calibration", "--paper", "letter",
                 "--out", str(out)])
    assert code == 0
    assert "9 cards, 4 pages" in capsys.readouterr().out  # six cards to a Letter sheet
    assert page_sizes(out)[0] == (612.0, 792.0)


def test_text_too_long_for_its_box_is_listed_and_fails_strict(project, tmp_path, capsys):
    bots = project / "data" / "evilrobots" / "bots.yaml"
    text = bots.read_text(encoding="utf-8")
    long = " ".join(["This ability goes on and on, far longer than any card can hold."] * 12)
    bots.write_text(re.sub(r"(  - id: badbot\n(?:    .*\n)*?    ability: ).*\n",
                           lambda m: m.group(1) + long + "\n", text, count=1),
                    encoding="utf-8")
    args = ["--project", str(project), "cards", "evilrobots-cards", "--out",
            str(tmp_path / "er.pdf")]
    assert main(args) == 0  # reported, not fatal, without --strict
    report = capsys.readouterr().err
    assert re.search(r"robot/badbot: text 'ability' runs [\d.]+ mm past its box", report)
    assert "1 card text box(es) overflow" in report
    assert main(args + ["--strict"]) == 1


def test_bad_settings_and_bad_data_are_messages_not_tracebacks(project, capsys):
    assert main(["--project", str(project), "cards", "evilrobots-cards", "--bleed", "40"]) == 3
    assert "outside 0-10 mm" in capsys.readouterr().err
    bots = project / "data" / "evilrobots" / "bots.yaml"
    bots.write_text(bots.read_text(encoding="utf-8").replace("kind: Action", "kind: Acton", 1),
                    encoding="utf-8")
    assert main(["--project", str(project), "cards", "evilrobots-cards"]) == 1
    assert "data/evilrobots/bots.yaml:" in capsys.readouterr().err


def test_text_the_card_font_cannot_draw_is_a_message_not_a_traceback(project, tmp_path, capsys):
    skills = project / "data" / "buttonmen" / "skills.yaml"
    skills.write_text(skills.read_text(encoding="utf-8").replace(
        "from the range its letter allows.", "from the range its letter allows (\u6f22).", 1),
        encoding="utf-8")
    args = ["--project", str(project), "cards", "buttonmen-cards", "--out",
            str(tmp_path / "bm.pdf")]
    assert main(args) == 1
    error = capsys.readouterr().err
    assert re.search(r"card button/\S+: the card font DejaVu Sans regular cannot draw "
                     r"'\u6f22' \(U\+6F22\)", error)
    assert "Traceback" not in error and not (tmp_path / "bm.pdf").exists()


def test_pod_and_only_are_for_card_decks_not_documents(root, capsys):
    for flags in (["--pod"], ["--only", "avis"]):
        assert main(["--project", str(root), "cards", "buttonmen-quickref", *flags]) == 3
        assert "is a document, not cards" in capsys.readouterr().err


def test_pod_presets_from_the_command_line(root, tmp_path, capsys):
    out = tmp_path / "dtc.pdf"
    args = ["--project", str(root), "cards", "evilrobots-cards", "--only", "badbot"]
    assert main([*args, "--pod", "drivethrucards", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "for DriveThruCards: 2 cards (the credits card included), 4 pages" in said
    assert out.read_bytes().startswith(b"%PDF-1.4")
    assert main([*args, "--pod", "thegamecrafter", "-o", str(tmp_path / "tgc")]) == 0
    assert sorted(p.name for p in (tmp_path / "tgc").iterdir()) == [
        "001-robot-badbot-back.png", "001-robot-badbot-front.png",
        "002-credits-back.png", "002-credits-front.png"]
    # a service sets its own bleed; the calibration sheet is for home printers
    assert main([*args, "--pod", "drivethrucards", "--bleed", "3"]) == 3
    assert "sets its own bleed" in capsys.readouterr().err
    assert main(["--project", str(root), "cards", "calibration", "--pod", "thegamecrafter"]) == 3
    assert "home-printer sheet" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:  # argparse names the choices
        main([*args, "--pod", "kinkos"])
    assert stopped.value.code == 3
    assert "drivethrucards" in capsys.readouterr().err
