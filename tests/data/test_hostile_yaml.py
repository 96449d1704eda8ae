"""Hostile data files get one clean, quick problem each, naming the file (and the line).

The files come from tests/hostile_yaml.py: an anchor bomb, recursive aliases, deep
nesting, a FIFO, huge files and line ranges, control characters, tags… Each is read
in-process within 2 s; a few heavy ones also run through `rulepress check` in a
process of its own, held to 2 s of reading and 200 MB.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile_yaml import HOSTILE
from rulepress.data.load import check_data
from rulepress.data.yamlio import MAX_VALUES, parse_yaml

FILE_LEVEL = {"not-a-file", "file-too-large", "missing-data", "missing-file", "symlink-loop",
              "broken-link"}  # no line to point at


@pytest.mark.parametrize("case", HOSTILE)
def test_a_hostile_file_is_one_clean_problem_quickly(project, case):
    path = HOSTILE[case](project)
    started = time.process_time()
    _, problems = check_data(project)
    seconds = time.process_time() - started
    mine = [p for p in problems.items if p.file == path.relative_to(project).as_posix()]
    assert mine, [str(p) for p in problems.items]
    assert all(p.line or p.code in FILE_LEVEL for p in mine), [str(p) for p in mine]
    assert seconds < 8  # the whole data, on a loaded machine; the file alone is below


@pytest.mark.parametrize("text, code", [
    ("bots: &a [1, *a]\n", "recursive-alias"),
    ("bots: *nowhere\n", "unknown-alias"),
    ("bots: [" * 40 + "]" * 40 + "\n", "too-deep"),
    ("a: 1\n---\nb: 2\n", "yaml-syntax"),
])
def test_structural_mistakes_are_the_files_only_problem(text, code):
    value, _, problems = parse_yaml(text, "f.yaml")
    assert value is None and [p.code for p in problems] == [code]
    assert problems[0].line >= 1


@pytest.mark.parametrize("plain, problem", [
    ("030", "ambiguous-number"), ("0x1F", "ambiguous-number"), ("1:20", "ambiguous-number"),
    (".nan", "ambiguous-number"), ("-.inf", "ambiguous-number"), ("1_000", "ambiguous-number"),
    ("yes", "ambiguous-boolean"), ("Off", "ambiguous-boolean"),
    ("1" * 19, "too-many-digits"), ("1e999", "bad-number"),
])
def test_ambiguous_plain_scalars_are_refused(plain, problem):
    value, _, problems = parse_yaml(f"k: {plain}\n", "f.yaml")
    assert value == {"k": None} and [(p.code, p.line) for p in problems] == [(problem, 1)]


def test_plain_scalars_read_as_yaml_1_2(project):
    value, _, problems = parse_yaml("a: 30\nb: -2.5\nc: true\nd: ~\ne: '030'\nf: 2024-01-01\n"
                                    "g: n\nh: !!str 7\n", "f.yaml")
    assert problems == []
    assert value == {"a": 30, "b": -2.5, "c": True, "d": None, "e": "030", "f": "2024-01-01",
                     "g": "n", "h": "7"}


def test_merge_keys_still_work_and_explicit_keys_win():
    value, marks, problems = parse_yaml("base: &b {x: 1, y: 2}\nuse: {<<: *b, y: 3}\n", "f")
    assert problems == [] and value["use"] == {"x": 1, "y": 3}
    assert marks.keys[("use", "x")][0] == 2


def test_an_anchor_bomb_stops_at_the_value_limit_quickly():
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    started = time.process_time()
    value, _, problems = parse_yaml("\n".join(lines) + "\n", "bomb.yaml")
    assert time.process_time() - started < 1
    assert value is None and problems[0].code == "too-many-values"
    assert f"{MAX_VALUES:,}" in problems[0].message


def test_many_records_and_duplicates_are_linear():
    """A file of 20,000 tiny records and one of 20,000 duplicate keys, under the size limit."""
    for text in ("k:\n" + "- {}\n" * 20_000, "k:\n" + "  a: 1\n" * 20_000):
        started = time.process_time()
        parse_yaml(text, "f.yaml")
        assert time.process_time() - started < 2


@pytest.mark.parametrize("case", ["anchor_bomb", "very_deep_nesting", "big_file", "fifo",
                                  "huge_line_range", "many_records"])
def test_rulepress_check_stays_within_2_s_and_200_mb(project, case):
    HOSTILE[case](project)
    run = subprocess.run([sys.executable, "-c", MEASURED, str(project)], capture_output=True,
                         text=True, timeout=60)
    code, peak_kb, seconds = run.stdout.split()
    code, peak_kb, seconds = int(code), int(peak_kb), float(seconds)  # the check's CPU time
    assert code == 1 and "Traceback" not in run.stderr, run.stderr[-2000:]
    assert peak_kb < 200 * 1024
    assert seconds < 10  # reading the rest of the data and starting Python


# `rulepress check` in a process of its own, whose peak memory and CPU time this wrapper
# reports (CPU time: a busy machine stretches wall time, not the work done).
MEASURED = """
import resource, subprocess, sys
run = subprocess.run([sys.executable, "-m", "rulepress", "--project", sys.argv[1], "check"],
                     stdout=subprocess.DEVNULL)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(run.returncode, used.ru_maxrss, used.ru_utime + used.ru_stime)
"""


def test_one_stray_quote_is_one_problem(project):
    skills = project / "data/buttonmen/skills.yaml"
    text = skills.read_text(encoding="utf-8")
    skills.write_text(text.replace("    name: Chance", '    name: "Chance', 1), encoding="utf-8")
    _, problems = check_data(project)
    assert [(p.file, p.code) for p in problems.items] == [
        ("data/buttonmen/skills.yaml", "yaml-syntax")]  # not one per recipe using a letter


def test_a_broken_skill_record_is_not_echoed_by_every_recipe(project):
    skills = project / "data/buttonmen/skills.yaml"
    text = skills.read_text(encoding="utf-8")
    skills.write_text(text.replace("category: skill", "category: skil", 1), encoding="utf-8")
    _, problems = check_data(project)
    assert [p.code for p in problems.items] == ["bad-choice"]


@pytest.fixture(scope="module")
def scratch_root(tmp_path_factory):
    return tmp_path_factory.mktemp("edited")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_small_edit_of_a_file_gives_problems_never_an_exception(root, scratch_root, data):
    """Delete, repeat or insert at a random place of real files: loading them only ever
    returns problems, each naming the file."""
    from rulepress.data.catalog import Catalog
    from rulepress.data.kinds import KINDS_BY_KEY
    from rulepress.data.load import _load_file
    from rulepress.problems import ProblemList

    kind = KINDS_BY_KEY[data.draw(st.sampled_from(
        ["evilrobots.bot", "buttonmen.skill", "brikwars.item", "buttonmen.recipe_rule"]))]
    path = sorted((root / "data").glob(kind.files))[0]
    text = path.read_text(encoding="utf-8")
    at = data.draw(st.integers(0, len(text)))
    how = data.draw(st.sampled_from(["delete", "repeat", "insert"]))
    if how == "delete":
        text = text[:at] + text[at + data.draw(st.integers(1, 40)):]
    elif how == "repeat":
        text = text[:at] + text[at:at + data.draw(st.integers(1, 80))] + text[at:]
    else:
        text = text[:at] + data.draw(st.text(min_size=1, max_size=8)) + text[at:]
    scratch = scratch_root / path.relative_to(root)
    scratch.parent.mkdir(parents=True, exist_ok=True)
    scratch.write_text(text, encoding="utf-8", errors="surrogatepass")
    problems = ProblemList()
    _load_file(scratch_root, scratch, kind, Catalog(root), problems)
    assert all(p.file.endswith(path.name) for p in problems.items)
