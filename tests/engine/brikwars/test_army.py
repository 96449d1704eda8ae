"""The `creation` and `army` ops against the book's own prices (seed 003, 2010 rulebook)."""

from __future__ import annotations

import json

import pytest

from asking import BRIKWARS

MINIFIG = {"size": 1, "structure_level": "1/2", "propulsion": [{"move": 5}], "mind": {"die": "d6"}}


ask = BRIKWARS.ask


def creation(engine_data, **body):
    r = ask(engine_data, op="creation", **body)
    assert r["ok"], r
    return r


def army(engine_data, lines, **body):
    r = ask(engine_data, op="army", lines=lines, **body)
    assert r["ok"], r
    return r


# --- creation: the book's worked costs ---------------------------------------------------

def test_minifig_as_a_creature_costs_4(engine_data):
    # L2173-2176: Base Cost 1 x 1/2 = 0.5 CP; 5" of ground Move 2.5 CP (3 CP); d6 Mind 1 CP: 4 CP.
    r = creation(engine_data, **MINIFIG)
    assert [p["cp"] for p in r["parts"]] == ["1/2", "5/2", "1"]
    assert r["cost_cp"] == "4" and r["stats"]["armor"] == "1d6" and r["unit_inches"] == "1"


def test_horse_parts_add_to_six_and_a_half_printed_seven(engine_data):
    # L2251: Size 2 x SL 1/2 = +1 CP; Move 10" +5 CP; Submissive Half Mind +1/2 CP;
    # Natural attack (Use 2, 1d6) free; Total printed 7 CP.
    body = dict(size=2, structure_level="1/2", propulsion=[{"move": 10}],
                mind={"die": "d6", "half": "submissive"}, natural_attack_size=1)
    exact = creation(engine_data, **body)
    assert [p["cp"] for p in exact["parts"]] == ["1", "5", "1/2", "0"]
    assert exact["cost_cp"] == "13/2"
    up = creation(engine_data, rounding="up", **body)
    assert (up["cost_cp"], up["cost_cp_exact"]) == ("7", "13/2")
    bite = up["stats"]["weapons"][0]
    assert (bite["use"], bite["range"], bite["damage"]) == (2, "CC", "S")  # S: a d6 Skill die
    # "two hits to kill" (L1071): Size 2 takes two points of Size Damage.
    assert [row["effective_size"] for row in up["stats"]["damage_track"]] == [2, 1, 0]


def test_professor_monkeyhead_costs_10(engine_data):
    # L2268-2269: minifig 4 CP, d6 Mind (1) to d10 (4) +3 CP, extra d8 Mind +2, extra d6 +1: 10 CP.
    r = creation(engine_data, **{**MINIFIG, "mind": {"die": "d10"}}, extra_minds=["d8", "d6"])
    assert r["cost_cp"] == "10" and r["stats"]["actions"] == 3 and r["stats"]["skill"] == "d10"


def test_dimmy_costs_5(engine_data):
    # L2379: Dimmy, Skill 1d4 (Incompetent), Move 4", Armor 4 (a minifig's 1d6, L2173),
    # Contagious Bite +2 CP (L2386): Cost 5 CP.
    r = creation(engine_data, size=1, structure_level="1/2", propulsion=[{"move": 4}],
                 mind={"die": "d4"}, specialties=["contagious-bite"])
    assert r["cost_cp"] == "5" and r["stats"]["skill"] == "d4"


def test_hero_and_scout_from_their_parts(engine_data):
    # L933: Skill d10, Move 7", cost 11 CP (with Heroic Ego +3 CP, L938).
    hero = creation(engine_data, size=1, structure_level="1/2", propulsion=[{"move": 7}],
                    mind={"die": "d10"}, specialties=["heroic-ego"])
    assert hero["cost_cp"] == "11"
    # L2645: the Scout costs 6 CP, with Pathfinding and Tracking (+1 CP each, L2649-2651).
    scout = creation(engine_data, **MINIFIG, specialties=["pathfinding", "tracking"])
    assert scout["cost_cp"] == "6"


def test_missile_racks_cost_30(engine_data):
    # L1754-1755: two Size 3" Launchers (9 CP, Use 6, Range 18") and twelve Size 1 Explosives
    # (1 CP, 1d10 Exp) make 30 CP.
    r = creation(engine_data, size=4, structure_level=1,
                 weapons=[{"weapon": "launcher", "size": 3, "count": 2},
                          {"weapon": "explosive", "size": 1, "count": 12}])
    weapons = r["stats"]["weapons"]
    assert (weapons[0]["use"], weapons[0]["range"]) == (6, 18)
    assert weapons[1]["damage"] == "1d10 Exp"
    assert sum(int(w["cost_cp"]) for w in weapons) == 30
    # L1546: Explosives fired from a Launcher count only the Launcher's Size against Power.
    assert r["stats"]["weapon_inches"] == "6"


def test_ripper_blade_and_flight_cost(engine_data):
    # L1540: a Size 4" Melee Weapon costs 8 CP, Use 5, 4 Skill dice.
    # L2005: a Structure Level 2 transport pays 4 CP per 2" of Hover Flight.
    r = creation(engine_data, size=4, structure_level=2,
                 propulsion=[{"type": "flight-propulsion", "move": 2}],
                 weapons=[{"weapon": "melee-weapon", "size": 4}])
    blade = r["stats"]["weapons"][0]
    assert (blade["cost_cp"], blade["use"], blade["damage"]) == ("8", 5, "4S")
    assert r["parts"][1]["cp"] == "4"


def test_scorpiosaurus_power_and_damage_track(engine_data):
    # L1569-1570: a Size 3" Creature has 6" of Power; after one Size Damage, 4".
    # L1503-1504: Structure Level is capped by the Effective Size.
    r = creation(engine_data, size=3, structure_level=3)
    track = r["stats"]["damage_track"]
    assert r["stats"]["power"] == "6" and track[1]["power"] == "4"
    assert [row["structure_level"] for row in track] == ["3", "2", "1", None]
    assert [row["armor"] for row in track[:3]] == ["3d10", "2d10", "1d10"]
    # L1379: weak points and Non-Structural Elements are one Structure Level lower.
    assert r["stats"]["weak_points_structure_level"] == "2"
    minifig = creation(engine_data, **MINIFIG)
    assert minifig["stats"]["weak_points_structure_level"] == "1/2"  # at least 1/2


def test_ten_inches_of_ground_move_cost_5(engine_data):
    # L2005: it costs 5 CP to buy 10" of Ground movement.
    r = creation(engine_data, size=2, structure_level=1, propulsion=[{"move": 10}])
    assert r["parts"][1]["cp"] == "5"


def test_creation_rules_broken_are_problems(engine_data):
    r = creation(engine_data, size=2, structure_level=3, mods=["fast"],
                 turrets=[{"turret": "small-turret", "weapons": [{"weapon": "gun", "size": 3}]}])
    rules = " ".join(p["rule"] for p in r["problems"])
    assert "L1374" in rules  # SL over the Size (L1371-1379)
    assert "L2494" in rules  # Mods in matched pairs
    assert "L2490" in rules  # Move Mods need Propulsion
    assert "L1592" in rules  # a Small Turret mounts 2 weapon inches


def test_supernatural_d20_is_not_priced(engine_data):
    r = ask(engine_data, op="creation", size=1, structure_level="1/2",
            supernatural_dice=["d20"])
    assert not r["ok"] and "Sanity" in r["error"]["message"]


# --- army: prices and rules --------------------------------------------------------------

def test_book_horses(engine_data):
    # L1097-1101: Assault Trike 7 CP (Horse 7, Steel +0), Winged Swordfish 12 CP (Flying +5),
    # Gun-Ceratops 10 CP (Gun +3); L1094: +10 CP for a Steel Flying Horse.
    r = army(engine_data, [{"unit": "horse", "items": ["steel-horse"]},
                           {"unit": "horse", "items": ["flying-horse"]},
                           {"unit": "horse", "items": ["gun-horse"]},
                           {"unit": "horse", "items": ["steel-horse", "flying-horse"]}])
    assert [line["cp"] for line in r["lines"]] == ["7", "12", "10", "17"]
    assert r["total_cp"] == "46"


def test_heroic_ego_and_heroic_weapon_prices(engine_data):
    # L938: Heroic Ego on another unit adds +3 CP; L1022: any object made Heroic +3 CP;
    # L2959: Heroic Ego +1 Ű.
    r = army(engine_data, [{"specialist": "minifig", "specialties": ["heroic-ego"],
                            "cliches": ["barbarian"],
                            "items": [{"item": "hand-weapon", "heroic": True}]}])
    line = r["lines"][0]
    assert (line["cp"], line["unit_inches"]) == ("12", "2")  # 4 + 3 + (2 + 3); 1 + 1


def test_counts_squads_and_budget(engine_data):
    # 11.2 prices: Minifig 4 CP / 1 Ű (L2611), Hand Weapon 2 CP (L419).
    lines = [{"squad": [{"specialist": "minifig", "count": 5, "items": ["hand-weapon"]}],
              "count": 2}]
    r = army(engine_data, lines, budget={"cp": 50, "unit_inches": 12})
    assert (r["total_cp"], r["total_unit_inches"]) == ("60", "10")
    over = [p for p in r["problems"] if p["line"] == "budget.cp"]
    assert over and "10 over" in over[0]["message"] and r["budget"]["unit_inches_left"] == "2"


def test_composition_rules(engine_data):
    r = army(engine_data, [{"specialist": "great-leader", "count": 2},
                           {"specialist": "mechanik"},
                           {"specialist": "rider"},
                           {"specialist": "officer", "items": ["minifig-tool"]},
                           {"specialist": "minifig", "cliches": ["barbarian"]},
                           {"specialist": "minifig", "items": ["steel-horse"]}])
    problems = {(p["line"], p["rule"]) for p in r["problems"]}
    assert ("lines[0]", "L3024") in problems  # one Great Leader per army
    assert ("lines[1].items", "L2556") in problems  # the Mechanik's Tool
    assert ("lines[2]", "L2699") in problems  # a Rider's Ű come with his Horse
    assert ("lines[4].cliches", "L938-944") in problems
    assert any(p["line"] == "lines[5].items" for p in r["problems"])  # Horse varieties
    assert any(w["line"] == "lines[3]" and w["rule"] == "L2972-2976" for w in r["warnings"])


def test_phalanx_squad_keeps_shield_wall(engine_data):
    alone = army(engine_data, [{"specialist": "phalanx", "items": ["heavy-shield"]}])
    assert {w["rule"] for w in alone["warnings"]} >= {"L2670", "L2673"}
    squad = army(engine_data, [{"squad": [{"specialist": "phalanx", "count": 3,
                                           "items": ["heavy-shield"]}]}])
    assert squad["warnings"] == []


def test_readings_choose_the_other_price(engine_data):
    # Hero 11 CP (L933) or 12 CP (L2952).
    assert army(engine_data, [{"unit": "hero"}])["total_cp"] == "11"
    assert army(engine_data, [{"unit": "hero"}], readings={"hero_cost_cp": 12})["total_cp"] == "12"
    bad = ask(engine_data, op="army", lines=[{"unit": "hero"}], readings={"hero_cost_cp": 13})
    assert bad["error"]["field"] == "readings.hero_cost_cp"


def test_creation_line_in_an_army(engine_data):
    r = army(engine_data, [{"creation": MINIFIG, "count": 3}], opponent_unit_inches=5)
    assert (r["total_cp"], r["total_unit_inches"]) == ("12", "3")
    assert r["almighty_bennies"] == "2"  # one per Ű of difference (L2500)


@pytest.mark.parametrize("lines, field", [
    ([{"unit": "minifg"}], "lines[0].unit"),
    ([{"unit": "minifig", "cuont": 2}], "lines[0].cuont"),
    ([{"unit": "minifig", "items": [{"item": "hand-weapon", "heroik": True}]}],
     "lines[0].items[0].heroik"),
    ([{"squad": [{"squad": [{"unit": "minifig"}]}]}], "lines[0].squad[0].squad"),
    ([{"unit": "minifig", "specialist": "scout"}], "lines[0]"),
    ([{"unit": "minifig", "count": 10**6}], "lines[0].count"),
    ([{"creation": {"size": 3, "structure_level": "7/3"}}], "lines[0].creation.structure_level"),
    ([{"creation": {"size": 3, "structure_level": 1, "propulsion": [{"move": 1e300}]}}],
     "lines[0].creation.propulsion[0].move"),
    ([{"unit": "minifig"}] * 201, "lines"),
    ("minifig", "lines"),
])
def test_hostile_rosters_are_refused_with_the_field(engine_data, lines, field):
    r = ask(engine_data, op="army", lines=lines)
    assert r["ok"] is False and r["error"]["field"] == field
    assert len(json.dumps(r)) < 2000


def test_huge_squad_counts_are_bounded(engine_data):
    squad = {"squad": [{"unit": "minifig", "count": 1000}], "count": 1000}
    r = ask(engine_data, op="army", lines=[squad, squad])
    assert r["ok"] is False and "lower the counts" in r["error"]["message"]


# --- the command line --------------------------------------------------------------------

def cli(root, capsys, *argv):
    from rulepress.cli import main
    code = main(["--project", str(root), "army", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_prints_costs_total_and_problems(root, capsys, tmp_path):
    roster = tmp_path / "horses.json"
    roster.write_text(json.dumps({"lines": [{"unit": "horse", "items": ["flying-horse"]},
                                            {"specialist": "great-leader", "count": 2}],
                                  "budget": {"cp": 20}}), encoding="utf-8")
    code, out, _ = cli(root, capsys, str(roster))
    assert code == 1
    assert any(line.split()[:2] == ["lines[0]", "1"] and line.split()[-3:] == ["12", "12", "2"]
               for line in out.splitlines())  # Winged Swordfish 12 CP (L1099), 2 Ű
    assert "Total: 24 CP, 6 Ű" in out
    assert "horses.json line 1 (lines[1]): an army may have only one Great Leader" in out
    code, out, _ = cli(root, capsys, str(roster), "--budget-cp", "30", "--json")
    assert json.loads(out)["budget"] == {"cp": "30", "cp_left": "6"}


@pytest.mark.parametrize("text, says", [
    ('{"lines": [{"unit": "minifig"}]', "not valid JSON"),
    ('{"lines": [{"unit": "minifg"}]}', "line 1 (lines[0].unit): no unit has the id 'minifg'"),
    ('[{"unit": "minifig", "count": 0}]', "lines[0].count"),
    ('"minifig"', "must hold a JSON object"),
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
])
def test_cli_bad_rosters_get_a_clean_message(root, capsys, tmp_path, text, says):
    roster = tmp_path / "roster.json"
    roster.write_text(text, encoding="utf-8")
    code, out, err = cli(root, capsys, str(roster))
    assert code == 2 and says in err and "Traceback" not in err + out


def test_cli_refuses_a_huge_file(root, capsys, tmp_path):
    roster = tmp_path / "huge.json"
    roster.write_text(" " * (2 << 20), encoding="utf-8")
    code, _, err = cli(root, capsys, str(roster))
    assert code == 2 and "at most" in err


def test_too_many_parts_are_refused_quickly(engine_data):
    import time
    weapons = [{"weapon": "gun", "size": 2}] * 100
    creation_ = {"size": 4, "structure_level": 1, "weapons": weapons,
                 "turrets": [{"turret": "large-turret", "weapons": weapons}] * 100}
    start = time.process_time()  # CPU time: a busy machine stretches wall time only
    r = ask(engine_data, op="army", lines=[{"creation": creation_}] * 3)
    assert r["ok"] is False and "too big to work out" in r["error"]["message"]
    r = ask(engine_data, op="creation", **creation_)
    assert r["ok"] is False and "too big to work out" in r["error"]["message"]
    assert time.process_time() - start < 2
