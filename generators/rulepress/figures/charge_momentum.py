"""A charge and its Momentum (5.4 Charge!, H.3 Horse Momentum).

Running straight builds one MOM per 4 inches, up to the runner's limit, and the MOMs last
from turn to turn while the run goes on straight. Each lane is a runner's two turns of
Move (its Move from the data), with the MOMs the engine's `charge` op counts at every inch;
a 4-inch mark that brings no new MOM (the limit reached) is drawn empty.
"""

from __future__ import annotations

from .answers import ask, inches, record
from .svg import Figure, arrow, circle, group, line, text

KEY = "charge-momentum"
# (unit id, the `charge` op's mover): who runs in each lane
RUNNERS = (("minifig", "minifig"), ("horse", "horse"))
TURNS = 2  # each lane shows this many turns of Move: the MOM outlasts a turn
WEAPON = "heavy-charging-weapon"  # the op needs a weapon; the MOM count does not depend on it


def draw(catalog, data) -> Figure:
    lanes = []
    for unit_id, mover in RUNNERS:
        unit = record(catalog, KEY, "brikwars.unit", unit_id)
        span = unit.move * TURNS
        moms = [_moms(data, run, mover) for run in range(span + 1)]
        lanes.append((unit, span, moms))
    longest = max(span for _, span, _ in lanes)
    scale = 590 / longest
    body, words = [], []
    for i, (unit, span, moms) in enumerate(lanes):
        y = 85 + i * 135
        body.append(text(20, y - 62, f"{unit.name}: Move {inches(unit.move)} a turn, "
                                     f"at most {max(moms)} MOM{'s' if max(moms) > 1 else ''}",
                         size=14, bold=True))
        body.append(arrow(30, y, 30 + span * scale + 14, y, paint="cool", width=3, head=11))
        for run in range(span + 1):
            x = 30 + run * scale
            tall = 7 if run % unit.move else 14
            body.append(line(x, y - tall, x, y + tall, width=1.2))
            if run and run % unit.move == 0:
                body.append(text(x, y + 42, f"turn {run // unit.move} ends", size=11.5,
                                 anchor="end" if run == span else "middle", fill="muted"))
            if run and moms[run] > moms[run - 1]:
                body.append(circle(x, y - 30, 13, fill="cool-soft", stroke="cool", width=2))
                body.append(text(x, y - 26, str(moms[run]), size=13, anchor="middle",
                                 bold=True))
                body.append(text(x, y + 24, inches(run), size=11.5, anchor="middle"))
            elif run and _mark(moms, run):
                body.append(circle(x, y - 30, 13, fill="none", stroke="muted", width=1.5,
                                   stroke_dasharray="3 3"))
                body.append(text(x, y - 26, "max", size=10, anchor="middle", fill="muted"))
        gained = [run for run in range(1, span + 1) if moms[run] > moms[run - 1]]
        words.append(f"a {unit.name} (Move {inches(unit.move)}) running straight for "
                     f"{TURNS} turns gains its MOMs at "
                     + ", ".join(inches(r) for r in gained)
                     + f" and holds at most {max(moms)}")
    body.append(text(20, 312, "Numbered circles: the MOMs held; dashed: 4 more inches but "
                              "no more MOM (the limit).", size=11.5, fill="muted"))
    return Figure(KEY, "How a straight run builds Momentum",
                  "Two lanes drawn to one scale with a tick every inch: " + "; ".join(words)
                  + ". A MOM lasts across turns while the run stays straight.",
                  "Momentum from a straight run, counted by the rules engine's charge query at "
                  "every inch of two turns of Move.", 640, 322, group(*body))


def _moms(data, run: int, mover: str) -> int:
    # the op asks for a weapon's Use and a target's Armor; the MOM count depends on neither
    return ask(data, KEY, {"op": "charge", "weapon": WEAPON, "use": 1, "run_inches": run,
                           "mover": mover, "armor": 0, "depth": 0})["moms"]


def _mark(moms: list[int], run: int) -> bool:
    """A run where another full stretch of the MOM's length ended without a new MOM."""
    first = next(r for r in range(1, len(moms)) if moms[r] > moms[r - 1])
    return run % first == 0 and moms[run] == moms[run - 1]
