"""`rulepress check` and the build agree on every broken copy of the data.

Each case breaks the bundled data one way. `rulepress check` (the data checks, then the
rehearsal of the build) must reject it whenever what the build and the engine do with
the data would fail: loading, the engine's export, every page with its odds, every
card's HTML (rehearse: the build's own steps without MkDocs or PDF rendering), and a
few everyday queries, which must never come back as an engine defect. Each rejection
comes from a check that names the file and line, never only from the rehearsal's
catch-all (which would mean a check is missing); and data that check passes builds.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import copy_project
from rulepress.data.load import check_data
from rulepress.engine.query import answer
from rulepress.problems import DataError
from rulepress.rehearse import rehearse

ER, BM, BW = "data/evilrobots", "data/buttonmen", "data/brikwars"

QUERIES = [
    {"game": "evilrobots", "op": "deal", "code": "A", "players": 6},
    {"game": "evilrobots", "op": "round_odds", "players": [{}, {}, {}]},
    {"game": "evilrobots", "op": "allegiance_odds"},
    {"game": "buttonmen", "op": "skills"},
    {"game": "buttonmen", "op": "odds", "players": [{"recipe": "(4) s(8) (X)", "swing": {"X": 10}},
                                                    {"recipe": "(6) (6)"}]},
    {"game": "buttonmen", "op": "friend_computer", "opponent": "(4) z(8) (6/12)"},
    {"game": "buttonmen", "op": "more_fun", "roll": 7},
    {"game": "brikwars", "op": "attack", "weapon": "hand-weapon", "skill": "d6", "armor": "4"},
    {"game": "brikwars", "op": "attack", "attacker": "minifig", "weapon": "heavy-weapon",
     "target": "minifig"},
]


def delete(*paths):
    def apply(project: Path):
        for path in paths:
            target = project / path
            shutil.rmtree(target) if target.is_dir() else target.unlink()
    return apply


def edit(path, old, new):
    def apply(project: Path):
        file = project / path
        text = file.read_text(encoding="utf-8")
        assert old in text, (path, old)
        file.write_text(text.replace(old, new, 1), encoding="utf-8")
    return apply


BROKEN = {
    "round.yaml deleted": delete(f"{ER}/round.yaml"),
    "bots.yaml deleted": delete(f"{ER}/bots.yaml"),
    "allegiance.yaml deleted": delete(f"{ER}/allegiance.yaml"),
    "power_deck.yaml deleted": delete(f"{ER}/power_deck.yaml"),
    "actions.yaml deleted": delete(f"{ER}/actions.yaml"),
    "evilrobots/ deleted": delete(ER),
    "skills.yaml deleted": delete(f"{BM}/skills.yaml"),
    "swing_letters.yaml deleted": delete(f"{BM}/swing_letters.yaml"),
    "more_fun.yaml deleted": delete(f"{BM}/more_fun.yaml"),
    "recipe_rules.yaml deleted": delete(f"{BM}/recipe_rules.yaml"),
    "units.yaml deleted": delete(f"{BW}/units.yaml"),
    "items.yaml deleted": delete(f"{BW}/items.yaml"),
    "modifiers.yaml deleted": delete(f"{BW}/modifiers.yaml"),
    "structure_levels.yaml deleted": delete(f"{BW}/structure_levels.yaml"),
    "sources.yaml deleted": delete("data/sources.yaml"),
    "round rules emptied": edit(f"{ER}/round.yaml", "round_rules:\n", "round_rules: []\nx:\n"),
    "hand weapon 200d100": edit(f"{BW}/items.yaml", "damage: {value: S, obtained: stated}",
                                "damage: {value: 200d100, obtained: stated}"),
    "hand weapon 2000d6": edit(f"{BW}/items.yaml", "damage: {value: S, obtained: stated}",
                               "damage: {value: 2000d6, obtained: stated}"),
    "unit armor 200d100": edit(f"{BW}/units.yaml", 'armor: "4"', 'armor: "200d100"'),
    "structure armor 900d1000": edit(f"{BW}/structure_levels.yaml", "armor: {value: 1d6,",
                                     "armor: {value: 900d1000,"),
    "rolled modifier 900d1000": edit(f"{BW}/modifiers.yaml", "dice: 1d4", "dice: 900d1000"),
    "specialist armor 300d300": edit(f"{BW}/specialists.yaml", 'armor: "4"',
                                     'armor: "300d300"'),
    "a die of a million sides": edit(f"{BM}/buttons.yaml", "(4) (8) (10) (12) (12)",
                                     "(4) (8) (10) (12) (1000000)"),
    "swing low true": edit(f"{BM}/swing_letters.yaml", "low: 8", "low: true"),
    "swing high octal": edit(f"{BM}/swing_letters.yaml", "high: 30", "high: 030"),
    "swing low quoted": edit(f"{BM}/swing_letters.yaml", "low: 8", 'low: "8"'),
    "swing low above high": edit(f"{BM}/swing_letters.yaml", "low: 8", "low: 31"),
    "swing low zero": edit(f"{BM}/swing_letters.yaml", "low: 8", "low: 0"),
    "swing high huge": edit(f"{BM}/swing_letters.yaml", "high: 30", "high: 1000000000"),
    "min above max players": edit(f"{ER}/round.yaml", "value: 3\n", "value: 12\n"),
    "max players null": edit(f"{ER}/round.yaml", "value: 9\n      obtained: stated",
                             "value: null\n      reason: unknown"),
    "max players negative": edit(f"{ER}/round.yaml", "value: 9\n", "value: -9\n"),
    "negative copies": edit(f"{ER}/power_deck.yaml", "value: 2\n", "value: -2\n"),
    "negative cost": edit(f"{BW}/units.yaml", "cost_cp: {value: 4,", "cost_cp: {value: -4,"),
    "duplicate structure level": edit(f"{BW}/structure_levels.yaml", "level: 0.5", "level: 0"),
    "reversed line range": edit(f"{BM}/skills.yaml", "lines: 8-17", "lines: 17-8"),
    "huge line range": edit(f"{BM}/skills.yaml", "lines: 8-17", 'lines: "1-999999999"'),
    "two skills share a letter": edit(f"{BM}/skills.yaml", "letter: c\n", "letter: n\n"),
    "null without a reason": edit(f"{ER}/power_deck.yaml",
                                  "      value: 18\n      obtained: stated\n",
                                  "      value: null\n"),
    "binary tag": edit(f"{ER}/bots.yaml", "name: BetBot", "name: !!binary QmV0Qm90"),
    "NUL escape": edit(f"{ER}/bots.yaml", "name: BetBot", 'name: "Bet\\0Bot"'),
    "bot points a boolean": edit(f"{ER}/bots.yaml", "points: 1\n", "points: true\n"),
    "yes for a flag": edit(f"{BM}/skills.yaml", "category: skill", "category: yes"),
    "stray quote": edit(f"{BM}/skills.yaml", "    name: Chance", '    name: "Chance'),
}

HARMLESS = {
    "a bot renamed": edit(f"{ER}/bots.yaml", "name: BetBot", "name: BettingBot"),
    "a skill summary reworded": edit(
        f"{BM}/skills.yaml", "A Null die scores nothing", "A Null die never scores"),
}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    return copy_project(tmp_path_factory.mktemp("pristine"))


def build_verdict(project: Path) -> list[str]:
    """What goes wrong when the build and the engine use this data ([]: nothing)."""
    catalog, problems = check_data(project)
    try:
        problems.raise_if_any()
    except DataError as exc:
        return [f"the build refuses the data: {exc}"]
    return [str(p) for p in rehearse(project, catalog)] + engine_defects(catalog.engine_data())


def engine_defects(data: dict) -> list[str]:
    """The QUERIES the engine meets a defect on (an exception caught at its door)."""
    failures = []
    for request in QUERIES:
        error = answer(request, data).get("error") or {}
        if error.get("defect"):
            failures.append(f"{request}: {error['message']}")
    return failures


def run_case(pristine: Path, tmp_path: Path, breakage) -> tuple[list, list[str]]:
    project = tmp_path / "p"
    shutil.copytree(pristine, project, symlinks=True)
    breakage(project)
    catalog, problems = check_data(project)
    checked = list(problems.items) or rehearse(project, catalog)  # what `check` does
    if checked:
        return checked, ["the build refuses the data"]  # load_catalog raises the same list
    return checked, build_verdict(project)


@pytest.mark.parametrize("case", BROKEN)
def test_check_rejects_what_the_build_or_engine_would_fail_on(pristine, tmp_path, case):
    checked, _ = run_case(pristine, tmp_path, BROKEN[case])
    assert checked, f"check passes '{case}'; the build says: {build_verdict(tmp_path / 'p')}"
    assert all(p.file.startswith("data/") and p.code != "build-would-fail" for p in checked), \
        [str(p) for p in checked]
    assert all(p.line for p in checked if p.code not in ("missing-data", "missing-file")), \
        [str(p) for p in checked]


@pytest.mark.parametrize("case", HARMLESS)
def test_data_that_passes_check_builds_and_answers(pristine, tmp_path, case):
    checked, failures = run_case(pristine, tmp_path, HARMLESS[case])
    assert not checked and failures == []


def test_the_bundled_data_passes_both(root):
    assert build_verdict(root) == []


def bypassed_verdict(project: Path) -> list[str]:
    """What the build's steps and the engine meet on the records that load, checks aside."""
    catalog, _ = check_data(project)
    failures = []
    try:
        failures += [str(p) for p in rehearse(project, catalog)]
    except Exception as exc:  # noqa: BLE001  a crash is the finding
        failures.append(f"{type(exc).__name__}: {exc}")
    return failures + engine_defects(catalog.engine_data())


@pytest.mark.parametrize("case", ["round.yaml deleted", "evilrobots/ deleted",
                                  "hand weapon 200d100", "unit armor 200d100",
                                  "max players null"])
def test_without_check_the_build_would_fail_on_these(pristine, tmp_path, case):
    project = tmp_path / "p"
    shutil.copytree(pristine, project, symlinks=True)
    BROKEN[case](project)
    assert bypassed_verdict(project)
