#!/usr/bin/env bash
# Make requirements.lock again: every Python package the project and its tests need,
# pinned, with the hash of every file PyPI has for it (pip-tools' pip-compile). Run it
# after changing a dependency in pyproject.toml; commit both files. It reads plain PyPI
# only (no local pip configuration), so the lock installs on any machine that reaches it.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=.cache/pip-tools
if [ ! -x "$tools/bin/pip-compile" ]; then
  python3 -m venv "$tools"
  PIP_CONFIG_FILE=/dev/null "$tools/bin/python" -m pip install -q --disable-pip-version-check \
    --index-url https://pypi.org/simple "pip-tools==7.6.2"
fi
env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL -u PIP_INDEX_URL -u PIP_CONSTRAINT \
  PIP_CONFIG_FILE=/dev/null "$tools/bin/pip-compile" --quiet --generate-hashes --allow-unsafe \
  --strip-extras --extra test --index-url https://pypi.org/simple --no-emit-index-url \
  --no-emit-find-links --output-file requirements.lock pyproject.toml
sed -i 's|^#    pip-compile .*|#    scripts/lock.sh  (pip-compile --generate-hashes from pyproject.toml: runtime + test)|' \
  requirements.lock
echo "lock: requirements.lock written"
