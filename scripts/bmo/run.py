"""Check rulepress against Button Men Online's engine, case by case.

    python scripts/bmo/run.py ask --bmo BMO_TREE      # generate cases, ask BMO, write fixtures
    python scripts/bmo/run.py check                   # ask rulepress, report agreement
    python scripts/bmo/run.py check --update-known    # also rewrite the known-disagreement list

`ask` needs PHP (Debian's php-cli) and an exported tree of buttonmen-dev/buttonmen at the
pinned commit (`git archive <commit> | tar -x -C BMO_TREE`); `check` needs neither, only
the fixtures. The rulepress side imports `rulepress` from PYTHONPATH (default: this
checkout's generators/), so another branch's engine can be checked against the same fixtures.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "buttonmen" / "bmo"
sys.path.insert(0, str(HERE))

import cases as gen  # noqa: E402

COMMIT = "a04ab98462e708065f5b06f46a902f907a71159b"
SEED = 20260108
# BMO's BMGame::perform_end_of_turn_die_actions ORs a hook's result array into a flag,
# which PHP 7 allowed and PHP 8 refuses; the harness casts it to bool in its own copy.
PHP8_PATCH = ("src/engine/BMGame.php", "$hasRerolled |= $die->run_hooks(",
              "$hasRerolled |= (bool)$die->run_hooks(")


def patch_tree(tree: Path) -> None:
    path, old, new = PHP8_PATCH
    target = tree / path
    text = target.read_text(encoding="utf-8")
    if old in text:
        target.write_text(text.replace(old, new), encoding="utf-8")


def ask_bmo(tree: Path, cases: list[dict], chunk: int = 400) -> dict[str, dict]:
    answers: dict[str, dict] = {}
    for start in range(0, len(cases), chunk):
        part = cases[start:start + chunk]
        with tempfile.TemporaryFile("w+") as fh:
            json.dump(part, fh)
            fh.seek(0)
            out = subprocess.run(["php", str(HERE / "driver.php"), str(tree)], stdin=fh,
                                 capture_output=True, text=True, timeout=600, check=True)
        for a in json.loads(out.stdout):
            answers[a.pop("id")] = a
        print(f"  BMO answered {start + len(part)}/{len(cases)}", file=sys.stderr)
    return answers


def cmd_ask(args) -> None:
    tree = Path(args.bmo)
    patch_tree(tree)
    recipes = gen.bmo_recipes(Path(args.buttons))
    cases = gen.generate(SEED, recipes, args.scale)
    answers = ask_bmo(tree, cases)
    by_cat: dict[str, list] = defaultdict(list)
    dropped: Counter = Counter()
    for c in cases:
        a = answers[c["id"]]
        if "exception" in a:
            dropped[c["cat"] + ": BMO threw " + a["exception"].split(":")[0]] += 1
            continue
        if c["cat"] in ("board", "first_turn") and not a.get("valid"):
            dropped[f"{c['cat']}: attack not legal in BMO"] += 1
            continue
        # (a Chance case where player 0 already goes first is kept: BMO offers no re-roll)
        if "skip" in a or (c["cat"] == "chance" and not a["rerolls"] and "focus" not in a
                           and not a.get("first")):
            dropped[f"{c['cat']}: {a.get('skip', 'no Chance or Focus die')}"] += 1
            continue
        by_cat[c["cat"]].append({"case": c, "bmo": a})
    FIXTURES.mkdir(parents=True, exist_ok=True)
    meta = {"source": "github.com/buttonmen-dev/buttonmen", "commit": COMMIT, "seed": SEED,
            "php": subprocess.run(["php", "-r", "echo PHP_VERSION;"], capture_output=True,
                                  text=True).stdout,
            "php8_patch": list(PHP8_PATCH), "dropped": dict(sorted(dropped.items()))}
    (FIXTURES / "meta.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    for cat, rows in by_cat.items():
        with (FIXTURES / f"{cat}.jsonl").open("w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"{cat}: {len(rows)} cases", file=sys.stderr)
    print(json.dumps(meta["dropped"], indent=1), file=sys.stderr)


def cmd_check(args) -> None:
    import agree  # needs rulepress on the path, which `ask` does not
    results = agree.check_all(FIXTURES)
    report = agree.summary(results)
    print(report)
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": report, "figures":
                                               agree.figures(results),
                                               "details": agree.details(results)}, indent=1),
                                   encoding="utf-8")
    if args.update_known:
        known = agree.known_from(results)
        (FIXTURES / "known_disagreements.json").write_text(
            json.dumps(known, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("ask", help="generate cases and ask BMO (needs PHP)")
    a.add_argument("--bmo", required=True, help="exported buttonmen tree at the pinned commit")
    a.add_argument("--buttons", required=True, help="BMO's buttons as name<TAB>set<TAB>recipe")
    a.add_argument("--scale", type=int, default=1)
    c = sub.add_parser("check", help="ask rulepress and report agreement")
    c.add_argument("--update-known", action="store_true")
    c.add_argument("--json", help="write every disagreement to this file")
    args = p.parse_args()
    {"ask": cmd_ask, "check": cmd_check}[args.cmd](args)


if __name__ == "__main__":
    main()
