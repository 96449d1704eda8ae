"""Attacks: is one legal, how likely it captures, and what the dice are afterwards.

Power and Skill are every die's attacks (Button Men Online's rules; the seeds
take them as known); Shadow, Speed and Trip come with their skills (seed text).
Probabilities are exact Fractions: 1 for every legal attack except Trip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from .dice import Die, roll_distribution, shown
from .options import Rules
from .radioactive import split

TYPES = ("power", "skill", "shadow", "speed", "trip")


@dataclass
class Attack:
    type: str
    attackers: list[Die]
    defenders: list[Die]
    valid: bool = True
    reason: str = ""
    p_capture: Fraction = Fraction(1)
    after: dict = field(default_factory=dict)


def judge(kind: str, attackers: list[Die], defenders: list[Die], rules: Rules) -> Attack:
    """Check one attack and, when legal, work out its odds and its outcome."""
    attack = Attack(kind, attackers, defenders)
    reason = _illegal(kind, attackers, defenders)
    if reason:
        attack.valid, attack.reason, attack.p_capture = False, reason, Fraction(0)
        return attack
    if kind == "trip":
        attack.p_capture = trip_odds(attackers[0], defenders[0])
    attack.after = _outcome(kind, attackers, defenders, rules)
    return attack


def _illegal(kind: str, attackers: list[Die], defenders: list[Die]) -> str:
    """Why the attack is not allowed, or "" when it is."""
    if not attackers or not defenders:
        return "an attack needs at least one attacking die and one target"
    single = {"power": "one attacking die", "shadow": "one attacking die",
              "speed": "one attacking die", "trip": "one attacking die"}
    if kind in single and len(attackers) != 1:
        return f"a {kind} attack uses exactly one attacking die"
    if kind in ("power", "skill", "shadow", "trip") and len(defenders) != 1:
        return f"a {kind} attack has exactly one target"
    needs_value = attackers + defenders if kind != "trip" else []
    if any(d.value is None for d in needs_value):
        return "every die needs the value it shows"
    a, t = attackers[0], defenders[0]
    if kind == "power":
        if a.has("s"):
            return "a Shadow die cannot make a power attack"
        if shown(a) < shown(t):
            return f"power needs the attacker to show at least the target ({shown(a)} < {shown(t)})"
    elif kind == "skill":
        if shown(t) not in skill_sums(attackers):
            return (f"no way to make {shown(t)} from the attacking dice "
                    f"(they can make {_ranges(skill_sums(attackers))})")
    elif kind == "shadow":
        if not a.has("s"):
            return "only a Shadow die can make a shadow attack"
        if not shown(a) <= shown(t) <= a.size:
            return (f"shadow needs a target showing {shown(a)} to {a.size} "
                    f"(the attacker's value up to its size); it shows {shown(t)}")
    elif kind == "speed":
        if not a.has("z"):
            return "only a Speed die can make a speed attack"
        total = sum(shown(d) for d in defenders)
        if total != shown(a):
            return f"speed needs targets adding up to {shown(a)}; these add up to {total}"
    elif kind == "trip":
        if not a.has("t"):
            return "only a Trip die can make a trip attack"
        if a.size < t.low:
            return (f"a trip attack that cannot capture is illegal: the attacker rolls at most "
                    f"{a.size}, the target at least {t.low}")
    else:
        return f"unknown attack type '{kind}'"
    return ""


def skill_sums(attackers: list[Die]) -> set[int]:
    """Every total the dice can make together; a Stinger die counts low..value."""
    sums = {0}
    for die in attackers:
        values = range(die.low, shown(die) + 1) if die.has("g") else (shown(die),)
        sums = {s + v for s in sums for v in values}
    return sums


def _ranges(values: set[int]) -> str:
    ordered = sorted(values)
    spans: list[str] = []
    start: int | None = ordered[0]
    for prev, cur in zip(ordered, ordered[1:] + [None]):
        if cur != prev + 1:
            spans.append(str(start) if start == prev else f"{start}-{prev}")
            start = cur
    return ", ".join(spans)


def trip_odds(attacker: Die, target: Die) -> Fraction:
    """P(both roll and the trip die shows at least the target)."""
    mine, theirs = roll_distribution(attacker), roll_distribution(target)
    return sum((p * q for a, p in mine.items() for t, q in theirs.items() if a >= t),
               Fraction(0))


def _outcome(kind: str, attackers: list[Die], defenders: list[Die], rules: Rules) -> dict:
    """The dice after a capture (and after a miss, for Trip)."""
    after_attackers = [d.rerolled() for d in attackers]
    if len(attackers) == 1 and len(defenders) == 1 and (
            attackers[0].has("%") or defenders[0].has("%")):
        # one die against one die with Radioactive on either: the attacker splits; the seed
        # ties this to the attack, not the capture, so a missed trip splits too
        after_attackers = split(attackers[0], rules)
    captured = [d.rerolled() if kind == "trip" else d for d in defenders]
    removed: list[Die] = []
    if any(d.has("n") for d in attackers):
        if rules.null_capture == "remove":
            captured, removed = [], captured
        else:
            captured = [d if d.has("n") else Die(d.halves, d.skills + ("n",), d.value, d.swing)
                        for d in captured]
    out: dict = {"attackers": [d.to_json() for d in after_attackers],
                 "captured": [d.to_json() for d in captured]}
    if removed:
        out["removed"] = [d.to_json() for d in removed]
    if kind == "trip":
        survivors = [d.rerolled() for d in defenders]
        out = {"on_capture": out,
               "on_miss": {"attackers": [d.to_json() for d in after_attackers],
                           "defenders": [d.to_json() for d in survivors]}}
    return out


Found = tuple[Attack, tuple[int, ...], tuple[int, ...]]  # attack, my dice, their dice


def every_attack(mine: list[Die], theirs: list[Die], rules: Rules) -> list[Found]:
    """All legal attacks of `mine` on `theirs`, with the positions of the dice used."""
    found: list[Found] = []

    def keep(kind, a_idx, d_idx):
        attack = judge(kind, [mine[i] for i in a_idx], [theirs[j] for j in d_idx], rules)
        if attack.valid:
            found.append((attack, a_idx, d_idx))

    for i, a in enumerate(mine):
        for j in range(len(theirs)):
            for kind in ("power", "shadow", "trip"):
                keep(kind, (i,), (j,))
    for j, target in enumerate(theirs):
        for n in range(1, len(mine) + 1):
            for group in combinations(range(len(mine)), n):
                if target.value in skill_sums([mine[i] for i in group]):
                    keep("skill", group, (j,))
    for i, a in enumerate(mine):
        if a.has("z"):
            for n in range(1, len(theirs) + 1):
                for group in combinations(range(len(theirs)), n):
                    if sum(shown(theirs[j]) for j in group) == a.value:
                        keep("speed", (i,), group)
    return found


def opening_odds(mine: Die, theirs: Die) -> Fraction:
    """P(after a fresh roll of both, `mine` alone can capture `theirs` by the numbers shown).

    One die against one die: Power (or Skill, which equals it then), Shadow for a
    Shadow die, Speed for a Speed die showing exactly the target's number.
    """
    mine_dist, their_dist = roll_distribution(mine), roll_distribution(theirs)
    total = Fraction(0)
    for a, p in mine_dist.items():
        for b, q in their_dist.items():
            shadow = mine.has("s") and a <= b <= mine.size
            power = not mine.has("s") and a >= b
            if power or shadow or a == b:  # a == b: a one-die Skill (or Speed) attack
                total += p * q
    return total
