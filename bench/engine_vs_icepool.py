"""Benchmark: rulepress's exact dice engine against icepool 2.1.3, side by side.

The nine cases a-i of the research notes (pyodide-and-dice-engines.md, A3), and eight
BrikWars rule questions (j-q). Every case times the engine function that answers it, as
icepool's side is a one-liner: a-i the dice functions, j-q the functions the BrikWars ops
call (ker_triage, knockback, ring_p_kill, sn_roll, stunt_success, stupendous_feat,
sprint_inches, detection_distance). The engine's one door, `answer()`, costs more than
icepool's whole one-liner on the smallest of them (reading and checking the request, every
field of the response, fractions as text: 0.05-0.2 ms), so j-q are also asked as whole
requests through `answer()`, timed in processes of their own and shown in their own
column with their ratios; that column is reported, not part of the goal.

Each (library, repetition) runs in a fresh Python process: after one untimed
warm-up that imports each library's code (icepool's package, the engine's game ops) and
runs each case's code paths once on dice no case asks about (d4s; depth 2), with garbage
collection off (as timeit does, on each side alike), every case is timed once "cold" (new
dice objects, so no cache of an earlier call of the same case helps either side), then warm
calls are timed too. Without the warm-up of the code paths, a case's cold time also holds
the first run of its Python code in the process, about 0.05-0.2 ms on either side (the
engine's 1d6 roll: parse, cost model and roll about 0.24 ms, then 0.06 ms warm). Both libraries keep caches
keyed on a die's contents (icepool its evaluator's; the engine its natural dice, bonus
chains, keep-highest answers and per-rule tables), so a warm call may find its answer
there on either side. The first answer of each library is checked to be identical as exact
fractions, through `answer()` too; where a rule reads a roll differently from icepool's
default, the icepool side says the rule (case m: a SuperNatural die's natural 1 is a Fumble
and adds nothing, L3295).

    .venv/bin/python bench/engine_vs_icepool.py [--repeat 5]

Prints, per case, the median cold and warm times (wall clock) of each library, the ratios
icepool / rulepress and their geometric means; the goal is every case's engine function at
least 10x icepool, cold and warm, with identical answers. icepool is a dev-only
dependency (`pip install -e '.[bench]'`); generators/ never imports it.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from functools import partial
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
    """Each case: the engine function that answers it (timed), and how to read its answer
    as exact fractions (not timed), or a function alone when its answer is already one."""
    from rulepress.engine.brikwars.collision import knockback
    from rulepress.engine.brikwars.damage import armor_dist
    from rulepress.engine.brikwars.explosion import ring_p_kill
    from rulepress.engine.brikwars.quikwars import stupendous_feat
    from rulepress.engine.brikwars.specialist import (detection_distance, ker_triage,
                                                      p_detected, stunt_success)
    from rulepress.engine.brikwars.sprint import sprint_inches
    from rulepress.engine.brikwars.supernatural import sn_roll
    from rulepress.engine.dice.dist import Dist
    from rulepress.engine.dice.keep import keep_highest
    from rulepress.engine.dice.parse import parse
    from rulepress.engine.dice.roll import RollRules, roll
    from rulepress.engine.query import operations

    def warm_up() -> None:
        """Each case's code run once on dice no case asks about (d4s, depth 2): no cache
        entry a case reads is made here."""
        shallow = RollRules(depth=2)
        operations()
        roll(parse("2d4"), shallow).totals().probability(lambda v: v > 3)
        keep_highest(Dist.die(4), 3, 2), Dist.die(4).times(3), Dist.die(4) + Dist.die(4)
        ker_triage(6, 1), knockback(1, 1, shallow)
        ring_p_kill(2, shallow, armor_dist("2", shallow), sides=4), sn_roll(1, 4, 1)
        stunt_success(3, 6, RollRules(bonus_dice=False, depth=2)), stupendous_feat(shallow)
        sprint_inches(4, shallow, Dist.constant(0))
        p_detected(detection_distance(shallow, 2, 0), 3)

    deep = RollRules(depth=10, floor=False)
    brikwars = RollRules()  # what a BrikWars request without roll options reads
    plain = RollRules(bonus_dice=False)  # ... with "bonus_dice": false
    return {
        "warmup": lambda: warm_up(),
        "a": lambda: roll(parse("1d6"), deep).totals(),
        "b": lambda: roll(parse("3d6"), deep).totals(),
        "c": lambda: keep_highest(Dist.die(6), 4, 3),
        "d": lambda: roll(parse("2d6"), deep).totals().probability(lambda v: v > 4),
        "e": lambda: Dist.die(10).times(10),
        "f": lambda: roll(parse("10d6"), deep).totals(),
        "g": lambda: keep_highest(Dist.die(10), 20, 10),
        "h": lambda: Dist.die(6).times(100),
        "i": lambda: roll(parse("5d10"), deep).totals(),
        # the functions the BrikWars ops call to answer these requests (see ANSWER_CASES),
        # called directly (partial) where their arguments are fixed
        "j": (partial(ker_triage, 8, 2),
              lambda r: r["instant revival"] + r["no amputations"]),
        "k": (partial(knockback, 2, 4, brikwars), lambda r: r.probability(lambda v: v <= 0)),
        "l": (lambda: ring_p_kill(3, brikwars, armor_dist("4", brikwars)), lambda r: r[1]),
        "m": (partial(sn_roll, 1, 8, 4), lambda r: r[0].fractions()),
        "n": partial(stunt_success, 5, 8, plain),
        "o": (partial(stupendous_feat, brikwars), lambda r: r[0]),
        "p": (lambda: sprint_inches(6, brikwars, Dist.constant(0)),
              lambda r: r[0].fractions()),
        "q": lambda: p_detected(detection_distance(brikwars, 1, 0), 4),
    }


# The same BrikWars questions as whole requests through the engine's one door, `answer`:
# reading and checking the request, every field of the response, its fractions as text.
ANSWER_CASES = {
    "j": ({"op": "ker_triage", "mediks": 2}, lambda r: sum(
        Fraction(r["outcomes"][k]) for k in ("instant revival", "no amputations"))),
    "k": ({"op": "knockback", "moms": 2, "pops": 4}, lambda r: Fraction(r["p_resisted"])),
    "l": ({"op": "explosion", "dice": 3, "armor": 4},
          lambda r: Fraction(r["rings"][1]["p_kill"])),
    "m": ({"op": "supernatural", "die": "d8", "depth": 4},
          lambda r: {v: Fraction(p) for v, p in r["pmf"]}),
    "n": ({"op": "stunt", "inches": 5, "bonus_dice": False},
          lambda r: Fraction(r["p_success"])),
    "o": ({"op": "stupendous_feat"}, lambda r: Fraction(r["p_success"])),
    "p": ({"op": "sprint"}, lambda r: {v: Fraction(p) for v, p in r["inches_pmf"]}),
    "q": ({"op": "detection", "counters": 1, "within": 4},
          lambda r: Fraction(r["p_detected"])),
}


def answer_cases() -> dict:
    """Each BrikWars case asked through `answer` (timed with the reading of its answer)."""
    from rulepress.engine.query import answer

    def warm_up() -> None:  # the engine's code as above, and the one door on another op
        rulepress_cases()["warmup"]()
        answer({"game": "brikwars", "op": "fancy_dice"}, {})

    cases: dict = {"warmup": warm_up}
    for name, (body, read) in ANSWER_CASES.items():
        cases[name] = lambda body=body, read=read: _ask(body, read)
    return cases


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

    def warm_up() -> None:
        """Each case's code run once on d4s (no case asks about them): icepool's caches
        keep dice by their faces, so no entry a case reads is made here."""
        d(4) + d(4), 3 @ d(4), d(4).highest(3, 2), d(4).highest(2, 1).probability(">=", 2)
        (2 @ d(4).explode(depth=2)).probability(">", 3)
        (d(4).explode(depth=2) - d(4).explode(depth=2)).probability(">=", 0)
        d(4).map(lambda x: 4 + d(4).explode(depth=1) if x == 4 else x).lowest(2, 1) \
            .probability(">", 2)
        d(4).map(lambda x: 0 if x == 1 else x).explode([4], depth=1)
        d(4).explode(depth=2).map(lambda x: 0 if x == 1 else x + 1).probability(">=", 3)
        d(4).probability(">=", 3)

    return {
        "warmup": warm_up,
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


def timed(case):
    """The function a case times (a case may pair it with a reader of its answer)."""
    return case[0] if isinstance(case, tuple) else case


def reading(case) -> object:
    """A case's answer as exact fractions."""
    if isinstance(case, tuple):
        return case[1](case[0]())
    return as_fractions(case())


LIBRARIES = {"rulepress": rulepress_cases, "answer": answer_cases, "icepool": icepool_cases}


def worker(library: str, warm_calls: int) -> dict:
    cases = LIBRARIES[library]()
    cases.pop("warmup")()
    # no garbage collection while timing (as timeit does, on every side alike): a collection
    # of the cases before would land in whichever case's time the allocations reach it
    gc.disable()
    out = {}
    for name, case in cases.items():
        fn = timed(case)
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
    """The cases whose answers are not the same exact fractions in both libraries, and
    through `answer` as well as from the engine function."""
    ours, theirs, asked = rulepress_cases(), icepool_cases(), answer_cases()
    return [name for name in CASES
            if reading(ours[name]) != reading(theirs[name])
            or (name in asked and as_fractions(asked[name]()) != reading(theirs[name]))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="fresh processes per library")
    parser.add_argument("--warm", type=int, default=5, help="warm calls per case and process")
    parser.add_argument("--worker", choices=list(LIBRARIES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.warm)))
        return 0

    different = check_identical()
    runs: dict[str, list[dict]] = {library: [] for library in LIBRARIES}
    for _ in range(args.repeat):
        for library in runs:  # alternate, so machine noise hits each alike
            done = subprocess.run([sys.executable, __file__, "--worker", library,
                                   "--warm", str(args.warm)],
                                  capture_output=True, text=True, check=True, cwd=ROOT)
            runs[library].append(json.loads(done.stdout))

    def median(library: str, case: str, key: str) -> float:
        return statistics.median(r[case][key] for r in runs[library]) * 1000

    print(f"median of {args.repeat} fresh processes, milliseconds; ratio = icepool / rulepress "
          f"(engine: the function that answers; answer(): the whole request, j-q)")
    print(f"{'case':<4} {'icepool cold':>12} {'engine cold':>11} {'ratio':>7}   "
          f"{'icepool warm':>12} {'engine warm':>11} {'ratio':>7}   "
          f"{'answer() cold':>13} {'warm':>6} {'ratios':>13}  same?  what")
    cold_ratios, warm_ratios = [], []
    for case, what in CASES.items():
        ic, rc = median("icepool", case, "cold"), median("rulepress", case, "cold")
        iw, rw = median("icepool", case, "warm"), median("rulepress", case, "warm")
        cold_ratios.append(ic / rc)
        warm_ratios.append(iw / rw)
        door = " " * 35
        if case in ANSWER_CASES:
            ac, aw = median("answer", case, "cold"), median("answer", case, "warm")
            door = f"{ac:>13.3f} {aw:>6.3f} {ic / ac:>5.1f}x/{iw / aw:>5.1f}x"
        same = "no" if case in different else "yes"
        print(f"{case:<4} {ic:>12.3f} {rc:>11.3f} {ic / rc:>6.1f}x   {iw:>12.3f} {rw:>11.3f} "
              f"{iw / rw:>6.1f}x   {door}  {same:<5}  {what}")
    gcold = math.exp(statistics.mean(math.log(r) for r in cold_ratios))
    gwarm = math.exp(statistics.mean(math.log(r) for r in warm_ratios))
    print(f"geometric mean of ratios: cold {gcold:.1f}x, warm {gwarm:.1f}x; "
          f"slowest case cold {min(cold_ratios):.1f}x, warm {min(warm_ratios):.1f}x")
    goal = min(cold_ratios) >= 10 and min(warm_ratios) >= 10 and not different
    print("goal (every case's engine function >= 10x icepool, cold and warm, identical "
          "results, through answer() too):", "met" if goal else "NOT met")
    return 0 if goal else 1


if __name__ == "__main__":
    sys.exit(main())
