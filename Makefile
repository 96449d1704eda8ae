# Two commands set up everything on a fresh machine:
#   make build   - install what is missing, then build the site into site/
#   make test    - install what is missing, then run the whole test suite
VENV  := .venv
STAMP := $(VENV)/.setup-done

.PHONY: build test check setup

build: $(STAMP)
	$(VENV)/bin/rulepress build

test: $(STAMP)
	$(VENV)/bin/python -m pytest

check: $(STAMP)
	$(VENV)/bin/rulepress check

setup: $(STAMP)

$(STAMP): pyproject.toml requirements.lock package-lock.json scripts/setup.sh scripts/apt-packages.txt \
		tests/pyodide/requirements.txt
	bash scripts/setup.sh
	touch $(STAMP)
