"""Every example on the query reference page runs and gives the documented response."""

from __future__ import annotations

import json
import re

import pytest

from rulepress.engine.query import answer, operations

PAGES = "content/reference/query*.md"  # the protocol page and one page per game
BLOCK = re.compile(r'```json title="(request|response)"\n(.*?)```', re.S)


def pages_text(root) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(root.glob(PAGES)))


def examples(root):
    pairs = []
    for page in sorted(root.glob(PAGES)):
        blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
        kinds = [kind for kind, _ in blocks]
        assert kinds == ["request", "response"] * (len(blocks) // 2), f"unpaired in {page}"
        pairs += [(json.loads(blocks[i][1]), json.loads(blocks[i + 1][1]))
                  for i in range(0, len(blocks), 2)]
    return pairs


def test_documented_examples_give_the_documented_responses(root, engine_data):
    pairs = examples(root)
    assert len(pairs) >= 3
    for request, response in pairs:
        assert answer(request, engine_data) == response, request


def test_every_op_is_documented_with_an_example(root):
    documented = {(req.get("game"), req.get("op")) for req, resp in examples(root)
                  if resp.get("ok")}
    missing = [(o.game, o.name) for o in operations() if (o.game, o.name) not in documented]
    assert missing == [], f"ops without a working example in {PAGES}"


@pytest.mark.parametrize("op", operations(), ids=lambda o: f"{o.game}.{o.name}")
def test_every_op_has_a_heading(root, op):
    page = root / f"content/reference/query-{op.game}.md"
    assert f"## `{op.name}`" in page.read_text(encoding="utf-8")
