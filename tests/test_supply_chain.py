"""Every Python package the project installs is pinned with hashes (issue 30): the project and
its tests and benchmarks (requirements.lock), pip-tools, which makes the locks
(scripts/pip-tools.lock), and the wheels the engine's tests use inside Pyodide."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+) \\\n((?:    --hash=sha256:[0-9a-f]{64}(?: \\)?\n)+)",
                 re.M)


def pins(path: Path) -> dict[str, tuple[str, frozenset[str]]]:
    """name -> (version, hashes) of a pip requirements file written with --generate-hashes;
    fails on any requirement line that is not pinned that way."""
    text = path.read_text(encoding="utf-8")
    found = {m.group(1).lower(): (m.group(2), frozenset(re.findall(r"[0-9a-f]{64}", m.group(3))))
             for m in PIN.finditer(text)}
    requirements = [line for line in text.splitlines()
                    if line and not line.startswith((" ", "#"))]
    assert len(requirements) == len(found), [r for r in requirements
                                             if r.split("==")[0].lower() not in found]
    assert all(hashes for _, hashes in found.values())
    return found


def test_the_project_lock_pins_everything_with_hashes_including_the_bench_extra():
    lock = pins(ROOT / "requirements.lock")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["dependencies"] + [r for extra in ("test", "bench")
                                        for r in project["optional-dependencies"][extra]]
    for requirement in wanted:
        name, version = requirement.split("==")
        assert lock[name.lower()][0] == version, requirement


def test_pyodide_wheels_have_the_locks_pins_and_hashes():
    wheels = pins(ROOT / "tests/pyodide/requirements.txt")
    lock = pins(ROOT / "requirements.lock")
    assert {"pytest", "hypothesis"} <= set(wheels)
    for name, (version, hashes) in wheels.items():
        assert lock[name] == (version, hashes), name  # the same version, the same files
    setup = (ROOT / "scripts/setup.sh").read_text(encoding="utf-8")
    download = setup[setup.index("pip download"):setup.index("-r tests/pyodide/requirements.txt")]
    assert "--require-hashes" in download


def test_pip_tools_is_installed_only_from_its_hashed_lock():
    tools = pins(ROOT / "scripts/pip-tools.lock")
    wanted = re.search(r"^pip-tools==(\S+)$", (ROOT / "scripts/pip-tools.in").read_text(
        encoding="utf-8"), re.M).group(1)
    assert tools["pip-tools"][0] == wanted and {"click", "build", "pip"} <= set(tools)
    script = (ROOT / "scripts/lock.sh").read_text(encoding="utf-8")
    assert script.count("pip install") == 1  # the one install: pip-tools from its lock
    command = script[script.index("pip install"):script.index("-r scripts/pip-tools.lock")]
    assert "--require-hashes" in command and '"pip-tools==' not in script


def test_no_document_installs_an_unhashed_extra():
    for path in [ROOT / "README.md", *sorted((ROOT / "content").rglob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"pip install[^\n`]*-e ['\"]?\.\[", text), path
