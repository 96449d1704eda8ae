"""Firing Arcs and turrets (8.1 Turrets, 8.3 Automatic weapons).

A hand held flat over the table, fingers spread, measures a Firing Arc: each gap between
fingers is one point of arc. A MachineGun sweeping more points hits more targets but takes
the Auto Penalty on every roll and jams more often. The chances come from the engine's
`auto_fire` op for a Size 1 MachineGun (its Use from `size_table`) in the hands of a Minifig
(its Skill from the data). Turrets: each one's weapon inches, cost and size class from the
data, the weapon drawn to the inches it may carry.
"""

from __future__ import annotations

from math import cos, pi, sin

from .answers import ask, chance, inches, record, value
from .svg import Figure, arrow, element, group, line, rect, text

KEY_ARCS, KEY_TURRETS = "firing-arcs", "turrets"
GUN = "machinegun"  # the size-scaled MachineGun
GUNNER = "minifig"
ARCS = (1, 2, 3)  # the arcs drawn: one, two and three finger gaps
GAP = pi / 11  # the angle one finger gap is drawn at (the book measures by hand, not degrees)


def draw_arcs(catalog, data) -> Figure:
    gun = ask(data, KEY_ARCS, {"op": "size_table", "weapon": GUN, "to_size": 1})
    row, name = gun["rows"][0], gun["name"]
    gunner = record(catalog, KEY_ARCS, "brikwars.unit", GUNNER)
    skill = value(gunner.skill)
    body, words = [], []
    for i, arc in enumerate(ARCS):
        cx, cy, reach = 110 + i * 210, 200, 150
        fire = ask(data, KEY_ARCS, {"op": "auto_fire", "use": row["use"], "auto_penalty": arc,
                                    "shots": 1, "skill": skill})
        start = -pi / 2 - arc * GAP / 2
        for k in range(arc):  # one wedge per finger gap, fingers drawn as lines between
            a1, a2 = start + k * GAP, start + (k + 1) * GAP
            body.append(element(
                "path", fill="hot-soft", stroke="hot", stroke_width=1.2,
                d=f"M{cx},{cy} L{cx + reach * cos(a1):.1f},{cy + reach * sin(a1):.1f} "
                  f"A{reach},{reach} 0 0 1 {cx + reach * cos(a2):.1f},{cy + reach * sin(a2):.1f} Z"))
        for k in range(arc + 1):
            a = start + k * GAP
            body.append(line(cx, cy, cx + (reach + 12) * cos(a), cy + (reach + 12) * sin(a),
                             stroke="ink", width=4, stroke_linecap="round", opacity=0.55))
        body.append(rect(cx - 9, cy - 4, 18, 26, fill="cool-soft", stroke="cool", rx=3))
        body.append(text(cx, 20, f"Arc {arc}", size=14, anchor="middle", bold=True))
        body.append(text(cx, cy + 44, f"Auto Penalty −{arc}", size=12.5, anchor="middle"))
        body.append(text(cx, cy + 62, f"hits {chance(fire['p_hit_each'], True)}", size=12,
                         anchor="middle"))
        body.append(text(cx, cy + 78, f"jams {chance(fire['p_jam_each'], True)}", size=12,
                         anchor="middle"))
        words.append(f"Arc {arc}: {arc} finger gap{'s' if arc > 1 else ''}, Auto Penalty "
                     f"−{arc}; each shot hits {chance(fire['p_hit_each'])} and jams the gun "
                     f"{chance(fire['p_jam_each'])}")
    description = (f"Three Firing Arcs measured with a spread hand over the table, knuckles "
                   f"at the muzzle: one, two and three gaps between fingers. For a "
                   f"{gunner.name} ({skill}) with a Size 1 {name} (Use {row['use']}): "
                   + "; ".join(words) + ".")
    return Figure(KEY_ARCS, "Firing Arcs of one, two and three points", description,
                  f"Firing Arcs: each gap between spread fingers is one point of arc. A "
                  f"{gunner.name} with a Size 1 {name}: chances exact, from the rules engine's "
                  "auto_fire query.", 640, 290, group(*body))


def draw_turrets(catalog, data) -> Figure:
    turrets = catalog.all("brikwars.turret")
    if not turrets:
        raise ValueError("figure turrets: the data has no turrets")
    most = max(t.max_weapon_inches for t in turrets)
    scale = 300 / most  # px per weapon inch
    body, words = [], []
    for i, turret in enumerate(turrets):
        y = 40 + i * 95
        body.append(text(20, y, f"{turret.name} ({turret.size_class}), "
                                f"{_cp(turret.cost_cp)}", size=14, bold=True))
        # the mount, then its weapon drawn to the inches it may carry
        body.append(rect(20, y + 18, 70, 34, fill="cool-soft", stroke="cool", rx=6))
        body.append(element("circle", fill="soft", stroke="ink", cx=55, cy=y + 35, r=12,
                            stroke_width=1.5))
        length = turret.max_weapon_inches * scale
        body.append(rect(67, y + 29, length, 12, fill="hot-soft", stroke="hot", rx=2))
        for k in range(1, turret.max_weapon_inches):
            x = 67 + k * scale
            body.append(line(x, y + 29, x, y + 41, stroke="hot", width=1))
        body.append(arrow(67 + length + 6, y + 35, 67 + length + 40, y + 35, paint="muted",
                          width=1.5, head=7))
        body.append(text(67 + length + 48, y + 40,
                         f"up to {inches(turret.max_weapon_inches)} of weapons", size=12.5))
        words.append(f"{turret.name}, size {turret.size_class}, {_cp(turret.cost_cp)}: carries "
                     f"up to {inches(turret.max_weapon_inches)} of weapons. {turret.effect}")
    height = 40 + len(turrets) * 95
    body.append(text(20, height - 8, "Weapons drawn to scale: each mark is one weapon inch.",
                     size=11.5, fill="muted"))
    return Figure(KEY_TURRETS, "The turrets and the weapon inches each carries",
                  "Turrets side by side, each with its weapon drawn as long as the weapon "
                  "inches it may carry. " + " ".join(words),
                  "Turrets, from the data: the weapon on each is drawn as long as the weapon "
                  "inches it may mount.", 640, height, group(*body))


def _cp(cost: float) -> str:
    return f"{cost:g} CP"
