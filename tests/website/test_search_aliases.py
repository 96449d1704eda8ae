"""The words players type for a rule (data/<game>/search_aliases.yaml): checked by the
data loader, added to the search index at the rule's heading (or page) as its other titles,
and found first in Chromium ("fire by hand" finds Manual Fire, issue 27; "medic" the Medik,
"tie" the Evil Robots rule for equal totals, issue 32)."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest

from rulepress.data.load import check_data
from rulepress.website.search_index import NAMES, search_aliases, tune_search_index


def test_aliases_point_at_headings_that_exist(catalog):
    found = search_aliases(catalog)
    assert found["brikwars/heavy-weapons/#manual-fire"][:3] == ["fire by hand", "flick", "throw"]
    assert all(record.why and record.source.lines
               for record in catalog.all("brikwars.search_alias"))  # each says where from


def test_a_wrong_anchor_or_a_word_given_twice_is_a_data_problem(project):
    path = project / "data" / "brikwars" / "search_aliases.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("anchor: manual-fire", "anchor: manual-fires", 1)
    text = text.replace("words: [block, blocking, ward off]", "words: [block, dodge]", 1)
    path.write_text(text, encoding="utf-8")
    _, problems = check_data(project)
    said = {(p.code, p.message) for p in problems.items}
    assert ("unknown-rules-anchor", "brikwars/heavy-weapons.md has no heading "
                                    "'#manual-fires'") in said
    assert ("duplicate-search-word", "'dodge' already finds 'bailing'") in said


def test_the_index_gets_the_words_at_the_rule_and_weighs_it_as_a_rule(tmp_path):
    index = {"config": {}, "docs": [
        {"location": "brikwars/heavy-weapons/#manual-fire", "title": "Manual Fire",
         "text": "Spring-loaded toy weapons"},
        {"location": "brikwars/heavy-weapons/#firing-weapons", "title": "Firing weapons",
         "text": "x"}]}
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps(index), encoding="utf-8")
    lost = tune_search_index(tmp_path, {"brikwars/heavy-weapons/#manual-fire": ["fire by hand"],
                                        "brikwars/nowhere/": ["lost"]})
    tuned = json.loads((tmp_path / "search" / "search_index.json").read_text())
    docs = tuned["docs"]
    # the words are the heading's other title: a field of its own, weighed as a title
    assert docs[0][NAMES] == ["fire by hand"]
    assert tuned["config"]["fields"][NAMES] == {"boost": 1000.0}
    assert NAMES not in docs[1] and "fire by hand" not in docs[1]["text"]
    assert docs[0]["boost"] > docs[1]["boost"]  # more than a rule's own heading
    assert lost == ["brikwars/nowhere/"]  # an alias of a page the site lacks: the build stops


def test_every_game_has_its_players_words(catalog):
    found = search_aliases(catalog)
    assert "medic" in found["brikwars/specialists/medik/"]  # the book spells it Medik
    assert "constant" in found["buttonmen/skills/konstant/"]
    assert "tie" in found["evilrobots/scoring/#ending-the-round"]
    assert "dice roller" in found["calculators/dice-roll/"]


@pytest.fixture
def search(page, site_url):
    """The result links (page paths with their #section), best first, for a query."""
    from test_search_quality import _open_search, _results
    _open_search(page, site_url)
    root = urlparse(site_url).path

    def links(query: str) -> list[str]:
        _results(page, query)  # waits for the whole query's results
        hrefs = page.evaluate("""() => [...document.querySelectorAll(
            '.md-search-result__item a')].map(a => a.href)""")
        return [(u := urlparse(h)).path[len(root):] + (f"#{u.fragment}" if u.fragment else "")
                for h in hrefs]
    return links


@pytest.mark.parametrize("query, heading, within", [
    ("fire by hand", "brikwars/heavy-weapons/#manual-fire", 2),
    ("hit points", "brikwars/structures/#size-damage", 2),
    ("knock back", "brikwars/combat/#knockback", 2),
    # the pages about thrown objects come first, as they should; Manual Fire is among them
    ("throw", "brikwars/heavy-weapons/#manual-fire", 8),
])
def test_a_players_words_find_the_rule(search, query, heading, within):
    found = search(query)
    assert heading in found[:within], found[:10]
