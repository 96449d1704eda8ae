"""Armor-Piercing dice passing Structure Levels: the Gas Station (8.7 Alternate damage).

The book's example shell, 2d6 Piercing + 1d4 Fire, goes through a windshield, a boss in
Heavy Armor, the car behind him and into the gas tank. Each target's Structure Level is the
data's (glass, a minifig, a car); the boss's Deflection is the Heavy Armor's; what each
target takes, and its chance to be beaten, is the engine's `armor_piercing` answer.
"""

from __future__ import annotations

from .answers import ask, chance, number, record, value
from .svg import Figure, arrow, die, group, rect, text

KEY = "armor-piercing"
DAMAGE = "2d6 Piercing + 1d4 Fire"  # the Gas Blaster shell (L1956-1961)
# (label, Structure Level record, unit whose Armor it has or None, item it wears or None)
TARGETS = (("windshield", "sl-0", None, None),
           ("the boss", "sl-half", "minifig", "heavy-armor"),
           ("the car", "sl-1", None, None),
           ("its gas tank", "sl-1", None, None))


def draw(catalog, data) -> Figure:
    line_up, labels = [], []
    for label, level_id, unit_id, worn in TARGETS:
        level = record(catalog, KEY, "brikwars.structure_level", level_id)
        target = {"structure_level": level.level}
        if unit_id:
            target["armor"] = record(catalog, KEY, "brikwars.unit", unit_id).armor
        if worn:
            target["deflection"] = record(catalog, KEY, "brikwars.item", worn).deflection
        line_up.append(target)
        labels.append((label, level, worn and record(catalog, KEY, "brikwars.item", worn)))
    shot = ask(data, KEY, {"op": "armor_piercing", "damage": DAMAGE, "targets": line_up,
                           "bonus_dice": False})
    body, words = [], []
    body.append(text(20, 24, f"The shell: {DAMAGE}", size=14, bold=True))
    for k, (label, tag) in enumerate((("AP", "hot"), ("AP", "hot"), ("d4", "hot"))):
        body.append(die(20 + k * 32, 40, label, size=27, fill="hot-soft", stroke=tag))
    body.append(arrow(20, 95, 625, 95, paint="hot", width=2.5, dashed=True))
    for i, ((label, level, worn), answer) in enumerate(zip(labels, shot["targets"])):
        x = 30 + i * 150
        armor = line_up[i].get("armor", value(level.armor))
        body.append(rect(x, 112, 130, 64, fill="soft", stroke="ink", rx=6))
        body.append(text(x + 65, 132, label, size=13, anchor="middle", bold=True))
        body.append(text(x + 65, 150, f"SL {number(level.level)}"
                         + (f" + {worn.name}" if worn else ""), size=11.5, anchor="middle"))
        body.append(text(x + 65, 166, f"needs {answer.get('ap_dice_needed', '?')} AP d6",
                         size=11.5, anchor="middle"))
        takes = answer.get("takes", "")
        body.append(text(x + 65, 198, f"takes {takes.split(':')[0]}", size=12, anchor="middle"))
        body.append(text(x + 65, 216, f"beaten {chance(answer['p_beats_armor'], True)}", size=11.5,
                         anchor="middle", fill="muted"))
        words.append(f"{label} (Structure Level {number(level.level)}, Armor {armor}"
                     + (f", wearing {worn.name}" if worn else "") + f"): takes {takes}; "
                     f"the Damage it takes beats its Armor {chance(answer['p_beats_armor'])}")
    body.append(text(20, 246, f"Beyond the last target: {shot['passes_beyond']}.", size=12))
    return Figure(KEY, "Armor-Piercing dice passing Structure Levels: the Gas Station",
                  f"A shell of {DAMAGE} fired through a line of targets, left to right. "
                  + "; ".join(words) + f". What goes on beyond the last: {shot['passes_beyond']}.",
                  "The Gas Station: each target keeps one AP d6 per two Structure Levels "
                  "(rounded up) and lets the rest through. From the rules engine's "
                  "armor_piercing query, no bonus dice.", 640, 258, group(*body))
