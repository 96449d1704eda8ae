"""The BrikWars ops package's index names the module of every op, so a newcomer finds any
op in one hop from its name (issue 31: ops split by what they answer)."""

from __future__ import annotations

import re
import sys

import pytest

import rulepress.engine.brikwars.ops as package
from rulepress.engine.query import operations


# the browser's engine wheel is built without docstrings (lean_wheel.py), so the index is
# read where the source is
@pytest.mark.skipif(sys.platform == "emscripten", reason="the lean wheel has no docstrings")
def test_the_index_lists_each_op_under_its_module():
    index: dict[str, str] = {}
    module = None
    for line in (package.__doc__ or "").splitlines():
        head = re.match(r"- (\w+)\.py: (.*)", line)
        if head:
            module, rest = head.groups()
        elif module and line.startswith("  `"):
            rest = line
        else:
            module = None
            continue
        for name in re.findall(r"`(\w+)`", rest):
            assert name not in index, f"{name} listed twice"
            index[name] = module
    registered = {o.name: o.run.__module__.rsplit(".", 1)[1] for o in operations()
                  if o.game == "brikwars"}
    assert index == registered
