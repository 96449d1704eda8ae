"""Button Men Online's die notation (the engine's) into BMAI's, and the rules BMAI lacks.

BMAI writes a die as {skills}{size}{postfix}[-{sides}][:{value}] (BMC_Parser::ParseDie):
skill letters before the size, Turbo "!" and Mood "?" after it, a swing letter or an option
"a/b" fixed with "-sides", a twin as "(a,b)" and the value after ":". Its skill letters are
BMO's for every skill it knows, so the conversion keeps them and only moves the brackets:
BMO "p(20)" showing 2 is BMAI "p20:2", "(X)?" at 12 showing 5 is "X?-12:5", "(4/8)" at 8 is
"4/8-8", "(X,X)" at 5 a half is "(X,X)-5".

Below: what BMAI lacks or does differently (src/BMC_Parser.cpp, BMC_Die.cpp, BMC_Game.cpp),
measured against Button Men Online as rulepress's engine plays it (engine/buttonmen/skills.py
and legal.py). Each entry was read in BMAI's source; the ones marked in the README were also
seen in BMAI's answers.
"""

from __future__ import annotations

import random

from rulepress.engine.buttonmen.dice import Die, die_from_spec
from rulepress.engine.buttonmen.recipe import DieSpec, parse_recipe

# BMO skills BMAI's parser refuses ("error parsing die"): a position with one cannot be sent.
UNKNOWN_TO_BMAI = {
    "b": "Boom", "F": "Fire", "J": "Jolt", "&": "Mad", "#": "Rush",
}
# Parsed by BMAI but never consulted: the die plays as if it had no such skill.
PARSED_NOT_PLAYED = {
    "+": "Auxiliary (always in play; no auxiliary choice)",
    "D": "Doppelganger (does not copy the die it captures)",
    "%": "Radioactive (does not split)",
    "G": "Rage (counts for the initiative, no copy when captured)",
}
POSTFIX = set("!?")  # BMAI reads these after the size, like BMO prints them

# Rules where BMAI and BMO (rulepress) differ, for dice and buttons BMAI can be given.
# Each names where BMAI does it; bench/bmai/README.md explains which ones touch a match-up.
DIFFERENCES = (
    ("initiative tie", "a full tie in the initiative goes to player 0 (BMC_Game::"
     "FinishPreround); BMO picks a player at random"),
    ("initiative skills", "only Trip, Slow and Stinger dice are left out of the initiative "
     "(BMC_Game::CheckInitiative); BMO also leaves out Rage and Warrior dice"),
    ("drawn rounds", "playgame, compare and playfair play a drawn round again (the game goes "
     "on until someone has the wins), so they report P(win) / (P(win) + P(lose))"),
    ("trip legality", "a Trip attack is always legal except one die on a twin die (BMC_Game::"
     "ValidAttack); BMO allows a Trip die on a twin and refuses a Trip attack that cannot "
     "capture (attacker's top below the target's lowest roll), and checks Konstant and "
     "Maximum targets"),
    ("konstant", "a Konstant die only adds in a Skill attack (the subtracting choice is a "
     "TODO); BMO lets it add or subtract"),
    ("stinger", "a Stinger die counts from 1 to its value in a Skill attack; BMO from its "
     "lowest roll (2 for a twin) to its value"),
    ("stinger search", "its move list misses Skill attacks with a Stinger die when the first "
     "(highest) die of the group alone already tops every target (BMC_Game::"
     "GenerateValidAttacks stops adding dice there), e.g. gs6:6 + s4:4 on a 5"),
    ("warrior", "a Warrior die may Skill attack alone; BMO needs another die with it"),
    ("ornery", "when its owner attacks with other dice, an Ornery die is set to re-roll but "
     "never re-rolled (BMC_Game::ApplyAttackPlayer marks it, ApplyAttackNatureRoll re-rolls "
     "only the attackers): it drops out of play for the rest of the round, still scoring half "
     "its size; a Morphing Ornery die also takes the target's size then (BMC_Die::"
     "OnApplyAttackPlayer does not check that it attacked). BMO re-rolls it and keeps it in "
     "play, unchanged in size"),
    ("morphing", "a Morphing die takes the target's size in any one-target attack, before "
     "the outcome, so also after a failed Trip (BMC_Die::OnApplyAttackPlayer); BMO only when "
     "it captures"),
    ("mood sizes", "a Mood die of a letter other than X and V takes any size in the letter's "
     "range, uniformly (BMC_Die::OnApplyAttackNatureRollAttacker); BMO takes one of the "
     "standard sizes 1, 2, 4, 6, 8, 10, 12, 20, 30 in the range (same for X and V)"),
    ("button specials", "no button rules (Giant, Largo, The Flying Squirrel, The Japanese "
     "Beetle, Echo, Bruno and Pappy); notation.button_marks emulates the two it can with die "
     "properties (Unskilled '~', Insult 'I')"),
    ("wildcard", "no Wildcard dice (C)"),
    ("maximize samples", "its Maximize AI plays each attack once at random and keeps the best "
     "score difference, first in its move order on ties (BMC_AI_Maximize, BMC_AI::"
     "ScoreAttack): Trip and Mood outcomes are one sample, not averaged"),
    ("surrender", "BMAI3 surrenders a position it never wins in its simulations unless told "
     "`surrender off` (the bench always does)"),
)

# BMO button rules BMAI can be made to play with a die property on every die.
BUTTON_MARKS = {"no-skill-attacks": "~",  # Unskilled: no Skill attacks (Largo, Flying Squirrel)
                "skill-immune": "I"}  # Insult: never the target of a Skill attack (Beetle)


class NotInBmai(ValueError):
    """A die or rule BMAI cannot be given."""


def check_skills(skills: tuple[str, ...] | str, where: str) -> None:
    missing = [UNKNOWN_TO_BMAI[s] for s in skills if s in UNKNOWN_TO_BMAI]
    if missing:
        raise NotInBmai(f"{where}: BMAI has no {', '.join(missing)} dice")


def ignored_skills(skills: tuple[str, ...] | str) -> list[str]:
    """The skills on these dice that BMAI parses but does not play."""
    return sorted({PARSED_NOT_PLAYED[s] for s in skills if s in PARSED_NOT_PLAYED})


def _split(skills: tuple[str, ...] | str, marks: str) -> tuple[str, str]:
    letters = [s for s in skills] + [m for m in marks if m not in skills]
    return ("".join(s for s in letters if s not in POSTFIX),
            "".join(s for s in letters if s in POSTFIX))


def die_text(die: Die, marks: str = "") -> str:
    """One engine Die (sizes chosen; value if it shows one) in BMAI's notation."""
    check_skills(die.skills, die.recipe())
    if die.kind == "wildcard":
        raise NotInBmai(f"{die.recipe()}: BMAI has no Wildcard dice")
    before, after = _split(die.skills, marks)
    if die.kind == "swing":
        core, fixed = str(die.swing), f"-{die.size}"
    elif die.kind == "option":
        low, high = die.options or (die.size, die.size)
        core, fixed = f"{low}/{high}", f"-{die.size}"
    elif die.kind == "twin":
        swung = [h for h, sw in zip(die.halves, die.swing_halves) if sw]
        core = "(" + ",".join(str(die.swing) if sw else str(h)
                              for h, sw in zip(die.halves, die.swing_halves or
                                               (False,) * len(die.halves))) + ")"
        fixed = f"-{swung[0]}" if swung else ""
    else:
        core, fixed = str(die.halves[0]), ""
    value = "" if die.value is None else f":{die.value}"
    return f"{before}{core}{after}{fixed}{value}"


def spec_text(spec: DieSpec, swing: dict[str, int], option: int | None = None,
              marks: str = "") -> str:
    """One recipe die before the roll, for a preround position: swing letters in `swing`
    and an option die given `option` are locked at that size; the rest BMAI chooses."""
    check_skills(spec.skills, spec.text)
    if spec.kind == "wildcard":
        raise NotInBmai(f"{spec.text}: BMAI has no Wildcard dice")
    if spec.plasma:
        raise NotInBmai(f"{spec.text}: choose the plasma die's skills first")
    before, after = _split(spec.skills, marks)
    fixed = ""
    if spec.kind == "fixed":
        core = str(spec.sides)
    elif spec.kind == "swing":
        core = str(spec.swing)
        if spec.swing in swing:
            fixed = f"-{swing[spec.swing]}"
    elif spec.kind == "option":
        low, high = spec.options or (0, 0)
        core = f"{low}/{high}"
        if option is not None:
            if option not in (low, high):
                raise NotInBmai(f"{spec.text}: an option die is {low} or {high} sides")
            fixed = f"-{option}"
    else:  # twin
        parts = spec.twin or ()
        core = "(" + ",".join(p.swing or str(p.sides) for p in parts) + ")"
        letters = [p.swing for p in parts if p.swing]
        if letters and letters[0] in swing:
            fixed = f"-{swing[letters[0]]}"
    return f"{before}{core}{after}{fixed}"


def recipe_dice(recipe: str, swing: dict[str, int] | None = None,
                options: list[int] | None = None, marks: str = "") -> tuple[str, ...]:
    """A whole BMO recipe as BMAI preround dice. `options` gives each option die's size in
    recipe order. Reserve dice stay in (BMAI keeps them out of play until a lost round)."""
    specs = parse_recipe(recipe)
    chosen = iter(options or [])
    out = []
    for spec in specs:
        option = next(chosen, None) if spec.kind == "option" else None
        out.append(spec_text(spec, swing or {}, option, marks))
    return tuple(out)


def button_marks(effect: str | None) -> str:
    """Die properties that make BMAI play a BMO button rule (skills.BUTTON_SKILLS effect);
    raises for a button rule it cannot play."""
    if not effect or effect == "none":
        return ""
    if effect in BUTTON_MARKS:
        return BUTTON_MARKS[effect]
    raise NotInBmai(f"BMAI cannot play the button rule '{effect}'")


def engine_dice(recipe: str, swing: dict[str, int], options: tuple[int, ...] | list[int],
                swing_ranges: dict[str, tuple[int, int]]) -> list[Die]:
    """The recipe's dice in play at the start of a round (Reserve dice left out), sized."""
    chosen = iter(options)
    out = []
    for k, spec in enumerate(parse_recipe(recipe)):
        if "r" in spec.skills:
            continue
        sides = next(chosen) if spec.kind == "option" else None
        out.append(die_from_spec(spec, f"die {k}", swing_ranges, sides, None, swing))
    return out


def rolled(dice: list[Die], rng: random.Random) -> list[Die]:
    """Each die showing a uniformly random value (each half of a twin on its own; Maximum
    and Warrior dice show their top)."""
    from dataclasses import replace
    out = []
    for d in dice:
        if d.has("M") or d.has("`"):
            value = d.size
        else:
            value = sum(rng.randint(1, h) for h in d.halves if h > 0)
        out.append(replace(d, value=value))
    return out
