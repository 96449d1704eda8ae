"""Ask Button Men Online's engine the skill pages' odds (pinned in tests/website/test_skill_odds.py).

    python3 scripts/bmo/skill_pages.py --bmo BMO_TREE

For each comparison, every opening roll is one case for driver.php: `attack_list` (every
legal attack BMO's validate_attack allows) or `chance` (BMO's react_to_initiative_chance over
every face of the re-roll). A target counts as captured on a roll when some legal attack
takes it; a full tie on the opening roll goes to a random player, as in BMGame.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from itertools import product
from pathlib import Path

from run import ask_bmo, patch_tree


def sides(recipe: str) -> int:
    return int(recipe[recipe.index("(") + 1:recipe.index(")")])


def rolls(mine: list[str], theirs: list[str]):
    for values in product(*(range(1, sides(d) + 1) for d in mine + theirs)):
        yield ([{"recipe": d, "value": v} for d, v in zip(mine, values)],
               [{"recipe": d, "value": v} for d, v in zip(theirs, values[len(mine):])])


def captures(tree: Path, mine: list[str], target: str) -> Fraction:
    cases = [{"cat": "attack_list", "id": str(i), "mine": m, "theirs": t}
             for i, (m, t) in enumerate(rolls(mine, [target]))]
    answers = ask_bmo(tree, cases)
    hit = sum(any(0 in a[2] and a[0] not in ("trip", "boom") for a in answers[c["id"]]["attacks"])
              for c in cases)
    return Fraction(hit, len(cases))


def chance_first(tree: Path, mine: str, theirs: str) -> Fraction:
    cases = [{"cat": "chance", "id": str(i), "mine": m, "theirs": t}
             for i, (m, t) in enumerate(rolls([mine], [theirs]))]
    init = [{"cat": "initiative", "id": str(i), "mine": m, "theirs": t}
            for i, (m, t) in enumerate(rolls([mine], [theirs]))]
    answers, has = ask_bmo(tree, cases), ask_bmo(tree, init)
    won = Fraction(0)
    for c in cases:
        a, h = answers[c["id"]], has[c["id"]]["has"]
        react = max((Fraction(r["wins"], r["total"]) for r in a.get("rerolls", [])),
                    default=Fraction(0))
        if h == [True, False]:
            won += 1
        elif h == [True, True]:
            won += Fraction(1, 2) + react / 2
        else:
            won += react
    return won / len(cases)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bmo", required=True, help="exported buttonmen tree at the pinned commit")
    tree = Path(parser.parse_args().bmo)
    patch_tree(tree)
    for mine in (["g(6)", "(6)"], ["(6)", "(6)"], ["k(6)", "(6)"]):
        for target in ("(8)", "(12)"):
            print(" ".join(mine), "captures", target, captures(tree, mine, target))
    for theirs in ("(6)", "(4)", "(8)"):
        print("c(6) goes first against", theirs, chance_first(tree, "c(6)", theirs))


if __name__ == "__main__":
    main()
