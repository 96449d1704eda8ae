"""Benchmark: every op's promised bound (budget.refuse_over) against the CPU time it takes.

For each registered op this finds the heaviest requests the op still accepts: from the
pinned request set (tests/engine/pinned), from the BrikWars bound cases, and by growing
each request's size fields (numbers, dice counts, repeated list items) until just under
the op's refusal. Each heaviest request is then run again in a fresh Python process,
limited to --cpu seconds of CPU and 3 GB of memory, and its CPU time (not wall time: the
machine is shared) and peak memory (above the process's own, Linux's VmHWM reset before the request) are
printed beside the op's own estimate: the largest
`steps` the op passed to `budget.refuse_over` while answering. An op that never calls it
is listed as 'unpriced'. The goal line checks that no accepted request takes over 2 s.

    .venv/bin/python bench/op_budgets.py [--cpu 8] [--ops brikwars.attack,dice.keep]
                                         [--per-op 12] [--grow-cpu 20] [--save rows.jsonl]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "generators"))
sys.path.insert(0, str(ROOT / "tests/engine/pinned"))
sys.path.insert(0, str(ROOT / "tests/engine/brikwars"))

GOAL = 2.0  # seconds of CPU: the op budget's promise (budget.MAX_STEPS at ~1e6 steps a second)
STEPS_PER_SECOND = 1e6
DICE = re.compile(r"(\d*)d(\d+)")

CHILD = r"""
import json, resource, sys, time
cpu = float(sys.argv[2])
resource.setrlimit(resource.RLIMIT_CPU, (int(cpu) + 1, int(cpu) + 1))
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
sys.path.insert(0, sys.argv[3])
sys.path.insert(0, sys.argv[4])
import op_budgets
probe = op_budgets.Probe()
data = op_budgets.engine_data()
request = json.loads(sys.stdin.read())
def rss(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1])
base = rss("VmRSS:")
open("/proc/self/clear_refs", "w").write("5")  # the peak (VmHWM) starts again from here
run = probe.run(request, data, cap=None)
peak = rss("VmHWM:")
print(json.dumps({"cpu": run.cpu, "mb": (peak - base) / 1024, "ok": run.ok,
                  "steps": run.steps, "refused": run.refused}))
"""


class OutOfCpu(BaseException):
    """The in-process CPU cap ran out (a BaseException, so no op's handler swallows it)."""


@dataclass
class Run:
    request: dict
    ok: bool = False
    refused: bool = False
    steps: float | None = None  # the largest estimate passed to refuse_over, None: never called
    cpu: float = 0.0
    capped: bool = False  # stopped by the in-process CPU cap
    mb: float | None = None  # peak memory (fresh process only)
    note: str = ""

    @property
    def accepted(self) -> bool:
        return not self.refused and not self.capped


def engine_data() -> dict:
    from rulepress.data.load import load_catalog
    return load_catalog(ROOT).engine_data()


class Probe:
    """Answers requests with every module's `refuse_over` wrapped to record its estimate."""

    def __init__(self) -> None:
        from rulepress.engine import budget
        from rulepress.engine.query import operations
        self.ops = operations()
        self.original = budget.refuse_over
        self.steps: float | None = None
        self.refused = False
        for module in list(sys.modules.values()):
            name = getattr(module, "__name__", "")
            if name.startswith("rulepress.engine") and \
                    getattr(module, "refuse_over", None) is self.original:
                setattr(module, "refuse_over", self._record)

    def _record(self, steps: float, *args: Any, **kwargs: Any) -> None:
        self.steps = steps if self.steps is None else max(self.steps, steps)
        try:
            self.original(steps, *args, **kwargs)
        except Exception:
            self.refused = True
            raise

    def run(self, request: dict, data: dict, cap: float | None = 4.0) -> Run:
        from rulepress.engine.query import answer
        self.steps, self.refused = None, False
        result = Run(copy.deepcopy(request))

        def out(*_: Any) -> None:
            raise OutOfCpu

        if cap:
            signal.signal(signal.SIGPROF, out)
            signal.setitimer(signal.ITIMER_PROF, cap)
        start = time.process_time()
        try:
            response = answer(request, data)
            json.dumps(response)
            result.ok = bool(response.get("ok"))
            if not result.ok:
                result.note = str(response.get("error", {}).get("message", ""))[:80]
        except OutOfCpu:
            result.capped = True
        except RecursionError:
            result.capped = True
            result.note = "recursion"
        finally:
            if cap:
                signal.setitimer(signal.ITIMER_PROF, 0)
        result.cpu = time.process_time() - start
        result.steps, result.refused = self.steps, self.refused
        return result


# --- where requests come from ---------------------------------------------------------------

def pinned_requests() -> list[dict]:
    from pin_answers import load_requests
    return load_requests()


def bound_cases() -> list[dict]:
    from test_brikwars_bounds import CASES
    return [{"game": "brikwars", **case} for case in CASES]


def size(request: Any) -> float:
    """A rough size of a request, to pick the likely heaviest of many: its numbers, its dice
    counts and sides, its list lengths."""
    if isinstance(request, bool) or request is None:
        return 0.0
    if isinstance(request, (int, float)):
        return float(min(abs(request), 1e6))
    if isinstance(request, str):
        return float(sum(int(c or 1) * int(s) for c, s in DICE.findall(request)[:50]
                         if len(c) < 7 and len(s) < 7))
    if isinstance(request, list):
        return len(request) * 10 + sum(size(v) for v in request[:200])
    if isinstance(request, dict):
        return sum(size(v) for k, v in request.items() if k not in ("game", "op"))
    return 0.0


def by_op(requests: list[dict]) -> dict[tuple[str, str], list[dict]]:
    out: dict[tuple[str, str], list[dict]] = {}
    for request in requests:
        game, op = request.get("game"), request.get("op")
        if isinstance(game, str) and isinstance(op, str):
            out.setdefault((game, op), []).append(request)
    return out


def growths(request: dict) -> Iterator[tuple[str, Any]]:
    """Each size field of a request as (where, setter): a number, a dice count in a dice text,
    a list's length (its items repeated); `setter(factor)` gives a copy grown by `factor`."""

    def walk(value: Any, path: tuple) -> Iterator[tuple]:
        if isinstance(value, bool) or value is None:
            return
        if isinstance(value, int) and 0 < value < 10**7:
            yield path, "int"
        elif isinstance(value, str) and DICE.search(value) and len(value) < 200:
            yield path, "dice"
        elif isinstance(value, list) and 0 < len(value) < 2000:
            yield path, "list"
            if value and all(v == value[0] for v in value):
                yield from walk(value[0], path + ("*",))
            else:
                for i, v in enumerate(value[:5]):
                    yield from walk(v, path + (i,))
        elif isinstance(value, dict):
            for k, v in value.items():
                if k not in ("game", "op", "seed"):
                    yield from walk(v, path + (k,))

    for path, kind in walk(request, ()):
        def setter(factor: float, path: tuple = path, kind: str = kind) -> dict:
            grown = copy.deepcopy(request)
            apply(grown, path, kind, factor)
            return grown
        yield "/".join(map(str, path)) + ("" if kind == "int" else f"({kind})"), setter


def apply(value: Any, path: tuple, kind: str, factor: float) -> Any:
    if not path:
        if kind == "int":
            return max(value + 1, int(value * factor))
        if kind == "dice":
            def more(match: re.Match) -> str:
                count = int(match.group(1) or 1)
                return f"{max(count + 1, int(count * factor))}d{match.group(2)}"
            return DICE.sub(more, value)
        return (value * (int(factor) + 1))[:max(len(value) + 1, int(len(value) * factor))]
    head, rest = path[0], path[1:]
    if head == "*":
        new = apply(value[0], rest, kind, factor)
        value[:] = [copy.deepcopy(new) for _ in value]
    else:
        value[head] = apply(value[head], rest, kind, factor)
    return value


def grow(probe: Probe, start: Run, data: dict, budget_s: float, cap: float | None,
         reverse: bool = False) -> list[Run]:
    """Grow the size fields of an accepted request one after the other (each from the last
    one's largest accepted value), by doubling and then halving the step, until just under
    the op's refusal (or the CPU cap). Every run is returned, accepted or not."""
    found: list[Run] = []
    spent = 0.0
    base = start.request
    names = [name for name, _ in growths(base)]
    for name in reversed(names) if reverse else names:
        setter = dict(growths(base)).get(name)
        if setter is None:
            continue
        good, bad = 1.0, None  # the largest factor accepted, the smallest refused
        best = None
        for _ in range(16):
            factor = good * 2 if bad is None else (good + bad) / 2
            if spent > budget_s or (bad is not None and bad - good < max(0.05 * good, 0.5)):
                break
            try:
                grown = setter(factor)
            except (TypeError, ValueError, IndexError, KeyError):
                break
            if len(json.dumps(grown)) > 200_000:
                break
            run = probe.run(grown, data, cap)
            spent += run.cpu
            found.append(run)
            if run.accepted and run.ok:
                good, best = factor, run
                if good > 1e6:
                    break
            else:  # refused by the budget, over the cap, or past a field's own bound
                bad = factor
        if best is not None:
            base = best.request
    return found


def find(probe: Probe, data: dict, ops: list[tuple[str, str]], per_op: int, grow_cpu: float,
         cap: float, requests: list[dict] | None = None) -> dict[tuple[str, str], list[Run]]:
    """The heaviest accepted requests of each op (in this process, CPU-capped), best first."""
    pool = by_op((pinned_requests() + bound_cases()) if requests is None else requests)
    found: dict[tuple[str, str], list[Run]] = {}
    for key in ops:
        runs: list[Run] = []
        for request in sorted(pool.get(key, []), key=size, reverse=True)[:per_op * 8]:
            runs.append(probe.run(request, data, cap))
            if sum(r.accepted and r.ok for r in runs) >= per_op:
                break
        seeds = sorted((r for r in runs if r.accepted and r.ok),
                       key=lambda r: (r.cpu, r.steps or 0), reverse=True)[:2]
        for seed in list(seeds):  # an op with bonus dice is also grown with them on
            if "depth" not in seed.request:
                deeper = probe.run({**seed.request, "depth": 8, "bonus_dice": True}, data, cap)
                runs.append(deeper)
                if deeper.accepted and deeper.ok:
                    seeds.append(deeper)
        for seed in seeds:
            for reverse in (False, True):
                runs += grow(probe, seed, data, grow_cpu / max(2 * len(seeds), 1), cap, reverse)
        by_cpu = sorted((r for r in runs if r.accepted and r.ok),
                        key=lambda r: r.cpu, reverse=True)
        by_steps = sorted((r for r in runs if r.accepted and r.ok and r.steps is not None),
                          key=lambda r: r.steps or 0, reverse=True)
        best: list[Run] = []
        over_cap = sorted((r for r in runs if r.capped and not r.refused),
                          key=lambda r: size(r.request))
        for r in by_cpu[:2] + by_steps[:1] + over_cap[:1]:
            if all(r.request != b.request for b in best):
                best.append(r)
        found[key] = best
    return found


def measure(request: dict, cpu: float) -> Run:
    """One request in a fresh process, CPU- and memory-limited."""
    proc = subprocess.run([sys.executable, "-c", CHILD, "-", str(cpu),
                           str(ROOT / "generators"), str(Path(__file__).resolve().parent)],
                          input=json.dumps(request), capture_output=True, text=True)
    if proc.returncode:
        return Run(request, capped=True, cpu=cpu, note=f"over {cpu:g} s or 3 GB")
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    return Run(request, ok=got["ok"], refused=got["refused"], steps=got["steps"],
               cpu=got["cpu"], mb=got["mb"])


def short(request: dict, width: int = 58) -> str:
    """The request without game and op, a list of equal items shown as `[item]*n`."""

    def text(value: Any) -> str:
        if isinstance(value, list) and len(value) > 2 and all(v == value[0] for v in value):
            return f"[{text(value[0])}]*{len(value)}"
        if isinstance(value, list):
            return "[" + ",".join(text(v) for v in value) + "]"
        if isinstance(value, dict):
            return "{" + ",".join(f"{k}:{text(v)}" for k, v in value.items()
                                  if k not in ("game", "op")) + "}"
        return json.dumps(value)

    shown = text(request)
    return shown if len(shown) <= width else shown[:width - 1] + "…"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpu", type=float, default=8.0, help="CPU limit of each fresh run")
    parser.add_argument("--cap", type=float, default=4.0, help="CPU cap of each search run")
    parser.add_argument("--per-op", type=int, default=12, help="pinned requests tried per op")
    parser.add_argument("--grow-cpu", type=float, default=20.0,
                        help="CPU seconds spent growing each op's requests")
    parser.add_argument("--ops", default="", help="game.op,... (default: every op)")
    parser.add_argument("--save", type=Path, help="write each row's whole request and "
                        "figures to this file, one JSON line each")
    args = parser.parse_args()
    probe = Probe()
    data = engine_data()
    keys = [(o.game, o.name) for o in probe.ops]
    if args.ops:
        keys = [k for k in keys if f"{k[0]}.{k[1]}" in args.ops.split(",")]
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    print(f"{'op':32} {'heaviest accepted request':58} {'est steps':>11} {'est s':>6} "
          f"{'cpu s':>6} {'ratio':>6} {'MB':>5}")
    worst: list[tuple[float, str]] = []
    for key in keys:
        found = find(probe, data, [key], args.per_op, args.grow_cpu, args.cap)[key]
        name = f"{key[0]}.{key[1]}"
        if not found:
            print(f"{name:32} (no accepted request found)", flush=True)
            continue
        rows = [measure(r.request, args.cpu) for r in found]
        for fresh, searched in zip(rows, found):  # a run stopped by the limit: its estimate
            if fresh.capped:
                fresh.steps = searched.steps
        rows = [r for r in rows if r.ok or r.capped and not r.refused] or rows
        row = max(rows, key=lambda r: r.cpu)
        if args.save:
            with args.save.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"request": row.request, "steps": row.steps,
                                      "cpu": row.cpu, "mb": row.mb, "capped": row.capped}) + "\n")
        worst.append((row.cpu, name))
        if row.steps is None:
            est, secs, ratio = "unpriced", "", ""
        else:
            est, secs = f"{row.steps:11,.0f}", f"{row.steps / STEPS_PER_SECOND:6.2f}"
            ratio = f"{row.cpu / max(row.steps / STEPS_PER_SECOND, 1e-6):6.2f}"
        cpu = f">{args.cpu:g}" if row.capped else f"{row.cpu:6.2f}"
        mb = "" if row.mb is None else f"{row.mb:5.0f}"
        print(f"{name:32} {short(row.request):58} {est:>11} {secs:>6} {cpu:>6} {ratio:>6} "
              f"{mb:>5}", flush=True)
    over = [(c, n) for c, n in worst if c > GOAL]
    load = os.getloadavg()
    print(f"goal: no accepted request over {GOAL:g} s CPU: "
          + ("met" if not over else "NOT met: " + ", ".join(f"{n} {c:.2f} s" for c, n in
                                                            sorted(over, reverse=True)))
          + f" (load average now {load[0]:.2f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
