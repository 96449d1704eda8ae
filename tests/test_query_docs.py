"""Every example on the query reference page runs and gives the documented response."""

from __future__ import annotations

import json
import re

import pytest

from rulepress.engine.query import answer, operations

PAGE = "content/reference/query.md"
BLOCK = re.compile(r'```json title="(request|response)"\n(.*?)```', re.S)


def examples(root):
    blocks = BLOCK.findall((root / PAGE).read_text(encoding="utf-8"))
    kinds = [kind for kind, _ in blocks]
    assert kinds == ["request", "response"] * (len(blocks) // 2), "unpaired example blocks"
    return [(json.loads(blocks[i][1]), json.loads(blocks[i + 1][1]))
            for i in range(0, len(blocks), 2)]


def test_documented_examples_give_the_documented_responses(root, engine_data):
    pairs = examples(root)
    assert len(pairs) >= 3
    for request, response in pairs:
        assert answer(request, engine_data) == response, request


def test_every_op_is_documented_with_an_example(root):
    documented = {(req.get("game"), req.get("op")) for req, resp in examples(root)
                  if resp.get("ok")}
    missing = [(o.game, o.name) for o in operations() if (o.game, o.name) not in documented]
    assert missing == [], f"ops without a working example on {PAGE}"


@pytest.mark.parametrize("op", operations(), ids=lambda o: f"{o.game}.{o.name}")
def test_every_op_has_a_heading(root, op):
    assert f"### `{op.name}`" in (root / PAGE).read_text(encoding="utf-8")
