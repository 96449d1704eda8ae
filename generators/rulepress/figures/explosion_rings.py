"""Explosion rings and their falling dice (8.4 Heavy explosives).

An Explosion's d10s are rolled once; everything in the first ring takes them all, and at
each ring further out the highest die drops away, so the damage and the KnockBack fall
ring by ring. Drawn for an XSize 3 Explosive: the rings, their radii and KnockBack come from
the engine's `explosion` op, the dice from the Explosive's own formula (`size_table`), and
the chance to kill a Minifig in each ring against the Minifig's Armor in the data.
"""

from __future__ import annotations

from ..engine.dice.parse import parse
from .answers import ask, chance, inches, record
from .svg import Figure, circle, die, element, group, line, text

KEY = "explosion-rings"
EXPLOSIVE = "explosive"  # the size-scaled Explosive (data/brikwars/scaled_weapons.yaml)
XSIZE = 3  # the example drawn: three bricks of Explosive
TARGET = "minifig"  # whose Armor the kill chances are worked out against
SHADES = (0.85, 0.55, 0.3, 0.18, 0.1)  # fill opacity of each ring, nearest first


def draw(catalog, data) -> Figure:
    row = ask(data, KEY, {"op": "size_table", "weapon": EXPLOSIVE, "from_size": XSIZE,
                          "to_size": XSIZE})["rows"][0]
    explosive = record(catalog, KEY, "brikwars.scaled_weapon", EXPLOSIVE)
    dice = parse(row["damage"].split()[0]).dice_count()
    target = record(catalog, KEY, "brikwars.unit", TARGET)
    boom = ask(data, KEY, {"op": "explosion", "dice": dice, "armor": target.armor})
    rings = boom["rings"]
    outer = rings[-1]["to_inches"]
    scale = 140 / outer  # px per inch on the map
    cx, cy = 150, 175
    body = []
    for i, ring in reversed(list(enumerate(rings))):
        body.append(circle(cx, cy, ring["to_inches"] * scale, fill="hot-soft", stroke="hot",
                           width=1.5, fill_opacity=SHADES[min(i, len(SHADES) - 1)]))
    body.append(element("polygon", fill="hot",
                        points=_star(cx, cy, 13, 6)))
    for ring in rings:  # the radius of each ring's outer edge, along a line to the right
        x = cx + ring["to_inches"] * scale
        body.append(line(x, cy - 5, x, cy + 5, width=1.5))
        body.append(text(x, cy + 20, inches(ring["to_inches"]), size=12, anchor="middle"))
    body.append(line(cx, cy, cx + outer * scale, cy, width=1, stroke_dasharray="3 3"))
    # the dice of each ring: all of them first, then one fewer each ring, highest gone
    x0, y = 318, 40
    body.append(text(x0, 22, f"{row['damage']}: the dice, ring by ring", size=13, bold=True))
    for i, ring in enumerate(rings):
        top = y + i * 100
        label = f'{inches(ring["from_inches"])}–{inches(ring["to_inches"])} from the centre'
        body.append(text(x0, top + 12, label, size=12.5, bold=True))
        for d in range(dice):
            gone = d < i  # the highest dice drop away first: drawn on the left, struck out
            body.append(die(x0 + d * 34, top + 22, "d10", size=28,
                            fill="soft" if gone else "hot-soft", stroke="muted" if gone
                            else "hot", crossed=gone, dashed=gone))
        left = dice - i
        body.append(text(x0 + dice * 34 + 8, top + 34,
                         f"{left} d10 left, KnockBack {inches(ring['knockback_inches'])}",
                         size=12))
        body.append(text(x0 + dice * 34 + 8, top + 50,
                         f"{target.name} dies: {chance(ring['p_kill'], True)}", size=12))
    body.append(text(x0, 332, "Struck out: the highest die, dropped at each ring,", size=11.5,
                     fill="muted"))
    body.append(text(x0, 347, "with its bonus dice.", size=11.5, fill="muted"))
    words = [f'{inches(r["from_inches"])} to {inches(r["to_inches"])}: the {dice - i} lowest '
             f"d10 count, KnockBack {inches(r['knockback_inches'])}, a {target.name} "
             f"(Armor {target.armor}) dies {chance(r['p_kill'])}"
             for i, r in enumerate(rings)]
    description = (f"An XSize {XSIZE} {explosive.name} ({row['damage']}) seen from above: "
                   f"{len(rings)} rings round the blast. " + "; ".join(words) + ".")
    return Figure(KEY, f"Explosion rings of an XSize {XSIZE} {explosive.name}",
                  description,
                  f"An XSize {XSIZE} {explosive.name}: the whole roll within the first ring, "
                  "then the highest die drops at every ring further out. Chances exact, from "
                  "the rules engine's explosion query.",
                  640, 355, group(*body))


def _star(cx: float, cy: float, r: float, points: int) -> str:
    from math import cos, pi, sin
    out = []
    for k in range(points * 2):
        radius = r if k % 2 == 0 else r * 0.45
        angle = pi * k / points - pi / 2
        out.append(f"{cx + radius * cos(angle):.1f},{cy + radius * sin(angle):.1f}")
    return " ".join(out)
