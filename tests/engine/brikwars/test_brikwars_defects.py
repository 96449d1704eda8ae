"""Issue 17's nine defects, each held to the rulebook's own words (seed 003, line numbers)."""

from __future__ import annotations

from fractions import Fraction

from asking import BRIKWARS


ask = BRIKWARS.ask


def test_d12_damage_is_never_deflected_parried_or_reduced(engine_data):
    """L1261: d12s "cannot be Parried or reduced by Heavy Armor"; L3416: "Deflection is
    never effective against d12s". A d6 hits Use 3 two times in three; 1d12 beats 4 two
    times in three, bonus dice or not: 4/9, with or without Deflection or a Parry."""
    base = dict(op="attack", skill="d6", use=3, damage="1d12 Phased", armor="4", depth=2)
    assert ask(engine_data, **base)["p_kill"] == "4/9"
    assert ask(engine_data, **base, deflection=1)["p_kill"] == "4/9"
    assert ask(engine_data, **base, deflection=3)["p_kill"] == "4/9"
    assert ask(engine_data, **base, target_wears=["heavy-armor"],
               parry={"skill": "d6", "use": 2})["p_kill"] == "4/9"
    # the d12 stays; a d6 beside it is removed by the one level
    mixed = ask(engine_data, **{**base, "damage": "1d12 Phased + 1d6"}, deflection=1,
                bonus_dice=False)
    assert mixed["p_kill"] == "4/9"


def test_zero_armor_dies_to_any_hit(engine_data):
    """L2372: any attack that hits a Vermin kills it without a Damage Roll; L2403: "even a
    minor hit kills a Cannon Fodder unit automatically"."""
    for target in ("vermin", "cannon-fodder"):
        r = ask(engine_data, op="attack", weapon="hand-weapon", target=target)
        assert r["p_kill_given_hit"] == "1" and r["p_kill"] == r["p_hit"] == "5/6"
    # even a Random Object (S-2, often 0 damage) kills on a hit
    r = ask(engine_data, op="attack", weapon="random-object", target="vermin")
    assert r["p_kill"] == r["p_hit"] == "1/2"
    two = ask(engine_data, op="combined", attackers=[{"use": 4}, {"use": 4}], target="vermin")
    assert two["p_kill"] == "3/4"  # one of two Use 4 rolls (1/2 each) hits
    rolled = ask(engine_data, op="attack", weapon="hand-weapon", target="vermin",
                 zero_armor="roll")
    assert rolled["p_kill_given_hit"] == "5/6"  # the named option: roll damage anyway


def test_cannon_fodder_attacks_do_one_point(engine_data):
    """L2403: every weapon a Cannon Fodder carries "does only one point of Damage"; enough
    for other Cannon Fodder (Armor 0), never for a minifig (Armor 4)."""
    r = ask(engine_data, op="attack", attacker="cannon-fodder", weapon="two-handed-weapon",
            target="minifig", overskill="damage")
    assert r["damage_expr"] == "1" and r["p_kill"] == "0"
    r = ask(engine_data, op="attack", attacker="cannon-fodder", weapon="hand-weapon",
            target="cannon-fodder")
    assert r["p_kill"] == "5/6"


def test_two_deflection_levels_per_armor_piercing_die(engine_data):
    """L1952: two levels of Deflection nullify one AP d6; with one level it "passes through
    with full Damage": 2/3 to hit x 1/3 over 4 = 2/9."""
    base = dict(op="attack", damage="1d6 Piercing", armor="4")
    assert ask(engine_data, **base)["p_kill"] == "2/9"
    assert ask(engine_data, **base, deflection=1)["p_kill"] == "2/9"
    assert ask(engine_data, **base, deflection=2)["p_kill"] == "0"


def test_cranky_hero_feat(engine_data):
    """L945: the Cranky penalty comes off each of the Hero's dice; L1004 ties go to the Hero;
    L1005 both natural 1s are a Paradox. With -1 the Hero's 2..6 count 1..5 against a d6:
    (1+2+3+4+5)/36 = 5/12 succeed."""
    r = ask(engine_data, op="heroic_feat", cranky=1)
    assert (r["p_success"], r["p_paradox"]) == ("5/12", "1/36")
    assert sum(Fraction(r[k]) for k in ("p_success", "p_paradox", "p_fail")) == 1
    plain = ask(engine_data, op="heroic_feat")
    assert plain["p_success_counting_paradox"] == "7/12"  # the book's own figure (L1019)


def test_attack_honours_penalty(engine_data):
    """L945: a Cranky Hero's penalty comes off each die, Skill included: a d10 needs 5+
    instead of 3+ against Use 3 at -2, so 6 faces of 10 hit."""
    r = ask(engine_data, op="attack", skill="d10", use=3, damage="2S", penalty=2)
    assert r["p_hit"] == "3/5"
    assert ask(engine_data, op="to_hit", skill="d10", use=3, penalty=2,
               overskill="none")["p_hit"] == "3/5"
    # the RedShirt die is the Hero's too: -1 makes 4 inches need a 5 (and a 6's bonus)
    assert ask(engine_data, op="redshirt", distance=4, penalty=1, bonus_dice=False)[
        "p"] == "1/3"
    # an op that does not model a per-die penalty refuses it instead of ignoring it
    assert ask(engine_data, op="explosion", dice=2, penalty=1)["error"]["field"] == "penalty"
    assert ask(engine_data, op="stunt", inches=3, d10_as_2d6=True)["error"][
        "field"] == "d10_as_2d6"


def test_skill_bonus_dice_keeps_the_overskill(engine_data):
    """L1782: Tarren rolls 6 plus a 5 on the Bonus Die for 11 against Use 10, and still
    spends the Overskill to land on his feet. A 6 then 4+ on the bonus d6: 1/6 x 1/2."""
    r = ask(engine_data, op="to_hit", skill="d6", use=10, skill_bonus_dice=True,
            overskill="none")
    assert (r["p_hit"], r["p_overskill"]) == ("1/12", "1/6")
    book = ask(engine_data, op="to_hit", skill="d6", use=10, overskill="none")
    assert book["p_hit"] == "0"  # the book's rule: no bonus die on the Skill die (L651)


def test_ids_are_unique_across_what_a_request_names(engine_data):
    """`explosive` is the size-scaled Explosive (L1711: Size x d10 Exp); the minifig grenade
    (L469-471: 1d10 Exp, Use 1 thrown) has its own id."""
    bw = engine_data["brikwars"]
    items = {r["id"] for r in bw["items"]}
    scaled = {r["id"] for r in bw["scaled_weapons"]}
    assert not items & scaled
    units = {r["id"]: r for r in bw["units"]}
    for record in bw["specialists"]:  # the same id must mean the same fighter
        if record["id"] in units:
            unit = units[record["id"]]
            assert (record["armor"], record["skill"]["value"]) == (
                unit["armor"], unit["skill"]["value"]), record["id"]
    big = ask(engine_data, op="attack", weapon="explosive", weapon_size=3, use=6)
    assert big["damage_expr"] == "3d10 Exp"
    assert ask(engine_data, op="attack", weapon="explosive", weapon_size=3)["error"][
        "field"] == "use"  # its Use comes from the Launcher
    grenade = ask(engine_data, op="attack", weapon="minifig-explosive")
    assert (grenade["damage_expr"], grenade["use"]) == ("1d10 Exp", 1)
    assert ask(engine_data, op="attack", weapon="minifig-explosive", weapon_size=3)["error"][
        "field"] == "weapon_size"  # not size-scaled: the size is refused, not ignored


def test_horse_wound_is_not_a_kill(engine_data):
    """L1078-1080: Damage over a Horse's Armor wounds it; over twice its Armor kills it."""
    r = ask(engine_data, op="attack", weapon="two-handed-weapon", target="horse")
    assert Fraction(r["p_kill"]) < Fraction(r["p_beats_armor"])
    assert r["p_kill"] == r["p_twice_armor"]
    assert Fraction(r["p_wound"]) == Fraction(r["p_beats_armor"]) - Fraction(r["p_kill"])
