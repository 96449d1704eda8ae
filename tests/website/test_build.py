"""`rulepress build`: the site builds strictly, and a failed build changes nothing."""

from __future__ import annotations

import re

import pytest

from rulepress.cli import main


def test_build_writes_the_site_with_schemas(built):
    """The session's own build (tests/conftest.py `built`), made by `rulepress build`."""
    site, printed = built
    for page in ("index.html", "buttonmen/index.html", "evilrobots/index.html",
                 "brikwars/index.html", "reference/query/index.html"):
        assert (site / page).is_file(), page
    assert (site / "schema" / "buttonmen.skill.schema.json").is_file()
    assert re.search(r"\[\d/\d+\] building the website", printed)  # progress
    assert re.search(r"^built site/ in \d+\.\d s$", printed, re.M)


def test_site_asks_no_other_host_for_fonts(built_site):
    html = (built_site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis.com" not in html and "fonts.gstatic.com" not in html


def previous_site(project):
    """A site/ as an earlier build left it (a plain folder, which a build adopts)."""
    (project / "site").mkdir()
    (project / "site" / "index.html").write_text("earlier build", encoding="utf-8")
    return (project / "site" / "index.html").read_bytes()


def test_failed_build_leaves_the_previous_site_untouched(project, capsys):
    before = previous_site(project)
    marker = project / "site" / "marker.txt"
    marker.write_text("old build", encoding="utf-8")

    bots = project / "data" / "evilrobots" / "bots.yaml"
    bots.write_text(bots.read_text(encoding="utf-8").replace("id: betbot", "id: badbot"),
                    encoding="utf-8")
    assert main(["--project", str(project), "build"]) == 1
    err = capsys.readouterr().err
    assert "duplicate-id" in err and "previous site/ is unchanged" in err
    assert marker.read_text(encoding="utf-8") == "old build"
    assert (project / "site" / "index.html").read_bytes() == before


def test_broken_link_fails_the_strict_build(project, capsys):
    before = previous_site(project)
    page = project / "content" / "brikwars" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n[gone](nowhere.md)\n",
                    encoding="utf-8")
    assert main(["--project", str(project), "build"]) == 1
    err = capsys.readouterr().err
    assert re.search(r"nowhere\.md", err)
    assert (project / "site" / "index.html").read_bytes() == before


def test_a_step_beside_the_others_fails_the_build_and_is_waited_for(project, monkeypatch):
    import multiprocessing

    from rulepress import build
    from rulepress.problems import BuildError

    done = project / "bundle-ended"
    website_failed = multiprocessing.get_context("fork").Event()  # shared with the forked step

    def slow_failing_bundle(project, catalog, site_dir, progress, handoff):
        website_failed.wait(timeout=60)  # still running when the website step fails
        done.write_text("yes", encoding="utf-8")
        raise BuildError("bundle went wrong")

    def failing_website(project, catalog, site_dir, progress, handoff):
        website_failed.set()
        raise BuildError("website went wrong")

    monkeypatch.setattr(build, "STEPS", (("bundle", slow_failing_bundle, build.BESIDE),
                                         ("website", failing_website, "in line")))
    with pytest.raises(BuildError, match="website went wrong"):  # the main line's error
        build.build_all(project, progress=lambda line: None)
    assert done.exists()  # returned only after it ended: nothing writes after the build
    assert not (project / "site").exists()

    monkeypatch.setattr(build, "STEPS", (("bundle", slow_failing_bundle, build.BESIDE),))
    with pytest.raises(BuildError, match="bundle went wrong"):
        build.build_all(project, progress=lambda line: None)
