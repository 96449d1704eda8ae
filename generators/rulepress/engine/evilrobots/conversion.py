"""Whether a conversion succeeds, and how a chain of reactions changes it.

The source contradicts itself on who succeeds (seed 002 lines 117-120 against 174 and
202); the rule is therefore a named option:
- "lower-converts" (default): the converter's power must be LOWER than the target's
  (the rules list, Key Concepts and the v0.7 changelog's "inversion");
- "higher-converts": the converter's power must be HIGHER than the target's (the reading
  of the failure proof "a Power card higher than the converter's" and of SumoBot).
SumoBot also succeeds against equal or lower power under either rule.
"""

from __future__ import annotations

from ..query import QueryError

RULES = {
    "lower-converts": lambda mine, theirs: mine < theirs,
    "higher-converts": lambda mine, theirs: mine > theirs,
}


def convert(converter: dict, target: dict, reactions: list[dict], rule: str) -> dict:
    steps = []
    if converter["robot"] == "sumobot" and target["power"] <= converter["power"]:
        works, why = True, "SumoBot beats equal or lower power"
    else:
        works = RULES[rule](converter["power"], target["power"])
        why = (f"power {converter['power']} against {target['power']} under "
               f"'{rule}': {'succeeds' if works else 'fails'}")
    steps.append(why)
    shows = ["allegiance"] if works else ["power"]
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
