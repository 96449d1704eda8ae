"""Collisions and the directions of KnockBack (5.4 Collisions, 8.4 Explosions).

A collider's MOM dice push the target straight on along the line it was moving; the
target's POP dice (one per inch of its Effective Size) cancel inches. An Explosion pushes
everything loose straight away from its centre, farther the closer it stands. The chances
come from the engine's `knockback` op (a Minifig charging a Minifig, then a Horse, their
Sizes from the data) and the pushes from its `explosion` op for an XSize 2 Explosive.
"""

from __future__ import annotations

from math import cos, pi, sin

from ..engine.dice.parse import parse
from .answers import ask, chance, inches, record, value
from .svg import Figure, arrow, circle, group, line, rect, text

KEY = "knockback"
CHARGER = "minifig"
TARGETS = ("minifig", "horse")  # who is charged: one POP per inch of Effective Size
EXPLOSIVE, XSIZE = "explosive", 2


def draw(catalog, data) -> Figure:
    charger = record(catalog, KEY, "brikwars.unit", CHARGER)
    body, words = [], []
    # Collision: charger runs in from the left, the target flies on to the right
    body.append(text(20, 24, "Collision: pushed straight on", size=14, bold=True))
    for i, target_id in enumerate(TARGETS):
        target = record(catalog, KEY, "brikwars.unit", target_id)
        pops = int(value(target.size))
        push = ask(data, KEY, {"op": "knockback", "moms": 1, "pops": pops})
        y = 70 + i * 80
        body.append(arrow(20, y, 120, y, paint="cool", width=3))
        body.append(circle(132, y, 11, fill="cool-soft", stroke="cool"))
        body.append(rect(146, y - 6 * pops, 12 * pops, 12 * pops, fill="soft", stroke="ink",
                         rx=3))
        body.append(arrow(150 + 12 * pops, y, 290, y, paint="hot", width=2.5, dashed=True))
        body.append(text(20, y + 28, f"{charger.name} with 1 MOM into a {target.name} "
                                     f"({pops} POP)", size=12))
        body.append(text(20, y + 44, f"pushed on: {chance(push['p_knockback'], True)}",
                         size=12))
        words.append(f"a {charger.name} with 1 MOM running into a {target.name} of Size "
                     f"{inches(pops)} ({pops} POP) pushes it on along the same line "
                     f"{chance(push['p_knockback'])} of the time")
    # Explosion: everything loose is pushed away from the centre
    row = ask(data, KEY, {"op": "size_table", "weapon": EXPLOSIVE, "from_size": XSIZE,
                          "to_size": XSIZE})["rows"][0]
    dice = parse(row["damage"].split()[0]).dice_count()
    rings = ask(data, KEY, {"op": "explosion", "dice": dice, "armor": 0})["rings"]
    cx, cy, scale = 480, 140, 95 / rings[-1]["to_inches"]
    body.append(text(345, 24, "Explosion: pushed away from centre", size=14, bold=True))
    for ring in rings:
        body.append(circle(cx, cy, ring["to_inches"] * scale, fill="none", stroke="hot",
                           width=1, stroke_dasharray="4 3"))
    body.append(circle(cx, cy, 6, fill="hot", stroke=None))
    for k in range(8):
        angle = pi * k / 4 + pi / 8
        ring = rings[k % len(rings)]
        r = (ring["from_inches"] + ring["to_inches"]) / 2 * scale
        x, y = cx + r * cos(angle), cy + r * sin(angle)
        push = ring["knockback_inches"] * scale
        body.append(rect(x - 6, y - 6, 12, 12, fill="soft", stroke="ink", rx=2))
        body.append(arrow(x + 9 * cos(angle), y + 9 * sin(angle), x + (9 + push) * cos(angle),
                          y + (9 + push) * sin(angle), paint="hot", width=2, head=7))
    body.append(text(350, 262, f"{row['damage']}: " + ", ".join(
        f"{inches(r['knockback_inches'])} within {inches(r['to_inches'])}" for r in rings),
        size=12))
    words.append(f"a {row['damage']} Explosion pushes everything loose straight away from "
                 "its centre: " + ", ".join(f"{inches(r['knockback_inches'])} of KnockBack "
                                            f"from {inches(r['from_inches'])} to "
                                            f"{inches(r['to_inches'])}" for r in rings))
    body.append(line(330, 10, 330, 270, stroke="muted", width=1))
    return Figure(KEY, "Which way KnockBack pushes",
                  "Two pictures. On the left, " + "; ".join(words[:-1]) + ". On the right, "
                  + words[-1] + ". Arrows drawn to one scale.",
                  "KnockBack: a Collision pushes along the charge, an Explosion away from its "
                  "centre. Chances exact, from the rules engine's knockback and explosion "
                  "queries.", 640, 275, group(*body))
