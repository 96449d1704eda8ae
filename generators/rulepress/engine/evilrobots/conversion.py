"""Whether a conversion succeeds, and how a chain of reactions changes it.

The source contradicts itself on who succeeds (seed 002 lines 117-120 against 174 and
202); the rule is therefore a named option:
- "lower-converts" (default): the converter's power must be LOWER than the target's
  (the rules list, Key Concepts and the v0.7 changelog's "inversion");
- "higher-converts": the converter's power must be HIGHER than the target's (the reading
  of the failure proof "a Power card higher than the converter's" and of SumoBot).
SumoBot also succeeds against equal or lower power under either rule.

Both sides are compared by power LEVEL: PlusBot's level is its card + 3 (line 171;
`power_level`), so a PlusBot holding a 6 is converted like a 9.

A target proves a failure by showing why it failed (lines 120, 126: "such as your Power
level"). Levels decide, so a PlusBot proves its level: its power card AND its PlusBot card
(a 2 alone does not show why a 5 failed against level 5).

Readings the source leaves open (each on the Decisions list of the Evil Robots index):
- LockBot only stops a Good or Evil LockBot ("cannot change from Good or Evil",
  line 167): a Neutral LockBot converts like anyone. Its stop is defeated by a later
  reaction like any other (the FAQ chain, line 154): ForceBot and DoOverBot override it.
- DoOverBot's "that player" is the conversion's target.
- A BlockBot redirect turns the conversion on the instigator, who takes the allegiance
  the instigator showed.
"""

from __future__ import annotations

from ..query import QueryError
from .players import power_bonus, power_level

RULES = {
    "lower-converts": lambda mine, theirs: mine < theirs,
    "higher-converts": lambda mine, theirs: mine > theirs,
}


def convert(converter: dict, target: dict, reactions: list[dict], rule: str,
            bots: dict) -> dict:
    steps = []
    mine, theirs = power_level(converter, bots), power_level(target, bots)
    for side, player, level in (("converter", converter, mine), ("target", target, theirs)):
        bonus = power_bonus(player["robot"], bots)
        if bonus:
            steps.append(f"{bots[player['robot']]['name']}: the {side}'s power level is its "
                         f"card + {bonus} = {level}")
    works, why = _by_power(converter, mine, theirs, rule)
    steps.append(why)
    shows = ["allegiance"] if works else ["power"]
    if not works and power_bonus(target["robot"], bots):
        shows = ["power", "robot"]
        steps.append(f"the target proves its level {theirs}: its power card and its "
                     f"{bots[target['robot']]['name']} card")
    if works and target["robot"] == "lockbot" and target["team"] in ("Good", "Evil"):
        works, shows = False, ["robot"]
        steps.append("LockBot: a Good or Evil LockBot cannot change allegiance")
    applies_to, new_team = "target", converter["shows"]
    used = {converter["robot"]}
    for index, reaction in enumerate(reactions):
        robot, field = reaction["robot"], f"reactions[{index}]"
        if robot in used:
            raise QueryError(f"{robot} cannot react here: the converter has already used its "
                             "turn, and each reaction is used once", f"{field}.robot")
        used.add(robot)
        if robot == "forcebot":
            if works:
                raise QueryError("ForceBot reacts only to a failed conversion", field)
            works, shows = True, ["allegiance"]
            steps.append("ForceBot makes the failed conversion succeed")
        elif robot == "blockbot":
            if reaction.get("redirect"):
                works, applies_to, shows = True, "converter", []
                steps.append("BlockBot turns the conversion on the converter")
            else:
                works, shows = False, []
                steps.append("BlockBot makes the conversion fail")
        elif robot == "dooverbot":
            team = reaction.get("team")
            if team not in ("Good", "Evil", "Neutral"):
                raise QueryError("DoOverBot needs 'team': its own allegiance", f"{field}.team")
            works, applies_to, new_team, shows = True, "target", team, ["allegiance"]
            steps.append(f"DoOverBot moves the target to {team}")
        else:
            raise QueryError(f"{robot} is not a reaction to a conversion; the reactions are "
                             "forcebot, blockbot and dooverbot", f"{field}.robot")
    teams = {"converter": converter["team"], "target": target["team"]}
    if works:
        teams[applies_to] = new_team
    return {"succeeds": works, "applies_to": applies_to if works else None, "teams": teams,
            "target_shows": shows, "steps": steps}


def _by_power(converter: dict, mine: int, theirs: int, rule: str) -> tuple[bool, str]:
    """Whether power alone lets the conversion through, and the step that says why."""
    if converter["robot"] == "sumobot" and theirs <= mine:
        return True, "SumoBot beats equal or lower power"
    works = RULES[rule](mine, theirs)
    return works, f"power {mine} against {theirs} under '{rule}': " \
                  f"{'succeeds' if works else 'fails'}"
