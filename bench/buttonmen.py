"""Benchmark: Button Men data loading and exact initiative, each beside a named peer.

1. Loading. `check_data` (read every YAML file, validate 875+ buttons and all
   other records, run every cross-record check) against the peer: PyYAML's
   C loader reading the same files with no validation at all, the floor any
   loader pays. Each run is a fresh Python process (imports included for both).
   Goal: the whole catalog under ~2 s.
2. Initiative. `first_player_odds` (the walk over values, see
   engine/buttonmen/initiative.py) against the peer: enumerating every roll of
   both buttons with itertools.product and comparing sorted lists. Both give the
   same exact fractions (checked).

The ratio column is peer time / rulepress time (above 1: rulepress is faster).

    .venv/bin/python bench/buttonmen.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LOAD = "from pathlib import Path; from rulepress.data.load import check_data; check_data(Path('.'))"
PEER = ("from pathlib import Path; import yaml\n"
        "for p in sorted(Path('data').rglob('*.yaml')): yaml.load(p.read_text(), "
        "Loader=yaml.CSafeLoader)")

MATCHUPS = {
    "3 vs 3 dice": ([4, 6, 8], [6, 10, 12]),
    "4 vs 4 dice": ([4, 6, 8, 10], [6, 8, 10, 12]),
}  # 5 vs 5 takes the peer about 8 minutes (rulepress: 0.05 s), so it is left out


def fresh(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
    return time.perf_counter() - start


def brute_force(a: list[int], b: list[int]) -> tuple[list[Fraction], Fraction]:
    wins, tie, total = [0, 0], 0, 0
    for roll in product(*[range(1, n + 1) for n in a + b]):
        mine, theirs = sorted(roll[:len(a)]) + [99], sorted(roll[len(a):]) + [99]
        total += 1
        if mine == theirs:
            tie += 1
        else:
            wins[0 if mine < theirs else 1] += 1
    return [Fraction(w, total) for w in wins], Fraction(tie, total)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    ours = statistics.median(fresh(LOAD) for _ in range(args.repeat))
    peer = statistics.median(fresh(PEER) for _ in range(args.repeat))
    # ratio = peer time / rulepress time: above 1, rulepress is faster
    print(f"{'case':<28}{'rulepress':>12}{'peer':>12}{'ratio':>9}")
    print(f"{'load whole catalog':<28}{ours:>11.3f}s{peer:>11.3f}s{peer / ours:>8.2f}x"
          "   (peer: PyYAML CSafeLoader, no validation)")
    sys.path.insert(0, str(ROOT / "generators"))
    from rulepress.engine.buttonmen.dice import Die
    from rulepress.engine.buttonmen.initiative import first_player_odds

    for name, (a, b) in MATCHUPS.items():
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            answer = first_player_odds([[Die((n,)) for n in a], [Die((n,)) for n in b]])
            times.append(time.perf_counter() - start)
        start = time.perf_counter()
        expected = brute_force(a, b)
        slow = time.perf_counter() - start
        assert answer == expected, name
        fast = statistics.median(times)
        print(f"{'initiative ' + name:<28}{fast:>11.4f}s{slow:>11.3f}s{slow / fast:>8.0f}x"
              "   (peer: enumerate every roll)")


if __name__ == "__main__":
    main()
