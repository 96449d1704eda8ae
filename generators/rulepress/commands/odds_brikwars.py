"""`rulepress odds brikwars …`: one attack's odds as a table and a text bar chart.

Called by the `odds` verb (commands/odds.py) when the game is brikwars; the
numbers come from the same `attack` query op the site and browser use.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

OVERSKILL = ("none", "damage", "skill", "best")
BAR = 40  # characters for the most likely damage


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("brikwars")
    group.add_argument("--skill", help="attacker's Skill die: d4, d6, d8, d10, d12")
    group.add_argument("--attacker", help="attacker id from the data, e.g. marksman")
    group.add_argument("--weapon", help="weapon id from the data, e.g. long-ranged-weapon")
    group.add_argument("--weapon-size", type=int, help="Size of a size-scaled weapon")
    group.add_argument("--use", type=int, help="Use rating to hit")
    group.add_argument("--damage", help="damage dice, e.g. 1d6+1 or S+2 (S: the Skill die)")
    group.add_argument("--armor", help="target Armor: a number or a roll such as 2d6")
    group.add_argument("--target", help="target id from the data, e.g. hero")
    group.add_argument("--deflection", type=int, help="target's levels of Deflection")
    group.add_argument("--modifier", action="append", default=[], metavar="ID_OR_NUMBER",
                       help="a modifier id (target-stationary…) or a number; repeatable")
    group.add_argument("--out-of-range", type=int, default=0, metavar="INCHES")
    group.add_argument("--overskill", choices=OVERSKILL, default="none")
    group.add_argument("--no-bonus-dice", action="store_true", help="decline all Bonus Dice")
    group.add_argument("--depth", type=int, default=8, help="bonus dice per chain (0-40)")


def request(args: argparse.Namespace) -> dict:
    body: dict = {"game": "brikwars", "op": "attack", "overskill": args.overskill,
                  "bonus_dice": not args.no_bonus_dice, "depth": args.depth,
                  "out_of_range": args.out_of_range}
    for name in ("skill", "attacker", "weapon", "weapon_size", "use", "damage", "armor",
                 "target", "deflection"):
        value = getattr(args, name)
        if value is not None:
            body[name] = value
    if args.modifier:
        body["modifiers"] = [int(m) if m.lstrip("-").isdigit() else m for m in args.modifier]
    return body


def _row(label: str, text: str) -> str:
    exact = text if len(text) <= 24 else "(long; see --json)"
    return f"  {label:<22}{exact:>24}  {float(Fraction(text)):7.2%}"


def format_attack(response: dict, tail: float = 0.001) -> str:
    """The odds table, then the damage of a plain hit as bars (tiny tail grouped)."""
    lines = [f"Attack: Skill {response['skill']} vs Use {response['use']}, damage "
             f"{response['damage_expr']} vs Armor {response['armor']}"
             + (f" with {response['deflection']} Deflection" if response["deflection"] else ""),
             "",
             _row("to hit", response["p_hit"]),
             _row("critical failure", response["p_crit_fail"]),
             _row("Overskill earned", response["p_overskill"]),
             _row("kill, given a hit", response["p_kill_given_hit"]),
             _row("kill", response["p_kill"]),
             "",
             f"Damage of a plain hit (mean {float(Fraction(response['damage_mean'])):.3f}):"]
    pmf = [(v, Fraction(p)) for v, p in response["damage_pmf"]]
    top = max(p for _, p in pmf)
    shown = [(v, p) for v, p in pmf if p >= tail]
    rest = sum(p for v, p in pmf if p < tail and v > shown[-1][0])
    for value, p in shown:
        lines.append(f"  {value:>4} {'#' * max(1, round(BAR * p / top)):<{BAR}} {float(p):7.2%}")
    if rest:
        lines.append(f"  {'more':>4} {'':<{BAR}} {float(rest):7.2%}")
    if Fraction(response["truncated_mass"]):
        lines.append(f"(bonus-dice chains cut at depth: {float(Fraction(response['truncated_mass'])):.1e}"
                     " of the probability)")
    lines.append("Exact fractions: add --json.")
    return "\n".join(lines)


def emit(response: dict, as_json: bool) -> int:
    if not response["ok"] and not as_json:
        error = response["error"]
        field = f"--{error['field'].replace('_', '-')}: " if error["field"] else ""
        print(f"rulepress odds: {field}{error['message']}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(response, ensure_ascii=False))
        return 0 if response["ok"] else 2
    print(format_attack(response))
    return 0
