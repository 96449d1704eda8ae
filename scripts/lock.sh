#!/usr/bin/env bash
# Make the lock files again, every package pinned with the hash of every file PyPI has for it:
#   requirements.lock            the project, its tests and its benchmarks (pyproject.toml)
#   scripts/pip-tools.lock       pip-tools itself, which makes the two (scripts/pip-tools.in)
#   tests/pyodide/requirements.txt  the pure-Python wheels the engine's tests use inside
#                                Pyodide: the same pins and hashes as requirements.lock
# Run it after changing a dependency in pyproject.toml (or the pip-tools version in
# scripts/pip-tools.in); commit the files. It reads plain PyPI only (no local pip
# configuration), so the locks install on any machine that reaches it, and it installs
# pip-tools only from its own hashed lock.
set -euo pipefail
cd "$(dirname "$0")/.."
tools="$PWD/.cache/pip-tools"
plain=(env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL -u PIP_INDEX_URL -u PIP_CONSTRAINT
       PIP_CONFIG_FILE=/dev/null)
if [ ! -x "$tools/bin/pip-compile" ] || ! cmp -s scripts/pip-tools.lock "$tools/installed.lock"
then
  rm -rf "$tools"
  python3 -m venv "$tools"
  "${plain[@]}" "$tools/bin/python" -m pip install -q --disable-pip-version-check \
    --require-hashes --index-url https://pypi.org/simple -r scripts/pip-tools.lock
  cp scripts/pip-tools.lock "$tools/installed.lock"
fi
compile() {
  "${plain[@]}" "$tools/bin/pip-compile" --quiet --generate-hashes --allow-unsafe \
    --strip-extras --index-url https://pypi.org/simple --no-emit-index-url \
    --no-emit-find-links "$@"
}
compile --extra test --extra bench --output-file requirements.lock pyproject.toml
sed -i 's|^#    pip-compile .*|#    scripts/lock.sh  (pip-compile --generate-hashes from pyproject.toml: runtime + test + bench)|' \
  requirements.lock
(cd scripts && compile --output-file pip-tools.lock pip-tools.in)
sed -i 's|^#    pip-compile .*|#    scripts/lock.sh  (pip-compile --generate-hashes from scripts/pip-tools.in)|' \
  scripts/pip-tools.lock
# The Pyodide test wheels: these packages' blocks (pin and hashes) copied from requirements.lock
python3 - <<'EOF'
import re
from pathlib import Path

WHEELS = ["pytest", "pluggy", "iniconfig", "packaging", "pygments", "hypothesis",
          "sortedcontainers"]
lock = Path("requirements.lock").read_text(encoding="utf-8")
blocks = {m.group(1): m.group(0).rstrip() for m in re.finditer(
    r"^([a-z0-9_.-]+)==\S+ \\\n(?:    --hash=sha256:[0-9a-f]{64}(?: \\)?\n)+", lock, re.M)}
missing = [name for name in WHEELS if name not in blocks]
if missing:
    raise SystemExit(f"lock: requirements.lock has no pin for {missing}")
head = ("# Pure-Python wheels that let the engine's own tests run inside Pyodide (Python 3.14).\n"
        "# Written by scripts/lock.sh from requirements.lock (the same pins and hashes);\n"
        "# scripts/setup.sh downloads them, hashes required, into .cache/pyodide-test-wheels/.\n")
Path("tests/pyodide/requirements.txt").write_text(
    head + "\n".join(blocks[name] for name in WHEELS) + "\n", encoding="utf-8")
EOF
echo "lock: requirements.lock, scripts/pip-tools.lock and tests/pyodide/requirements.txt written"
