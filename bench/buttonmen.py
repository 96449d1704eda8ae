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

3. Full BMO buttons with resizing skills (Mighty, Weak, Mood, Mad, Turbo, Morphing,
   Berserk, Radioactive): the `initiative` op on whole buttons, and the `attacks` op
   (BMO's menu and every legal attack) on their opening rolls, through `answer()` as the
   CLI and the browser call it; then the refusals, each of which must come back in under
   0.5 s. No peer: the check is the ~2 s bound (and BMO agreement, scripts/bmo/).

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


    full_buttons(args.repeat)


RESIZING = "HhB?&!mD%"
SWING = {letter: high for letter, (_, high) in
         {"P": (1, 30), "R": (2, 16), "S": (6, 20), "T": (2, 12), "U": (8, 30),
          "V": (6, 12), "W": (4, 12), "X": (4, 20), "Y": (1, 20), "Z": (4, 30)}.items()}


def full_buttons(repeat: int) -> None:
    """Section 3: whole BMO buttons through answer(), and the refusals' speed."""
    from rulepress.data.load import load_catalog
    from rulepress.engine.query import answer

    from rulepress.engine.buttonmen.recipe import RecipeError, parse_recipe

    data = load_catalog(ROOT).engine_data()
    buttons = []
    for b in data["buttonmen"]["buttons"]:
        try:
            buttons.append(b | {"dice": [d.to_json() for d in parse_recipe(b["recipe"])]})
        except RecipeError:
            continue
    known = {s["letter"] for s in data["buttonmen"]["skills"] if s.get("letter")}
    picked = [b for b in buttons if b["dice"] and any(
        c in RESIZING for d in b["dice"] for c in d["skills"]) and not any(
        d["kind"] == "wildcard" or d.get("plasma") or set(d["skills"]) - known
        for d in b["dice"])]
    picked.sort(key=lambda b: -len(b["dice"]))
    pairs = list(zip(picked[0:12:2], picked[1:12:2]))
    for mine, theirs in pairs:
        request = {"game": "buttonmen", "op": "initiative",
                   "players": [_player(mine), _player(theirs)]}
        took, out = _timed(answer, request, data, repeat)
        verdict = "answered" if out["ok"] else "refused"
        print(f"{'initiative ' + mine['id'][:14] + ' v ' + theirs['id'][:14]:<44}"
              f"{took:>9.3f}s  {verdict}")
        menu = {"game": "buttonmen", "op": "attacks",
                "mine": _opening(mine), "theirs": _opening(theirs)}
        took, out = _timed(answer, menu, data, repeat)
        count = len(out.get("attacks", [])) if out["ok"] else 0
        print(f"{'attacks    ' + mine['id'][:14] + ' v ' + theirs['id'][:14]:<44}"
              f"{took:>9.3f}s  {count} legal attacks")
    issue = {"game": "buttonmen", "op": "initiative", "players": [
        {"recipe": "(8) (16) (32) (1) (2) (3) (5) (8) (4,9) (9,16) (16,25)"},
        {"recipe": "(10) (8) (4) (10) (1) (2) (4) (8) (16)"}]}
    took, out = _timed(answer, issue, data, 1)
    print(f"{'initiative 11 vs 9 dice (issue 15; was 104 s)':<44}{took:>9.3f}s  "
          f"{'answered' if out['ok'] else 'refused'}")
    hundred = {"game": "buttonmen", "op": "initiative", "players": [
        {"recipe": " ".join(["(20)"] * 100)}, {"recipe": " ".join(["(12)"] * 100)}]}
    took, out = _timed(answer, hundred, data, 1)
    print(f"{'initiative 100 d20 vs 100 d12 (was 17 s)':<44}{took:>9.3f}s  "
          f"{'answered' if out['ok'] else 'refused'}")
    big = {"game": "buttonmen", "op": "initiative", "players": [
        {"recipe": " ".join(f"({n})" for n in range(1, 23))},
        {"recipe": " ".join(f"({n})" for n in range(2, 24))}]}
    took, out = _timed(answer, big, data, 1)
    print(f"{'refuse initiative 22 distinct dice a side':<44}{took:>9.3f}s  "
          f"{'refused' if not out['ok'] else 'ANSWERED'}")
    many = {"game": "buttonmen", "op": "attacks",
            "mine": [{"recipe": "g(20)", "value": 20}] * 22,
            "theirs": [{"recipe": "(20)", "value": v} for v in range(1, 21)]}
    took, out = _timed(answer, many, data, 1)
    print(f"{'refuse listing: 22 Stinger dice, 20 targets':<44}{took:>9.3f}s  "
          f"{'refused' if not out['ok'] else 'ANSWERED'}")
    many["list"] = False
    took, out = _timed(answer, many, data, 1)
    print(f"{'menu only: 22 Stinger dice, 20 targets':<44}{took:>9.3f}s  "
          f"{out.get('types') if out['ok'] else 'refused'}")


def _timed(fn, request, data, repeat):
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn(request, data)
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def _player(button: dict) -> dict:
    letters = {p.get("swing") for d in button["dice"] for p in [d] + d.get("twin", [])}
    options = [max(d["options"]) for d in button["dice"] if d["kind"] == "option"]
    return {"button": button["id"], "swing": {x: SWING[x] for x in letters if x},
            "options": options}


def _opening(button: dict) -> list[dict]:
    """Each die at its largest size showing half of it: a plausible opening position."""
    out = []
    for d in button["dice"]:
        if "r" in d["skills"] or "+" in d["skills"]:
            continue
        parts = [d] + d.get("twin", [])
        sides = max(d["options"]) if d["kind"] == "option" else next(
            (SWING[p["swing"]] for p in parts if p.get("swing")), None)
        if d["kind"] == "twin":
            halves = [p.get("sides") or SWING[p["swing"]] for p in d["twin"]]
            size, low = sum(halves), sum(1 for h in halves if h)
        else:
            size = sides if sides is not None else d.get("sides", 1)
            low = 1 if size else 0
        die = {"recipe": d["text"], "value": max(low, size // 2)}
        if sides is not None:
            die["sides"] = sides
        out.append(die)
    return out


if __name__ == "__main__":
    main()
