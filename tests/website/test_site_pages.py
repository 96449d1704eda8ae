"""The built site: every internal link works, entity pages stay small, cross-links go both ways."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlparse

import pytest

ENTITY_FOLDERS = ("buttonmen/buttons", "buttonmen/skills", "evilrobots/bots", "brikwars/units",
                  "brikwars/weapons", "brikwars/scaled-weapons", "brikwars/specialists",
                  "brikwars/specialties")
MAX_ENTITY_PAGE = 150_000  # bytes of HTML


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs) -> None:
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])
        if tag in ("img", "script") and attributes.get("src"):
            self.links.append(attributes["src"])
        if tag == "link" and attributes.get("href"):
            self.links.append(attributes["href"])


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _target(site: Path, url_path: str) -> Path:
    path = site / unquote(url_path).lstrip("/")
    return path / "index.html" if url_path.endswith("/") or path.is_dir() else path


@pytest.fixture(scope="module")
def parsed(built_site):
    return {path: _parse(path) for path in sorted(built_site.rglob("*.html"))}


def test_every_internal_link_and_anchor_resolves(built_site, parsed):
    broken = []
    for path, page in parsed.items():
        base = "http://site/" + path.relative_to(built_site).as_posix()
        for link in page.links:
            absolute = urljoin(base, link)
            if urlparse(absolute).netloc != "site":
                continue  # another host: the offline test checks none is requested
            url, anchor = urldefrag(absolute)
            target = _target(built_site, urlparse(url).path)
            if not target.exists():
                broken.append(f"{path.relative_to(built_site)}: {link}")
            elif anchor and target.suffix == ".html" and anchor not in parsed[target].ids:
                broken.append(f"{path.relative_to(built_site)}: {link} (no such anchor)")
    assert broken == []
    assert sum(len(p.links) for p in parsed.values()) > 10_000  # the check saw the site


def test_entity_pages_are_small_and_out_of_the_navigation(built_site):
    sizes = {}
    for folder in ENTITY_FOLDERS:
        for path in (built_site / folder).glob("*/index.html"):
            sizes[path.parent.relative_to(built_site).as_posix()] = path.stat().st_size
    assert len(sizes) > 1000
    too_big = {page: size for page, size in sizes.items() if size > MAX_ENTITY_PAGE}
    assert too_big == {}
    page = (built_site / "buttonmen/buttons/aysez/index.html").read_text(encoding="utf-8")
    assert page.count("md-nav__link") < 200  # the navigation lists no entity pages


def test_cross_links_go_both_ways(built_site):
    skill = (built_site / "buttonmen/skills/shadow/index.html").read_text(encoding="utf-8")
    assert 'href="../../buttons/aysez/"' in skill
    button = (built_site / "buttonmen/buttons/aysez/index.html").read_text(encoding="utf-8")
    assert 'href="../../skills/shadow/"' in button
    assert 'class="rp-over"' in button  # the recipe is drawn in button notation


def test_specialists_and_specialties_link_both_ways(built_site):
    specialist = (built_site / "brikwars/specialists/worker/index.html").read_text(encoding="utf-8")
    assert 'href="../../specialties/job-training/"' in specialist
    specialty = (built_site / "brikwars/specialties/job-training/index.html").read_text(
        encoding="utf-8")
    assert 'href="../../specialists/worker/"' in specialty


def test_entity_pages_carry_the_engines_odds_as_charts(built_site):
    weapon = (built_site / "brikwars/weapons/short-ranged-weapon/index.html").read_text(
        encoding="utf-8")
    # a d6 trooper's Short-Ranged Weapon (Use 3, 1d6) kills Armor 4 with chance 2/9
    assert 'class="rp-chart' in weapon and "22.2% (2/9)" in weapon
    skill = (built_site / "buttonmen/skills/trip/index.html").read_text(encoding="utf-8")
    assert 'class="rp-chart' in skill and "t(6) captures (4)" in skill


def test_index_tables_carry_their_filter_values(built_site):
    index = (built_site / "buttonmen/buttons/index.html").read_text(encoding="utf-8")
    row = re.search(r'<tr data-skill="([^"]*)" data-set="fanatics" data-swing="U" '
                    r'data-dice="6"><td><a href="aysez/">', index)
    assert row and set(row.group(1).split()) >= {"shadow", "speed", "null", "trip"}
    for facet in ("skill", "swing", "dice", "set"):
        assert f'data-facet="{facet}"' in index


def test_sources_page_lists_unknown_and_inferred_values_and_decisions(built_site):
    html = (built_site / "reference/sources/index.html").read_text(encoding="utf-8")
    assert 'data-how="inferred"' in html and 'data-how="unknown"' in html
    assert "Which Troubleshooter carries which skill" in html  # a decision from content/
