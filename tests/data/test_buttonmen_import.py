"""`rulepress import-bmo`: a small extract becomes checked button records."""

from __future__ import annotations

from rulepress.cli import main
from rulepress.data.load import check_data


def write_tsv(path, rows):
    path.write_text("name\tset\trecipe\n" + "".join("\t".join(r) + "\n" for r in rows),
                    encoding="utf-8")
    return path


def test_import_writes_records_with_sources_and_rejections(project, tmp_path, capsys):
    tsv = write_tsv(tmp_path / "extract.tsv", [
        ("Zeppo", "1999 Rare / Promo", "(4) (12) (20) (X)!"),
        ("Aysez", "Classic Fanatics", "s(U) z(U) %(U) n(U) g(U) t(U)"),
        ("Odd One", "Zodiac", "(4) @(8)"),
        ("RandomBMFixed", "RandomBM", ""),
    ])
    for old in (project / "data/buttonmen").glob("buttons-bmo-*.yaml"):
        old.unlink()
    assert main(["--project", str(project), "import-bmo", str(tsv)]) == 0
    out = capsys.readouterr().out
    assert "3 buttons imported (2 rejected: empty-recipe 1, unknown-skill 1)" in out
    assert "kept hand-written: aysez" in out
    catalog, problems = check_data(project)
    assert [str(p) for p in problems.items] == []
    zeppo = catalog.get("buttonmen.button", "zeppo")
    assert (zeppo.source.seed, zeppo.source.lines, zeppo.rejected) == ("bmo_buttons.tsv", "2",
                                                                       None)
    odd = catalog.get("buttonmen.button", "odd-one")
    assert (odd.rejected.code, odd.rejected.column) == ("unknown-skill", 5)
    assert sorted(p.name for p in (project / "data/buttonmen").glob("buttons-bmo-*")) == [
        "buttons-bmo-0-9.yaml", "buttons-bmo-r.yaml", "buttons-bmo-z.yaml"]


def test_a_stale_rejection_is_a_data_problem(project):
    path = project / "data/buttonmen/buttons-bmo-c.yaml"
    text = path.read_text(encoding="utf-8")
    assert "column: 21\n" in text  # antherem: '@' on its fourth die
    path.write_text(text.replace("column: 21\n", "column: 20\n", 1), encoding="utf-8")
    _, problems = check_data(project)
    assert [p.code for p in problems.items] == ["stale-rejection"]
    assert "code: unknown-skill, column: 21" in problems.items[0].hint


def test_bad_extracts_are_refused_with_the_line(project, tmp_path, capsys):
    bad = tmp_path / "bad.tsv"
    bad.write_text("name\tset\trecipe\nOnly two\tcells\tx\textra\n", encoding="utf-8")
    assert main(["--project", str(project), "import-bmo", str(bad)]) == 1
    assert "bad.tsv:2: expected 3 tab-separated cells" in capsys.readouterr().err
    dupe = write_tsv(tmp_path / "dupe.tsv", [("A b", "S", "(4)"), ("A-B", "S", "(6)")])
    assert main(["--project", str(project), "import-bmo", str(dupe)]) == 1
    assert "same id 'a-b' as line 2" in capsys.readouterr().err
    assert main(["--project", str(project), "import-bmo", str(tmp_path / "nope.tsv")]) == 1
