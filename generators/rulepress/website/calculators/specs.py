"""Every calculator of the site, one spec each (see model.py for what the fields mean).

The default inputs are answered at build time by the engine, so every spec must give a
request that the engine answers with "ok": the build fails otherwise.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.brikwars.supernatural import SN_MAX_DEPTH
from ...engine.dice.roll import MAX_DEPTH
from .model import Calculator, Column, Field

# The bonus-dice bound of every calculator is the engine's own (dice/roll.py: MAX_DEPTH, the
# bound of every roll's "depth"; SuperNatural dice: SN_MAX_DEPTH), never a second number.

TEAMS = (("", "?"), ("Good", "Good"), ("Evil", "Evil"), ("Neutral", "Neutral"))
# Power cards run 1-9; PlusBot's +3 is the robot's effect, not a card.
POWERS = (("", "?"), *((str(n), str(n)) for n in range(1, 10)))

ROLL_FIELDS = (
    Field("rules", "Rules", "select", "brikwars",
          options=(("brikwars", "BrikWars"), ("quikwars", "QuikWars (d6 only, sixes explode)"),
                   ("plain", "Plain dice"))),
    # plain dice have no bonus dice: the box is off, and the request leaves both out
    Field("bonus_dice", "Bonus dice on a top face", "checkbox", True,
          applies=("rules", ("brikwars", "quikwars"))),
    Field("depth", "Bonus dice per die, at most", "number", 8, low=0, high=MAX_DEPTH,
          help="deeper chains are cut; the answer reports how much probability that touches",
          applies=("rules", ("brikwars", "quikwars"))),
    Field("d10_as_2d6", "Roll each d10 as 2d6-2", "checkbox", False),
)
ROLL_REQUEST = {"rules": "$rules", "bonus_dice": "$bonus_dice", "depth": "$depth",
                "d10_as_2d6": "$d10_as_2d6"}

# how each side of a match-up plays (content/buttonmen/computer-play.md says what each does)
MATCHUP_POLICIES = (("", "the method's own"),
                    ("best", "best play (exact; Search when simulated)"),
                    ("search", "Search, our player (slow)"),
                    ("maximize", "Maximize, the greedy player"),
                    ("random", "Random"))

SKILLS = tuple((d, d) for d in ("d4", "d6", "d8", "d10", "d12"))
BW_ROLL = (Field("bonus_dice", "Bonus dice on a top face", "checkbox", True),
           Field("depth", "Bonus dice per die, at most", "number", 8, low=0, high=MAX_DEPTH))
BW_ROLL_REQUEST = {"bonus_dice": "$bonus_dice", "depth": "$depth"}
RULES_NOTE = ("The rules behind each input are on [BrikWars dice rules](../brikwars/dice.md), "
              "and every field of the request on "
              "[BrikWars queries](../reference/query-brikwars.md).")


def rolled(calc: Calculator) -> Calculator:
    """The calculator with "Roll it": the engine's plan of the dice a player rolls for its own
    question (brikwars `roll_plan`, each roll with how to read it)."""
    return replace(calc, roll={"game": "brikwars", "op": "roll_plan", "question": calc.request})


BRIKWARS_RULES: tuple[Calculator, ...] = tuple(map(rolled, (
    Calculator(
        id="brikwars-close-combat",
        game="brikwars",
        title="BrikWars close combat",
        summary="One close-combat exchange: the attacker swings, the target Parries, and if it "
                "lives it Counterattacks. The exact chance that either one dies.",
        fields=(
            Field("skill", "Attacker's Skill die", "select", "d6", options=SKILLS),
            Field("weapon", "Attacker's weapon", "select", "heavy-weapon",
                  options_from=("brikwars.item",)),
            Field("two_handed_swing", "Heavy Weapon swung two-handed", "checkbox", True),
            Field("target", "Target", "select", "minifig",
                  options_from=("brikwars.unit", "brikwars.specialist")),
            Field("parry_skill", "Target's Skill die", "select", "d6", options=SKILLS),
            Field("parry_use", "Use of the Parrying item", "number", 3, low=0, high=10,
                  help="a Shield 2, a Heavy Shield or a tool 3, a Random Object 4"),
            Field("counter_weapon", "Target's Counterattack weapon", "select", "hand-weapon",
                  options_from=("brikwars.item",)),
            Field("attacker_target", "Attacker (as a target)", "select", "minifig",
                  options_from=("brikwars.unit", "brikwars.specialist")),
            *BW_ROLL,
        ),
        request={"game": "brikwars", "op": "close_combat",
                 "attack": {"skill": "$skill", "weapon": "$weapon",
                            "two_handed_swing": "$two_handed_swing", "target": "$target",
                            "parry": {"skill": "$parry_skill", "use": "$parry_use"}},
                 "counter": {"skill": "$parry_skill", "weapon": "$counter_weapon",
                             "target": "$attacker_target"},
                 **BW_ROLL_REQUEST},
        view="odds",
        extra={"key": "outcomes"},
        notes="A successful Parry takes one die of each type off the damage (two with its "
              "Overskill); a two-handed Heavy Weapon loses its +2 first. " + RULES_NOTE,
    ),
    Calculator(
        id="brikwars-knockback",
        game="brikwars",
        title="BrikWars KnockBack",
        summary="A Collision: each MOM rolls a d6 of KnockBack (a d10 for a Charging Shove) "
                "against one POP d6 per inch of the target's Size; a tie resists. The exact "
                "distance the target flies.",
        fields=(
            Field("moms", "MOMs spent", "number", 1, low=0, high=10),
            Field("pops", "Target's POP dice", "number", 1, low=0, high=10,
                  help="a minifig 1, a Horse 2, a Creation its Effective Size"),
            Field("shove", "Charging Shove (d10s)", "checkbox", False),
            *BW_ROLL,
        ),
        request={"game": "brikwars", "op": "knockback", "moms": "$moms", "pops": "$pops",
                 "shove": "$shove", **BW_ROLL_REQUEST},
        view="distribution",
        extra={"key": "knockback_pmf", "axis": "Inches flown"},
        notes="0 inches means the Collision was resisted. " + RULES_NOTE,
    ),
    Calculator(
        id="brikwars-sprint",
        game="brikwars",
        title="BrikWars Sprint",
        summary="A Sprint adds the Skill roll in inches to a straight-line Move; its top faces "
                "earn Bonus Dice, a Critical Failure adds nothing, and a chain of Bonus Dice "
                "that ends on a 1 makes the unit run the whole way. The exact extra inches.",
        fields=(
            Field("skill", "Skill die", "select", "d6", options=SKILLS),
            *BW_ROLL,
        ),
        request={"game": "brikwars", "op": "sprint", "skill": "$skill", **BW_ROLL_REQUEST},
        view="distribution",
        extra={"key": "inches_pmf"},
        notes="0 inches is a Critical Failure; at Half Speed halve the inches. " + RULES_NOTE,
    ),
    Calculator(
        id="brikwars-size-damage",
        game="brikwars",
        title="BrikWars Size Damage",
        summary="One attack on a large Creation or Structure: each time the Damage beats the "
                "Armor of its Structure Level it loses an inch of Size, and the Overkill goes "
                "on against the new, lower Armor. The exact Size Damage dealt.",
        fields=(
            Field("skill", "Attacker's Skill die", "select", "d6", options=SKILLS),
            Field("damage", "Damage", "text", "3d10", help="e.g. 3d10 Exp, 2S, 4d6"),
            Field("use", "Use rating", "number", 3, low=0, high=20),
            Field("size", "Creation's Size (inches)", "number", 4, low=1, high=20),
            Field("structure_level", "Structure Level", "select", "2",
                  options=(("0", "0 (Armor 0)"), ("0.5", "½ (Armor 1d6)"),
                           *((str(n), f"{n} (Armor {n}d10)") for n in range(1, 6)))),
            Field("size_damage_taken", "Size Damage already taken", "number", 0, low=0,
                  high=19),
            Field("overkill", "Overkill", "checkbox", True),
            *BW_ROLL,
        ),
        request={"game": "brikwars", "op": "size_damage", "skill": "$skill",
                 "damage": "$damage", "use": "$use", "size": "$size",
                 "structure_level": "$structure_level",
                 "size_damage_taken": "$size_damage_taken", "overkill": "$overkill",
                 **BW_ROLL_REQUEST},
        view="distribution",
        extra={"key": "size_damage_pmf", "axis": "Size Damage"},
        notes="The Structure Level can never be more than the Effective Size, so it falls as "
              "the Creation shrinks. " + RULES_NOTE,
    ),
    Calculator(
        id="brikwars-ker-triage",
        game="brikwars",
        title="BrikWars Ker-Triage!",
        summary="A Medik's roll on the Ker-Triage! table (the highest roll counts when several "
                "operate): the exact chance of each row, from instant revival to losing the "
                "head.",
        fields=(
            Field("die", "Medik's die", "select", "d8",
                  options=(("d8", "d8 (Medikal Tool)"), ("d6", "d6 (a blade)"),
                           ("d10", "d10 (with a Tek)"))),
            Field("mediks", "Mediks operating", "number", 1, low=1, high=6),
        ),
        request={"game": "brikwars", "op": "ker_triage", "die": "$die", "mediks": "$mediks"},
        view="odds",
        extra={"key": "outcomes"},
        notes=RULES_NOTE,
    ),
    Calculator(
        id="brikwars-supernatural",
        game="brikwars",
        title="BrikWars SuperNatural roll",
        summary="SuperNatural dice earn Bonus Dice of their own type, and must take them; a "
                "natural 1 hands an opponent a Fumble Die. The exact total of one or more SN "
                "dice.",
        fields=(
            Field("die", "SN die", "select", "d8",
                  options=tuple((d, d) for d in ("d4", "d6", "d8", "d10", "d12", "d20"))),
            Field("dice", "How many", "number", 1, low=1, high=10),
            Field("depth", "Bonus dice per die, at most", "number", 8, low=0,
                  high=SN_MAX_DEPTH),
        ),
        request={"game": "brikwars", "op": "supernatural", "die": "$die", "dice": "$dice",
                 "depth": "$depth"},
        view="distribution",
        extra={"axis": "Total"},
        notes=RULES_NOTE,
    ),
)))

CALCULATORS: tuple[Calculator, ...] = (
    rolled(Calculator(
        id="brikwars-attack",
        game="brikwars",
        title="BrikWars attack",
        summary="The chance that an attack hits and kills: pick the attacker, weapon and target "
                "from the rulebook's data, or give the dice yourself (what you type wins over "
                "the data). Modifiers, Overskill and the dice options follow the book; where "
                "the book is unclear, each reading is an option.",
        fields=(
            Field("attacker", "Attacker", "select", "marksman", optional=True,
                  options=(("", "(use the Skill die below)"),),
                  options_from=("brikwars.specialist", "brikwars.unit")),
            Field("skill", "Skill die", "select", None, optional=True,
                  options=(("", "(the attacker's)"), *((d, d) for d in
                                                       ("d4", "d6", "d8", "d10", "d12")))),
            Field("weapon", "Weapon", "select", "long-ranged-weapon", optional=True,
                  options=(("", "(use Use and Damage below)"),),
                  options_from=("brikwars.item", "brikwars.scaled_weapon")),
            Field("weapon_size", "Weapon size (size-scaled weapons)", "number", None,
                  optional=True, low=1, high=6),
            Field("use", "Use rating", "number", None, optional=True, low=1, high=20,
                  help="blank: the weapon's"),
            Field("damage", "Damage", "text", None, optional=True,
                  help="blank: the weapon's; e.g. 1d6+1, S+2, 2d10 Exp"),
            Field("target", "Target", "select", "minifig", optional=True,
                  options=(("", "(use the Armor below)"),),
                  options_from=("brikwars.unit", "brikwars.specialist")),
            Field("armor", "Armor", "text", None, optional=True,
                  help="blank: the target's; a number or a roll such as 2d6"),
            Field("modifiers", "Modifiers", "multi", [], options_from=("brikwars.modifier",)),
            Field("overskill", "Spend an Overskill on", "select", "none",
                  options=(("none", "nothing"), ("damage", "damage (one more damage die)"),
                           ("skill", "the roll, when it would miss"),
                           ("best", "whichever helps most"),
                           ("range", "Range (+1d6 inches)"))),
            Field("out_of_range", "Inches beyond the weapon's Range", "number", 0, low=0,
                  high=30, help="each inch takes 1 off every Skill and Damage die"),
            Field("bonus_dice", "Bonus dice on a top face", "checkbox", True),
            Field("depth", "Bonus dice per die, at most", "number", 8, low=0, high=MAX_DEPTH),
            Field("d10_as_2d6", "Roll each d10 as 2d6-2", "checkbox", False),
        ),
        request={"game": "brikwars", "op": "attack", "attacker": "$attacker", "skill": "$skill",
                 "weapon": "$weapon", "weapon_size": "$weapon_size", "use": "$use",
                 "damage": "$damage", "target": "$target", "armor": "$armor",
                 "modifiers": "$modifiers", "overskill": "$overskill",
                 "out_of_range": "$out_of_range", "bonus_dice": "$bonus_dice", "depth": "$depth", "d10_as_2d6": "$d10_as_2d6"},
        view="bw_attack",
        notes="Damage must be more than the Armor to kill; a Horse's first blow over its "
              "Armor only wounds it, so its Kill is a blow over twice its Armor. The defaults "
              "are the engine's own (no Overskill spent, bonus dice on, 8 per die), as in the "
              "odds charts of the weapon pages. The rules behind every option are "
              "on [BrikWars dice rules](../brikwars/dice.md), and every field of the request on "
              "[BrikWars queries](../reference/query-brikwars.md).",
    )),
    *BRIKWARS_RULES,
    Calculator(
        id="dice-roll",
        game="dice",
        title="Dice roll",
        summary="The exact distribution of any roll: several terms such as `2d6 + 1d10 + 3`, any "
                "die size, with BrikWars' bonus dice, critical failures and floor at zero, or "
                "QuikWars' exploding sixes.",
        fields=(Field("expr", "Roll", "text", "3d6+2", help="e.g. 2d6+1d10+3, 1d10 Exp, 4d6-2"),
                *ROLL_FIELDS),
        request={"game": "dice", "op": "distribution", "expr": "$expr", **ROLL_REQUEST},
        roll={"game": "dice", "op": "roll_plan", "expr": "$expr", **ROLL_REQUEST},
        view="distribution",
        extra={"axis": "Total"},
        notes="A natural roll where every die shows 1 is a critical failure: a damage roll "
              "deals 0. See [Dice queries](../reference/query-dice.md) for every option.",
    ),
    Calculator(
        id="dice-target",
        game="dice",
        title="Chance to reach a number",
        summary="The exact chance that a roll reaches a target, for example a Skill roll "
                "against a Use rating or damage against an Armor value.",
        fields=(Field("expr", "Roll", "text", "1d6", help="e.g. 1d6+2, 2d10"),
                Field("at_least", "Needs at least", "number", 4, low=-1000, high=100000),
                Field("crit_fail", "When every die shows 1", "select", "fail",
                      options=(("fail", "it fails (a Skill roll)"),
                               ("zero", "it counts as 0 (a damage roll)"),
                               ("ignore", "nothing special"))),
                *ROLL_FIELDS),
        request={"game": "dice", "op": "probability", "expr": "$expr", "at_least": "$at_least",
                 "crit_fail": "$crit_fail", **ROLL_REQUEST},
        roll={"game": "dice", "op": "roll_plan", "expr": "$expr", "crit_fail": "$crit_fail",
              **ROLL_REQUEST},
        view="probability",
    ),
    Calculator(
        id="evilrobots-allegiance",
        game="evilrobots",
        title="Starting allegiance",
        summary="The chance that a player starts the round Good, Evil or Neutral, from the "
                "coin rule in the data: flip a fair coin twice; two heads is Good, two tails "
                "Evil, one of each Neutral.",
        fields=(Field("rule", "Coin rule", "select", "coin-flips",
                      options=(("coin-flips", "Two coin flips"),)),),
        request={"game": "evilrobots", "op": "allegiance_odds", "rule": "$rule"},
        view="odds",
        extra={"key": "odds"},
    ),
    Calculator(
        id="quikwars-roll",
        game="dice",
        title="QuikWars roll",
        summary="QuikWars uses six-sided dice only, and every 6 adds another die to the roll, "
                "for as long as sixes keep coming. Here is the exact distribution of any "
                "number of them.",
        fields=(Field("expr", "Roll", "text", "2d6", help="e.g. 1d6, 3d6+1"),
                Field("depth", "Extra dice per die, at most", "number", 8, low=0, high=MAX_DEPTH,
                      help="longer chains are cut; the answer says how much that touches")),
        request={"game": "dice", "op": "distribution", "expr": "$expr", "rules": "quikwars",
                 "depth": "$depth"},
        roll={"game": "dice", "op": "roll_plan", "expr": "$expr", "rules": "quikwars"},
        view="distribution",
        extra={"axis": "Total"},
    ),
    Calculator(
        id="buttonmen-odds",
        game="buttonmen",
        title="Who goes first, and what can capture",
        summary="Two recipes (or button names) and their swing sizes give the exact chance "
                "that each player goes first (Trip, Stinger, Slow, Rage and Warrior dice do "
                "not count), and for each pair of dice the chance that, after the opening "
                "roll, one can capture the other.",
        fields=(Field("my_recipe", "My recipe", "text", "s(X) t(4) (6) (10) (20)",
                      help="a recipe, or a button's name (suggested as you type)",
                      options_from=("buttonmen.button",)),
                Field("my_swing", "My swing sizes", "swing", {"X": 8}),
                Field("my_options", "My option dice's sizes", "sizes", None, optional=True,
                      help="in recipe order, e.g. 4, 20 for (4/12) (6/20)"),
                Field("my_plasma", "My plasma dice's skills", "choices", None, optional=True,
                      help="one choice per plasma die, in recipe order: the letters of the "
                           "skills it takes, e.g. z, sp for {z,f}(6) {sp,B}(8)"),
                Field("their_recipe", "Their recipe", "text", "(4) (8) (10) (12) (12)",
                      help="a recipe, or a button's name", options_from=("buttonmen.button",)),
                Field("their_swing", "Their swing sizes", "swing", {}),
                Field("their_options", "Their option dice's sizes", "sizes", None,
                      optional=True, help="in recipe order"),
                Field("their_plasma", "Their plasma dice's skills", "choices", None,
                      optional=True, help="in recipe order, e.g. z, sp")),
        request={"game": "buttonmen", "op": "odds",
                 "players": [{"recipe": "$my_recipe", "swing": "$my_swing",
                              "options": "$my_options", "plasma": "$my_plasma"},
                             {"recipe": "$their_recipe", "swing": "$their_swing",
                              "options": "$their_options", "plasma": "$their_plasma"}]},
        view="bm_odds",
        # "Roll it": both buttons' opening rolls at the sizes in the form
        roll={"buttons": [{"label": "My button", "recipe": "$my_recipe", "swing": "$my_swing",
                           "options": "$my_options"},
                          {"label": "Their button", "recipe": "$their_recipe",
                           "swing": "$their_swing", "options": "$their_options"}]},
        # the answer's plain-words reasons (a button skill deciding who goes first, dice
        # sitting out, a copied recipe) and the capture table the other way round
        extra={"why": "why", "reverse_table": "their_table"},
        notes="A **plasma die** lists sets of skills in braces, and its player picks one set "
              "before the round, as an option die's size is picked: `{z,f}(6)` plays as a "
              "Speed d6 or a Fire d6, `p{hs,H}(12)` as Poison with Weak and Shadow, or Poison "
              "with Mighty. Give one set per plasma die, in recipe order, as its letters: for "
              "Zeno's `{h,H}(6) {h,H}(8) {h,H}(4,4)`, `h, H, h`. A button's page opens this "
              "calculator with each plasma die's first set, which you can change here. Button "
              "Men Online has no plasma dice (such buttons cannot be played there), so these "
              "odds follow our reading of the rules, not its engine.",
        # an option die's error names the die, "(4/12)": it goes beside the option sizes; a
        # plasma die's choice error ends ".plasma": beside the plasma skills
        errors=((r"^players\[0\]\.dice\[\d+\] .*\.plasma$", "my_plasma"),
                (r"^players\[0\]\.(options|dice\[\d+\] [^ ]*/)", "my_options"),
                (r"^players\[0\]\.(dice|swing)", "my_swing"), (r"^players\[0\]", "my_recipe"),
                (r"^players\[1\]\.dice\[\d+\] .*\.plasma$", "their_plasma"),
                (r"^players\[1\]\.(options|dice\[\d+\] [^ ]*/)", "their_options"),
                (r"^players\[1\]\.(dice|swing)", "their_swing"),
                (r"^players\[1\]", "their_recipe")),
        words=((r"choose its size with 'sides' \(or the player's 'swing'\)",
                "give it a size here"), (r"give 'sides' as", "give its size here,"),
               (r"give 'plasma' as one of", "give its skills here as one of")),
    ),
    Calculator(
        id="buttonmen-matchup",
        game="buttonmen",
        title="Who wins this match-up?",
        summary="Two buttons (or recipes) with their swing sizes, and how each side plays: the "
                "chance that I win, draw or lose a whole round. Exact fractions when the round "
                "is small enough to work out every roll and move; otherwise a seeded "
                "simulation, played in growing batches so its 95 % interval narrows on screen.",
        fields=(Field("my_recipe", "My button or recipe", "text", "(6) (X)",
                      help="a button's name (suggested as you type) or a recipe",
                      options_from=("buttonmen.button",)),
                Field("my_swing", "My swing sizes", "swing", {"X": 12}),
                Field("my_policy", "How I play", "select", None, optional=True,
                      options=MATCHUP_POLICIES,
                      help="the method's own: best play when exact, Maximize when simulated"),
                Field("their_recipe", "Their button or recipe", "text", "(8) (8)",
                      help="a button's name or a recipe", options_from=("buttonmen.button",)),
                Field("their_swing", "Their swing sizes", "swing", {}),
                Field("their_policy", "How they play", "select", None, optional=True,
                      options=MATCHUP_POLICIES),
                Field("method", "Method", "select", "auto",
                      options=(("auto", "exact when it fits, else simulated"),
                               ("exact", "exact only (refused when too big)"),
                               ("simulated", "simulated"))),
                Field("seed", "Seed of the simulation", "number", 1, low=0, high=2**31 - 1,
                      help="the same seed and number of rounds always give the same answer")),
        request={"game": "buttonmen", "op": "matchup",
                 "mine": {"recipe": "$my_recipe", "swing": "$my_swing"},
                 "theirs": {"recipe": "$their_recipe", "swing": "$their_swing"},
                 "method": "$method", "policy": {"mine": "$my_policy", "theirs": "$their_policy"},
                 "seed": "$seed"},
        view="bm_matchup",
        # the page asks a simulated match-up again in batches (first_round, rounds) and adds
        # them up: calculators/matchup-batches.js
        extra={"progressive": "matchup"},
        notes="**Exact** answers have both players play their best for their own chance to "
              "win (a draw counting half); they are fractions, and they are refused, saying "
              "what to shrink, when the round has too many positions (about three d6 a side, "
              "or two d12), when a Trip or Boom attack can capture nothing, or when Chance or "
              "Focus dice make the start a game of its own. **Simulated** answers say how many "
              "rounds were played, with which seed, and a 95 % Wilson interval around each "
              "chance; Stop keeps the rounds played so far. How each policy plays is on "
              "[computer play](../buttonmen/computer-play.md#how-the-computer-plays-policies); "
              "to play a round yourself, see [play a round](../buttonmen/play.md). Every "
              "field of the request is on [Button Men queries]"
              "(../reference/query-buttonmen.md#matchup).",
        errors=((r"^mine$", "method"), (r"^mine\.(dice|swing)", "my_swing"),
                (r"^mine", "my_recipe"), (r"^theirs\.(dice|swing)", "their_swing"),
                (r"^theirs", "their_recipe"), (r"^policy", "my_policy")),
        words=((r"choose its size with 'sides' \(or the player's 'swing'\)",
                "give it a size here"),
               (r", or ask with \"method\": \"simulated\"", ", or choose Simulated")),
    ),
    Calculator(
        id="buttonmen-advise",
        game="buttonmen",
        title="Which attack gives the best chance?",
        summary="A position in a round, with me to move: each side's dice with what they show, "
                "and the dice each has captured. Every legal attack (and Pass, when it is "
                "allowed) with its chance to win the round, best first: exact when the rest of "
                "the round is small enough, both players then playing their best; else from "
                "seeded playouts, with 95 % intervals.",
        fields=(Field("my_dice", "My dice in play", "dice",
                      [{"recipe": "(6)", "value": 3}, {"recipe": "(4)", "value": 1}],
                      help="each die with what it shows, e.g. (6)=3 s(10)=7 (X=12)=5"),
                Field("my_captured", "Dice I have captured", "dice", [],
                      help="their sizes count for my score, e.g. (8) (X=10)"),
                Field("their_dice", "Their dice in play", "dice",
                      [{"recipe": "(8)", "value": 3}, {"recipe": "(2)", "value": 1}]),
                Field("their_captured", "Dice they have captured", "dice",
                      [{"recipe": "(6)"}]),
                Field("method", "Method", "select", "auto",
                      options=(("auto", "exact when it fits, else playouts"),
                               ("exact", "exact only (refused when too big)"),
                               ("simulated", "playouts"))),
                Field("seed", "Seed of the playouts", "number", 1, low=0, high=2**31 - 1)),
        request={"game": "buttonmen", "op": "advise",
                 "mine": {"dice": "$my_dice", "captured": "$my_captured"},
                 "theirs": {"dice": "$their_dice", "captured": "$their_captured"},
                 "method": "$method", "seed": "$seed"},
        view="bm_advise",
        notes="A chance to win counts a draw as half a win. Playouts play the rest of the "
              "round with both sides using Maximize, for about 1.5 s of the engine's time; "
              "the same seed gives the same answer on the same machine speed only, so "
              "exact answers are the ones to quote. Every field of the request is on "
              "[Button Men queries](../reference/query-buttonmen.md#advise); to play a whole "
              "round with the engine's advice beside each move, see "
              "[play a round](../buttonmen/play.md).",
        errors=((r"^mine\.captured", "my_captured"), (r"^mine", "my_dice"),
                (r"^theirs\.captured", "their_captured"), (r"^theirs", "their_dice"),
                (r"^rounds", "seed")),
        words=((r", or ask with \"method\": \"simulated\"", ", or choose playouts"),),
    ),
    Calculator(
        id="buttonmen-trip",
        game="buttonmen",
        title="Trip attack",
        summary="A Trip attack rolls the Trip die and its target; the target is captured when "
                "the Trip die shows at least as much. The exact chance, or why the attack is "
                "not allowed.",
        fields=(Field("attacker", "Trip die", "text", "t(6)"),
                Field("defender", "Target die", "text", "(4,4)")),
        request={"game": "buttonmen", "op": "attack", "type": "trip",
                 "attackers": [{"recipe": "$attacker"}], "defenders": [{"recipe": "$defender"}]},
        view="attack",
    ),
    Calculator(
        id="friend-computer",
        game="buttonmen",
        title="Friend Computer builder",
        summary="Every Friend Computer recipe its rules allow against an opponent's recipe: an "
                "option die of its own size or 20 for each opposing swing, option or twin die, "
                "a printed skill for each other skill die, at most two of each.",
        fields=(Field("opponent", "Opponent's recipe", "text", "s(U) z(U) %(U) n(U) g(U) t(U)",
                      help="a recipe, or a button's name (suggested as you type)",
                      options_from=("buttonmen.button",)),),
        request={"game": "buttonmen", "op": "friend_computer", "opponent": "$opponent"},
        view="friend_computer",
    ),
    Calculator(
        id="evilrobots-round-odds",
        game="evilrobots",
        title="Which team will win this round?",
        summary="Enter what you know at the table: a player's power, team, both or neither. "
                "Everything unknown is random (power cards from the cards not shown, teams "
                "from the coin rule), and the answer is each team's exact chance to win.",
        fields=(Field("players", "Players", "rows",
                      [{"power": 7, "team": "Good"}, {"team": "Evil"}, {}, {}], low=3, high=9,
                      columns=(Column("power", "Power", "select", POWERS, numeric=True),
                               Column("team", "Team", "select", TEAMS))),),
        request={"game": "evilrobots", "op": "round_odds", "players": "$players"},
        view="odds",
        extra={"key": "odds"},
    ),
    Calculator(
        id="evilrobots-score",
        game="evilrobots",
        title="Round scorer",
        summary="Who won the round and who scores: team totals with every robot's effect "
                "(PlusBot, NegativeBot, BadBot, BetBot, MiseryBot, ScaredyBot), the winners' "
                "pool and each robot's bonus points. For a whole game, round after round, "
                "use the table screen (Evil Robots, Table screen).",
        fields=(Field("points", "Points card", "number", 6, low=1, high=9),
                Field("players", "Players", "rows",
                      [{"name": "Ann", "power": 4, "team": "Good", "robot": "plusbot"},
                       {"name": "Bo", "power": 9, "team": "Evil", "negated": True},
                       {"name": "Cy", "power": 2, "team": "Evil", "robot": "miserybot"}],
                      low=3, high=9,
                      columns=(Column("name", "Name", "text"),
                               Column("power", "Power", "select", POWERS[1:], numeric=True),
                               Column("team", "Team", "select", TEAMS[1:]),
                               Column("robot", "Robot", "select", options_from="evilrobots.bot"),
                               Column("negated", "NegativeBot picked", "checkbox"),
                               Column("revealed_more", "Showed more than power", "checkbox"))),),
        request={"game": "evilrobots", "op": "score_round", "points": "$points",
                 "players": "$players"},
        view="er_score",
    ),
    Calculator(
        id="buttonmen-recipe",
        game="buttonmen",
        title="Recipe reader",
        summary="Type a Button Men recipe to see each die: its kind, its size or swing letter, "
                "and its skill letters. A recipe that does not parse is answered with the column "
                "where it goes wrong.",
        fields=(Field("recipe", "Recipe", "text", "s(U) z(U) %(U) n(U) g(U) t(U)",
                      help="e.g. (4) (8) (10/20) t(X) (6,6), or a button's name",
                      options_from=("buttonmen.button",)),),
        request={"game": "buttonmen", "op": "parse", "recipe": "$recipe"},
        view="table",
        extra={"key": "dice", "columns": ["text", "kind", "sides", "swing", "options", "twin",
                                          "skills"]},
    ),
)
