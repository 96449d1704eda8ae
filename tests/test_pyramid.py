"""The test pyramid's markers (tests/conftest.py) and the session's shared catalog."""

from __future__ import annotations

import conftest
from rulepress.data.load import load_catalog


def test_every_listed_test_file_exists():
    """A renamed file would silently leave the list, and its tests would join the fast ones."""
    tests = conftest.ROOT / "tests"
    for name in (*conftest.BUILDS_ITS_OWN, *conftest.SLOW, *conftest.CARD_UNITS):
        assert (tests / name.split("::")[0]).exists(), name


def test_markers_follow_what_a_test_uses(request):
    by_name = {item.nodeid: item for item in request.session.items}
    for item in by_name.values():
        marks = {mark.name for mark in item.iter_markers()}
        used = set(item.fixturenames)
        if used & {"page", "browser"}:
            assert "browser" in marks, item.nodeid
        if used & {"built_site", "site_url"}:
            assert "build" in marks, item.nodeid
    assert "slow" not in {m.name for m in request.node.iter_markers()}


def test_the_real_data_is_loaded_once(root, catalog, project):
    assert load_catalog(root) is catalog  # what in-process commands get
    assert load_catalog(project) is not catalog  # a scratch copy is loaded afresh
