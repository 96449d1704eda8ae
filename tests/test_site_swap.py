"""site/ is always a complete site: swapped in one step, repaired by the next command.

A fake build (a few files) stands in for the real one, so every step of the swap can
be tried: a cross-device rename, and a kill (SIGKILL, no clean-up) at each file-system
call a build makes, with and without an atomic exchange for the first build.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulepress import site_folder
from rulepress.problems import BuildError

FILES = 6


def write_site(folder: Path, version: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(FILES):
        (folder / f"page{i}.html").write_text(version, encoding="utf-8")


def site_version(project: Path) -> str | None:
    """The version site/ holds when it is complete (all pages of one version), else None."""
    site = project / "site"
    versions = {(site / f"page{i}.html").read_text(encoding="utf-8")
                if (site / f"page{i}.html").is_file() else None for i in range(FILES)}
    return versions.pop() if len(versions) == 1 else None


def fake_build(project: Path, version: str) -> Path:
    with site_folder.locked(project) as mine:
        assert mine
        new = site_folder.start_build(project)
        write_site(new, version)
        return site_folder.publish(project, new)


def leftovers(project: Path) -> list[str]:
    """What the builds folder and project hold beyond site/ and its one build."""
    site, builds = project / "site", project / site_folder.BUILDS
    current = os.readlink(site).split("/")[-1] if site.is_symlink() else None
    extra = [p.name for p in (builds.iterdir() if builds.is_dir() else ())
             if p.name not in (current, f"{current}{site_folder.READY}", site_folder.LOCK)]
    return extra + [p.name for p in project.glob(site_folder.LINK_PREFIX + "*")]


def test_first_build_adopts_a_plain_site_folder_then_swaps(tmp_path):
    write_site(tmp_path / "site", "old")
    fake_build(tmp_path, "new")
    assert (tmp_path / "site").is_symlink() and site_version(tmp_path) == "new"
    assert leftovers(tmp_path) == []
    fake_build(tmp_path, "newer")
    assert site_version(tmp_path) == "newer" and leftovers(tmp_path) == []


def test_cross_device_rename_keeps_the_old_site(tmp_path, monkeypatch):
    write_site(tmp_path / "site", "old")
    monkeypatch.setattr(site_folder, "_exchange", lambda a, b: False)

    def cross_device(*args, **kwargs):
        raise OSError(errno.EXDEV, os.strerror(errno.EXDEV), str(args[0]))

    monkeypatch.setattr(os, "rename", cross_device)
    with pytest.raises(BuildError, match="another filesystem"):
        fake_build(tmp_path, "new")
    assert site_version(tmp_path) == "old" and not (tmp_path / "site").is_symlink()
    monkeypatch.undo()
    fake_build(tmp_path, "new")  # adopted, then swapped
    monkeypatch.setattr(os, "replace", cross_device)
    with pytest.raises(BuildError, match="another filesystem"):
        fake_build(tmp_path, "newer")
    assert site_version(tmp_path) == "new"
    monkeypatch.undo()
    assert site_folder.repair(tmp_path) is None and leftovers(tmp_path) == []


def test_builds_folder_on_another_filesystem_is_refused(tmp_path, monkeypatch):
    write_site(tmp_path / "site", "old")
    real_stat = os.stat
    builds = str(tmp_path / site_folder.BUILDS)

    def other_device(path, *args, **kwargs):
        result = real_stat(path, *args, **kwargs)
        if str(path) == builds:
            return os.stat_result((*result[:2], result.st_dev + 1, *result[3:]))
        return result

    monkeypatch.setattr(os, "stat", other_device)
    with pytest.raises(BuildError, match="another filesystem"):
        fake_build(tmp_path, "new")
    assert site_version(tmp_path) == "old"


def test_a_second_build_at_the_same_time_is_refused(tmp_path):
    with site_folder.locked(tmp_path) as mine:
        assert mine
        with site_folder.locked(tmp_path) as other:
            assert not other


KILLER = r"""
import json, os, signal, sys
from pathlib import Path
sys.path[:0] = json.loads(sys.argv[4])
from rulepress import site_folder

project, kill_at, exchange = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "yes"
FILES = int(sys.argv[5])
calls = 0

def counted(function):
    def call(*args, **kwargs):
        global calls
        calls += 1
        if calls == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        return function(*args, **kwargs)
    return call

for name in ("rename", "replace", "symlink", "unlink", "rmdir", "mkdir", "fsync", "open"):
    setattr(os, name, counted(getattr(os, name)))
if not exchange:
    site_folder._exchange = lambda a, b: False
site_folder._exchange = counted(site_folder._exchange)
with site_folder.locked(project) as mine:
    new = site_folder.start_build(project)
    for i in range(FILES):
        (new / f"page{i}.html").write_text("new", encoding="utf-8")
    site_folder.publish(project, new)
print(calls)
"""


@pytest.mark.parametrize("start", ["plain folder", "link"])
@pytest.mark.parametrize("exchange", ["yes", "no"])
def test_a_kill_at_any_step_leaves_a_whole_site_and_the_next_command_repairs(
        tmp_path, start, exchange):
    tests = str(Path(__file__).parent)
    paths = json.dumps([tests, str(Path(tests).parent / "generators")])
    step, finished = 0, False
    while not finished:
        step += 1
        project = tmp_path / f"kill-{step}"
        if start == "link":
            project.mkdir()
            fake_build(project, "old")
        else:
            write_site(project / "site", "old")
        run = subprocess.run([sys.executable, "-S", "-c", KILLER, str(project), str(step),
                              exchange, paths, str(FILES)], capture_output=True, text=True,
                             timeout=60)
        finished = run.returncode == 0
        assert finished or run.returncode == -9, run.stderr
        seen = site_version(project)
        if not (exchange == "no" and start == "plain folder" and seen is None):
            assert seen in ("old", "new"), (step, list(project.iterdir()))
        site_folder.repair(project)  # what the next command does first
        assert site_version(project) == ("new" if finished else seen or "old"), step
        assert leftovers(project) == [], step
    assert step > 10  # every call of the swap was a kill point


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "the disk is full"),
                                         (errno.EROFS, "cannot be written")])
def test_a_full_disk_or_read_only_folder_stops_before_the_build(tmp_path, monkeypatch, code,
                                                                words):
    write_site(tmp_path / "site", "old")
    real = Path.write_bytes

    def fails(self, data):
        if self.name == ".probe":
            raise OSError(code, os.strerror(code), str(self))
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", fails)
    with site_folder.locked(tmp_path):
        with pytest.raises(BuildError, match=words):
            site_folder.start_build(tmp_path)
    assert site_version(tmp_path) == "old"
    assert [p.name for p in (tmp_path / site_folder.BUILDS).iterdir()
            if not p.name.startswith(site_folder.LEGACY) and p.name != site_folder.LOCK] == []
