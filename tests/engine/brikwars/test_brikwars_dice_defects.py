"""Issue 27's dice defects, each held to the rulebook's own words (seed 003, line numbers);
the requests are the issue's reproductions and the answers the book's."""

from __future__ import annotations

from fractions import Fraction

from rulepress.engine.brikwars.damage import DECLINED_STEPS, declined_roll, declined_steps
from rulepress.engine.dice.parse import parse
from rulepress.engine.dice.roll import RollRules, roll
from rulepress.engine.query import answer


def ask(engine_data, **body):
    return answer({"game": "brikwars", **body}, engine_data)


def test_on_fire_penalty_is_a_plain_d4(engine_data):
    """L1693: a burning minifig "takes a -1d4 Skill and Armor Penalty"; L179: a player "may
    elect not to roll a Bonus Die", and a bonus d4 (L1233) on his own penalty die only
    lowers his roll. A d10 against Use 5 with a plain d4 off: 14 of the 40 ways reach 5, 7/20
    (the reading that rolled the penalty's bonus d4s gave 49/160)."""
    r = ask(engine_data, op="to_hit", skill="d10", use=5, modifiers=["on-fire"],
            overskill="none", depth=2)
    assert r["p_hit"] == "7/20"
    # by hand: natural 2..10 (1 fails), less a plain d4, at least 5
    by_hand = sum(Fraction(1, 40) for face in range(2, 11) for d4 in range(1, 5)
                  if face - d4 >= 5)
    assert by_hand == Fraction(7, 20)
    # the depth no longer matters: the penalty die earns no bonus dice
    assert ask(engine_data, op="to_hit", skill="d10", use=5, modifiers=["on-fire"],
               overskill="none", depth=8)["p_hit"] == "7/20"


def test_d4_skill_die_declines_its_own_bonus_d4(engine_data):
    """L652: a d4 Skill die earns "a Bonus d4 on a natural roll of 4"; L179: its player may
    decline it. Two inches Out of Range take 2 off every die (L777): a natural 4 is 2, which
    already reaches Use 2, so no bonus d4 (which could bring it lower) is rolled: 1/4, not
    3/16. A natural 2 or 3 falls short (0, 1)."""
    r = ask(engine_data, op="to_hit", skill="d4", use=2, overskill="none", depth=3,
            out_of_range=2)
    assert r["p_hit"] == "1/4"
    assert "not_modelled" not in r
    # short of the Use, the bonus d4 is still rolled: Use 3 needs the 4 (2) and a bonus d4
    # of 3 or 4 (+1, +2), or a 4 (+2) that goes on: 1/4 * 1/2 = 1/8
    assert ask(engine_data, op="to_hit", skill="d4", use=3, overskill="none", depth=1,
               out_of_range=2)["p_hit"] == "1/8"


def test_damage_bonus_dice_stop_past_a_fixed_armor(engine_data):
    """L179 (a player may elect not to roll a Bonus Die) and L722 (Damage must exceed the
    Armor): 1d6 Damage three inches Out of Range (-3 on every die, L777) against Armor 2
    kills only on a 6 (3 points); a bonus d6 (-3) could only take it back below, so the
    attacker stops: 1/6 given a hit, not 1/9."""
    r = ask(engine_data, op="attack", skill="d6", use=2, damage="1d6", armor="2",
            out_of_range=3, overskill="none", depth=1)
    assert r["p_kill_given_hit"] == "1/6"
    assert r["p_hit"] == "1/3" and r["p_kill"] == "1/18"
    assert "not_modelled" in r and not any("bonus die" in n for n in r["not_modelled"])
    # a rolled Armor has no fixed mark: every bonus die is still rolled, and the answer says so
    rolled = ask(engine_data, op="attack", skill="d6", use=2, damage="1d6", armor="1d6",
                 out_of_range=3, overskill="none", depth=1)
    assert any("bonus die of the Damage is rolled" in n for n in rolled["not_modelled"])


def test_combined_attackers_stop_once_the_sum_is_past_the_armor(engine_data):
    """L760: Combined Damage adds every hit into one sum; L179 again: an attacker who would
    only lower it stops rolling bonus dice once the sum before him and his Damage are past
    the Armor. Two of the issue's attackers (hit 1/3; 1d6-3 is 0, 0, 0, 1, 2 or 3, the 3
    kept): the first leaves 0 (5/6), 1, 2 or 3 (1/18 each); the second then needs 3, 2 or 1
    more (1/18, 1/9, 1/6), and a 3 already kills: 19/162."""
    one = {"skill": "d6", "use": 2, "damage": "1d6", "out_of_range": 3}
    r = ask(engine_data, op="combined", attackers=[one, one], armor="2", depth=1)
    by_hand = (Fraction(1, 18) + Fraction(5, 6) * Fraction(1, 18)
               + Fraction(1, 18) * Fraction(1, 9) + Fraction(1, 18) * Fraction(1, 6))
    assert Fraction(r["p_kill"]) == by_hand == Fraction(19, 162)
    assert not any("bonus die" in n for n in r["not_modelled"])
    alone = ask(engine_data, op="combined", attackers=[one], armor="2", depth=1)
    assert alone["p_kill"] == ask(engine_data, op="attack", **one, armor="2",
                                  depth=1)["p_kill"] == "1/18"


def test_a_bonus_die_that_cannot_help_is_not_rolled(engine_data):
    """L179 again: six inches Out of Range take 6 off every die (L777), so a bonus d6 adds
    at most 0 and can only lower the Damage: a natural 6 on 1d6+10 stays at 10, though 20
    Armor is out of reach (a roll of all 1s deals nothing, L177)."""
    r = ask(engine_data, op="attack", auto_hit=True, damage="1d6+10", armor="20",
            out_of_range=6, depth=2)
    assert r["damage_pmf"] == [[0, "1/6"], [6, "1/6"], [7, "1/6"], [8, "1/6"], [9, "1/6"],
                               [10, "1/6"]]


def test_a_large_roll_is_followed_die_by_die_or_says_it_is_not(engine_data):
    """The declined roll is worked out in layers of chains, so 60 dice stay quick; a roll
    past its work bound rolls every bonus die and says so instead of taking seconds."""
    big = ask(engine_data, op="attack", auto_hit=True, damage="60d6", armor="200",
              out_of_range=2, depth=8)
    assert big["ok"] and not any("bonus die" in n for n in big["not_modelled"])
    huge = ask(engine_data, op="attack", auto_hit=True, damage="30d4+30d6", armor="150",
               out_of_range=3, depth=8)
    assert huge["ok"] and any("too large to follow die by die" in n
                              for n in huge["not_modelled"])
    # steps counted, not seconds: the bound is the work model's
    assert declined_steps(parse("60d6"), RollRules(depth=8, penalty=2)) <= DECLINED_STEPS
    assert declined_steps(parse("30d4+30d6"), RollRules(depth=8, penalty=3)) > DECLINED_STEPS


def test_declined_roll_is_the_plain_roll_when_nothing_is_declined():
    """The declining roll with an unreachable target is the ordinary roll, die for die."""
    for text in ("1d6", "2d6+1", "1d10+1d4", "3d6-2", "2d6-1d6", "2d10 Exp"):
        for rules in (RollRules(depth=3, penalty=2), RollRules(depth=2, penalty=3,
                                                              d10_as_2d6=True)):
            plain, declined = roll(parse(text), rules), declined_roll(parse(text), rules,
                                                                      10 ** 6)
            assert plain.totals() == declined.totals() and plain.damage() == declined.damage()


def test_joust_weapons_have_the_two_handed_use(engine_data):
    """L445: a Two-Handed Weapon has "Use:4"; L1188-1189: the Black Rider's lance and Solo
    Jones' Stick both roll against a Use of 4. A Hero's d10 reaches 4 on 4-10: 7/10; his two
    MOMs make the Stick's 2d10 into 4d10 (L1190)."""
    r = ask(engine_data, op="attack", attacker="hero",
            weapon="two-handed-charging-weapon-mounted", momentum=2, target="minifig", depth=0)
    assert r["ok"] and r["use"] == 4 and r["p_hit"] == "7/10" and r["damage_expr"] == "4d10"
    foot = ask(engine_data, op="attack", attacker="hero",
               weapon="two-handed-charging-weapon-on-foot", momentum=1, target="minifig",
               depth=0)
    assert foot["ok"] and foot["use"] == 4 and foot["damage_expr"] == "3d10"
    # L435: the Heavy Weapon's "Use:3", kept by the Heavy Charging Weapon
    heavy = ask(engine_data, op="attack", weapon="heavy-charging-weapon", depth=0)
    assert heavy["ok"] and heavy["use"] == 3


def test_creation_status_reads_and_answers_a_half_level(engine_data):
    """L1372: the lowest Structure Level is ½ (Armor 1d6); `creation` takes "1/2", so
    `creation_status` does too, and answers it as the text "1/2" as other ops do."""
    for level in ("1/2", "½", 0.5):
        r = ask(engine_data, op="creation_status", size=4, structure_level=level)
        assert r["ok"] and r["structure_level"] == "1/2" and r["armor"] == "1d6", r
    assert ask(engine_data, op="creation_status", size=3, structure_level=2,
               size_damage_taken=2)["structure_level"] == "1"
    bad = ask(engine_data, op="creation_status", size=4, structure_level="1/0")
    assert not bad["ok"] and bad["error"]["field"] == "structure_level"


def test_a_renamed_id_is_refused_with_its_new_id(engine_data):
    """The minifig's grenade (L469) was the item `explosive`, now `minifig-explosive`: a
    saved roster or request that still says `explosive` for it is told the new id."""
    roster = ask(engine_data, op="army", lines=[{"unit": "minifig", "items": ["explosive"]}])
    assert not roster["ok"] and "'minifig-explosive'" in roster["error"]["message"]
    worn = ask(engine_data, op="attack", target_wears=["explosive"])
    assert not worn["ok"] and "'minifig-explosive'" in worn["error"]["message"]
    # as a weapon, `explosive` is the size-scaled Explosive (L1711), which needs its Use:
    # a saved grenade request gets that refusal, naming the grenade's new id
    thrown = ask(engine_data, op="attack", weapon="explosive")
    assert not thrown["ok"] and "'minifig-explosive'" in thrown["error"]["message"]
    assert ask(engine_data, op="attack", weapon="minifig-explosive")["use"] == 1
