"""Query operations for Button Men (see the query reference page)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from difflib import get_close_matches
from fractions import Fraction
from typing import Any

from ..exact import fraction_text
from ..query import QueryError, Request, op
from ..budget import refuse_over
from ..records import Button, ButtonMenData, Skill
from .attacks import TYPES, judge, opening_odds, skill_sums, trip_odds
from .dice import Die, die_from_spec, read_die, swing_ranges, unmodelled
from .flow import match_winner, round_state
from .friend_computer import more_fun_row, variants
from .initiative import chance_odds, counting, first_player_odds, leader
from .legal import Board, illegal
from .menus import check_listing, every_attack, menu
from .opening import MAX_DICE, capture_odds
from .options import read_rules
from .recipe import RecipeError, check_recipe
from .scoring import round_score, sides
from .skills import ECHO_DEFAULT, FACTS, ButtonSkill, button_skill
from .validate import die_refusal, problems


@op("buttonmen", "skills", "The die skills and die types, from the data.")
def _skills(req: Request, data: ButtonMenData) -> dict:
    skills = data["skills"]
    wanted = req.string_list("ids", [s["id"] for s in skills])
    known = {s["id"]: s for s in skills}
    missing = [i for i in wanted if i not in known]
    if missing:
        raise QueryError(f"unknown skill id '{missing[0]}'; known: {', '.join(known)}", "ids")
    return {"skills": [_public(known[i]) for i in wanted]}


def _public(skill: Skill) -> dict:
    """A skill as the engine reports it: short rules from the data, and what it changes in
    play from the engine's own declaration (skills.FACTS), no provenance."""
    out = {k: v for k, v in skill.items() if k != "source"}
    facts = FACTS.get(skill.get("letter") or "")
    if facts and skill.get("category") == "skill":
        out |= {"adds_attacks": list(facts.adds_attacks),
                "removes_attacks": list(facts.removes_attacks),
                "initiative": facts.initiative, "scoring": facts.scoring,
                "changes": list(facts.changes)}
    return out


@op("buttonmen", "parse", "Split a recipe (or a button's, against an opponent's) into "
                          "dice: kind, size or swing range, skills.")
def _parse(req: Request, data: ButtonMenData) -> dict:
    if req.get("opponent") is not None:
        if req.get("button") is None or req.get("recipe") is not None:
            raise QueryError("'opponent' names the other button for a 'button' (Echo and Zero "
                             "copy its recipe): give 'button', not 'recipe'", "opponent")
        recipe, field = _played_recipe(req, data)
    else:
        recipe, field = _recipe(req, data, "recipe")
    specs = _checked(recipe, field, data) if recipe.strip() else []  # BMO: no dice is a button
    ranges = swing_ranges(data)
    names = {s["letter"]: s["id"] for s in data.get("skills", []) if s.get("letter")}
    dice = []
    for spec in specs:
        die = spec.to_json()
        for part in [die] + die.get("twin", []):
            if "swing" in part:
                part["range"] = list(ranges[part["swing"]])
        die["skill_ids"] = [names[c] for c in spec.skills]
        dice.append(die)
    out: dict = {"recipe": recipe, "dice": dice}
    if field == "button":
        out |= _button_note(req.string("button"), data)
    return out


def _played_recipe(req: Request, data: ButtonMenData) -> tuple[str, str]:
    """The recipe a button plays against `opponent` (a button's id or name): Echo and Zero
    copy the opponent's (BMBtnSkillEcho), Bruno and Pappy add a die against each other."""
    mine = _button(req.get("button"), data, "button")
    theirs = _button(req.get("opponent"), data, "opponent")
    skills = [button_skill(mine["name"]), button_skill(theirs["name"])]
    effects = [s.effect if s else None for s in skills]
    if effects[0] == "echo":
        return (ECHO_DEFAULT if effects[1] == "echo" else theirs["recipe"]), "button"
    names = [s.name if s else None for s in skills]
    if set(names) == {"Bruno", "Pappy"}:  # BMBtnSkillBruno / BMBtnSkillPappy
        return mine["recipe"] + (" (X)" if names[0] == "Bruno" else " B(X)"), "button"
    return mine["recipe"], "button"


@op("buttonmen", "validate", "Check a recipe against Button Men Online's limits for custom "
                             "buttons (11 dice, 200 sides, Auxiliary last, Turbo combinations).")
def _validate(req: Request, data: ButtonMenData) -> dict:
    recipe, field = _recipe(req, data, "recipe")
    letters = {s["letter"] for s in data.get("skills", []) if s.get("letter")}
    if not recipe.strip():
        return {"recipe": recipe, "valid": True, "problems": [], "dice": 0}
    try:
        specs = check_recipe(recipe, letters, swing_ranges(data))
    except RecipeError as exc:
        return {"recipe": recipe, "valid": False, "problems": [str(exc)]}
    found = problems(recipe, specs, swing_ranges(data))
    return {"recipe": recipe, "valid": not found, "problems": found,
            "dice": len(specs)}


def _button_note(button_id: str, data: ButtonMenData) -> dict:
    skill = button_skill(_button(button_id, data, "button")["name"])
    return {"button_skill": {"name": skill.name, "rule": skill.rule}} if skill else {}


def _recipe(req: Request, data: ButtonMenData, field: str) -> tuple[str, str]:
    """A recipe given as text, or as {"button": id or name} taken from the data; a button's
    name typed where the recipe goes ("Aysez": text without a die's parentheses) is that
    button's recipe, as in every op that takes a recipe."""
    if req.get("button") is not None and req.get(field) is None:
        return _button_recipe(req.string("button"), data, "button"), "button"
    text = req.string(field)
    if text.strip() and "(" not in text:
        return _button_recipe(text, data, field), field
    return text, field


def _button(button_id: Any, data: ButtonMenData, field: str) -> Button:
    """A button by its id ("aysez") or its name, any case ("Aysez")."""
    buttons = {b["id"]: b for b in data.get("buttons", [])}
    if isinstance(button_id, str) and button_id in buttons:
        return buttons[button_id]
    if isinstance(button_id, str):
        by_name = {b["name"].casefold(): b for b in data.get("buttons", [])}
        if button_id.strip().casefold() in by_name:
            return by_name[button_id.strip().casefold()]
    names = [b["name"] for b in data.get("buttons", [])]
    close = get_close_matches(str(button_id).strip(), names, n=1, cutoff=0.75)
    hint = f"did you mean {close[0]}?" if close else ("ids are lower-case names joined by "
                                                       "'-', e.g. 'aysez'")
    raise QueryError(f"no button has the id or name {button_id!r}, and a recipe is dice in "
                     f"parentheses such as (4) (8) (12) ({hint})", field)


def _button_recipe(button_id: Any, data: ButtonMenData, field: str) -> str:
    return _button(button_id, data, field)["recipe"]


def _checked(recipe: str, field: str, data: ButtonMenData):
    letters = {s["letter"] for s in data.get("skills", []) if s.get("letter")}
    try:
        specs = check_recipe(recipe, letters, swing_ranges(data))
    except RecipeError as exc:
        raise QueryError(f"{field}: {exc}", field) from None
    for spec in specs:
        why = die_refusal(spec)
        if why:
            raise QueryError(f"{field}: column {spec.column}: {why} ({spec.text})", field)
    return specs


def _dice(req: Request, name: str, data: ButtonMenData, need_value: bool,
          prefix: str = "") -> list[Die]:
    field = prefix + name
    items = req.get(name)
    if not isinstance(items, list):
        raise QueryError(f"'{field}' must be a list of dice such as "
                         '[{"recipe": "(6)", "value": 4}]', field)
    ranges = swing_ranges(data)
    return [read_die(obj, f"{field}[{i}]", ranges, need_value) for i, obj in enumerate(items)]


def _mine_and_theirs(req: Request, data: ButtonMenData,
                     need_value: bool) -> tuple[list[Die], list[Die]]:
    """The position of the positional ops: the player's own dice (`mine`) and the other's."""
    return _dice(req, "mine", data, need_value), _dice(req, "theirs", data, need_value)


PASSING = ("pass", "surrender")
ROUND_LIMIT = 200  # BMO cancels a game whose 200th round ends without a match winner


@op("buttonmen", "attack", "Is one attack legal; its exact chance to capture; the board after.")
def _attack(req: Request, data: ButtonMenData) -> dict:
    kind = req.string("type")
    if kind not in TYPES + PASSING:
        raise QueryError(f"'type' must be one of {', '.join(TYPES + PASSING)}; got '{kind}'",
                         "type")
    rules = read_rules(req)
    if kind in PASSING:
        return _pass(req, kind)
    attackers = _dice(req, "attackers", data, need_value=kind != "trip")
    defenders = _dice(req, "defenders", data, need_value=kind != "trip")
    helpers = _dice(req, "others", data, need_value=True) if req.has("others") else []
    board = _board(req, data, helpers)
    attack = judge(kind, attackers, defenders, rules, board)
    out: dict = {"type": kind, "valid": attack.valid}
    if not attack.valid:
        out["reason"] = attack.reason
    out["p_capture"] = fraction_text(attack.p_capture)
    if attack.valid:
        out["after"] = attack.after
    if kind == "skill" and all(d.value is not None for d in attackers):
        out["skill_totals"] = sorted(skill_sums(attackers))
    return out | _first_turn_note(req) | _notes(attackers + defenders + helpers)


def _pass(req: Request, kind: str) -> dict:
    """Passing and surrendering use no dice (BMAttackPass, BMAttackSurrender)."""
    given = [name for name in ("attackers", "defenders") if req.get(name)]
    if given:
        return {"type": kind, "valid": False, "p_capture": "0",
                "reason": f"{kind} uses no dice: leave '{given[0]}' empty"}
    if kind == "surrender":
        return {"type": kind, "valid": True, "p_capture": "0",
                "after": {"round_over": True, "round_winner": "theirs"}}
    return {"type": kind, "valid": True, "p_capture": "0",
            "after": {"note": "two passes in a row end the round"}}


def _board(req: Request, data: ButtonMenData, helpers: list[Die]) -> Board:
    """The attacking player's other dice and both players' buttons (for button skills)."""
    skills = []
    for name in ("my_button", "their_button"):
        given = req.get(name)
        skills.append(button_skill(_button(given, data, name)["name"]) if given else None)
    req.boolean("first_turn", False)  # accepted and ignored: see FIRST_TURN_NOTE
    return Board(tuple(helpers), skills[0], skills[1])


# BMGame::do_next_step_commit_attack raises the turn number before it commits any attack
# (BMGame.php:1860), so BMSkillMighty::pre_roll's "rolled into the round" case (turn 1,
# BMSkillMighty.php:36) never applies to a die rolled by an attack: the first attack of a
# round plays as any other. The flag stays accepted so older requests keep working.
FIRST_TURN_NOTE = ("first_turn changes nothing: Button Men Online counts an attack as turn 2 "
                   "or later before committing it (BMGame.php:1860), so Mighty and Weak fire "
                   "on the round's first attack as on any other")


def _first_turn_note(req: Request) -> dict:
    return {"notes": [FIRST_TURN_NOTE]} if req.get("first_turn") is True else {}


def _notes(dice: list[Die], buttons: tuple[str, ...] = (), rolls: bool = True) -> dict:
    """`not_modelled` and a plain warning when the answer rests on something not played.

    Letters the engine does not play (those BMO does not implement either) are treated
    as plain dice: the numbers may then be wrong.
    """
    letters = unmodelled(dice, rolls) + [f"button skill {b}" for b in buttons if b]
    if not letters:
        return {}
    return {"not_modelled": letters,
            "warning": "not played exactly here: " + "; ".join(letters) + " (a letter listed is "
                       "treated as absent), so the numbers may be wrong"}


@op("buttonmen", "attacks", "Button Men Online's attack menu for a position, and every legal "
                            "attack with its chance to capture.")
def _attacks(req: Request, data: ButtonMenData) -> dict:
    rules = read_rules(req)
    mine, theirs = _mine_and_theirs(req, data, need_value=True)
    board = _board(req, data, [])
    refuse_over(len(mine) * len(theirs) * 50, "this attack search",
                "give fewer dice", "mine")
    listing = req.boolean("list", True)
    if listing:
        check_listing(mine, theirs, board)  # refuse a huge listing before any other work
    types, may_pass = menu(mine, theirs, board)
    out: dict = {"types": types + (["pass"] if may_pass else []), "must_pass": not types,
                 "may_pass": may_pass}
    if listing:
        found = every_attack(mine, theirs, rules, board)
        out["attacks"] = [{"type": a.type, "mine": list(m), "theirs": list(t),
                           "p_capture": fraction_text(a.p_capture)} for a, m, t in found]
    return out | _notes(mine + theirs)


@op("buttonmen", "initiative", "The exact chance each player goes first, and of a full tie.")
def _initiative(req: Request, data: ButtonMenData) -> dict:
    rules = read_rules(req)
    players = _players(req, data)
    return _first(players, rules)


def _first(players: list["Player"], rules) -> dict:
    """Who goes first after the opening roll (BMGame::does_player_have_initiative_array).

    A slow button (Giant) never goes first: its list of values is empty, so the other
    player wins at the first position; two slow buttons tie.
    """
    dice = [counting(p.dice) for p in players]
    slow = [bool(p.skill and p.skill.effect == "slow") for p in players]
    if any(slow):
        wins = [Fraction(0 if s else 1) for s in slow] if not all(slow) else [Fraction(0)] * 2
        tie = Fraction(1) if all(slow) else Fraction(0)
    else:
        wins, tie = first_player_odds(dice)
    if rules.initiative_tie == "random":  # BMO picks a player at random after a full tie
        wins, tie = [w + tie / 2 for w in wins], tie * 0
    out: dict = {"first": [fraction_text(w) for w in wins], "tie": fraction_text(tie),
                 "counting_dice": [len(d) for d in dice]}
    out |= players_notes(players)
    why = _why_first(players, dice, slow)
    if why:
        out["why"] = why
    return out | _notes(players[0].dice + players[1].dice)


WHO = ("I", "they")


def _why_first(players: list["Player"], dice: list[list[Die]], slow: list[bool]) -> list[str]:
    """Plain sentences saying why a chance of going first is what it is, where the dice
    alone do not show it: a button skill, no counting dice, dice left out, a copied recipe."""
    out = []
    for i, p in enumerate(players):
        who = WHO[i]
        if slow[i] and p.skill is not None:
            out.append(f"{who.capitalize()} never go first: {p.title}'s button skill "
                       "loses the initiative whatever the dice show"
                       + (" (both buttons have it: a full tie)" if all(slow) else ""))
        elif p.skill is not None and p.skill.effect == "echo":
            out.append(f"{p.title} {p.skill.rule}: {WHO[i]} play "
                       f"{' '.join(d.label() for d in p.dice) or 'no dice'}")
        if not dice[i] and not slow[i]:
            out.append(f"{who.capitalize()} have no dice that count for going first (Trip, "
                       "Stinger, Slow, Rage and Warrior dice do not; Reserve dice and unused "
                       "Auxiliary dice are not in play)")
        if p.left_out:
            verb = "sits" if len(p.left_out) == 1 else "sit"
            out.append(f"{('My', 'Their')[i]} {', '.join(p.left_out)} {verb} out the round "
                       "(Reserve dice, and Auxiliary dice unless both players use them)")
    return out


@op("buttonmen", "chance", "After the opening roll: the exact chance that re-rolling each "
                           "Chance die puts the player behind first.")
def _chance(req: Request, data: ButtonMenData) -> dict:
    mine, theirs = _mine_and_theirs(req, data, need_value=True)
    first = leader(mine, theirs)
    who = {0: "mine", 1: "theirs", None: "tie"}[first]
    out: dict = {"first": who, "rerolls": []}
    if first == 0:
        # BMGame::do_next_step_react_to_initiative asks only the players without the
        # initiative: the player already going first has no re-roll to make
        if any(d.has("c") for d in mine):
            out["why"] = ["I already go first: only the player without the initiative may "
                          "re-roll a Chance die (Button Men Online, BMGame.php:1126)"]
    else:
        # each Chance die's faces, each against every die (bench/op_budgets.py: 256 Chance
        # dice of about 30 sides among 1,283 took 3.6 s)
        refuse_over(sum(d.size + 1 for d in mine if d.has("c")) * (len(mine) + len(theirs))
                    * 0.5, "this set of Chance re-rolls", "give fewer dice", "mine")
        out["rerolls"] = [{"die": i, "p_first": fraction_text(p)}
                          for i, p in chance_odds(mine, theirs)]
        if first is None and out["rerolls"]:
            out["why"] = ["a full tie: Button Men Online picks who goes first at random, and "
                          "the re-rolls are mine only if it picks them"]
    focus = [i for i, d in enumerate(mine) if d.has("f")]
    if focus and first != 0:
        # BMSkillFocus::react_to_initiative: with every Focus die turned down to its lowest
        # number, would I alone go first? (then some turn-down takes the initiative)
        lowest = [replace(d, value=d.low) if d.has("f") else d for d in mine]
        out["focus"] = {"dice": focus, "can_take_initiative": leader(lowest, theirs) == 0}
    return out | _notes(mine + theirs)


@op("buttonmen", "captures", "Right after the opening roll: the exact chance that my best "
                             "attack captures each of their dice, and all of them at once.")
def _captures(req: Request, data: ButtonMenData) -> dict:
    rules = read_rules(req)
    mine, theirs = _mine_and_theirs(req, data, need_value=False)
    for name, dice in (("mine", mine), ("theirs", theirs)):
        if not 1 <= len(dice) <= MAX_DICE:
            raise QueryError(f"'{name}' must list 1 to {MAX_DICE} dice", name)
        for i, die in enumerate(dice):
            if die.value is not None:  # every die rolls here: a value would be ignored
                raise QueryError(f"{name}[{i}]: every die rolls here, so leave out 'value' "
                                 "(the attacks op takes a position with values)",
                                 f"{name}[{i}].value")
    board = _board(req, data, [])
    each, every = capture_odds(mine, theirs, rules, board)
    return {"capture": [fraction_text(p) for p in each], "capture_all": fraction_text(every),
            "dice": [[d.label() for d in mine], [d.label() for d in theirs]]} | _notes(
                mine + theirs)


def players_notes(players: list["Player"]) -> dict:
    """What an answer about two players says of them: dice left out of the round (Reserve,
    Auxiliary) and each button skill with its rule."""
    out: dict = {}
    left = [p.left_out for p in players]
    if any(left):
        out["left_out"] = left
    # (where BMO plays it: `source`; `why` says it in plain words, for players)
    notes = [{"player": i, "button_skill": p.skill.name, "rule": p.skill.rule,
              "source": p.skill.source} for i, p in enumerate(players) if p.skill]
    if notes:
        out["button_skills"] = notes
    return out


@dataclass
class Player:
    dice: list[Die]  # in play at the start of the round
    skill: ButtonSkill | None
    left_out: list[str]  # Reserve dice, and Auxiliary dice unless both players use them
    title: str = ""  # the button's name, when the player is given as a button


def _players(req: Request, data: ButtonMenData) -> list[Player]:
    subs = req.children("players")
    if len(subs) != 2:
        raise QueryError("'players' must list two players, e.g. [{\"recipe\": \"(4) (8)\"}, "
                         "{\"button\": \"aysez\", \"swing\": {\"U\": 12}}]", "players")
    return pair(subs[0], subs[1], data, req.boolean("auxiliary", False))


def pair(first: Request, second: Request, data: ButtonMenData, auxiliary: bool) -> list[Player]:
    """Two players facing each other, each read from its own part of the request (a recipe or
    a button, with swing, option and plasma choices); buttons that change the other's recipe
    or their own (Echo and Zero, Bruno and Pappy) see each other here."""
    subs = [first, second]
    skills = [_skill_of(sub, data) for sub in subs]
    names = [s.name if s else None for s in skills]
    extra = ["", ""]
    if set(names) == {"Bruno", "Pappy"}:  # BMBtnSkillBruno / BMBtnSkillPappy
        extra = [" (X)" if n == "Bruno" else " B(X)" for n in names]
    recipes: list[str | None] = [None, None]
    for i, skill in enumerate(skills):  # BMBtnSkillEcho (and Zero, its subclass)
        if skill is None or skill.effect != "echo":
            continue
        other = skills[1 - i]
        if other is not None and other.effect == "echo":
            recipes[i] = ECHO_DEFAULT  # neither has a recipe to copy: BMO's fixed one
            continue
        copied = recipes[i] = _recipe_of(subs[1 - i], data)
        if not copied.strip() and other is not None and other.effect == "random-recipe":
            raise QueryError(f"{subs[i].path}: {skill.name} copies {other.name}'s recipe, which "
                             "Button Men Online deals at random for each game: draw one with "
                             f'{{"op": "random_recipe", "button": "{other.name}"}} and give '
                             f"it as {subs[1 - i].path}.recipe", subs[1 - i].path)
    return [_player(sub, data, auxiliary, extra[i], recipes[i]) for i, sub in enumerate(subs)]


def _skill_of(sub: Request, data: ButtonMenData) -> ButtonSkill | None:
    given, where = sub.get("button"), f"{sub.path}.button"
    named = sub.get("recipe")
    if isinstance(named, str) and named.strip() and "(" not in named:
        given, where = named, f"{sub.path}.recipe"
    elif given is None or named is not None:
        return None
    return button_skill(_button(given, data, where)["name"])


def _recipe_of(sub: Request, data: ButtonMenData) -> str:
    named = sub.get("recipe")
    if isinstance(named, str) and named.strip() and "(" not in named:
        return _button(named, data, f"{sub.path}.recipe")["recipe"]
    if sub.get("button") is not None and sub.get("recipe") is None:
        return _button(sub.get("button"), data, f"{sub.path}.button")["recipe"]
    return sub.string("recipe")


def _player(sub: Request, data: ButtonMenData, auxiliary: bool, extra: str = "",
            echo: str | None = None) -> Player:
    """A player's dice at the start of a round: recipe + swing, option and plasma choices.

    Reserve dice wait outside the round (BMO brings one in only after a lost round);
    Auxiliary dice play only when both players choose them (`auxiliary`).
    """
    field = sub.path
    skill, title = None, ""
    named = sub.get("recipe")
    if isinstance(named, str) and named.strip() and "(" not in named:
        # a button's name (or id) typed where a recipe goes: the calculators and the CLI
        button = _button(named, data, f"{field}.recipe")
        recipe, where = button["recipe"], f"{field}.recipe"
        skill, title = button_skill(button["name"]), button["name"]
    elif sub.get("button") is not None and sub.get("recipe") is None:
        button = _button(sub.get("button"), data, f"{field}.button")
        recipe, where = button["recipe"], f"{field}.button"
        skill, title = button_skill(button["name"]), button["name"]
    elif isinstance(sub.get("recipe"), str):
        recipe, where = sub.string("recipe"), f"{field}.recipe"
    else:
        raise QueryError(f"{field} needs a 'recipe' (text) or a 'button' (id or name)", field)
    if echo is not None:
        recipe = echo
    if skill is not None and skill.effect == "random-recipe" and not recipe.strip():
        raise QueryError(f"{where}: {title} has no recipe of its own: {skill.rule}. Draw one "
                         f'with {{"op": "random_recipe", "button": "{title}"}} and give it as '
                         "the recipe", where)
    specs = _checked(recipe + extra, where, data)
    swing = sub.get("swing", {})
    if not isinstance(swing, dict) or not all(isinstance(v, int) and not isinstance(v, bool)
                                              for v in swing.values()):
        raise QueryError(f"{field}.swing must map swing letters to sizes, e.g. {{\"X\": 10}}",
                         f"{field}.swing")
    options, plasma = sub.get("options", []), sub.get("plasma", [])
    if not isinstance(options, list) or not isinstance(plasma, list):
        raise QueryError(f"{field}.options and .plasma must be lists", field)
    choices = {"option": list(options), "plasma": list(plasma)}
    ranges = swing_ranges(data)
    dice, left = [], []
    for i, spec in enumerate(specs):
        sides = choices["option"].pop(0) if spec.kind == "option" and choices["option"] else None
        chosen = choices["plasma"].pop(0) if spec.plasma and choices["plasma"] else None
        if "r" in spec.skills or ("+" in spec.skills and not auxiliary):
            left.append(spec.text)
            continue
        dice.append(die_from_spec(spec, f"{field}.dice[{i}] {spec.text}", ranges, sides,
                                  chosen, swing))
    if skill is not None and skill.effect == "unique-swing":
        _unique_sizes(title, skill, specs, swing, field)
    return Player(dice, skill, left, title)


def _both(letters: list[str]) -> str:
    """"V and W both take" / "V, W and X all take"."""
    if len(letters) == 2:
        return f"{letters[0]} and {letters[1]} both take"
    return f"{', '.join(letters[:-1])} and {letters[-1]} all take"


def _unique_sizes(title: str, skill: ButtonSkill, specs, swing: dict, field: str) -> None:
    """BMBtnSkillUniqueSwing (Gordo, Guillermo, Oregon): the swing letters take different
    sizes, or BMGame::set_swing_values refuses the choice (BMGame.php:951). (Gordo's class
    also refuses a die of another kind at a swing letter's size; its recipe has none.)"""
    letters = sorted({x for spec in specs for x in spec.swing_letters()})
    by_size: dict[int, list[str]] = {}
    for letter in letters:
        if isinstance(swing.get(letter), int):
            by_size.setdefault(swing[letter], []).append(letter)
    for size, same in sorted(by_size.items()):
        if len(same) > 1:
            raise QueryError(f"{field}.swing: {title}'s swing letters must each take a "
                             f"different size (Button Men Online refuses equal sizes, "
                             f"{skill.source}): {_both(same)} {size}",
                             f"{field}.swing")


@op("buttonmen", "odds", "Before a round: who goes first, and each of my dice's chance to "
                         "capture each of theirs.")
def _odds(req: Request, data: ButtonMenData) -> dict:
    rules = read_rules(req)
    players = _players(req, data)
    mine, theirs = players[0].dice, players[1].dice
    refuse_over(sum(a.size * b.size for a in mine for b in theirs) * 40,
                "this table of capture odds both ways", "give fewer or smaller dice", "players")
    first = _first(players, rules)
    skills = [p.skill for p in players]
    table = _capture_table(mine, theirs, Board((), skills[0], skills[1]), "mine", "theirs")
    # the same question the other way round: each of their dice against each of mine
    their_table = _capture_table(theirs, mine, Board((), skills[1], skills[0]), "theirs", "mine")
    why = first.pop("why", []) + _why_captures(players)
    return first | {"dice": [[d.label() for d in mine], [d.label() for d in theirs]],
                    "table": table, "their_table": their_table} | ({"why": why} if why else {})


def _capture_table(attackers: list[Die], targets: list[Die], board: Board, by: str,
                   of: str) -> list[dict]:
    """For each attacking die and target: the chance it can capture right after the opening
    roll, and a Trip die's chance by a Trip attack."""
    table = []
    for i, a in enumerate(attackers):
        for j, b in enumerate(targets):
            row = {by: i, of: j, "capture": fraction_text(opening_odds(a, b, board))}
            if a.has("t"):
                row["trip"] = fraction_text(_opening_trip(a, b))
            table.append(row)
    return table


def _why_captures(players: list[Player]) -> list[str]:
    """The button skills that change the capture tables, in words."""
    out = []
    for i, p in enumerate(players):
        skill = p.skill
        if skill is None:
            continue
        if skill.effect == "no-skill-attacks":
            out.append(f"{p.title} cannot make Skill attacks: "
                       f"{('my', 'their')[i]} dice capture only by Power, Shadow, Speed, "
                       "Berserk or Trip attacks")
        elif skill.effect == "skill-immune":
            out.append(f"{p.title}'s dice cannot be the target of Skill attacks: "
                       f"{('their', 'my')[i]} dice capture "
                       f"{('mine', 'theirs')[i]} only by other attacks")
    return out


def _opening_trip(a: Die, b: Die) -> Fraction:
    """A Trip attack's chance right after the opening roll. A Konstant die (either side)
    keeps its opening number for the trip, so its opening roll is averaged over."""
    from .resize import roll_dist
    if not (a.has("k") or b.has("k")):
        return trip_odds(a, b) if not illegal("trip", [a], [b], Board()) else Fraction(0)
    total = Fraction(0)
    mine = roll_dist(a, False) if a.has("k") else None
    theirs = roll_dist(b, False) if b.has("k") else None
    for x, p in (mine.pmf() if mine else [(None, Fraction(1))]):
        for y, q in (theirs.pmf() if theirs else [(None, Fraction(1))]):
            me, them = replace(a, value=x), replace(b, value=y)
            if not illegal("trip", [me], [them], Board()):
                total += p * q * trip_odds(me, them)
    return total


@op("buttonmen", "score", "Round score of live and captured dice, and sides against the "
                          "other player.")
def _score(req: Request, data: ButtonMenData) -> dict:
    live, caught = _dice(req, "dice", data, False), _dice(req, "captured", data, False)
    mine = round_score(live, caught)
    seen = live + caught
    out = {"score": fraction_text(mine)}
    theirs = req.get("theirs")
    if theirs is not None:
        if not isinstance(theirs, dict):
            raise QueryError("'theirs' must be an object with 'dice' and 'captured'", "theirs")
        sub = req.wrap(theirs, "theirs")
        their_live = _dice(sub, "dice", data, False, "theirs.")
        their_caught = _dice(sub, "captured", data, False, "theirs.")
        their_score = round_score(their_live, their_caught)
        seen += their_live + their_caught
        out |= {"their_score": fraction_text(their_score),
                "sides": fraction_text(sides(mine, their_score))}
    return out | _notes(seen, rolls=False)


@op("buttonmen", "round", "Is the round over, who won it, who may change sizes; and the "
                          "match so far.")
def _round(req: Request, data: ButtonMenData) -> dict:
    sides_in = []
    for name in ("mine", "theirs"):
        body = req.get(name)
        if not isinstance(body, dict):
            raise QueryError(f"'{name}' must be an object with 'dice' (still in play) and "
                             "'captured'", name)
        sub = req.wrap(body, name)
        sides_in.append((_dice(sub, "dice", data, False, f"{name}."),
                         _dice(sub, "captured", data, False, f"{name}.")))
    passes = req.integer("passes_in_a_row", 0, low=0)
    state = round_state((sides_in[0][0], sides_in[1][0]), (sides_in[0][1], sides_in[1][1]),
                        passes)
    surrender = req.get("surrendered")
    if surrender is not None:
        if surrender not in ("mine", "theirs"):
            raise QueryError("'surrendered' must be 'mine' or 'theirs' (who gave up)",
                             "surrendered")
        other = "theirs" if surrender == "mine" else "mine"  # BMAttackSurrender
        state |= {"over": True, "why": f"{surrender} surrendered", "winner": other,
                  "may_change_sizes": [surrender]}
    state["scores"] = [fraction_text(x) for x in state["scores"]]
    wins = req.get("wins", [0, 0])
    if (not isinstance(wins, list) or len(wins) != 2 or
            not all(isinstance(w, int) and not isinstance(w, bool) and w >= 0 for w in wins)):
        raise QueryError("'wins' must be two counts of rounds won so far, e.g. [1, 2]", "wins")
    needed = req.integer("wins_needed", 3, low=1, high=5)
    number = req.integer("round_number", 1, low=1)
    if state["over"] and number >= ROUND_LIMIT:
        # BMGame::do_next_step_end_round: the game is cancelled before this round counts
        state |= {"match_cancelled": True, "winner": None, "may_change_sizes": []}
    elif state["over"] and state["winner"] != "draw":
        wins = [w + (p == state["winner"]) for w, p in zip(wins, ("mine", "theirs"))]
    seen = [d for live, caught in sides_in for d in live + caught]
    return state | {"wins": wins, "match_winner": match_winner(wins, needed)} | _notes(
        seen, rolls=False)


MAX_SEED = 2 ** 63 - 1


@op("buttonmen", "random_recipe", "A recipe for a RandomBM button, dealt as Button Men Online "
                                  "deals it; the same seed gives the same recipe.")
def _random_recipe(req: Request, data: ButtonMenData) -> dict:
    import random
    from .random_recipe import DEALERS
    button = _button(req.string("button"), data, "button")
    skill = button_skill(button["name"])
    if skill is None or skill.effect != "random-recipe":
        dealt = sorted(DEALERS)
        raise QueryError(f"{button['name']} has a recipe of its own; only the RandomBM buttons "
                         f"are dealt one ({', '.join(dealt)})", "button")
    seed = req.integer("seed", 1, low=0, high=MAX_SEED)
    rng = random.Random(seed)
    recipe = DEALERS[skill.name](rng.randint)
    return {"button": button["name"], "seed": seed, "recipe": recipe, "rule": skill.rule,
            "source": skill.source}


@op("buttonmen", "friend_computer", "Every legal Friend Computer recipe against an "
                                    "opponent's recipe (the seed's rules).")
def _friend_computer(req: Request, data: ButtonMenData) -> dict:
    recipe, field = _recipe(req, data, "opponent")
    specs = _checked(recipe, field, data)
    return variants(specs, data)


@op("buttonmen", "more_fun", "One row of Friend Computer's d20 \"More Fun\" table, or all rows "
                             "with their chances.")
def _more_fun(req: Request, data: ButtonMenData) -> dict:
    if req.get("roll") is None:
        return {"rows": [more_fun_row(data, r["roll_low"]) for r in data["more_fun"]]}
    return more_fun_row(data, req.integer("roll", low=1, high=20))

from .play import ops as _play_ops  # noqa: E402,F401  (registers matchup and advise)
