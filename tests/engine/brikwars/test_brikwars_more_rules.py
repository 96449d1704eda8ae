"""The rules the first round left out, each held to the book's own words (seed 003, line
numbers) with the expected values worked out by hand in the comments."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from asking import BRIKWARS


ask, refused = BRIKWARS.answered, BRIKWARS.refused


# --- E34: Mob Rule (L1270-1280) ----------------------------------------------------------------

WORK_ZOMBIES = [
    {"players": ["Executives", "Security", "Middle Management"], "forces": 3},
    {"players": ["IT Support", "Housekeeping"], "forces": 2},
    {"players": ["Cubicle Dwellers"], "forces": 1},
]
# L1278: picks 1-7 move; at 8 IT Support passes and Housekeeping moves; 9 moves; 10 the
# Cubicle Dwellers pass; 11 moves; 12 the Executives pass.
DECISIONS = ["move"] * 7 + ["pass", "move", "move", "pass", "move", "pass"]


def test_e34_work_zombies_mob_turn_order(engine_data):
    """The book's twelve picks, in order: the Cubicle Dwellers (alone, the fewest forces)
    go first, then Alliance 2, then Alliance 1, each rotating its players; 'half of the
    players (three out of six) have decided to pass, so the Mob turn is now over'."""
    r = ask(engine_data, op="mob_rule", alliances=WORK_ZOMBIES, decisions=DECISIONS)
    book = [(1, "Cubicle Dwellers", "move"), (2, "IT Support", "move"),
            (3, "Executives", "move"), (4, "Cubicle Dwellers", "move"),
            (5, "Housekeeping", "move"), (6, "Security", "move"),
            (7, "Cubicle Dwellers", "move"), (8, "IT Support", "pass"),
            (8, "Housekeeping", "move"), (9, "Middle Management", "move"),
            (10, "Cubicle Dwellers", "pass"), (11, "Housekeeping", "move"),
            (12, "Executives", "pass")]
    assert [(p["pick"], p["player"], p["action"]) for p in r["picks"]] == book
    assert r["passes_to_end"] == 3 and r["ended"] == "3 of 6 players have passed"
    assert r["order"] == [3, 2, 1] and r["tie_roll_needed"] is False
    assert r["mobs_moved"] == 10  # ten moves: zombies still unmoved when the turn ends


def test_mob_rule_ends_when_every_mob_has_moved_and_odd_halves(engine_data):
    r = ask(engine_data, op="mob_rule", alliances=WORK_ZOMBIES, mobs=4)
    assert r["mobs_moved"] == 4 and r["ended"] == "every Mob unit has moved"
    five = [{"players": ["a", "b"]}, {"players": ["c", "d", "e"]}]
    # half of 5 is 2.5: our reading needs 3 passes, the named option `down` 2
    assert ask(engine_data, op="mob_rule", alliances=five)["passes_to_end"] == 3
    assert ask(engine_data, op="mob_rule", alliances=five, half="down")["passes_to_end"] == 2
    # equal forces: the dice decide, so the answer keeps the order given and says so
    tie = ask(engine_data, op="mob_rule", alliances=[{"players": ["a"], "forces": 2},
                                                     {"players": ["b"], "forces": 2}])
    assert tie["tie_roll_needed"] is True


# --- E39: Shenanigan Detection (L2850-2854) ------------------------------------------------------

def test_e39_detection_roll(engine_data):
    """L2850: 'rolls a d6 and adds one for each Shenanigan Counter'. One counter, no bonus
    dice: a natural 1 is a Critical Failure (1/6) that detects nothing anywhere (L2853);
    otherwise 2..6 + 1 = 3..7, each 1/5 given no failure. A Shenanigan 4 inches from the
    enemy is Detected on 4..7, faces 3..6: 4/6 = 2/3."""
    r = ask(engine_data, op="detection", counters=1, within=4, bonus_dice=False)
    assert r["p_crit_fail"] == "1/6"
    assert r["distance_pmf"] == [[d, "1/5"] for d in range(3, 8)]
    assert r["p_detected"] == "2/3"
    # three counters and the nearest enemy's die worth +2": 2..6 + 3 + 2 = 7..11; at 10
    # inches faces 5, 6: 2/6
    r = ask(engine_data, op="detection", counters=3, adjustment=2, within=10, bonus_dice=False)
    assert r["p_detected"] == "1/3"
    # L2841: every two Hidden Movement counters are one full turn of Movement
    assert ask(engine_data, op="detection", hidden_counters=5)["hidden_move_turns"] == 2


def test_e39_lost_action_dice_are_not_guessed(engine_data):
    """L2851: '-1" for an Action [die], +1" for [die], +2" for [die], and +3" for [die]': the
    dice were pictures. The inches are the book's; which die gives which is not, so a die
    other than the standard d6 is refused unless the size-order reading is asked for."""
    r = refused(engine_data, op="detection", action_die="d10")
    assert "lost picture" in r["error"]["message"]
    r = ask(engine_data, op="detection", action_die="d10", die_reading="size_order",
            bonus_dice=False)
    assert r["adjustment"] == 2
    assert ask(engine_data, op="detection", action_die="d6")["adjustment"] == 0
    # the table's lost dice are checked with the data (tests/data/test_brikwars_data.py):
    # this file also runs inside Pyodide, which has the engine's data but no catalog


# --- QuikWars Stupendous Feats (L50, L32) ---------------------------------------------------

def test_stupendous_feat(engine_data):
    """L50: the Hero's roll 'equal to or higher than the opposing roll' succeeds. Plain d6s:
    21 of the 36 pairs have hero >= opponent: 7/12. With one bonus die each (depth 1) the
    die is 1..5 (1/6 each) or 6+1..6+6 (1/36 each); P(tie) = 5/36 + 6/1296 = 186/1296, and
    by symmetry P(success) = (1 + P(tie)) / 2 = 1482/2592 = 247/432."""
    assert ask(engine_data, op="stupendous_feat", bonus_dice=False)["p_success"] == "7/12"
    r = ask(engine_data, op="stupendous_feat", depth=1)
    assert F(r["p_tie"]) == F(186, 1296) and F(r["p_success"]) == F(247, 432)


# --- 4.1 Sprint (L627-631) -----------------------------------------------------------------------

def test_sprint(engine_data):
    """A d6 Sprint with one bonus die: 1 is a Critical Failure (0 inches); 2..5 add 2..5; a 6
    adds 6 + a bonus d6: 7..12, each 1/36. The chain 'ends with a roll of one' on 6 then 1:
    runaway 1/36. Mean: (2+3+4+5)/6 + (7+...+12)/36 = 14/6 + 57/36 = 141/36 = 47/12."""
    r = ask(engine_data, op="sprint", skill="d6", depth=1)
    assert r["p_crit_fail"] == "1/6" and r["p_runaway"] == "1/36"
    assert r["extra_move_mean"] == "47/12"
    assert r["inches_pmf"][:5] == [[0, "1/6"], [2, "1/6"], [3, "1/6"], [4, "1/6"], [5, "1/6"]]
    # at Half Speed the Sprint inches are halved (L628): 3 inches or more needs a roll of 6
    # or more, only a natural 6 (with its bonus die): 1/6
    half = ask(engine_data, op="sprint", skill="d6", depth=1, half_speed=True, needed=3)
    assert half["p_reach"] == "1/6" and half["extra_move_mean"] == "47/24"
    # without bonus dice a d10 Sprint is its face, a 1 adding nothing: mean (2+...+10)/10
    assert ask(engine_data, op="sprint", skill="d10", bonus_dice=False)["extra_move_mean"] \
        == "27/5"


# --- 4.3 Who Acts First (L683) ---------------------------------------------------------------------

def test_who_acts_first(engine_data):
    """'a minifig moving at regular speed takes his Action before a minifig moving at Half
    Speed'; at the same speed both roll Skill and the higher goes first.
    d6 against d6: ties (6/36) rolled again, so 1/2 each. d10 against d6 with a natural 1
    losing to anything else: pairs (a, b) with a 2..10, b 2..6 - a > b: for b = 2..6, 8, 7,
    6, 5, 4 values of a = 30; a natural 1 of b loses to a's 9 non-1 faces: 9; total a wins
    39 of 60, ties (a = b = 2..6, or both 1) 6 of 60, b wins 15. Rerolled ties: 39/54 = 13/18."""
    r = ask(engine_data, op="who_acts_first", a={"skill": "d6"}, b={"skill": "d6"})
    assert r["p_a_first"] == r["p_b_first"] == "1/2"
    r = ask(engine_data, op="who_acts_first", a={"skill": "d10"}, b={"skill": "d6"})
    assert r["p_a_first"] == "13/18" and r["p_b_first"] == "5/18"
    r = ask(engine_data, op="who_acts_first", a={"skill": "d10"}, b={"skill": "d6"},
            ties="simultaneous")
    assert r["p_tie"] == "1/10" and r["p_a_first"] == "13/20"
    r = ask(engine_data, op="who_acts_first", a={"skill": "d10", "half_speed": True},
            b={"skill": "d4"})
    assert r["p_b_first"] == "1" and r["decided_by"] == "speed"


# --- 8.4 Armor-Piercing dice through Structure Levels (L1950-1961) --------------------------------

def test_gas_station_armor_piercing(engine_data):
    """The Gas Station: 2d6 Piercing + 1d4 Fire. The windshield (SL 0) takes nothing and
    shatters; Brett (SL ½, Armor 4, one level of Deflection) takes one AP d6 (ceil((½ + 1) /
    2) = 1): over 4 on a 5 or 6, 1/3; the car (SL 1, Armor 1d10) takes the last AP d6: P(d6
    > d10) = (0+1+2+3+4+5)/60 = 1/4; the d4 goes on to the gas tank (SL 1): P(d4 > d10),
    a 1 dealing nothing, = (0+1+2+3)/40 = 3/20."""
    r = ask(engine_data, op="armor_piercing", damage="2d6 Piercing + 1d4 Fire",
            targets=[{"structure_level": 0},
                     {"structure_level": 0.5, "armor": 4, "deflection": 1},
                     {"structure_level": 1}, {"structure_level": 1}], bonus_dice=False)
    rows = r["targets"]
    assert rows[0]["ap_dice_needed"] == 0 and rows[0]["p_beats_armor"] == "1"
    assert rows[1]["takes"] == "1d6 Piercing" and rows[1]["p_beats_armor"] == "1/3"
    assert rows[2]["takes"] == "1d6 Piercing" and rows[2]["p_beats_armor"] == "1/4"
    assert rows[3]["takes"] == "1d4 Fire" and rows[3]["p_beats_armor"] == "3/20"
    assert r["passes_beyond"] == "nothing"


def test_armor_piercing_counts_and_deflection(engine_data):
    """L1950: 'SL:3 and SL:4 takes two AP d6es'. 3d6 AP into SL 3: two are taken, one goes on.
    L1952: two levels of Deflection nullify one AP d6: SL ½ with two levels nullifies one and
    then takes one (ceil(½/2) = 1); as_levels counts both levels as Structure Levels: ceil(2½/2)
    = 2 dice taken, none nullified."""
    r = ask(engine_data, op="armor_piercing", damage="3d6 Piercing",
            targets=[{"structure_level": 3}])
    assert r["targets"][0]["ap_dice_needed"] == 2 and r["passes_beyond"] == "1d6 Piercing"
    r = ask(engine_data, op="armor_piercing", damage="3d6 Piercing",
            targets=[{"structure_level": 0.5, "deflection": 2}])
    assert r["targets"][0]["ap_dice_nullified"] == 1 and r["passes_beyond"] == "1d6 Piercing"
    r = ask(engine_data, op="armor_piercing", damage="3d6 Piercing", deflection_reading=
            "as_levels", targets=[{"structure_level": 0.5, "deflection": 2}])
    assert r["targets"][0]["takes"] == "2d6 Piercing" and r["passes_beyond"] == "1d6 Piercing"


# --- 7.2 Component Damage (L1407-1409, L1425-1427) --------------------------------------------------

def test_component_damage_with_overkill(engine_data):
    """12 Damage (fixed) through Armor-4 components: the first goes (8 left), the second
    (4 left), the third holds (4 is not more than 4), as the Overkill line of minifigs
    (L1421-1424). Without Overkill only the first is knocked off."""
    comps = [{"armor": 4}] * 4
    r = ask(engine_data, op="component_damage", damage="12", auto_hit=True, components=comps)
    assert r["destroyed_pmf"] == [[2, "1"]]
    r = ask(engine_data, op="component_damage", damage="12", auto_hit=True, components=comps,
            overkill=False)
    assert r["destroyed_pmf"] == [[1, "1"]]
    # 1d6 against an SL ½ element (Armor 1d6), no bonus dice: a 1 deals nothing; P(d6 > d6)
    # = 15/36 = 5/12
    r = ask(engine_data, op="component_damage", damage="1d6", auto_hit=True,
            components=[{"structure_level": 0.5}], bonus_dice=False)
    assert r["p_destroyed_each"] == ["5/12"]


# --- 8.5 Exposure Damage and Difficult Terrain (L1809-1813, L1851-1854) -----------------------------

def test_exposure_damage(engine_data):
    """A Regular Fire (1d4) on a 2-inch target (+1 Damage): 1 deals nothing, 2..4 + 1 = 3..5;
    over Armor 4 on a 4: 1/4. A Size 0 object takes one point per die: 2d6 -> 2, every time."""
    r = ask(engine_data, op="exposure", dice="1d4 Fire", target_size=2, bonus_dice=False)
    assert r["p_beats_armor"] == "1/4"
    assert r["damage_pmf"] == [[0, "1/4"], [3, "1/4"], [4, "1/4"], [5, "1/4"]]
    r = ask(engine_data, op="exposure", dice="2d6", target_size=0, armor=1)
    assert r["damage_pmf"] == [[2, "1"]] and r["p_beats_armor"] == "1"
    assert r["power_overload_inches"] == 2


def test_difficult_terrain(engine_data):
    """One d6 of mud off a 5-inch Move (no bonus dice): 5 or 6 stop it (1/3), 1..4 leave 4..1.
    Spikes crossed carelessly deal the d6 as Damage: over Armor 4 on 5, 6: 1/3. A Current
    pushes first and the full Move follows."""
    r = ask(engine_data, op="difficult_terrain", field="slow", dice=1, move=5, bonus_dice=False)
    assert r["p_stopped"] == "1/3"
    r = ask(engine_data, op="difficult_terrain", field="spiked", dice=1, bonus_dice=False)
    assert r["p_beats_armor"] == "1/3"
    r = ask(engine_data, op="difficult_terrain", field="spiked", careful=True, dice=1,
            move=5, bonus_dice=False)
    assert r["p_stopped"] == "1/3"
    r = ask(engine_data, op="difficult_terrain", field="current", dice=2, bonus_dice=False)
    assert r["move_after"] == 5 and r["inches_mean"] == "7"
    r = ask(engine_data, op="difficult_terrain", field="slippery", dice=1, move=3, skill="d6",
            bonus_dice=False)
    assert r["slid_pmf"] == [[1, "1/6"], [2, "1/6"], [3, "2/3"]]
    assert r["p_fall_per_skill_roll"] == "1/6"


@pytest.mark.parametrize("body", [
    # On Fire's -1d4 is rolled plain (L1693, L179): only many of them, deep, cost too much
    {"op": "sprint", "depth": 40, "overskill": "inches", "modifiers": ["on-fire"] * 50},
    {"op": "mob_rule", "alliances": [{"players": ["a"]}, {"players": ["a"]}]},
    {"op": "armor_piercing", "damage": "1d8 Piercing", "targets": [{}]},
    {"op": "difficult_terrain", "dice": 31},
    {"op": "exposure", "dice": "S"},
])
def test_new_ops_refuse_bad_or_costly_requests(engine_data, body):
    refused(engine_data, **body)
