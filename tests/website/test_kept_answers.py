"""The engine's answers kept between builds (website/answers.py) make the same pages."""

from __future__ import annotations

import json

import pytest

from rulepress.handoff import PrintManifest
from rulepress.website import answers
from rulepress.website.pages import collect_pages


@pytest.mark.slow
def test_pages_from_kept_answers_are_the_pages_made_afresh(root, catalog, tmp_path,
                                                           monkeypatch):
    monkeypatch.setenv(answers.CACHE_VARIABLE, str(tmp_path))
    prints = PrintManifest.none_made()
    afresh = collect_pages(root, catalog, prints)  # no cache: the engine answers every one
    with answers.kept(root):
        first = collect_pages(root, catalog, prints)  # an empty cache, filled
    [kept] = tmp_path.glob("*.json")
    assert len(json.loads(kept.read_text(encoding="utf-8"))) > 1000
    calls = []
    monkeypatch.setattr(answers.query, "answer",
                        lambda request, data: calls.append(request) or {"ok": False})
    with answers.kept(root):
        second = collect_pages(root, catalog, prints)  # every answer from the cache
    assert calls == []
    assert first == afresh and second == afresh


def test_changed_data_is_answered_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv(answers.CACHE_VARIABLE, str(tmp_path))
    request = {"game": "evilrobots", "op": "allegiance_odds"}
    data = {"evilrobots": {"allegiance": [{"id": "x"}]}}
    monkeypatch.setattr(answers.query, "answer", lambda request, data: {"ok": True, "n": 1})
    with answers.kept(tmp_path):
        assert answers.answer(request, data) == {"ok": True, "n": 1}
    monkeypatch.setattr(answers.query, "answer", lambda request, data: {"ok": True, "n": 2})
    with answers.kept(tmp_path):
        assert answers.answer(request, data) == {"ok": True, "n": 1}  # kept
        changed = {"evilrobots": {"allegiance": [{"id": "y"}]}}
        assert answers.answer(request, changed) == {"ok": True, "n": 2}  # other data
    assert len(list(tmp_path.glob("*.json"))) == 2
