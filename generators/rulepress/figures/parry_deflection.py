"""The Parry and Deflection sequence (5.2 Countering, 3 Deflection).

An attack is rolled against its weapon's Use; the target parries against its item's Use;
each level of Deflection then takes one die of each kind off the Damage before it is
rolled against the Armor. Drawn for a Minifig's Two-Handed Weapon against a Minifig with
a Shield: the Uses and the Heavy Armor's Deflection are the data's, the dice left after
each level are the engine's own Deflection rule, and the chance that what is left kills is
the engine's `attack` answer.
"""

from __future__ import annotations

from ..engine.brikwars.deflect import deflect
from ..engine.dice.parse import parse
from .answers import ask, chance, record, value
from .svg import Figure, arrow, die, group, rect, text

KEY = "parry-deflection"
FIGHTER = "minifig"
WEAPON, PARRY, ARMOR = "two-handed-weapon", "shield", "heavy-armor"


def draw(catalog, data) -> Figure:
    fighter = record(catalog, KEY, "brikwars.unit", FIGHTER)
    weapon = record(catalog, KEY, "brikwars.item", WEAPON)
    parry = record(catalog, KEY, "brikwars.item", PARRY)
    armor = record(catalog, KEY, "brikwars.item", ARMOR)
    skill = value(fighter.skill)
    plain = ask(data, KEY, {"op": "attack", "skill": skill, "weapon": WEAPON,
                            "armor": fighter.armor, "depth": 0})
    expr = parse(plain["damage_expr"])
    steps = (("1. Attack", f"{skill} ≥ Use {weapon.use}", f"hits {chance(plain['p_hit'], True)}"),
             ("2. Parry", f"{skill} ≥ {parry.name} Use {parry.use}", "(+1 against two hands)"),
             ("3. Deflection", "each level: one die", "of each kind off"),
             ("4. Damage", f"what is left > Armor {fighter.armor}", "kills"))
    body, words = [], []
    for i, (title, line1, line2) in enumerate(steps):
        x = 4 + i * 160
        body.append(rect(x, 10, 148, 72, fill="soft", stroke="ink", rx=8))
        body.append(text(x + 74, 32, title, size=14, anchor="middle", bold=True))
        body.append(text(x + 74, 52, line1, size=11.5, anchor="middle"))
        body.append(text(x + 74, 68, line2, size=11.5, anchor="middle"))
        if i:
            body.append(arrow(x - 12, 46, x - 1, 46, width=2, head=6))
    cases = ((f"no Parry, no armor", 0),
             (f"Parry succeeds", 1),
             (f"Parry + {armor.name}", 1 + armor.deflection))
    count = expr.dice_count()
    for row, (label, levels) in enumerate(cases):
        y = 110 + row * 52
        left = deflect(expr, levels)
        kept = left.expr.dice_count()
        answer = ask(data, KEY, {"op": "attack", "skill": skill, "weapon": WEAPON,
                                 "armor": fighter.armor, "deflection": levels, "depth": 0})
        body.append(text(10, y + 20, f"{label}: {levels} level{'' if levels == 1 else 's'}",
                         size=13))
        for k in range(count):
            gone = k >= kept
            body.append(die(250 + k * 34, y, f"d{expr.terms[0].sides}", size=28,
                            fill="soft" if gone else "hot-soft",
                            stroke="muted" if gone else "hot", crossed=gone, dashed=gone))
        shown = left.expr.text() if kept else "no dice left"
        body.append(text(250 + count * 34 + 10, y + 19,
                         f"{shown}: a hit kills {chance(answer['p_plain_hit_kills'], True)}",
                         size=13))
        words.append(f"{label} ({levels} level{'' if levels == 1 else 's'} of Deflection): "
                     f"{shown}, and a hit kills {chance(answer['p_plain_hit_kills'])}")
    description = (f"Four steps in a row: 1, the attacker rolls {skill} against the "
                   f"{weapon.name}'s Use {weapon.use} and hits {chance(plain['p_hit'])}; "
                   f"2, the defender parries, rolling "
                   f"{skill} against the {parry.name}'s Use {parry.use}; 3, each level of "
                   f"Deflection takes one die of each kind off the Damage; 4, what is left is "
                   f"rolled against Armor {fighter.armor}. Below, the {weapon.name}'s "
                   f"{plain['damage_expr']} at each level: " + "; ".join(words) + ".")
    return Figure(KEY, "The Parry and Deflection sequence", description,
                  f"A {fighter.name}'s {weapon.name} against a {fighter.name} with a "
                  f"{parry.name}: the dice Deflection takes away, and the chance a hit still "
                  "kills (exact, from the rules engine's attack query).", 640, 270,
                  group(*body))
