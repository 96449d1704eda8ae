"""Cross-links are resolved from the data; a link to an unknown id stops the build."""

from __future__ import annotations

import pytest

from rulepress.data.load import load_catalog
from rulepress.website.links import LinkError, Links, directory_url, page_url
from rulepress.website.render import RENDERERS
from rulepress.website.render.context import Context


@pytest.fixture(scope="module")
def links(root) -> Links:
    return Context.create(root, load_catalog(root), RENDERERS).links


def test_a_record_has_a_stable_permalink(links):
    assert links.page("buttonmen.skill", "shadow") == "buttonmen/skills/shadow.md"
    assert links.md("buttonmen/buttons/aysez.md", "buttonmen.skill", "shadow") == \
        "../skills/shadow.md"
    assert links.url("buttonmen/buttons/index.md", "buttonmen.button", "aysez") == "aysez/"


def test_unknown_id_names_the_page_and_the_nearest_ids(links):
    with pytest.raises(LinkError) as caught:
        links.md("buttonmen/buttons/aysez.md", "buttonmen.skill", "shadw")
    message = str(caught.value)
    assert "buttonmen/buttons/aysez.md" in message
    assert "'shadw'" in message and "did you mean shadow" in message


def test_kind_without_pages_is_an_error(links):
    with pytest.raises(LinkError, match="have no pages"):
        links.page("evilrobots.power_deck", "standard")


@pytest.mark.parametrize("source, target, expected", [
    ("a/b.md", "a/c.md", "../c/"),
    ("a/index.md", "a/c.md", "c/"),
    ("a/b.md", "a/index.md", "../"),
    ("index.md", "a/b/c.md", "a/b/c/"),
    ("a/b/c.md", "index.md", "../../../"),
    ("a/b.md", "a/b.md", "./"),
])
def test_page_urls_follow_directory_urls(source, target, expected):
    assert page_url(source, target) == expected


def test_directory_url():
    assert directory_url("index.md") == ""
    assert directory_url("a/index.md") == "a/"
    assert directory_url("a/b.md") == "a/b/"
