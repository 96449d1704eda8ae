"""Benchmark: the dice ops' cost estimate (engine/dice/cost.py) against real answers.

Each request runs in a fresh Python process with the budget lifted, limited to
--cpu seconds of CPU and 3 GB of memory; it reports CPU seconds (not wall time:
the machine is shared) and peak memory, beside the budget's seconds the op would
refuse on (the calibrated estimate: steps / 1e6, against the 2 s limit). The ratio
CPU / budget should stay at 1 or under where it matters: around the 2 s limit.

    .venv/bin/python bench/dice_cost.py [--cpu 8] [--grid keep|roll|all]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, resource, sys, time
cpu = float(sys.argv[2])
resource.setrlimit(resource.RLIMIT_CPU, (int(cpu) + 1, int(cpu) + 1))
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
sys.path.insert(0, sys.argv[3])
from rulepress.engine import budget
from rulepress.engine.query import answer, operations
operations()
request = json.loads(sys.argv[1])
budget.MAX_STEPS, budget.MAX_MEMORY = float("inf"), float("inf")
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
response = answer(request, {})
text = json.dumps(response)
seconds = time.process_time() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"cpu": seconds, "mb": (peak - base) / 1024, "ok": response["ok"],
                  "error": response.get("error", {}).get("message", "")[:120]}))
"""


def estimate(request: dict) -> tuple[float, float]:
    """(budget seconds, MB) the op's check would estimate for this request."""
    sys.path.insert(0, str(ROOT / "generators"))
    from rulepress.engine.dice.cost import keep_cost
    from rulepress.engine.dice.parse import parse
    from rulepress.engine.dice.roll import RollRules, roll_cost

    if request["op"] == "keep":
        cost = keep_cost(request["dice"], request["sides"], request["keep"])
    else:
        rules = RollRules(bonus_dice=request.get("bonus_dice", True),
                          depth=request.get("depth", 8))
        cost = roll_cost(parse(request["expr"]), rules, lists=request["op"] == "distribution")
    return cost.steps / 1e6, cost.memory / 1e6


def grid(which: str) -> list[dict]:
    out: list[dict] = []
    if which in ("keep", "all"):
        for n, sides, k in [(10, 1000, 3), (10, 1000, 8), (30, 200, 8), (30, 200, 20),
                            (30, 1000, 3), (60, 60, 20), (60, 60, 50), (60, 200, 8),
                            (60, 1000, 3), (100, 20, 50), (100, 60, 8), (100, 60, 20),
                            (100, 100, 50), (100, 200, 3), (100, 200, 8), (100, 1000, 1),
                            (200, 6, 50), (200, 6, 100), (200, 20, 20), (200, 60, 8),
                            (200, 200, 3), (200, 1000, 1), (200, 1000, 10)]:
            out.append({"game": "dice", "op": "keep", "dice": n, "sides": sides, "keep": k})
    if which in ("roll", "all"):
        for op in ("distribution", "probability"):
            for expr, depth in [("1000d4", 0), ("300d6", 0), ("1000d6", 0), ("100d20", 0),
                                ("300d20", 0), ("100d100", 0), ("10d1000", 0),
                                ("30d1000", 0), ("30d4", 40), ("100d4", 8), ("10d6", 40),
                                ("30d6", 8), ("60d6", 8), ("100d6", 8), ("10d20", 40),
                                ("30d20", 8), ("60d20", 8), ("10d100", 40), ("30d100", 8),
                                ("10d1000", 8), ("20d6+20d10+20d4", 8), ("60d6-60d6", 8)]:
                request = {"game": "dice", "op": op, "expr": expr, "depth": depth,
                           "bonus_dice": depth > 0}
                if op == "probability":
                    request["at_least"] = 10
                out.append(request)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpu", type=float, default=8.0)
    parser.add_argument("--grid", default="all", choices=("keep", "roll", "all"))
    args = parser.parse_args()
    print(f"{'request':52} {'budget s':>8} {'cpu s':>8} {'ratio':>6} {'est MB':>7} {'MB':>6}")
    for request in grid(args.grid):
        seconds, mb = estimate(request)
        shown = {k: v for k, v in request.items() if k not in ("game",)}
        if seconds > 20 * args.cpu:
            print(f"{json.dumps(shown)[:52]:52} {seconds:8.2f} {'(skip)':>8}")
            continue
        run = subprocess.run([sys.executable, "-c", CHILD, json.dumps(request), str(args.cpu),
                              str(ROOT / "generators")], capture_output=True, text=True)
        if run.returncode:
            print(f"{json.dumps(shown)[:52]:52} {seconds:8.2f} {'>' + str(args.cpu):>8}"
                  f" {'':6} {mb:7.0f}")
            continue
        got = json.loads(run.stdout)
        print(f"{json.dumps(shown)[:52]:52} {seconds:8.2f} {got['cpu']:8.2f} "
              f"{got['cpu'] / max(seconds, 1e-6):6.2f} {mb:7.0f} {got['mb']:6.0f}", flush=True)


if __name__ == "__main__":
    main()
