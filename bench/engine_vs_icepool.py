"""Benchmark: rulepress's exact dice engine against icepool 2.1.3, side by side.

The nine cases a-i of the research notes (pyodide-and-dice-engines.md, A3), and eight
BrikWars rule ops (j-q) asked through the engine's one door.
Each (library, repetition) runs in a fresh Python process: after one untimed
warm-up on unrelated dice (which also imports each library's code: icepool's package,
the engine's game ops), every case is timed once "cold" (new dice objects,
so no cache helps either side), then warm calls are timed too. The first
answer of each library is checked to be identical as exact fractions; where a rule
reads a roll differently from icepool's default, the icepool side says the rule
(case m: a SuperNatural die's natural 1 is a Fumble and adds nothing, L3295).

    .venv/bin/python bench/engine_vs_icepool.py [--repeat 5]

Prints, per case, the median cold and warm times of each library, the ratios
icepool / rulepress and their geometric means; the goal is every case at least 10x
icepool, cold and warm, with identical answers. icepool is a dev-only
dependency (`pip install -e '.[bench]'`); generators/ never imports it.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = {
    "a": "1d6, a 6 adds an exploding d6 (depth 10)",
    "b": "3d6, each 6 adds an exploding d6 (depth 10)",
    "c": "4d6 keep highest 3",
    "d": "P(2d6 with bonus dice > armour 4)",
    "e": "10d10 sum",
    "f": "10d6 exploding (depth 10), summed",
    "g": "20d10 keep highest 10",
    "h": "100d6 sum",
    "i": "5d10, a 10 adds an exploding d6 (chain depth 10)",
    # BrikWars rule ops, asked through the engine's one door (answer)
    "j": "Ker-Triage!: two Mediks' best d8 is 5 or more",
    "k": "KnockBack: 2 MOM d6 against 4 POP d6 (bonus dice, depth 8) resisted",
    "l": "Explosion: 3d10 (bonus dice) second ring beats Armor 4",
    "m": "SuperNatural d8: same-type bonus dice (depth 4), its distribution",
    "n": "Stunt Driving: d8 (no bonus dice) reaches 5 inches",
    "o": "QuikWars Stupendous Feat: exploding d6 (depth 8) ties or beats an exploding d6",
    "p": "Sprint: a d6 Skill roll with bonus dice (depth 8), a 1 adding nothing",
    "q": "Shenanigan Detection: d6 (bonus dice) + 1 counter reaches 4 inches",
}


def rulepress_cases() -> dict:
    from rulepress.engine.dice.dist import Dist
    from rulepress.engine.dice.keep import keep_highest
    from rulepress.engine.dice.parse import parse
    from rulepress.engine.dice.roll import RollRules, roll
    from rulepress.engine.query import operations

    deep = RollRules(depth=10, floor=False)
    return {
        "warmup": lambda: (Dist.die(4) + Dist.die(4), operations()),
        "a": lambda: roll(parse("1d6"), deep).totals(),
        "b": lambda: roll(parse("3d6"), deep).totals(),
        "c": lambda: keep_highest(Dist.die(6), 4, 3),
        "d": lambda: roll(parse("2d6"), deep).totals().probability(lambda v: v > 4),
        "e": lambda: Dist.die(10).times(10),
        "f": lambda: roll(parse("10d6"), deep).totals(),
        "g": lambda: keep_highest(Dist.die(10), 20, 10),
        "h": lambda: Dist.die(6).times(100),
        "i": lambda: roll(parse("5d10"), deep).totals(),
        "j": lambda: _ask({"op": "ker_triage", "mediks": 2}, lambda r: sum(
            Fraction(r["outcomes"][k]) for k in ("instant revival", "no amputations"))),
        "k": lambda: _ask({"op": "knockback", "moms": 2, "pops": 4},
                          lambda r: Fraction(r["p_resisted"])),
        "l": lambda: _ask({"op": "explosion", "dice": 3, "armor": 4},
                          lambda r: Fraction(r["rings"][1]["p_kill"])),
        "m": lambda: _ask({"op": "supernatural", "die": "d8", "depth": 4},
                          lambda r: {v: Fraction(p) for v, p in r["pmf"]}),
        "n": lambda: _ask({"op": "stunt", "inches": 5, "bonus_dice": False},
                          lambda r: Fraction(r["p_success"])),
        "o": lambda: _ask({"op": "stupendous_feat"}, lambda r: Fraction(r["p_success"])),
        "p": lambda: _ask({"op": "sprint"},
                          lambda r: {v: Fraction(p) for v, p in r["inches_pmf"]}),
        "q": lambda: _ask({"op": "detection", "counters": 1, "within": 4},
                          lambda r: Fraction(r["p_detected"])),
    }


def _ask(body: dict, read) -> object:
    from rulepress.engine.query import answer
    response = answer({"game": "brikwars", **body}, {})
    assert response["ok"], response
    return read(response)


def icepool_cases() -> dict:
    import icepool

    def d(n):  # a new die each call, so icepool's per-die caches start empty
        return icepool.Die(range(1, n + 1))

    def brikwars_d10():
        return d(10).map(lambda x: 10 + d(6).explode(depth=9) if x == 10 else x)

    return {
        "warmup": lambda: d(4) + d(4),
        "a": lambda: d(6).explode(depth=10),
        "b": lambda: 3 @ d(6).explode(depth=10),
        "c": lambda: d(6).highest(4, 3),
        "d": lambda: (2 @ d(6).explode(depth=10)).probability(">", 4),
        "e": lambda: 10 @ d(10),
        "f": lambda: 10 @ d(6).explode(depth=10),
        "g": lambda: d(10).highest(20, 10),
        "h": lambda: 100 @ d(6),
        "i": lambda: 5 @ brikwars_d10(),
        "j": lambda: d(8).highest(2, 1).probability(">=", 5),
        "k": lambda: (4 @ d(6).explode(depth=8) - 2 @ d(6).explode(depth=8)).probability(
            ">=", 0),
        "l": lambda: d(10).map(lambda x: 10 + d(6).explode(depth=7) if x == 10 else x)
        .lowest(3, 2).probability(">", 4),
        "m": lambda: d(8).map(lambda x: 0 if x == 1 else x).explode([8], depth=4),
        "n": lambda: d(8).probability(">=", 5),
        "o": lambda: (d(6).explode(depth=8) - d(6).explode(depth=8)).probability(">=", 0),
        "p": lambda: d(6).explode(depth=8).map(lambda x: 0 if x == 1 else x),
        "q": lambda: d(6).explode(depth=8).map(lambda x: 0 if x == 1 else x + 1)
        .probability(">=", 4),
    }


def as_fractions(result) -> object:
    """A result as exact fractions, whichever library made it."""
    if isinstance(result, (Fraction, dict)):
        return result
    if hasattr(result, "fractions"):
        return result.fractions()
    total = result.denominator()
    return {o: Fraction(q, total) for o, q in zip(result.outcomes(), result.quantities()) if q}


def worker(library: str, warm_calls: int) -> dict:
    cases = rulepress_cases() if library == "rulepress" else icepool_cases()
    cases.pop("warmup")()
    out = {}
    for name, fn in cases.items():
        start = time.perf_counter()
        fn()
        cold = time.perf_counter() - start
        warm = []
        for _ in range(warm_calls):
            start = time.perf_counter()
            fn()
            warm.append(time.perf_counter() - start)
        out[name] = {"cold": cold, "warm": statistics.median(warm)}
    return out


def check_identical() -> list[str]:
    ours, theirs = rulepress_cases(), icepool_cases()
    return [name for name in CASES
            if as_fractions(ours[name]()) != as_fractions(theirs[name]())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="fresh processes per library")
    parser.add_argument("--warm", type=int, default=5, help="warm calls per case and process")
    parser.add_argument("--worker", choices=["rulepress", "icepool"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.warm)))
        return 0

    different = check_identical()
    runs: dict[str, list[dict]] = {"rulepress": [], "icepool": []}
    for _ in range(args.repeat):
        for library in runs:  # alternate, so machine noise hits both alike
            done = subprocess.run([sys.executable, __file__, "--worker", library,
                                   "--warm", str(args.warm)],
                                  capture_output=True, text=True, check=True, cwd=ROOT)
            runs[library].append(json.loads(done.stdout))

    def median(library: str, case: str, key: str) -> float:
        return statistics.median(r[case][key] for r in runs[library]) * 1000

    print(f"median of {args.repeat} fresh processes, milliseconds; ratio = icepool / rulepress")
    print(f"{'case':<4} {'icepool cold':>12} {'rulepress cold':>14} {'ratio':>7}   "
          f"{'icepool warm':>12} {'rulepress warm':>14} {'ratio':>7}  same?  what")
    cold_ratios, warm_ratios = [], []
    for case, what in CASES.items():
        ic, rc = median("icepool", case, "cold"), median("rulepress", case, "cold")
        iw, rw = median("icepool", case, "warm"), median("rulepress", case, "warm")
        cold_ratios.append(ic / rc)
        warm_ratios.append(iw / rw)
        same = "no" if case in different else "yes"
        print(f"{case:<4} {ic:>12.3f} {rc:>14.3f} {ic / rc:>6.1f}x   {iw:>12.3f} {rw:>14.3f} "
              f"{iw / rw:>6.1f}x  {same:<5}  {what}")
    gcold = math.exp(statistics.mean(math.log(r) for r in cold_ratios))
    gwarm = math.exp(statistics.mean(math.log(r) for r in warm_ratios))
    print(f"geometric mean of ratios: cold {gcold:.1f}x, warm {gwarm:.1f}x; "
          f"slowest case cold {min(cold_ratios):.1f}x, warm {min(warm_ratios):.1f}x")
    goal = min(cold_ratios) >= 10 and min(warm_ratios) >= 10 and not different
    print("goal (every case >= 10x icepool, cold and warm, identical results):",
          "met" if goal else "NOT met")
    return 0 if goal else 1


if __name__ == "__main__":
    sys.exit(main())
