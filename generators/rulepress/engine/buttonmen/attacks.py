"""Attacks: is one legal, how likely it captures, and what the board is afterwards.

Legality is legal.py (Button Men Online's rules for every attack type); this module adds
the exact odds of a Trip attack and the board after an attack (after.py), and lists every
legal attack of a position (menus.py does the search).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .after import outcome, trip_joint
from .dice import Die
from .legal import Board, illegal, skill_sums, turbo_top  # noqa: F401  (skill_sums: API)
from .menus import every_attack  # noqa: F401
from .options import Rules
from .skills import ATTACKS

TYPES = ATTACKS


@dataclass
class Attack:
    type: str
    attackers: list[Die]
    defenders: list[Die]
    valid: bool = True
    reason: str = ""
    p_capture: Fraction = Fraction(1)
    after: dict = field(default_factory=dict)


def judge(kind: str, attackers: list[Die], defenders: list[Die], rules: Rules,
          board: Board = Board(), details: bool = True) -> Attack:
    """Check one attack and, when legal, work out its odds and (with details) its outcome."""
    attack = Attack(kind, attackers, defenders)
    reason = illegal(kind, attackers, defenders, board)
    if reason:
        attack.valid, attack.reason, attack.p_capture = False, reason, Fraction(0)
        return attack
    if kind == "trip":
        # in menus a Turbo trip die is judged, and its chance given, at its largest size
        tripper = turbo_top(attackers[0]) if board.turbo_top else attackers[0]
        attack.p_capture = trip_odds(tripper, defenders[0])
    elif kind == "boom":
        attack.p_capture = Fraction(0)  # the target is re-rolled, never captured
    if details:
        attack.after = outcome(kind, attackers, defenders, rules, board)
    return attack


def trip_odds(attacker: Die, target: Die) -> Fraction:
    """P(after both roll, the trip die shows at least the target): exact.

    Both dice roll as re-rolls do (Mighty grows, Weak shrinks, Mood and Mad pick a size,
    Maximum shows its top, Konstant keeps its value), BMSkillTrip::pre_capture.
    """
    return trip_joint(attacker, target)[0]


def opening_odds(mine: Die, theirs: Die, board: Board = Board()) -> Fraction:
    """P(after a fresh roll of both, `mine` alone can capture `theirs` by the numbers shown).

    One die against one die, by whichever single-die attack its skills allow (Power, a
    one-die Skill attack, Shadow, Speed, Berserk), as BMO judges them; `board` names the
    buttons (a button that cannot make Skill attacks, or whose dice cannot be their target).
    """
    from .resize import roll_dist
    mine_dist, their_dist = roll_dist(mine, False), roll_dist(theirs, False)
    hits = 0
    for a, p in mine_dist.items():
        me = Die(mine.halves, mine.skills, a, mine.swing, mine.kind, mine.options,
                 mine.swing_range, mine.swing_halves)
        for b, q in their_dist.items():
            them = Die(theirs.halves, theirs.skills, b, theirs.swing, theirs.kind,
                       theirs.options, theirs.swing_range, theirs.swing_halves)
            if any(not illegal(kind, [me], [them], board)
                   for kind in ("power", "skill", "shadow", "speed", "berserk")):
                hits += p * q
    return Fraction(hits, mine_dist.total * their_dist.total)
