"""Is one attack legal? Button Men Online's rules for every attack type.

From src/engine/BMAttack{Power,Skill,Shadow,Speed,Berserk,Rush,Trip,Boom}.php (see
skills.BMO_COMMIT). The checks read the skill declarations in skills.py where a skill simply
adds or removes an attack; the finer conditions (Stealth targets, Konstant and Maximum in
Trip, Fire help, Warrior dice joining a Skill attack) follow BMO's validate_attack code.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice import Die
from .resize import trip_max
from .skills import ButtonSkill

UNTOUCHABLE = "`"  # Warrior dice cannot be attacked at all


@dataclass(frozen=True)
class Board:
    """What besides the attacking and target dice the rules look at."""

    helpers: tuple[Die, ...] = ()  # the attacker's other dice in play (Fire dice help)
    my_button: ButtonSkill | None = None
    their_button: ButtonSkill | None = None
    turbo_top: bool = False  # menus: a Turbo trip die is judged at its largest size (BMO)


def skill_values(die: Die) -> set[int]:
    """What one die may add to a Skill attack (BMDie::attack_values with the hooks in order:
    Stinger gives its lowest..value, Konstant adds the negatives, Warrior only its value)."""
    assert die.value is not None
    if die.has("`"):
        return {die.shown}
    values = set(range(die.low, die.shown + 1)) if die.has("g") else {die.shown}
    if die.has("k"):
        values |= {-v for v in values}
    return values


def fire_room(helpers: tuple[Die, ...] | list[Die]) -> int:
    """How far Fire dice outside the attack can be turned down, in all (BMSkillFire)."""
    return sum(d.shown - d.low for d in helpers
               if d.has("F") and d.value is not None and d.shown > d.low)


def help_max(helpers, attackers: list[Die]) -> int:
    """BMAttack::help_bounds: Fire help, capped by how far the attackers can be turned up."""
    room = fire_room([h for h in helpers if not any(h is a for a in attackers)])
    if room == 0:
        return 0
    return min(room, sum(a.size - a.value for a in attackers if a.value is not None))


def power_value(die: Die) -> int:
    """What a die counts as in a Power attack: its value; a Wildcard Ace counts as 14."""
    return 14 if die.kind == "wildcard" and die.shown == 1 else die.shown


def fire_needed(kind: str, attackers: list[Die], target: Die) -> int:
    """How far Fire dice must be turned down for a legal Power or Skill attack to land:
    the gap between the target's value and the nearest total the attackers make below it
    (0 when they reach it themselves)."""
    if kind == "power":
        return max(0, target.shown - power_value(attackers[0]))
    if kind == "skill":
        sums = skill_sums(attackers)
        if target.shown in sums:
            return 0
        below = [s for s in sums if s < target.shown]
        return target.shown - max(below) if below else 0
    return 0


def illegal(kind: str, attackers: list[Die], defenders: list[Die], board: Board) -> str:
    """Why the attack is not allowed, or "" when it is."""
    counts = {"power": (1, 1), "shadow": (1, 1), "trip": (1, 1), "boom": (1, 1),
              "skill": (None, 1), "speed": (1, None), "berserk": (1, None), "rush": (1, 2)}
    if kind not in counts:
        return f"unknown attack type '{kind}'"
    if not attackers or not defenders:
        return "an attack needs at least one attacking die and one target"
    n_att, n_def = counts[kind]
    if n_att is not None and len(attackers) != n_att:
        return f"a {kind} attack uses exactly one attacking die"
    if n_def is not None and len(defenders) != n_def:
        return (f"a {kind} attack has exactly {'one target' if n_def == 1 else 'two targets'}")
    if kind not in ("trip",) and any(d.value is None for d in attackers + defenders):
        return "every die needs the value it shows"
    if kind == "trip" and any(d.value is None for d in attackers + defenders
                              if d.has("k")):
        return "a Konstant die needs the value it shows"
    if any(d.has(UNTOUCHABLE) for d in defenders):
        return "Warrior dice are out of play and cannot be attacked"
    return _RULES[kind](attackers, defenders, board)


def _single_skills(a: Die, t: Die | None, kind: str, stealth_target_ok: bool = False) -> str:
    if a.has("d"):
        return f"a Stealth die cannot make a {kind} attack"
    if a.has("`"):
        return f"a Warrior die cannot make a {kind} attack"
    if t is not None and t.has("d") and not stealth_target_ok:
        return f"a Stealth die cannot be the target of a {kind} attack"
    return ""


def _power(attackers, defenders, board) -> str:
    a, t = attackers[0], defenders[0]
    for letter, name in (("s", "Shadow"), ("k", "Konstant"), ("d", "Stealth"), ("F", "Fire"),
                         ("`", "Warrior")):
        if a.has(letter):
            return f"a {name} die cannot make a power attack"
    if a.has("q") and a.shown % 2 == 1:
        return "a Queer die showing an odd number cannot make a power attack"
    if t.has("d"):
        return "a Stealth die cannot be the target of a power attack"
    if a.size < t.shown:
        return f"power needs an attacker of at least {t.shown} sides; it has {a.size}"
    boost = help_max(board.helpers, [a])
    shown = power_value(a)
    if shown + boost < t.shown:
        extra = f" (with {boost} from Fire dice)" if boost else ""
        return f"power needs the attacker to show at least the target ({a.shown}{extra} < {t.shown})"
    return ""


def skill_sums(attackers: list[Die]) -> set[int]:
    """Every total these dice can make together, each die used once (bit sets: a die with
    a wide Stinger range costs one shift per value, not one per pair of totals)."""
    offset = sum(max(abs(v) for v in skill_values(d)) for d in attackers)
    sums = 1 << offset
    for die in attackers:
        step = 0
        for v in skill_values(die):
            step |= sums << v if v >= 0 else sums >> -v
        sums = step
    return {i - offset for i in range(sums.bit_length()) if sums >> i & 1}


def _skill(attackers, defenders, board) -> str:
    t = defenders[0]
    if board.my_button and board.my_button.effect == "no-skill-attacks":
        return f"{board.my_button.name} cannot make Skill attacks"
    if len(attackers) == 1:
        if attackers[0].has("d"):
            return "a Stealth die cannot make a Skill attack alone"
        if attackers[0].has("k"):
            return "a Konstant die cannot make a Skill attack alone"
        if t.has("d"):
            return "a Stealth die is captured by a Skill attack only with two or more dice"
    if any(a.has("B") for a in attackers):
        return "Berserk dice cannot take part in Skill attacks"
    warriors = sum(a.has("`") for a in attackers)
    if warriors > 1:
        return "only one Warrior die may join a Skill attack"
    if warriors and len(attackers) == 1:
        return "a Warrior die joins a Skill attack only with another die"
    if t.has("I"):
        return "an Insult die cannot be the target of a Skill attack"
    if board.their_button and board.their_button.effect == "skill-immune":
        return f"dice of {board.their_button.name} cannot be the target of a Skill attack"
    sums = skill_sums(attackers)
    if t.shown in sums:
        return ""
    boost = help_max(board.helpers, attackers)
    if any(0 < t.shown - s <= boost for s in sums):
        return ""
    extra = f", or up to {boost} more with Fire dice" if boost else ""
    return (f"no way to make {t.shown} from the attacking dice (they can make "
            f"{_ranges(sums)}{extra})")


def _shadow(attackers, defenders, board) -> str:
    a, t = attackers[0], defenders[0]
    why = _single_skills(a, t, "shadow")
    if why:
        return why
    if not (a.has("s") or (a.has("q") and a.shown % 2 == 1)):
        return "only a Shadow die, or a Queer die showing an odd number, can make a shadow attack"
    if not a.shown <= t.shown <= a.size:
        return (f"shadow needs a target showing {a.shown} to {a.size} "
                f"(the attacker's value up to its size); it shows {t.shown}")
    return ""


def _many(letter: str, name: str):
    def check(attackers, defenders, board) -> str:
        a = attackers[0]
        why = _single_skills(a, None, name.lower())
        if why:
            return why
        if any(t.has("d") for t in defenders):
            return f"a Stealth die cannot be the target of a {name.lower()} attack"
        if letter == "#":
            if not (a.has("#") or any(t.has("#") for t in defenders)):
                return "a rush attack needs a Rush die, attacking or among the two targets"
        elif not a.has(letter):
            return f"only a {name} die can make a {name.lower()} attack"
        total = sum(t.shown for t in defenders)
        if total != a.shown:
            return (f"{name.lower()} needs targets adding up to {a.shown}; these add up to "
                    f"{total}")
        return ""
    return check


def _trip(attackers, defenders, board) -> str:
    a, t = attackers[0], defenders[0]
    why = _single_skills(a, t, "trip")
    if why:
        return why
    if not a.has("t"):
        return "only a Trip die can make a trip attack"
    top = trip_max(turbo_top(a) if board.turbo_top else a)
    reach = a.shown if a.has("k") else top
    if a.has("k") and a.shown < t.low:
        return "a Konstant trip die keeps its value, which is below the target's lowest roll"
    if t.has("k") and reach < t.shown:
        return "the trip die cannot reach the Konstant target's value"
    if t.has("M") and reach < trip_max(t, as_target=True):
        return "the trip die cannot reach the Maximum target's largest number"
    if top < t.low:
        return (f"a trip attack that cannot capture is illegal: the attacker rolls at most "
                f"{top}, the target at least {t.low}")
    return ""


def turbo_top(die: Die) -> Die:
    """A Turbo swing or option die at its largest allowed size (what BMO's menu assumes)."""
    from .resize import sized
    if not die.has("!"):
        return die
    if die.kind == "option" and die.options:
        return sized(die, max(die.options))
    if die.swing_range and (die.kind == "swing" or die.swing_halves):
        return sized(die, die.swing_range[1])
    return die


def _boom(attackers, defenders, board) -> str:
    a, t = attackers[0], defenders[0]
    why = _single_skills(a, t, "boom", stealth_target_ok=True)
    if why:
        return why
    if not a.has("b"):
        return "only a Boom die can make a boom attack"
    return ""


_RULES = {"power": _power, "skill": _skill, "shadow": _shadow, "trip": _trip, "boom": _boom,
          "speed": _many("z", "Speed"), "berserk": _many("B", "Berserk"),
          "rush": _many("#", "Rush")}


def _ranges(values: set[int]) -> str:
    """Totals as runs, e.g. "2-5, 8"."""
    ordered = sorted(values)
    spans: list[str] = []
    start = ordered[0]
    for k, cur in enumerate(ordered):
        last = k + 1 == len(ordered) or ordered[k + 1] != cur + 1
        if last:
            spans.append(str(start) if start == cur else f"{start}-{cur}")
            if k + 1 < len(ordered):
                start = ordered[k + 1]
    return ", ".join(spans)
