"""A share of the pinned request set answers exactly as it did when pinned (pin_answers.py:
the whole set is checked by `python tests/engine/pinned/pin_answers.py check`)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

# the set and its script stay out of the Pyodide run (only test modules are staged there);
# the answers it pins are the same Python's either way
pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="the pinned set is not staged in Pyodide")

HERE = Path(__file__).parent
EVERY = 40  # about 580 of the 23,181 requests: a few seconds


def _pins():
    spec = importlib.util.spec_from_file_location("pin_answers", HERE / "pin_answers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_share_of_the_pinned_answers_is_unchanged(engine_data, capsys):
    pins = _pins()
    requests = pins.load_requests()
    assert len(requests) == len(json.loads(pins.ANSWERS.read_text(encoding="utf-8"))) > 20_000
    assert pins.check(every=EVERY, data=engine_data) == 0, capsys.readouterr().out


def test_the_set_has_every_op_and_every_game():
    from rulepress.engine.query import operations
    pins = _pins()
    asked = {(r.get("game"), r.get("op")) for r in pins.load_requests()}
    assert {(o.game, o.name) for o in operations()} <= asked
