"""Pin the engine's answers to a large request set, to show a refactor changes none of them.

    python tests/engine/pinned/pin_answers.py build   # gather the requests (see below), pin
    python tests/engine/pinned/pin_answers.py pin     # answer each again; keep its digest
    python tests/engine/pinned/pin_answers.py check   # answer again; compare byte for byte

The request set (requests.jsonl.gz) gathers every request the engine tests send (recorded by
record_requests.py), every request literal in tests/, every example on the query reference
pages, and as many again made by changing their numbers and dice at random (fixed seed).
answers.json keeps, for each request, the SHA-256 of its answer as JSON text (keys sorted),
cut to 96 bits: two texts with the same digest are the same bytes. `check --save FILE` also writes the
answer texts, so a difference can be read. test_pinned_answers.py runs a share of the set.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import random
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
REQUESTS = HERE / "requests.jsonl.gz"
ANSWERS = HERE / "answers.json"
RECORDED = HERE / "recorded.jsonl"
SLOWEST = 1.0  # seconds: slower requests stay out of the set, so a check runs in minutes
SEED = 31

sys.path.insert(0, str(ROOT / "generators"))


def engine_data() -> dict:
    from rulepress.data.load import load_catalog
    return load_catalog(ROOT).engine_data()


def key(request: dict) -> str:
    return json.dumps(request, sort_keys=True)


def answer_text(request: dict, data: dict) -> str:
    from rulepress.engine.query import answer
    return json.dumps(answer(request, data), sort_keys=True)


def digest(text: str) -> str:
    """The first 96 bits of the text's SHA-256: two texts alike in it are the same bytes
    (a chance difference hides once in 2**96 pairs)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


# --- where requests come from ---------------------------------------------------------------

def doc_examples() -> list[dict]:
    block = re.compile(r'```json title="request"\n(.*?)```', re.S)
    found = []
    for page in sorted((ROOT / "content/reference").glob("*.md")):
        for text in block.findall(page.read_text(encoding="utf-8")):
            try:
                found.append(json.loads(text))
            except json.JSONDecodeError:
                pass
    return found


def test_literals() -> list[dict]:
    """Dict literals in tests/ with a "game" and an "op" key whose value is constant."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict) and {"game", "op"} <= {
                    k.value for k in node.keys if isinstance(k, ast.Constant)}:
                try:
                    value = ast.literal_eval(node)
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    continue
                if isinstance(value, dict):
                    found.append(value)
    return found


def recorded() -> list[dict]:
    if not RECORDED.exists():
        return []
    return [json.loads(line) for line in RECORDED.read_text(encoding="utf-8").splitlines()
            if line.strip()]


DICE = re.compile(r"(\d*)d(\d+)")


def vary(value, rng: random.Random):
    """One random change of a request's numbers and dice, keeping its shape."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return max(0, value + rng.choice([-2, -1, 1, 2, 3])) if rng.random() < 0.5 else value
    if isinstance(value, str):
        if rng.random() < 0.5:
            return value

        def dice(match: re.Match) -> str:
            count = int(match.group(1) or 1)
            count = max(1, count + rng.choice([-1, 0, 1, 2]))
            sides = rng.choice([4, 6, 8, 10, 12, 20])
            return f"{count}d{sides}"
        return DICE.sub(dice, value)
    if isinstance(value, list):
        return [vary(v, rng) for v in value]
    if isinstance(value, dict):
        return {k: (v if k in ("game", "op") else vary(v, rng)) for k, v in value.items()}
    return value


def build() -> None:
    sources = {"recorded from the tests": recorded(), "literals in tests/": test_literals(),
               "query reference examples": doc_examples()}
    seen: dict[str, dict] = {}
    for name, requests in sources.items():
        before = len(seen)
        for request in requests:
            try:
                seen.setdefault(key(request), request)
            except (TypeError, ValueError):
                pass  # not JSON (a test of bad input made in Python): not a request text
        print(f"{name}: {len(requests)} requests, {len(seen) - before} new")
    rng = random.Random(SEED)
    base = [r for r in seen.values() if isinstance(r.get("game"), str)]
    made = 0
    for request in base:
        changed = vary(request, rng)
        if key(changed) not in seen:
            seen[key(changed)] = changed
            made += 1
    print(f"generated by changing numbers and dice: {made} new")
    data = engine_data()
    kept, digests, slow = [], [], 0
    for request in seen.values():
        start = time.process_time()
        text = answer_text(request, data)
        if time.process_time() - start > SLOWEST:
            slow += 1
            continue
        kept.append(request)
        digests.append(digest(text))
    print(f"left out as slower than {SLOWEST} s: {slow}; request set: {len(kept)}")
    with gzip.open(REQUESTS, "wt", encoding="utf-8") as out:
        out.writelines(key(r) + "\n" for r in kept)
    ANSWERS.write_text(json.dumps(digests, indent=0) + "\n", encoding="utf-8")
    print(f"pinned {len(digests)} answers")


def load_requests() -> list[dict]:
    with gzip.open(REQUESTS, "rt", encoding="utf-8") as source:
        return [json.loads(line) for line in source]


def pin() -> None:
    data = engine_data()
    digests = [digest(answer_text(r, data)) for r in load_requests()]
    ANSWERS.write_text(json.dumps(digests, indent=0) + "\n", encoding="utf-8")
    print(f"pinned {len(digests)} answers")


def check(save: Path | None = None, every: int = 1, data: dict | None = None) -> int:
    """Answer every `every`-th pinned request again; return how many differ."""
    data = engine_data() if data is None else data
    pinned = json.loads(ANSWERS.read_text(encoding="utf-8"))
    requests = load_requests()
    differ = checked = 0
    texts = []
    for i in range(0, len(requests), every):
        text = answer_text(requests[i], data)
        texts.append(text)
        checked += 1
        if digest(text) != pinned[i]:
            differ += 1
            print("differs:", key(requests[i])[:300])
    if save:
        save.write_text("\n".join(texts) + "\n", encoding="utf-8")
    print(f"{checked} answers compared byte for byte, {differ} differ")
    return differ


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "build":
        build()
    elif command == "pin":
        pin()
    elif command == "check":
        save = Path(sys.argv[sys.argv.index("--save") + 1]) if "--save" in sys.argv else None
        sys.exit(1 if check(save) else 0)
    else:
        sys.exit(__doc__)
