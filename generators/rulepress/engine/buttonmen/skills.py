"""What each die skill changes: the one declaration the engine plays and the pages show.

Facts come from Button Men Online's engine (buttonmen-dev/buttonmen, src/engine/BMSkill*.php
and BMBtnSkill*.php at commit BMO_COMMIT). The attack, initiative, scoring and after-attack
code read these declarations (`counts_for_initiative`, `scoring`, `attack_list`), and the skill
pages print them (`page_facts`), so editing a line here changes both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

BMO_COMMIT = "a04ab98462e708065f5b06f46a902f907a71159b"
BMO_REPO = "buttonmen-dev/buttonmen"

# Every attack type BMO has, in its menu order (BMAttack::display_cmp: Power, Skill, then A-Z,
# Pass last). Surrender is always possible and never listed.
ATTACKS = ("power", "skill", "berserk", "boom", "rush", "shadow", "speed", "trip")
EVERY_DIE = ("power", "skill", "rush")  # BMAttack::possible_attack_types, before skills


@dataclass(frozen=True)
class Facts:
    letter: str
    id: str
    name: str
    bmo_class: str
    initiative: str = "counts"  # "counts" or "excluded" (initiative value -1 in BMO)
    scoring: str = "normal"  # normal | zero | negative | value | zero-until-in-play
    adds_attacks: tuple[str, ...] = ()
    removes_attacks: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()  # what else it does, one short phrase each (for the pages)


def _f(letter: str, id_: str, name: str, **kw) -> Facts:
    return Facts(letter, id_, name, f"src/engine/BMSkill{name}.php", **kw)


FACTS: dict[str, Facts] = {f.letter: f for f in (
    _f("+", "auxiliary", "Auxiliary",
       changes=("in play only when both players choose to use auxiliary dice",)),
    _f("B", "berserk", "Berserk", adds_attacks=("berserk",), removes_attacks=("skill",),
       changes=("after a Berserk attack: loses Berserk and halves its size, rounding up",)),
    _f("b", "boom", "Boom", adds_attacks=("boom",),
       changes=("a Boom attack removes the Boom die from the game and re-rolls the target",)),
    _f("c", "chance", "Chance", changes=("may re-roll one die to try to win the initiative",)),
    _f("D", "doppelganger", "Doppelganger",
       changes=("after a Power capture: becomes a copy of the captured die, then re-rolls",)),
    _f("F", "fire", "Fire", removes_attacks=("power",),
       changes=("may be turned down to raise another die in a Power or Skill attack",)),
    _f("f", "focus", "Focus",
       changes=("may be turned down to take the initiative",)),
    _f("I", "insult", "Insult", changes=("cannot be the target of a Skill attack",)),
    _f("J", "jolt", "Jolt",
       changes=("attacking: its owner takes another turn and it loses Jolt",
                "captured: the captor takes another turn")),
    _f("k", "konstant", "Konstant", removes_attacks=("power",),
       changes=("never re-rolls; in a Skill attack of two or more dice adds or subtracts "
                "its value; cannot Skill attack alone",)),
    _f("&", "mad", "Mad", changes=("each re-roll picks a random even size in its swing range",)),
    _f("M", "maximum", "Maximum", changes=("always rolls its largest number",)),
    _f("H", "mighty", "Mighty", changes=("grows one standard size before each re-roll",)),
    _f("?", "mood", "Mood",
       changes=("each re-roll picks a random real-die size in its swing range",)),
    _f("m", "morphing", "Morphing",
       changes=("after capturing one die: takes that die's size, keeps its own skills",)),
    _f("n", "null", "Null", scoring="zero",
       changes=("dice it helps capture score nothing",)),
    _f("o", "ornery", "Ornery",
       changes=("re-rolls whenever its owner attacks, even when it did not take part",)),
    _f("p", "poison", "Poison", scoring="negative"),
    _f("q", "queer", "Queer",
       changes=("showing an odd number it attacks as a Shadow die, not by Power",)),
    _f("%", "radioactive", "Radioactive",
       changes=("in a one-die-on-one-die attack the attacking die splits in two",
                "the two new dice lose Radioactive, Turbo, Mood, Mad, TimeAndSpace and Jolt",
                "a target that survives (a failed Trip) loses Radioactive")),
    _f("G", "rage", "Rage", initiative="excluded",
       changes=("captured: its owner gets a copy without Rage",
                "attacking: it loses Rage")),
    _f("r", "reserve", "Reserve",
       changes=("out of play until its owner loses a round and adds it",)),
    _f("#", "rush", "Rush", changes=("any die may Rush attack two dice if one has Rush",)),
    _f("s", "shadow", "Shadow", adds_attacks=("shadow",), removes_attacks=("power",)),
    _f("w", "slow", "Slow", initiative="excluded"),
    _f("z", "speed", "Speed", adds_attacks=("speed",)),
    _f("d", "stealth", "Stealth",
       removes_attacks=("power", "berserk", "boom", "rush", "shadow", "speed", "trip"),
       changes=("attacks only in Skill attacks of two or more dice, and is captured only "
                "by them (a Boom attack may still re-roll it)",)),
    _f("g", "stinger", "Stinger", initiative="excluded",
       changes=("in a Skill attack counts as any number from its lowest to its value",)),
    _f("^", "time-and-space", "TimeAndSpace",
       changes=("re-rolling odd after attacking gives its owner another turn",)),
    _f("t", "trip", "Trip", initiative="excluded", adds_attacks=("trip",)),
    _f("!", "turbo", "Turbo",
       changes=("after attacking its owner may change its swing or option size",)),
    _f("v", "value", "Value", scoring="value",
       changes=("dice it helps capture score their shown value too",)),
    _f("`", "warrior", "Warrior", initiative="excluded", scoring="zero-until-in-play",
       removes_attacks=("power", "berserk", "boom", "rush", "shadow", "speed", "trip"),
       changes=("out of play, showing its maximum, until it joins a Skill attack of two or "
                "more dice (optional, one Warrior a time); then it loses Warrior",)),
    _f("h", "weak", "Weak", changes=("shrinks one standard size before each re-roll",)),
)}

MODELLED = set(FACTS)  # every letter BMO implements is played by this engine

# BMDie::standard_die_sizes (Mood) and grow_shrink_die_sizes (Mighty, Weak)
STANDARD_SIZES = (1, 2, 4, 6, 8, 10, 12, 20, 30)
GROW_SIZES = (1, 2, 4, 6, 8, 10, 12, 16, 20, 30)


@dataclass(frozen=True)
class ButtonSkill:
    name: str  # BMO's class suffix: the button's name without non-alphanumerics
    rule: str
    # slow | no-skill-attacks | skill-immune | recipe (adds dice against one button) |
    # echo (plays the opponent's recipe) | random-recipe | unique-swing | none
    effect: str
    page: str  # id of the skill record (data/buttonmen/skills.yaml) whose page states the rule
    bmo_class: str = ""  # the file that declares it, when not BMBtnSkill<name>.php

    @property
    def source(self) -> str:
        return f"src/engine/{self.bmo_class or 'BMBtnSkill' + self.name + '.php'}"


_PLACEHOLDER = ("has special rules that Button Men Online has not implemented "
                "(BMBtnSkillArtificialReenable): it plays as its recipe")
_UNIQUE = "its swing letters must each take a different size"
# BMBtnSkillRandomBM*: each game deals the button a recipe; sizes come from 4, 6, 8, 10, 12, 20
_RANDOM = {
    "RandomBMVanilla": "5 dice of random sizes, no swing dice, no skills",
    "RandomBMAnime": "4 dice of random sizes and 4 Reserve dice of random sizes",
    "RandomBMSoldiers": "4 dice of random sizes and one X swing die, no skills",
    "RandomBMFixed": "5 dice of random sizes, no swing dice; one skill drawn from Chance, "
                     "Focus and Stealth goes on two different dice",
    "RandomBMMixed": "5 dice of random sizes, no swing dice; three skills drawn at random, "
                     "each dealt to two different dice",
    "RandomBMMonoskill": "4 dice of random sizes and one random swing die; one skill drawn "
                         "at random, dealt to two different dice",
    "RandomBMDuoskill": "4 dice of random sizes and one random swing die; two skills drawn "
                        "at random, each dealt to two different dice",
    "RandomBMTriskill": "4 dice of random sizes and one random swing die; three skills drawn "
                        "at random, each dealt to two different dice",
    "RandomBMTetraskill": "4 dice of random sizes and one random swing die; four skills drawn "
                          "at random, each dealt to two different dice",
    "RandomBMPentaskill": "4 dice of random sizes and one random swing die; five skills "
                          "drawn at random, each dealt to two different dice",
}

BUTTON_SKILLS: dict[str, ButtonSkill] = {b.name: b for b in (
    ButtonSkill("Giant", "cannot win the initiative", "slow", "giant"),
    ButtonSkill("Largo", "cannot make Skill attacks", "no-skill-attacks", "no-skill-attacks"),
    ButtonSkill("TheFlyingSquirrel", "cannot make Skill attacks", "no-skill-attacks",
                "no-skill-attacks"),
    ButtonSkill("TheJapaneseBeetle", "its dice cannot be the target of Skill attacks",
                "skill-immune", "skill-immune"),
    ButtonSkill("Bruno", "against Pappy, adds an (X) die to its recipe", "recipe",
                "bruno-pappy"),
    ButtonSkill("Pappy", "against Bruno, adds a B(X) die to its recipe", "recipe",
                "bruno-pappy"),
    ButtonSkill("Echo", "plays the opponent's recipe", "echo", "echo"),
    ButtonSkill("Zero", "plays the opponent's recipe (as Echo does)", "echo", "echo"),
    ButtonSkill("Gordo", "no two of its dice may be the same size", "unique-swing",
                "unique-swing"),
    ButtonSkill("Guillermo", _UNIQUE, "unique-swing", "unique-swing"),
    ButtonSkill("Oregon", _UNIQUE, "unique-swing", "unique-swing"),
    *(ButtonSkill(n, "Button Men Online deals it a new random recipe for each game: " + r,
                  "random-recipe", "random-recipe") for n, r in _RANDOM.items()),
    *(ButtonSkill(n, _PLACEHOLDER, "none", "unimplemented-button-skill",
                  "BMBtnSkillArtificialReenable.php") for n in (
        "Ayeka", "CheeseWeasel", "DrClay", "Emerald", "Jedite",
        "Kagato", "KingEndymion", "Kiyone", "LunaArtemis", "Malachite", "Mihoshi",
        "NeoQueenSerenity", "Nephlite", "PrinceDiamond", "PrincessSerena",
        "QueenBeryl", "QueenSerenity", "Rini", "Rubeus", "RyoOhki", "Ryoko", "SailorJupiter",
        "SailorMars", "SailorMercury", "SailorMoon", "SailorVenus", "Sapphire", "Sasami",
        "ShadowWarriors", "SojasGuardians", "Tenchi", "TuxedoMask", "Washu", "WickedLady",
        "Wiseman", "Zoycite")),
)}
# Echo and Zero against each other: BMBtnSkillEcho::specify_recipes gives this recipe
ECHO_DEFAULT = "(4) (4) (10) (12) (X)"


def button_skill(name: str | None) -> ButtonSkill | None:
    """BMO's button skill for a button name (BMButton::load strips non-alphanumerics)."""
    if not name:
        return None
    return BUTTON_SKILLS.get(re.sub(r"[^a-zA-Z0-9]", "", name))


def counts_for_initiative(skills: tuple[str, ...]) -> bool:
    return all(FACTS[s].initiative == "counts" for s in skills if s in FACTS)


def scoring(skills: tuple[str, ...]) -> set[str]:
    return {FACTS[s].scoring for s in skills if s in FACTS} - {"normal"}


def attack_list(skills: tuple[str, ...], value: int | None, n_attackers: int) -> set[str]:
    """The attack types one die may take part in (BMAttack::possible_attack_types + hooks)."""
    types = set(EVERY_DIE)
    for letter in skills:
        facts = FACTS.get(letter)
        if facts is None:
            continue
        types -= set(facts.removes_attacks)
        types |= set(facts.adds_attacks)
    if "q" in skills and isinstance(value, int):  # Queer: Power when even, Shadow when odd
        types |= {"power"} if value % 2 == 0 else {"shadow"}
        types -= {"shadow"} if value % 2 == 0 else {"power"}
        if "s" in skills:
            types.add("shadow")
    if ("d" in skills or "`" in skills) and n_attackers == 1:
        types.discard("skill")
    return types


SCORING_TEXT = {"normal": "normally (half its size in play, its size when captured)",
                "zero": "nothing",
                "negative": "minus its size while its owner keeps it, minus half its size "
                            "when captured",
                "value": "its shown value, not its size (half of it while kept)",
                "zero-until-in-play": "nothing while it is a Warrior (out of play)"}


def page_facts(letter: str) -> dict | None:
    """The "at a glance" rows of a skill page, from the declaration above."""
    facts = FACTS.get(letter)
    if facts is None:
        return None
    return {"adds": ", ".join(facts.adds_attacks) or "none",
            "removes": ", ".join(facts.removes_attacks) or "none",
            "initiative": "yes" if facts.initiative == "counts" else "no",
            "scores": SCORING_TEXT[facts.scoring],
            "changes": list(facts.changes),
            "source": f"{BMO_REPO} {facts.bmo_class} at {BMO_COMMIT[:12]}"}
