"""Movement and Unit Inches at scale (4.1 Movement, 11.1 Unit Inches).

Every bar is drawn to one scale against an inch ruler, and printed at 100 % the figure
keeps that scale (PRINT_SCALE: each game inch is half a real inch), so a printed copy
can be laid on the table. Moves and Sizes are the units' own in the data; Half Speed halves
a Move; each unit's Unit Inches is the engine's `army` price.
"""

from __future__ import annotations

from fractions import Fraction

from .answers import ask, inches, number, record, value
from .svg import Figure, group, line, rect, text

KEY_MOVES, KEY_UI = "movement-scale", "unit-inches"
MOVERS = ("minifig", "hero", "horse")
HALF_SPEED = "minifig"  # whose Move is also drawn at Half Speed
PRICED = ("minifig", "hero", "cannon-fodder", "horse")
PRINT_SCALE = 0.5  # real inches per game inch on paper
PX = 48  # drawing units per game inch
LEFT = 200  # where the ruler's zero is (room for the labels)


def _ruler(body: list[str], y: float, span: int) -> None:
    body.append(line(LEFT, y, LEFT + span * PX, y, width=1.5))
    for k in range(span + 1):
        x = LEFT + k * PX
        body.append(line(x, y, x, y + (9 if k % 5 == 0 else 5), width=1.2))
        if k % 5 == 0 or span <= 6 or (k == span and k % 5 > 1):
            body.append(text(x, y + 22, inches(k), size=12, anchor="middle"))


def _figure(key, name, description, caption, span, height, body) -> Figure:
    width = LEFT + span * PX + 30
    return Figure(key, name, description, caption, width, height, group(*body),
                  physical=width / PX * PRINT_SCALE)


def draw_moves(catalog, data) -> Figure:
    units = [record(catalog, KEY_MOVES, "brikwars.unit", u) for u in MOVERS]
    slow = record(catalog, KEY_MOVES, "brikwars.unit", HALF_SPEED)
    rows = [(u.name, Fraction(u.move), "cool") for u in units]
    rows.append((f"{slow.name} at Half Speed", Fraction(slow.move) / 2, "muted"))
    span = int(max(r[1] for r in rows)) + 1
    body = []
    for i, (label, move, paint) in enumerate(rows):
        y = 20 + i * 44
        body.append(text(LEFT - 10, y + 20, label, size=14, anchor="end"))
        body.append(rect(LEFT, y + 6, float(move) * PX, 22, fill=f"{paint}-soft"
                         if paint != "muted" else "soft", stroke=paint, rx=3))
        body.append(text(LEFT + float(move) * PX + 8, y + 22, inches(move), size=14,
                         bold=True))
    _ruler(body, 30 + len(rows) * 44, span)
    words = "; ".join(f"{label}: {inches(move)}" for label, move, _ in rows)
    return _figure(KEY_MOVES, "Moves drawn to scale", f"One turn of Move, as bars on an inch "
                   f"ruler: {words}. Printed at 100 %, each inch of the ruler is half an inch.",
                   "One turn's Move to scale; printed at 100 % each ruler inch is half a real "
                   "inch.", span, 90 + len(rows) * 44, body)


def draw_unit_inches(catalog, data) -> Figure:
    units = [record(catalog, KEY_UI, "brikwars.unit", u) for u in PRICED]
    priced = ask(data, KEY_UI, {"op": "army", "lines": [{"unit": u} for u in PRICED]})["lines"]
    span = int(max(value(u.size) for u in units)) + 2
    body, words = [], []
    for i, (unit, line_) in enumerate(zip(units, priced)):
        y = 20 + i * 44
        size = Fraction(str(value(unit.size)))
        ui = line_["each_unit_inches"]
        body.append(text(LEFT - 10, y + 20, unit.name, size=14, anchor="end"))
        body.append(rect(LEFT, y + 6, float(size) * PX, 22, fill="cool-soft", stroke="cool",
                         rx=3))
        body.append(text(LEFT + float(size) * PX + 8, y + 22,
                         f"Size {inches(size)}: {number(ui)} Ű", size=14, bold=True))
        words.append(f"{unit.name}, Size {inches(size)}, costs {number(ui)} Ű")
    _ruler(body, 30 + len(units) * 44, span)
    return _figure(KEY_UI, "Sizes and Unit Inches", "Each unit's Size as a bar on an inch "
                   "ruler, with its price in Unit Inches: " + "; ".join(words) + ".",
                   "Size to scale, and the Unit Inches (Ű) each unit costs, priced by the "
                   "rules engine's army query.", span, 90 + len(units) * 44, body)
