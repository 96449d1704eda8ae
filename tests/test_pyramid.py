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


class _Item:
    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid


def test_heaviest_files_go_first_and_a_files_tests_keep_their_order(tmp_path, monkeypatch):
    import scheduling

    seconds = tmp_path / "file_seconds.json"
    seconds.write_text('{"tests/b.py": 90.0, "tests/c.py": 5.5}', encoding="utf-8")
    monkeypatch.setattr(scheduling, "SECONDS_FILE", seconds)
    items = [_Item(n) for n in ("tests/a.py::one", "tests/b.py::one", "tests/c.py::one",
                                "tests/b.py::two", "tests/a.py::two")]
    scheduling.heaviest_files_first(items)
    # b (90 s), then c (5.5 s), then a (not listed: counts as quick); a file's own order kept
    assert [i.nodeid for i in items] == ["tests/b.py::one", "tests/b.py::two", "tests/c.py::one",
                                         "tests/a.py::one", "tests/a.py::two"]


def test_file_seconds_add_up_every_phase_and_are_written_longest_first(tmp_path, monkeypatch):
    import scheduling

    class Report:
        def __init__(self, nodeid: str, duration: float) -> None:
            self.nodeid, self.duration = nodeid, duration

    target = tmp_path / "seconds.json"
    monkeypatch.setenv(scheduling.WRITE_VARIABLE, str(target))
    recorded = scheduling.FileSeconds()
    for nodeid, duration in (("tests/a.py::x", 1.0), ("tests/a.py::x", 0.25),
                             ("tests/b.py::y", 3.0)):
        recorded.add(Report(nodeid, duration))
    recorded.write()
    assert target.read_text(encoding="utf-8") == '{\n "tests/b.py": 3.0,\n "tests/a.py": 1.2\n}\n'


def test_the_file_seconds_name_files_that_exist():
    """A renamed or removed file would keep a stale weight; refresh the file (scheduling.py)."""
    import json

    import scheduling

    named = json.loads(scheduling.SECONDS_FILE.read_text(encoding="utf-8"))
    assert named and all((conftest.ROOT / name).is_file() for name in named), \
        [name for name in named if not (conftest.ROOT / name).is_file()]
