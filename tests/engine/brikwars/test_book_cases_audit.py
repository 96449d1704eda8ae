"""Hand-worked rule cases from the 2010 rulebook (seed 003, line numbers L...), one or more per
BrikWars op: each expected value is derived by hand from the book's words in the comment beside
it, never read off the engine. `bonus_dice: false` keeps the sums small where the rule under
test is not the bonus dice."""

from __future__ import annotations

from asking import BRIKWARS
from rulepress.engine.query import answer


ask = BRIKWARS.answered


# --- Skill rolls (L638, L177, L651) -------------------------------------------------------------

def test_use_zero_and_impossible_use(engine_data):
    # L174/L638: a Use of 0 is reached by any roll; L177: a natural 1 still fails -> 5/6.
    assert ask(engine_data, op="to_hit", skill="d6", use=0)["p_hit"] == "5/6"
    # Use 7 on a d6: only a natural 6 earns Overskill (L651), spent as +1d6 on the roll
    # (L654): 6 + at least 1 >= 7 -> 1/6. Without spending it, nothing reaches 7.
    assert ask(engine_data, op="to_hit", skill="d6", use=7)["p_hit"] == "1/6"
    assert ask(engine_data, op="to_hit", skill="d6", use=7, overskill="none")["p_hit"] == "0"
    # Use 8, 2 inches Out of Range (-1 per die, L777): only a natural 6 (6 - 2 = 4) can
    # hit, with its Overskill +1d6 (also -2): a 6 there makes 8, reached; a bonus die after it
    # could only lower that (-1 on a 1), so it is declined (L179) -> 1/6 * 1/6 = 1/36.
    assert ask(engine_data, op="to_hit", skill="d6", use=8, out_of_range=2)["p_hit"] == "1/36"


# --- attack: Deflection, Overskill, Out of Range (L481-482, L653, L777-783) ----------------------

def test_attack_deflection_hand_cases(engine_data):
    # d10 Hero, Hand Weapon (Use 2, 1 Skill die = 1d10) against Heavy Armor (1 level): the
    # level removes the d10, no dice are left, so the blow does nothing (L481) -> p_kill 0.
    r = ask(engine_data, op="attack", skill="d10", weapon="hand-weapon", armor="4",
            deflection=1, overskill="none")
    assert r["p_hit"] == "9/10" and r["p_kill"] == "0"
    # d6, 2S (Use 4) against 1 level, Overskill on damage (L653): hits on 4, 5 (1/3) deal
    # 1d6 (> 4 with 1/3); a 6 (1/6) deals 3d6 less one = 2d6 (> 4 with 30/36 = 5/6).
    # p_kill = 1/3 * 1/3 + 1/6 * 5/6 = 4/36 + 5/36 = 1/4.
    r = ask(engine_data, op="attack", skill="d6", use=4, damage="2S", armor="4", deflection=1,
            overskill="damage", bonus_dice=False)
    assert r["p_kill"] == "1/4"
    # 1d6+6 against two levels: the first removes the d6, the second finds no die and
    # "cancels 1d6 worth" (L482): 6 - 1d6 > 4 only on a 1 -> kill given a hit 1/6,
    # p_kill = 5/6 * 1/6 = 5/36.
    r = ask(engine_data, op="attack", skill="d6", use=2, damage="1d6+6", armor="4",
            deflection=2, overskill="none", bonus_dice=False)
    assert r["p_kill_given_hit"] == "1/6" and r["p_kill"] == "5/36"
    # A Heavy Weapon swung two-handed (S+2) against two levels: the first takes the +2
    # (L440), the second the d6 -> nothing left -> p_kill 0.
    r = ask(engine_data, op="attack", skill="d6", weapon="heavy-weapon", two_handed_swing=True,
            armor="4", deflection=2, overskill="none")
    assert r["p_kill"] == "0"


def test_overskill_adds_no_die_to_a_fixed_damage(engine_data):
    # L653: Overskill on Damage "adds one more of the attack's existing Damage dice"; a fixed
    # 5 has none, so it stays 5 > 4 on every hit: kill given a hit 1, p_kill = p_hit = 2/3.
    # (Adding a d6 made its 1 a Critical Failure, 23/24, and `best` then lowered the odds.)
    for spend in ("damage", "best"):
        r = ask(engine_data, op="attack", damage="5", armor="4", use=3, overskill=spend)
        assert (r["p_kill_given_hit"], r["p_kill"]) == ("1", "2/3")


def test_parrying_a_two_handed_weapon_gets_its_plus_one(engine_data):
    # L849: "Parrying against an opponent's Two-Handed Weapon, he Parries with +1". 2S (Use 4)
    # hits on 4-6 (1/2). The Parry (Use 3, +1) fails only on a 1 (1/6): 2d6 > 4 with 5/6; a
    # Parry on 2-5 (4/6) deflects a die: 1d6 > 4 with 1/3; on a 6 its Overskill adds a level
    # (L851): no dice left. Kill given a hit = 4/6 * 1/3 + 1/6 * 5/6 = 13/36 -> p_kill 13/72.
    body = dict(op="attack", weapon="two-handed-weapon", armor="4", overskill="none",
                bonus_dice=False)
    assert ask(engine_data, **body, parry={"use": 3})["p_kill"] == "13/72"
    # naming the modifier as well does not count it twice
    assert ask(engine_data, **body, parry={"use": 3, "modifiers": ["parry-two-handed"]}
               )["p_kill"] == "13/72"


# --- explosion rings (L1712-1715) ---------------------------------------------------------------

def test_explosion_hand_cases(engine_data):
    # 1d10 against Armor 4: one 2-inch ring, 5..10 beat 4 -> 3/5; KnockBack 1 inch.
    r = ask(engine_data, op="explosion", dice=1, armor=4, bonus_dice=False)
    assert [(g["p_kill"], g["knockback_inches"]) for g in r["rings"]] == [("3/5", 1)]
    # 2d10 against Armor 1: inner ring fails only on the Critical Failure 1+1 (L177, no
    # damage, L3117) -> 99/100; the next ring keeps the lower die, > 1 when both dice
    # are over 1 -> 81/100.
    r = ask(engine_data, op="explosion", dice=2, armor=1, bonus_dice=False)
    assert [g["p_kill"] for g in r["rings"]] == ["99/100", "81/100"]
    # Against Armor 0 any die left kills unless the roll was the 1+1 Critical Failure.
    r = ask(engine_data, op="explosion", dice=2, armor=0, bonus_dice=False)
    assert [g["p_kill"] for g in r["rings"]] == ["99/100", "99/100"]
    # Two 1d10 Explosions stack in the one ring (L1715) against Armor 10: 2d10 >= 11 is
    # 55/100, less 1+10 and 10+1 where the 1 is its own Explosion's Critical Failure
    # (0 + 10 = 10, not over) -> 53/100.
    r = ask(engine_data, op="explosion", dice=1, explosions=2, armor=10, bonus_dice=False)
    assert [g["p_kill"] for g in r["rings"]] == ["53/100"]


# --- Heroic Feats (L1004-1005, L945, L1019) -----------------------------------------------------

def test_heroic_feat_hand_cases(engine_data):
    # Cranky 1: the Hero's d6 less 1 (floor 0) must tie or beat the opponent's d6. Hero 2
    # beats 1 (1 way), 3 beats 1-2 (2), ... 6 beats 1-5 (5): 15/36 = 5/12; the 1-1
    # Paradox 1/36 cancels; the rest fails: 20/36 = 5/9.
    r = ask(engine_data, op="heroic_feat", cranky=1)
    assert (r["p_success"], r["p_paradox"], r["p_fail"]) == ("5/12", "1/36", "5/9")
    # Best of two d6 (L1019 "a little less than 3/4"): (1/6) sum_o (1 - ((o-1)/6)^2) =
    # 161/216 counting the 1-1-1 Paradox; without it 160/216 = 20/27.
    r = ask(engine_data, op="heroic_feat", hero_dice=2)
    assert r["p_success_counting_paradox"] == "161/216" and r["p_success"] == "20/27"


# --- RedShirts (L953, L945, L179) ---------------------------------------------------------------

def test_redshirt_hand_cases(engine_data):
    # 1d6 must reach the distance; a Critical Failure fails: distance 1 -> 2..6 -> 5/6.
    assert ask(engine_data, op="redshirt", distance=1)["p"] == "5/6"
    # Cranky 2, distance 3: die - 2 >= 3 on a 5 or 6 -> 1/3 (bonus dice on the 6 are
    # declined or add, L179: the 6 already reaches).
    assert ask(engine_data, op="redshirt", distance=3, cranky=2)["p"] == "1/3"
    # Cranky 5 (the most, L945), distance 1: only a natural 6 (6 - 5 = 1) reaches. Its bonus
    # die would add face - 5, most often less than nothing, and "a player may elect not to
    # roll a Bonus Die" (L179): the Hero keeps the 1 -> 1/6 (always rolling it gave 311/7776).
    assert ask(engine_data, op="redshirt", distance=1, cranky=5)["p"] == "1/6"
    # Distance 2 with Cranky 5: the 6 leaves 1, short; the bonus die must then show 6
    # (1 + 6 - 5 = 2) -> 1/36.
    assert ask(engine_data, op="redshirt", distance=2, cranky=5)["p"] == "1/36"


# --- Collisions (L920, L2151-2153) ---------------------------------------------------------------

def test_knockback_hand_cases(engine_data):
    # 1 MOM d6 against 1 POP d6; a tie resists (L920): P(M > P) = 15/36 = 5/12.
    r = ask(engine_data, op="knockback", moms=1, pops=1, bonus_dice=False)
    assert r["p_knockback"] == "5/12"
    assert r["knockback_pmf"][1:] == [[1, "5/36"], [2, "1/9"], [3, "1/12"], [4, "1/18"],
                                      [5, "1/36"]]
    # A Charging Shove rolls 1d10 (L897): sum_p (10 - p)/60 for p = 1..6 = 39/60 = 13/20.
    assert ask(engine_data, op="knockback", moms=1, pops=1, shove=True,
               bonus_dice=False)["p_knockback"] == "13/20"
    # 2 MOMs against 1 POP: sum_p P(2d6 > p)/6 = (36+35+33+30+26+21)/216 = 181/216. Crash
    # dice are min(SL, all MOMs in the Collision, the target's too) (L2150): collider SL 3
    # with 2 + 1 MOMs -> 3; target SL 1 -> 1.
    r = ask(engine_data, op="knockback", moms=2, pops=1, collider_level=3, target_level=1,
            target_moms=1, bonus_dice=False)
    assert r["p_knockback"] == "181/216"
    assert r["crash_dice"] == {"by_collider": 3, "by_target": 1}
    # Smash Damage: one point per inch of KnockBack an obstacle stops (L924); with 2 inches
    # of room, KnockBack 3, 4, 5 (3/36, 2/36, 1/36) give 1, 2, 3 points.
    r = ask(engine_data, op="knockback", moms=1, pops=1, room_inches=2, bonus_dice=False)
    assert r["smash_damage_pmf"] == [[0, "5/6"], [1, "1/12"], [2, "1/18"], [3, "1/36"]]


# --- Close combat (L848-854) --------------------------------------------------------------------

def test_close_combat_hand_cases(engine_data):
    # Hand Weapon (Use 2, 1d6) against a Shield Parry (Use 2): the Parry fails only on a 1
    # (1/6); a good Parry deflects the only die, so nothing is left. Killed =
    # 5/6 (hit) * 1/6 (Parry fails) * 1/3 (1d6 > 4) = 5/108; the Parry's Critical Failure
    # knocks the Shield away (L854): 1/6.
    r = ask(engine_data, op="close_combat", bonus_dice=False,
            attack={"weapon": "hand-weapon", "parry": {"use": 2}, "overskill": "none"})
    assert r["p_defender_killed"] == "5/108" and r["p_parry_item_knocked_away"] == "1/6"
    # A counter with a Hand Weapon if the target lives: each blow kills with 5/6 * 1/3 =
    # 5/18; the attacker dies with (13/18)(5/18) = 65/324; both live (13/18)^2 = 169/324.
    r = ask(engine_data, op="close_combat", bonus_dice=False,
            attack={"weapon": "hand-weapon", "overskill": "none"},
            counter={"weapon": "hand-weapon", "overskill": "none"})
    assert (r["p_defender_killed"], r["p_attacker_killed"], r["p_both_alive"]) == \
        ("5/18", "65/324", "169/324")


# --- Size Damage (L1395-1425) -------------------------------------------------------------------

def test_size_damage_hand_cases(engine_data):
    # A Size 1 Creation is destroyed by its first point (L1399): 1d6 against SL 1 (1d10):
    # P(d6 > d10) = (0+1+2+3+4+5)/60 = 1/4.
    r = ask(engine_data, op="size_damage", damage="1d6", auto_hit=True, size=1,
            structure_level=1, bonus_dice=False)
    assert r["p_destroyed"] == "1/4"
    # 12 Damage on Size 2, SL 2 (2d10): a first point when 2d10 <= 11 (55/100); then
    # Effective Size 1 caps the SL at 1 (L1397), and the 12 - A left must beat a fresh 1d10:
    # sum over A of P(A) P(d10 < 12 - A) = 33/200 (worked by hand over the 2d10 faces).
    r = ask(engine_data, op="size_damage", damage="12", auto_hit=True, size=2,
            structure_level=2, bonus_dice=False)
    assert r["size_damage_pmf"] == [[0, "9/20"], [1, "77/200"], [2, "33/200"]]


# --- Field construction (L1453, L651-654) --------------------------------------------------------

def test_construction_radius_spends_its_overskill(engine_data):
    # The Radius is a d8 Skill roll in inches (L1453); a natural 6, 7 or 8 earns Overskill,
    # +1d6 on the roll (L654). Reach 9: 6 + d6 >= 9 (4/6), 7 + d6 (5/6), 8 + d6 (1), each 1/8:
    # 15/48 = 5/16. Mean: (0+2+3+4+5)/8 + (9.5+10.5+11.5)/8 = 91/16 (a 1 reaches nothing).
    r = ask(engine_data, op="field_construction", task="reach", distance=9, bonus_dice=False)
    assert (r["p_reach"], r["radius_mean"]) == ("5/16", "91/16")
    # with a d6 the Critical Failure weighs exactly 1/6: reach 2 on 2..6 -> 5/6
    r = ask(engine_data, op="field_construction", task="reach", skill="d6", distance=2,
            bonus_dice=False)
    assert r["p_reach"] == "5/6" and r["radius_pmf"][0] == [0, "1/6"]


# --- Ker-Triage! (L2296-2306) -------------------------------------------------------------------

def test_ker_triage_hand_cases(engine_data):
    # A blade: d6 (L2305). 6 is the Critical Success; 5 no Amputations; 4, 3, 2 -> 1, 2, 3;
    # 1 the head.
    r = ask(engine_data, op="ker_triage", die="d6", mediks=1)
    assert r["outcomes"] == {"instant revival": "1/6", "no amputations": "1/6",
                             "1 amputation": "1/6", "2 amputations": "1/6",
                             "3 amputations": "1/6", "head amputated": "1/6"}
    # Two Mediks with d8s, the higher counts (L2304): top 8 with 1 - (7/8)^2 = 15/64;
    # head only if both roll 1: 1/64.
    r = ask(engine_data, op="ker_triage", die="d8", mediks=2)
    assert r["outcomes"]["instant revival"] == "15/64"
    assert r["outcomes"]["head amputated"] == "1/64"


# --- SuperNatural dice (L3293-3297, L3441) ------------------------------------------------------

def test_supernatural_fumbles_add_nothing(engine_data):
    # L3295: "Whenever a SuperNatural Die rolls a 1, it does not add anything to its
    # Aspect"; SN bonus dice are SN dice of the same type (L3293). One d4, depth 1:
    # natural 1 -> 0; 2, 3; a 4 adds a bonus d4 that adds 0 (on 1), 2, 3 or 4:
    # 4, 6, 7, 8 with 1/16 each. Mean 5/4 + 25/16 = 45/16. Fumble: 1/4 + 1/4 * 1/4 = 5/16.
    r = ask(engine_data, op="supernatural", die="d4", depth=1)
    assert r["pmf"] == [[0, "1/4"], [2, "1/4"], [3, "1/4"], [4, "1/16"], [6, "1/16"],
                        [7, "1/16"], [8, "1/16"]]
    assert (r["mean"], r["p_fumble"], r["truncated_mass"]) == ("45/16", "5/16", "1/16")
    assert r["not_modelled"]
    # A Curse with an SN d4 on a d4 Skill, Use 3: a fumbled SN die (1/4) takes no part, the
    # Skill die alone reaches 3 with 1/2; otherwise the lower of the two must reach 3:
    # 1/2 * 2/3 = 1/3. Total 1/8 + 3/4 * 1/3 = 3/8.
    assert ask(engine_data, op="supernatural", die="d4", depth=1, curse="d4",
               use=3)["p_success"] == "3/8"
    # Depth 0 cuts every chain at its natural die: a top face (1/6) is a cut chain.
    assert ask(engine_data, op="supernatural", die="d6", depth=0)["truncated_mass"] == "1/6"


# --- Armor Piercing (L1950-1952) ----------------------------------------------------------------

def test_armor_piercing_hand_cases(engine_data):
    # 3d6 Piercing through SL 3 (ceil(3/2) = 2 AP d6) then SL 1 (1 AP d6): the first takes
    # 2d6, the second the last d6, nothing passes beyond.
    r = ask(engine_data, op="armor_piercing", damage="3d6 Piercing", bonus_dice=False,
            targets=[{"structure_level": 3}, {"structure_level": 1}])
    assert [t["takes"] for t in r["targets"]] == ["2d6 Piercing", "1d6 Piercing"]
    assert r["passes_beyond"] == "nothing"
    # SL 2 with one level of Deflection counts as SL 3 (L1952): 2 AP d6 taken, the d4 goes on.
    r = ask(engine_data, op="armor_piercing", damage="2d6 Piercing + 1d4", bonus_dice=False,
            targets=[{"structure_level": 2, "deflection": 1}])
    assert r["targets"][0]["takes"] == "2d6 Piercing" and r["passes_beyond"] == "1d4"
    # SL 1 (1d10): P(1d6 > 1d10) = 15/60 = 1/4.
    assert r["targets"][0]["ap_dice_needed"] == 2
    r = ask(engine_data, op="armor_piercing", damage="1d6 Piercing", bonus_dice=False,
            targets=[{"structure_level": 1}])
    assert r["targets"][0]["p_beats_armor"] == "1/4"


# --- hostile shapes ------------------------------------------------------------------------------

def test_armor_with_a_skill_die_is_refused_not_a_defect(engine_data):
    # Armor is a number or a roll (L387, L1372); a Skill die S has no meaning there.
    for body in ({"op": "explosion", "dice": 2, "armor": "S"},
                 {"op": "overkill", "damage": "12", "armor": "S", "targets": 2},
                 {"op": "attack", "armor": "S+1"}):
        r = answer({"game": "brikwars", **body}, engine_data)
        assert r["ok"] is False and "defect" not in r["error"]
        assert r["error"]["field"] == "armor"
