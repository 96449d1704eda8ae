#!/usr/bin/env bash
# Set up a fresh machine (Debian 12, Python 3.11, Node 20, root): system packages,
# then the Python tools in .venv/. Safe to run again; it only adds what is missing.
#   scripts/setup.sh        what `make build` needs (npm's runtime packages only)
#   scripts/setup.sh --dev  and npm's devDependencies: axe-core for the tests, Lighthouse
#                           for bench/lighthouse.py (`make test` runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
npm_packages=(--omit=dev)
if [ "${1:-}" = "--dev" ]; then
  npm_packages=()
fi

# Debian packages the build and tests use (one per line in scripts/apt-packages.txt).
mapfile -t wanted < <(grep -v -E '^\s*(#|$)' scripts/apt-packages.txt)
missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Front-end packages (icons, the Pyodide runtime; with --dev the test and bench tools),
# pinned by package-lock.json.
npm ci "${npm_packages[@]}" --no-audit --no-fund --loglevel=error

# Python tools, in .venv/ at the repository root.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
# Every package pinned with its hashes (requirements.lock, made by scripts/lock.sh), then
# the project itself without dependencies: nothing unpinned or unchecked is installed.
.venv/bin/python -m pip install -q --disable-pip-version-check --require-hashes \
  -r requirements.lock
.venv/bin/python -m pip install -q --disable-pip-version-check --no-deps \
  --no-build-isolation -e .

# Pure-Python wheels for running the engine's tests inside Pyodide (Python 3.14), pinned
# with hashes (tests/pyodide/requirements.txt: requirements.lock's pins, by scripts/lock.sh).
if [ ! -f .cache/pyodide-test-wheels/.complete ] || \
   [ tests/pyodide/requirements.txt -nt .cache/pyodide-test-wheels/.complete ]; then
  rm -rf .cache/pyodide-test-wheels
  .venv/bin/python -m pip download -q --disable-pip-version-check --no-deps --require-hashes \
    --only-binary=:all: --python-version 3.14 -d .cache/pyodide-test-wheels \
    -r tests/pyodide/requirements.txt
  touch .cache/pyodide-test-wheels/.complete
fi
echo "setup: done (.venv/bin/rulepress)"
