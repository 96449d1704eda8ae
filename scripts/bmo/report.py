"""Write the disagreement report: figures per category for one or more engines, and for
each cause a minimal reproduction with the BMO source responsible.

    python scripts/bmo/report.py --bmo BMO_TREE --out report.md main=a.json branch=b.json

Each NAME=FILE is the `--json` output of `run.py check` for one engine.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

SKILL_NAMES = {"+": "Auxiliary", "B": "Berserk", "b": "Boom", "c": "Chance",
               "D": "Doppelganger", "F": "Fire", "f": "Focus", "I": "Insult", "J": "Jolt",
               "k": "Konstant", "&": "Mad", "M": "Maximum", "H": "Mighty", "?": "Mood",
               "m": "Morphing", "n": "Null", "o": "Ornery", "p": "Poison", "q": "Queer",
               "%": "Radioactive", "G": "Rage", "r": "Reserve", "#": "Rush", "s": "Shadow",
               "w": "Slow", "z": "Speed", "d": "Stealth", "g": "Stinger",
               "^": "TimeAndSpace", "t": "Trip", "!": "Turbo", "v": "Value", "`": "Warrior",
               "h": "Weak"}
CAT_FILE = {"parse": ("BMDie.php", "function create_from_string_components"),
            "validate": ("BMButton.php", "function validate_recipe"),
            "menu": ("BMGame.php", "function valid_attack_types"),
            "initiative": ("BMGame.php", "function does_player_have_initiative_array"),
            "initiative_odds": ("BMGame.php", "function does_player_have_initiative_array"),
            "score": ("BMDie.php", "function get_scoreValueTimesTen"),
            "board": ("BMAttack.php", "function commit_attack")}


def line_of(tree: Path, name: str, needle: str) -> str:
    path = tree / "src" / "engine" / name
    if not path.exists():
        return ""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return f"src/engine/{name}:{i}"
    return f"src/engine/{name}"


def hooks_of(tree: Path, letter: str) -> str:
    name = SKILL_NAMES.get(letter)
    if not name:
        return ""
    path = tree / "src" / "engine" / f"BMSkill{name}.php"
    if not path.exists():
        return ""
    found = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = re.search(r"public static function (\w+)", line)
        if m and m.group(1) not in ("get_description", "get_interaction_descriptions",
                                    "prevents_win_determination", "do_print_skill_preceding"):
            found.append(f"{m.group(1)} l.{i}")
    return f"src/engine/BMSkill{name}.php ({', '.join(found[:5])})"


def where(tree: Path, row: dict) -> str:
    cat = row["case"]["cat"]
    culprit = row["group"].split(" | ")[-1]
    parts = []
    if cat == "legal":
        kind = row["case"]["type"]
        parts.append(line_of(tree, f"BMAttack{kind}.php", "function validate_attack"))
    elif cat in CAT_FILE:
        parts.append(line_of(tree, *CAT_FILE[cat]))
    if culprit in SKILL_NAMES:
        parts.append(hooks_of(tree, culprit))
    return "; ".join(p for p in parts if p)


def bmo_answer(row: dict) -> str:
    b = row["bmo"]
    cat = row["case"]["cat"]
    if cat == "board":
        return "BMO's dice (skills, size, value; rolled = lowest/highest roll): " + \
            row.get("board", {}).get("bmo", "") + " — rulepress: " + \
            row.get("board", {}).get("rulepress", "")
    if cat == "score":
        return f"score {sum(b['times_ten']) / 10:g} (per die x10: {b['times_ten']})"
    if cat == "initiative_odds":
        n = b["total"]
        return f"first {b['counts'][0]}/{n}, {b['counts'][1]}/{n}; tie {b['counts'][2]}/{n}"
    return json.dumps(b, separators=(",", ":"))[:300]


def short(obj, limit=500) -> str:
    text = json.dumps(obj, separators=(",", ":"))
    return text if len(text) <= limit else text[:limit] + "…"


def section(name: str, run: dict, tree: Path, limit: int) -> list[str]:
    lines = [f"### Disagreements on {name}", ""]
    groups: dict[str, list] = defaultdict(list)
    for row in run["details"]:
        groups[row["group"]].append(row)
    ordered = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    for group, rows in ordered[:limit]:
        rows.sort(key=lambda r: len(json.dumps(r["requests"])))
        r = rows[0]
        lines += [f"**{group}** — {len(rows)} case(s), e.g. `{r['id']}`", "",
                  f"- rulepress request: `{short(r['requests'][-1] if r['requests'] else {})}`",
                  f"- rulepress answer: `{short(r['answers'][-1] if r['answers'] else {})}`",
                  f"- BMO: {bmo_answer(r)}",
                  f"- BMO source: {where(tree, r)}", ""]
    if len(ordered) > limit:
        rest = sum(len(v) for _, v in ordered[limit:])
        lines += [f"({len(ordered) - limit} smaller groups, {rest} cases, not shown.)", ""]
    return lines


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--bmo", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--limit", type=int, default=40)
    p.add_argument("--intro", default="")
    p.add_argument("runs", nargs="+")
    args = p.parse_args()
    tree = Path(args.bmo)
    runs = {}
    for spec in args.runs:
        name, _, path = spec.partition("=")
        runs[name] = json.loads(Path(path).read_text(encoding="utf-8"))
    lines = ["# rulepress against Button Men Online's engine", ""]
    if args.intro:
        lines += [Path(args.intro).read_text(encoding="utf-8"), ""]
    cats = list(next(iter(runs.values()))["figures"])
    head = "| category | cases | " + " | ".join(f"{n}: agree / documented / disagree "
                                                 f"(flagged) | {n} %" for n in runs) + " |"
    lines += ["## Agreement per category", "", head,
              "|" + "---|" * (2 + 2 * len(runs))]
    for cat in cats:
        cells = [cat, str(runs[next(iter(runs))]["figures"][cat]["cases"])]
        for run in runs.values():
            f = run["figures"][cat]
            judged = f["agree"] + f["disagree"]
            pct = 100 * f["agree"] / judged if judged else 100
            cells += [f"{f['agree']} / {f['documented']} / {f['disagree']} ({f['flagged']})",
                      f"{pct:.1f}"]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    for name, run in reversed(list(runs.items())):
        lines += section(name, run, tree, args.limit)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
