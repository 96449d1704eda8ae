"""conftest for the engine tests when they run inside Pyodide (copied in as conftest.py).

It gives the same `engine_data` the native suite has (from JSON: there is no YAML
in the browser), skips tests that need the project's files or the command line,
and skips tests marked `native`.
"""

import json
import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).parent


def pytest_configure(config):
    config.addinivalue_line("markers", "native: needs CPython outside the browser")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.get_closest_marker("native"):
            item.add_marker(pytest.mark.skip(reason="native only"))


@pytest.fixture(scope="session")
def engine_data():
    return json.loads((HERE / "engine_data.json").read_text(encoding="utf-8"))


@pytest.fixture
def root():
    pytest.skip(f"needs the project's files, not available on {sys.platform}")


@pytest.fixture
def project():
    pytest.skip(f"needs the project's files, not available on {sys.platform}")
