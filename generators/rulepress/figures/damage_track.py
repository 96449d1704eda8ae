"""A Creation's damage track (7.2 Taking Damage: Size Damage).

Each point of Size Damage takes an inch off the Effective Size; Power, the highest
Structure Level (and so the Armor) follow it down, Half Speed comes at half the Size, and
at zero the Creation is destroyed. Drawn for the book's Super Heavy Death Tank (Size 12,
Structure Level 4): the track is the engine's `creation` answer, Half Speed its
`creation_status` answer, row by row.
"""

from __future__ import annotations

from .answers import ask, inches, number
from .svg import Figure, group, line, rect, text

KEY = "damage-track"
TANK = {"name": "Super Heavy Death Tank", "size": 12, "structure_level": 4}  # L1401-1403
ROWS = (("Size Damage", "size_damage"), ("Effective Size", "effective_size"),
        ("Structure Level", "structure_level"), ("Armor", "armor"), ("Power", "power"),
        ("Move", "move"))


def draw(catalog, data) -> Figure:
    built = ask(data, KEY, {"op": "creation", **TANK})
    track = built["stats"]["damage_track"]
    for row in track:
        status = ask(data, KEY, {"op": "creation_status", "size": TANK["size"],
                                 "structure_level": TANK["structure_level"],
                                 "size_damage_taken": row["size_damage"]})
        row["move"] = ("destroyed" if status["destroyed"] else
                       "Half Speed" if status["half_speed"] else "full")
    cell = 40
    left = 128
    body = []
    for r, (label, field) in enumerate(ROWS):
        y = 14 + r * 30
        body.append(text(left - 8, y + 20, label, size=12.5, anchor="end", bold=r == 0))
        for c, row in enumerate(track):
            x = left + c * cell
            shade = ("hot-soft" if row["move"] == "destroyed" else
                     "soft" if row["move"] == "Half Speed" else "none")
            body.append(rect(x, y, cell, 30, fill=shade, stroke="muted", width=0.8))
            value = row.get(field)
            shown = ("—" if value is None else _short(value) if field != "move" else
                     {"full": "full", "Half Speed": "½", "destroyed": "✕"}[value])
            body.append(text(x + cell / 2, y + 20, shown, size=11.5 if field == "armor" else 12.5,
                             anchor="middle", bold=r == 0))
    bottom = 14 + len(ROWS) * 30
    body.append(line(left, 14 + 30, left + len(track) * cell, 14 + 30, width=1.5))
    body.append(text(left, bottom + 22, "Grey: Half Speed (½). Red: destroyed (✕). "
                     "A dash: nothing left.", size=11.5, fill="muted"))
    words = []
    for row in track:
        words.append(f"after {row['size_damage']} point{'' if row['size_damage'] == 1 else 's'}"
                     f" of Size Damage: Effective Size {inches(row['effective_size'])}, "
                     + (f"Structure Level {number(row['structure_level'])}, Armor "
                        f"{row['armor']}, Power {number(row['power'])}, moves {row['move']}"
                        if row["move"] != "destroyed" else "destroyed"))
    return Figure(KEY, f"Damage track of the {TANK['name']}",
                  f"A table, one column per point of Size Damage taken by the {TANK['name']} "
                  f"(Size {TANK['size']}, Structure Level {TANK['structure_level']}): "
                  + "; ".join(words) + ".",
                  f"The {TANK['name']} worn down a point at a time: its Structure Level, Armor "
                  "and Power follow the Effective Size (the rules engine's creation and "
                  "creation_status queries).", left + len(track) * cell + 10, bottom + 34,
                  group(*body))


def _short(value) -> str:
    return number(value) if not isinstance(value, str) or "/" in value else value
