"""Random requests (fixed seed) to every BrikWars rule op: never a defect, never slow,
probabilities in [0, 1] and every distribution summing to 1."""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction

from rulepress.engine.query import answer

# Pyodide runs these tests too, about twice as slow as CPython on the same machine.
SLOWER = 3 if sys.platform == "emscripten" else 1

FIELDS = {
    "close_combat": ["attack", "counter", "bail"],
    "missed_shot": ["skill", "use", "modifiers"],
    "charge": ["run_inches", "mover", "creation_size", "moms", "weapon", "use", "attacker"],
    "knockback": ["moms", "pops", "shove", "room_inches", "collider_level", "target_level"],
    "overkill": ["damage", "armor", "targets"],
    "size_damage": ["damage", "size", "structure_level", "size_damage_taken", "overkill",
                    "overkill_armor", "auto_hit"],
    "grinding": ["damage", "structure_level"],
    "construct_parts": ["damage", "connection_strength", "parts"],
    "field_construction": ["task", "structure_level", "damage_taken", "reading", "distance"],
    "auto_fire": ["skill", "use", "auto_penalty", "shots", "jams"],
    "burning": ["size", "structure_level", "fire", "turns"],
    "concealed_hazard": ["inches", "size", "no_skill", "skill", "modifiers"],
    "gunnery": ["skill", "use", "weapon_size", "supporters", "home_in_turns", "interferer"],
    "stunt": ["inches", "skill"],
    "ker_triage": ["die", "mediks"],
    "specialty_roll": ["die", "at_least", "tek", "commando", "backup"],
    "supernatural": ["die", "dice", "at_least", "bless", "curse", "use"],
    "horse_track": ["damage", "auto_hit", "target", "blows", "weapon"],
    "explosion": ["dice", "armor", "explosions"],
}
VALUES = [0, 1, 2, 3, 5, 12, 50, 1000, -1, "d8", "d6", "d20", 0.5, "2d6", "1d12 Phased",
          True, "fresh", "same", "reach", "roll_if_higher", "horse", "x", None, [], "100d10"]
NESTED = [{}, {"damage": "2d6"}, {"weapon": "hand-weapon", "parry": {"use": 2}}, {"inches": 3},
          {"damage": "30d10"}, 5]


def check(value, where=""):
    if isinstance(value, dict):
        for key, item in value.items():
            if key.startswith("p_") and isinstance(item, str):
                assert 0 <= Fraction(item) <= 1, (where, key, item)
            if key.endswith("pmf") and isinstance(item, list):
                assert sum(Fraction(p) for _, p in item) == 1, (where, key)
            check(item, f"{where}.{key}")
    elif isinstance(value, list):
        for item in value:
            check(item, where)


def test_random_requests(engine_data):
    rng = random.Random(17)
    for _ in range(150):
        name = rng.choice(sorted(FIELDS))
        request = {"game": "brikwars", "op": name}
        for field in rng.sample(FIELDS[name], k=min(len(FIELDS[name]), rng.randint(0, 4))):
            request[field] = rng.choice(NESTED if field in ("attack", "counter", "bail")
                                        else VALUES)
        start = time.process_time()
        response = answer(request, engine_data)
        assert time.process_time() - start < 3 * SLOWER, request
        assert not response.get("error", {}).get("defect"), (request, response)
        if response["ok"]:
            check(response, name)
