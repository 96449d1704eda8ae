# Two commands set up everything on a fresh machine:
#   make build      - install what is missing, then build the site into site/
#   make test       - install what is missing (with the test tools), then run the whole suite
# and, while working on the code:
#   make test-fast  - the tests of the engine, the data and the units: everything not marked
#                     build, browser, pyodide or slow (tests/conftest.py says how a test is marked)
VENV      := .venv
STAMP     := $(VENV)/.setup-done
DEV_STAMP := $(VENV)/.setup-dev-done
# pytest caches each test module with its asserts rewritten (__pycache__/) unless Python is
# told not to write bytecode; without that cache every run rewrites them all again (~10 s)
PYTEST    := env -u PYTHONDONTWRITEBYTECODE $(VENV)/bin/python -m pytest
FAST      := not build and not browser and not pyodide and not slow
# make test and test-fast run on this many workers (pytest-xdist), a test file to a worker
# (--dist loadfile: a file's module fixtures, such as a site built from hostile data, are
# made once); the whole site is built once for them all (tests/conftest.py, built_site); the
# heaviest files go first (tests/scheduling.py), an order --no-loadscope-reorder keeps (xdist
# would put the files with the most tests first)
WORKERS   ?= 2

.PHONY: build test test-fast check setup setup-dev

build: $(STAMP)
	$(VENV)/bin/rulepress build

test: $(DEV_STAMP)
	$(PYTEST) -n $(WORKERS) --dist loadfile --no-loadscope-reorder

test-fast: $(DEV_STAMP)
	$(PYTEST) -n $(WORKERS) --dist loadfile --no-loadscope-reorder -m "$(FAST)"

check: $(STAMP)
	$(VENV)/bin/rulepress check

setup: $(STAMP)

# npm's devDependencies too (axe-core for the tests, Lighthouse for bench/lighthouse.py)
setup-dev: $(DEV_STAMP)

SETUP_INPUTS := pyproject.toml requirements.lock package-lock.json scripts/setup.sh \
                scripts/apt-packages.txt tests/pyodide/requirements.txt

$(STAMP): $(SETUP_INPUTS)
	bash scripts/setup.sh
	rm -f $(DEV_STAMP)  # npm ci without the devDependencies removed them
	touch $(STAMP)

$(DEV_STAMP): $(SETUP_INPUTS)
	bash scripts/setup.sh --dev
	touch $(STAMP) $(DEV_STAMP)
