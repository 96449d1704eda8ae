"""Every worked example of the rulebook (seed 003) that has a number, asked of the engine.

The numbers are the book's (line cited); where the book fixes the dice, the test checks the
rule's step with those dice, and the op's exact answer where a probability follows from them.
E34 (Mob Rule), E39 (Shenanigan Detection) and the Gas Station through `armor_piercing` are in
test_brikwars_more_rules.py, with the ops they needed.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from rulepress.engine.brikwars.collision import crash_dice, momentum
from rulepress.engine.brikwars.damage import extra_die
from rulepress.engine.brikwars.deflect import deflect
from rulepress.engine.brikwars.fire import burning_step
from rulepress.engine.dice.parse import parse
from asking import BRIKWARS, DICE
from rulepress.engine.query import answer


bw, dice = BRIKWARS.answered, DICE.answered


def test_e1_the_86_roll(engine_data):
    """L163: six d6 on 6 and five d10 on 10 (no Bonus Dice) make 86."""
    r = dice(engine_data, op="distribution", expr="6d6+5d10", bonus_dice=False)
    assert r["pmf"][-1][0] == 86


def test_e2_floor_at_zero(engine_data):
    """L174: 1d6-100 is zero."""
    assert dice(engine_data, op="distribution", expr="1d6-100", bonus_dice=False)["pmf"] == \
        [[0, "1"]]


def test_e3_notation(engine_data):
    """L172: 17d6 + 23d10 + 0937 is 17 d6, 23 d10 and 937 (mean 59.5 + 126.5 + 937)."""
    r = dice(engine_data, op="distribution", expr="17d6 + 23d10 + 0937", bonus_dice=False,
             crit_fail="ignore")
    assert r["expr"] == "17d6 + 23d10 + 937" and r["mean"] == "1123"


def test_e4_fancy_dice_averages(engine_data):
    """L1237-1259: with Bonus Dice a d4 averages 3.33, d6 4.2, d8 5.025, d10 5.92, d12 6.85."""
    rows = {r["die"]: r for r in bw(engine_data, op="fancy_dice")["dice"]}
    want = {"d4": "10/3", "d6": "21/5", "d8": "201/40", "d10": "148/25", "d12": "137/20"}
    assert {d: rows[d]["mean_with_bonus_dice"] for d in want} == want
    assert {d: rows[d]["mean"] for d in want} == {"d4": "5/2", "d6": "7/2", "d8": "9/2",
                                                   "d10": "11/2", "d12": "13/2"}


def test_e5_heroic_feat_odds(engine_data):
    """L1019: 7/12 with one die, "a little less than 3/4" with two."""
    assert bw(engine_data, op="heroic_feat")["p_success_counting_paradox"] == "7/12"
    two = Fraction(bw(engine_data, op="heroic_feat", hero_dice=2)["p_success_counting_paradox"])
    assert Fraction(7, 10) < two < Fraction(3, 4)


def test_e6_hangmans_gallows(engine_data):
    """L659-663: Thieven Hood (d10) needs Use 3 at -2 for size and -3 for range once his
    Overskill adds 2 inches of Range: his 8 hits (8-2-3 = 3), so do 9 and 10; his 1d6+1
    rolls 2 at -3: zero Damage. A natural 2 or a 1 (Critical Failure) both deal 0."""
    hit = bw(engine_data, op="to_hit", skill="d10", use=3, modifiers=-2, out_of_range=3,
             overskill="none")
    assert hit["p_hit"] == "3/10"
    damage = dice(engine_data, op="distribution", expr="1d6+1", penalty=3, bonus_dice=False)
    assert damage["pmf"][0] == [0, "1/3"]
    # the whole shot, 5 inches out of range, the Overskill spent on +1d6 Range: a natural
    # 6, 7, 8 hits when the d6 is at least 4, 3, 2; a 9 or 10 always (without it only a 10)
    shot = dict(op="attack", skill="d10", use=3, modifiers=-2, out_of_range=5,
                damage="1d6+1", depth=2)
    assert bw(engine_data, **shot, overskill="none")["p_hit"] == "1/10"
    spent = bw(engine_data, **shot, overskill="range")
    assert spent["p_hit"] == str((Fraction(1, 2) + Fraction(2, 3) + Fraction(5, 6) + 2) / 10)


def test_e7_high_noon(engine_data):
    """L686-687: pistols Use 3; a 2 misses and a 1 is a Critical Failure."""
    r = bw(engine_data, op="to_hit", skill="d6", use=3, overskill="none")
    assert (r["p_hit"], r["p_crit_fail"]) == ("2/3", "1/6")  # only 3..6 hit


def test_e8_yoko_and_dan(engine_data):
    """L863-872: Dan's Parry (frying pan, Use 3) takes the +2 off Yoko's two-handed Heavy
    Weapon (S+2 -> S); Yoko's Overskill adds a Skill die: 2d6+2, which rolled 3+5+2 = 10."""
    assert deflect(parse("1d6+2"), 1, armor_piercing=True).expr.text() == "1d6"
    assert extra_die(parse("1d6+2")).text() == "2d6 + 2"
    r = bw(engine_data, op="close_combat", attack={
        "weapon": "heavy-weapon", "two_handed_swing": True, "parry": {"use": 3}},
        counter={"weapon": "hand-weapon"}, depth=1)
    assert r["p_parry"] == "2/3"  # Dan's d6 against the pan's Use 3
    # Dan's knife (Use 2) misses on his 1; his later 3 and a further 2 add up to 5 > 4
    knife = bw(engine_data, op="to_hit", use=2, overskill="none")
    assert knife["p_crit_fail"] == "1/6" and knife["p_hit"] == "5/6"
    two_blows = bw(engine_data, op="combined", attackers=[{"weapon": "hand-weapon"}] * 2,
                   close_combat=True, bonus_dice=False)
    one_blow = bw(engine_data, op="attack", weapon="hand-weapon", bonus_dice=False)
    assert Fraction(two_blows["p_kill"]) > Fraction(one_blow["p_kill"])  # cumulative (L826)


def test_e9_viking_ninja_pirate(engine_data):
    """L887-888: a thrown Hand Weapon (Use 2) rolled 1 misses by one inch."""
    r = bw(engine_data, op="missed_shot", use=2)
    assert (r["p_miss"], r["missed_by_pmf"]) == ("1/6", [[1, "1"]])
    pirate = bw(engine_data, op="attack", damage="1d6", auto_hit=True, out_of_range=1,
                bonus_dice=False)  # 1 inch out of range: 1d6-1 cannot beat Armor 4
    assert pirate["p_kill"] == "1/6"  # only a 6 (5 after the penalty)


def test_e10_cow_tipping(engine_data):
    """L1062-1064: the Bull Parries bare-hooved (Use 0) at -1 Outnumbered and rolls 3: only
    a Critical Failure fails."""
    r = bw(engine_data, op="close_combat", attack={
        "use": 0, "damage": "0", "parry": {"use": 0, "modifiers": ["outnumbered"]}})
    assert r["p_parry"] == "5/6"


def test_e11_solo_jones_and_the_black_rider(engine_data):
    """L1186-1191: eleven inches on the motorcycle earn two MOMs, the Rider's 4 inches one;
    the Stick's 2d10 plus two MOMs is 4d10; the Rider's 3 misses Use 4, Jones' 5 hits; the
    Shield Parry (5 against Use 2) takes one d10 off."""
    assert momentum(11, 2) == 2 and momentum(4, 2) == 1
    r = bw(engine_data, op="charge", attacker="hero", weapon="two-handed-charging-weapon-mounted",
           use=4, run_inches=11, mover="horse", depth=0)
    assert r["moms"] == 2 and r["damage_expr"] == "4d10"
    assert deflect(parse("4d10"), 1).expr.text() == "3d10"
    assert bw(engine_data, op="to_hit", skill="d6", use=2)["p_hit"] == "5/6"  # 5 parries


def test_e12_don_coyote_and_the_fire_giant(engine_data):
    """L2155-2161: 8 inches give the Size 2 bike 2 MOMs (lance Size 2 takes both); the
    Giant's 4 POPs (13) beat the 2 MOM dice (8); the bike (SL 1) deals 1d6 Crash Damage,
    the Giant (natural SL 1/2) none."""
    assert momentum(8, 2) == 2
    assert crash_dice(Fraction(1), 2) == 1 and crash_dice(Fraction(1, 2), 2) == 0
    r = bw(engine_data, op="knockback", moms=2, pops=4, collider_level=1, target_level=0.5,
           bonus_dice=False)
    assert r["crash_dice"] == {"by_collider": 1, "by_target": 0}
    # resisted whenever 4d6 >= 2d6: counted independently here
    resisted = sum(1 for a in product(range(1, 7), repeat=2) for b in product(range(1, 7),
                                                                               repeat=4)
                   if sum(b) >= sum(a))
    assert r["p_resisted"] == str(Fraction(resisted, 6 ** 6))


def test_e13_wall_demolition(engine_data):
    """L1718-1722: a 3d10 Explosion; rings take all three dice, then two, then one
    (rolled 3, 6, 7: 16, 9, 3); KnockBack 3, 2 and 1 inches. Ring means are checked against
    every fall of 3d10."""
    r = bw(engine_data, op="explosion", dice=3, armor="3d10", bonus_dice=False)
    assert [ring["knockback_inches"] for ring in r["rings"]] == [3, 2, 1]
    rolls = sorted((3, 6, 7))
    assert [sum(rolls), sum(rolls[:2]), rolls[0]] == [16, 9, 3]
    falls = list(product(range(1, 11), repeat=3))
    for j, ring in enumerate(r["rings"]):
        want = Fraction(sum(0 if f == (1, 1, 1) else sum(sorted(f)[:3 - j]) for f in falls),
                        len(falls))
        assert Fraction(ring["damage_mean"]) == want


def test_e14_overkill_through_minifigs(engine_data):
    """L1421-1424: 12 Damage kills two Armor-4 minifigs; the 4 left only matches the third."""
    assert bw(engine_data, op="overkill", damage="12", armor=4, targets=5)["kills_pmf"] == \
        [[2, "1"]]


def test_e15_shotgun_wedding(engine_data):
    """L1667-1669: 1d8+1 under an inch, one less per full inch: 1d8, 1d8-1, 1d8-2, 1d8-3."""
    got = [bw(engine_data, op="attack", weapon="shotgun", damage_modifier=-d, depth=0)[
        "damage_expr"] for d in range(5)]
    assert got == ["1d8 + 1", "1d8", "1d8 - 1", "1d8 - 2", "1d8 - 3"]


def test_e16_your_mom(engine_data):
    """L1653-1655: two arc points spanned by a target over 4 inches wide: 3 attacks, the +2
    size bonus cancelling the -2 Auto Penalty."""
    r = bw(engine_data, op="auto_fire", use=3, auto_penalty=2, shots=3, target_size=4,
           jams=False)
    plain = bw(engine_data, op="to_hit", use=3, overskill="none")
    assert r["p_hit_each"] == plain["p_hit"] == "2/3"
    assert r["hits_pmf"] == [[0, "1/27"], [1, "2/9"], [2, "4/9"], [3, "8/27"]]


def test_e17_burnination(engine_data):
    """L1699-1703: a Size 3 FlameThrower is 9 CP, Use 4, 8 inches, 3d4 Fire; its Overskill
    adds a d4; a Critical Failure misses the cottage despite +2; at 1 inch out of range the
    dice 3,1,2 and the Overskill's 2 each lose 1: 2+0+1+1 = 4, not more than Armor 4."""
    row = bw(engine_data, op="size_table", weapon="flamethrower", to_size=3)["rows"][2]
    assert row == {"size": 3, "cost_cp": 9, "use": 4, "range": 8, "damage": "3d4 Fire"}
    assert extra_die(parse("3d4 Fire")).text() == "4d4 Fire"
    cottage = bw(engine_data, op="to_hit", use=4, modifiers=2, overskill="none")
    assert cottage["p_crit_fail"] == "1/6" and cottage["p_hit"] == "5/6"
    assert sum(max(0, v - 1) for v in (3, 1, 2, 2)) == 4


def test_e18_von_bragsteins_mech(engine_data):
    """L1840-1845: the mech (Size 4, SL 2) catches Fire 1"; a 3 grows it to 2"; 1 and 3 keep
    it at 2"; 3 and 4 take it to 4" (its Size); Grinding 1, 2, 4."""
    fire, grind = 1, 0
    for rolls in ((3,), (1, 3), (3, 4)):
        ups = sum(1 for r in rolls if r > 2 and r != 1)
        fire, grind = burning_step(fire, ups, 4), grind + ups
    assert (fire, grind) == (4, 4)
    r = bw(engine_data, op="burning", size=4, structure_level=2, fire=1, turns=1,
           bonus_dice=False)
    assert r["turns"][0]["fire_size_pmf"] == [[0, "1/2"], [2, "1/2"]]  # a 3 or 4 spreads


def test_e19_gas_station(engine_data):
    """L1956-1961: 2d6 Piercing + 1d4 Fire against one level of Deflection: the d4 goes, the
    AP dice pass (two levels per AP die, L1952)."""
    assert deflect(parse("2d6 Piercing + 1d4 Fire"), 1).expr.text() == "2d6 Piercing"
    assert deflect(parse("2d6 Piercing"), 2).expr.text() == "1d6 Piercing"


def test_e20_to_e23_damaged_creations(engine_data):
    """L1496 the Red Rocket (Size 8, 3 Size Damage) needs Patches of 6, 7 and 8 inches;
    L1501-1504 the catapult's 3-inch front section with 2 Size Damage is Effective Size 1,
    SL 1 (1d10), Power 2 (too little for its 4-inch Launcher); a 2-inch Patch restores SL 2,
    and the 3-inch one may raise it to 3; L1403 the Super Heavy Death Tank (12", SL 4, 4d10)
    has 24 inches of Power; L1569-1570 Scorpiosaurus Rex (3") has 6, then 4 after a point."""
    rocket = [bw(engine_data, op="creation_status", size=8, structure_level=1,
                 size_damage_taken=t)["patch_to_repair_one_point"] for t in (3, 2, 1)]
    assert rocket == [6, 7, 8]
    front = bw(engine_data, op="creation_status", size=3, structure_level=2,
               size_damage_taken=2)
    assert (front["effective_size"], front["structure_level"], front["armor"],
            front["power_inches"], front["patch_to_repair_one_point"]) == (1, "1", "1d10", 2, 2)
    patched = bw(engine_data, op="creation_status", size=3, structure_level=2,
                 size_damage_taken=1)
    assert (patched["structure_level"], patched["armor"]) == ("2", "2d10")
    assert patched["patch_to_repair_one_point"] == patched["patch_to_raise_sl"] == 3
    tank = bw(engine_data, op="creation_status", size=12, structure_level=4)
    assert (tank["power_inches"], tank["armor"]) == (24, "4d10")
    rex = [bw(engine_data, op="creation_status", size=3, structure_level=1,
              size_damage_taken=t)["power_inches"] for t in (0, 1)]
    assert rex == [6, 4]


def test_e24_e25_e38_size_formulas(engine_data):
    """L1540 a Size 4 Melee Weapon: 8 CP, Use 5, 4 Skill dice; L1754 Size 3 Launchers: 9 CP,
    Use 6, 18 inches (two racks + twelve 1-CP Explosives = 30 CP); L1988 a Size 2 Launcher
    reaches 12", as Size 3 (Long Range) 18", as Size 1 (Close Quarters) 6"."""
    melee = bw(engine_data, op="size_table", weapon="melee-weapon", from_size=4, to_size=4)
    assert melee["rows"][0]["cost_cp"] == 8 and melee["rows"][0]["use"] == 5
    assert melee["rows"][0]["damage"] == "4S"
    launcher = bw(engine_data, op="size_table", weapon="launcher", to_size=3)["rows"]
    assert [r["range"] for r in launcher] == [6, 12, 18]
    assert (launcher[2]["cost_cp"], launcher[2]["use"]) == (9, 6)
    explosive = bw(engine_data, op="size_table", weapon="explosive", to_size=1)["rows"][0]
    assert 2 * launcher[2]["cost_cp"] + 12 * explosive["cost_cp"] == 30


def test_e26_young_pyramidheads(engine_data):
    """L1782-1783: 6 plus a Bonus 5 makes 11 against Use 10 (with the bonus-die reading);
    the 2d6 Collision Damage rolled 1,1: a Critical Failure, no Damage."""
    r = bw(engine_data, op="to_hit", use=10, skill_bonus_dice=True, overskill="none")
    assert r["p_hit"] == "1/12"
    landing = dice(engine_data, op="distribution", expr="2d6", bonus_dice=False)
    assert landing["pmf"][0] == [0, "1/36"]


def test_e27_explosions_stack_but_not_their_radii(engine_data):
    """L1715: a hundred 2d10 Explosions on one spot: 200d10 within 2", 100d10 to 4", none
    further; KnockBack still by the dice of one Explosion's ring."""
    r = bw(engine_data, op="explosion", dice=2, explosions=100, armor=4, bonus_dice=False)
    assert len(r["rings"]) == 2
    one = bw(engine_data, op="explosion", dice=2, armor=4, bonus_dice=False)
    assert [Fraction(x["damage_mean"]) for x in r["rings"]] == [
        100 * Fraction(x["damage_mean"]) for x in one["rings"]]


def test_e27_stacked_rings_against_every_fall(engine_data):
    """Two 2d10 Explosions: the outer ring takes each one's lower d10, against Armor 2d10."""
    r = bw(engine_data, op="explosion", dice=2, explosions=2, armor="2d10", bonus_dice=False)
    d10 = range(1, 11)
    lows = {}
    for a, b in product(d10, d10):
        low = 0 if (a, b) == (1, 1) else min(a, b)
        lows[low] = lows.get(low, 0) + 1
    kills = sum(ca * cb * (1 if x + y > p + q else 0) for x, ca in lows.items()
                for y, cb in lows.items() for p in d10 for q in d10)
    assert Fraction(r["rings"][1]["p_kill"]) == Fraction(kills, 100 ** 2 * 100)


def test_e28_smiting_hippies(engine_data):
    """L3111-3120: a Parry takes the pike's 2d6 to 1d6; a sword's Critical Failure deals 0;
    2 + 2 = 4 only matches Armor 4; at most three attackers on one minifig."""
    assert deflect(parse("2d6"), 1).expr.text() == "1d6"
    crit = dice(engine_data, op="distribution", expr="1d6", bonus_dice=False)
    assert crit["pmf"][0] == [0, "1/6"]
    four = answer({"game": "brikwars", "op": "combined", "close_combat": True,
                   "attackers": [{"weapon": "hand-weapon"}] * 4}, engine_data)
    assert four["error"]["field"] == "attackers"


def test_e29_to_e32_costs_from_the_data(engine_data):
    """L2268-2269 Professor Monkeyhead: 4 + (d10 - d6 Mind: 4 - 1) + d8 Mind 2 + d6 Mind 1
    = 10 CP; L2173-2176 a minifig as a Creature is 4 CP; L1097-1101 a Horse 7 CP, a Flying
    Horse 12, a Gun Horse 10."""
    b = engine_data["brikwars"]
    cost = {m["die"]: m["cost_cp"] for m in b["minds"]}
    assert 4 + (cost["d10"] - cost["d6"]) + cost["d8"] + cost["d6"] == 10
    units = {u["id"]: u for u in b["units"]}
    items = {i["id"]: i for i in b["items"]}
    horse = units["horse"]["cost_cp"]["value"]
    assert units["minifig"]["cost_cp"]["value"] == 4 and horse == 7
    assert horse + items["flying-horse"]["cost_cp"]["value"] == 12
    assert horse + items["gun-horse"]["cost_cp"]["value"] == 10
    assert horse + items["steel-horse"]["cost_cp"]["value"] == 7


def test_e33_construct_parts(engine_data):
    """L2435-2438: 7 Damage at Connection Strength 2 knocks off 3 parts; 5 at Strength 1,
    all five of a Skelly's."""
    assert bw(engine_data, op="construct_parts", damage="7", connection_strength=2)[
        "parts_lost_pmf"] == [[3, "1"]]
    assert bw(engine_data, op="construct_parts", damage="5", connection_strength=1, parts=5)[
        "parts_lost_pmf"] == [[5, "1"]]


def test_e35_overskill_adds_an_existing_die():
    """L653: a 1d6+1 rifle gains 1d6; a 1d10 Explosive grenade, twice as Explosive."""
    assert extra_die(parse("1d6+1")).text() == "2d6 + 1"
    assert extra_die(parse("1d10 Exp")).text() == "2d10 Exp"


def test_e36_thrown_hand_weapon(engine_data):
    """L887: a thrown Hand Weapon keeps its close-combat Use 2 and a Skill die (1d6)."""
    r = bw(engine_data, op="attack", weapon="hand-weapon", skill="d6")
    assert (r["use"], r["damage_expr"]) == (2, "1d6")


def test_e37_machinegun_jam(engine_data):
    """L1677: across three arc points a MachineGun jams on a natural 1 or 2."""
    assert bw(engine_data, op="auto_fire", auto_penalty=3)["p_jam_each"] == "1/3"


def test_ker_triage_table(engine_data):
    """L2296-2306: one Medik's d8: top face revives at once, 5-7 no Amputations, 4, 3, 2 one,
    two, three, a 1 the head."""
    r = bw(engine_data, op="ker_triage")["outcomes"]
    assert r == {"instant revival": "1/8", "no amputations": "3/8", "1 amputation": "1/8",
                 "2 amputations": "1/8", "3 amputations": "1/8", "head amputated": "1/8"}
    blade = bw(engine_data, op="ker_triage", die="d6")["outcomes"]
    assert blade["no amputations"] == "1/6" and blade["instant revival"] == "1/6"


def test_stunt_driving(engine_data):
    """L2122-2124: the d8 shows the inches that succeed; a Critical Failure adds 1d6 Thrust."""
    r = bw(engine_data, op="stunt", inches=5, bonus_dice=False)
    assert r["p_success"] == "1/2"  # 5, 6, 7, 8
    assert dict((k, v) for k, v in r["thrust_pmf"])[1] == "1/8"  # a 4: one inch short


def test_concealed_hazard(engine_data):
    """L1859-1861: a d6 minifig crossing 4 inches of Concealed Hazard is safe on 4+ (1/2);
    a Size 2 object rolls at -2 (only a 6); Size 0 never sets it off; no Skill rolls 1d4."""
    assert bw(engine_data, op="concealed_hazard", inches=4)["p_triggered"] == "1/2"
    assert bw(engine_data, op="concealed_hazard", inches=4, size=2)["p_triggered"] == "5/6"
    assert bw(engine_data, op="concealed_hazard", inches=4, size=0)["p_triggered"] == "0"
    assert bw(engine_data, op="concealed_hazard", inches=4, no_skill=True,
              bonus_dice=False)["p_triggered"] == "3/4"
