"""A skill page's odds: the skill against the same dice without it, where the skill matters.

A d6 with Stinger alone against a d6 tells nothing (a lone Stinger die attacks like a plain
one, and cannot go first as it does not count): Stinger matters in a Skill attack of two
dice and in a button's initiative. So each skill names its own comparisons, and the engine
answers each at build time (`captures`, `initiative`, `chance`); a skill whose effect comes
only after an attack, or in the score, gets a sentence instead of a chart that would show a
plain die's odds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from ...engine.buttonmen.skills import FACTS
from ..charts import ChartRow, bar_chart
from ..odds import ask, fraction

TARGETS = ("(4)", "(8)", "(12)")
ONE_DIE_TARGETS = ("(4)", "(6)", "(8)", "(12)", "(20)")
PAIR = "(6) (6)"  # the opponent in the initiative comparisons


@dataclass(frozen=True)
class Compare:
    """One chart: `kind` of odds for `mine` (the skill's dice) and `plain` (the same dice
    without it) against each of `against`."""

    kind: str  # "each": capture the one target; "all": one attack captures every target;
    #             "first": go first; "chance" / "focus": go first, the re-roll / turn-down used
    mine: str
    plain: str
    against: tuple[str, ...]
    on_target: bool = False  # the skill is on the targets (Insult): plain targets beside


def _capture(mine: str, plain: str, against=TARGETS) -> Compare:
    return Compare("each", mine, plain, against)


def _first(mine: str, plain: str = PAIR) -> Compare:
    return Compare("first", mine, plain, (PAIR,))


SPEED_LIKE = ("(2) (4)", "(3) (3)")
COMPARISONS: dict[str, tuple[Compare, ...]] = {
    "g": (_capture("g(6) (6)", PAIR), _first("g(6) (6)")),
    "t": (_capture("t(6)", "(6)", ONE_DIE_TARGETS), _first("t(6) (6)")),
    "w": (_first("w(6) (6)"),),
    "G": (_first("G(6) (6)"),),
    "`": (_capture("`(6) (6)", PAIR), _first("`(6) (6)")),
    "M": (_capture("M(6)", "(6)", ONE_DIE_TARGETS), _first("M(6) (6)")),
    "c": (Compare("chance", "c(6)", "(6)", ("(6)", "(4)", "(8)")),),
    "f": (Compare("focus", "f(6)", "(6)", ("(6)", "(4)", "(8)")),),
    "s": (_capture("s(6)", "(6)", ONE_DIE_TARGETS),),
    "q": (_capture("q(6)", "(6)", ONE_DIE_TARGETS),),
    "z": (Compare("all", "z(6)", "(6)", SPEED_LIKE),),
    "B": (Compare("all", "B(6)", "(6)", SPEED_LIKE),),
    "#": (Compare("all", "#(6)", "(6)", SPEED_LIKE),),
    "k": (_capture("k(6) (6)", PAIR),),
    "d": (_capture("d(6) (6)", PAIR),),
    "F": (_capture("F(6) (6)", PAIR),),
    "I": (Compare("each", PAIR, PAIR, ("I(4)", "I(8)", "I(12)"), on_target=True),),
}
# skills felt only in the score: the engine's score of the die kept and captured
SCORED = ("n", "p", "v")


def skill_odds(letter: str, name: str, engine_data: dict, page: str) -> list[dict]:
    """The odds blocks of a skill page: [{"svg", "caption"}], a caption alone for a skill
    whose effect the opening-roll odds cannot show."""
    if letter in SCORED:
        return [_scores(letter, name, engine_data, page)]
    if letter not in COMPARISONS:
        changes = "; ".join(FACTS[letter].changes) if letter in FACTS else ""
        return [{"svg": "", "caption": (
            f"{name} does not change who goes first or what can be captured right after the "
            f"opening roll" + (f" ({changes})" if changes else "") + ", so its odds there are "
            "a plain die's; the who-goes-first calculator works out any two recipes.")}]
    return [_block(c, name, engine_data, page) for c in COMPARISONS[letter]]


def _block(c: Compare, name: str, data: dict, page: str) -> dict:
    rows: list[ChartRow] = []
    for target in c.against:
        pairs = (((c.mine, target, False), (c.mine, _plain(target), True)) if c.on_target else
                 ((c.mine, target, False), (c.plain, target, True)))
        for recipe, against, other in pairs:
            rows.append((_label(c, recipe, against),
                         _chance(c.kind, recipe, against, data, page), other))
    return {"svg": bar_chart(rows, f"{name}: {_title(c)}"), "caption": _caption(c, name)}


def _label(c: Compare, recipe: str, target: str) -> str:
    if c.kind in ("first", "chance", "focus"):
        return f"{recipe} against {target}"
    if c.kind == "all":
        return f"{recipe} takes both of {target}"
    return f"{recipe} captures {target}"


def _title(c: Compare) -> str:
    return {"each": "chance to capture right after the opening roll",
            "all": "chance that one attack captures both dice",
            "first": "chance to go first", "chance": "chance to go first, re-roll counted",
            "focus": "chance to go first, turn-down counted"}[c.kind]


def _caption(c: Compare, name: str) -> str:
    exact = "Exact, from the engine's"
    if c.kind == "each" and c.on_target:
        return (f"Plain dice attacking a die with {name}, and the same die without it: the "
                f"chance that the best legal attack captures it right after the opening roll. "
                f"{exact} captures query, which lists every legal attack of each roll.")
    if c.kind == "each":
        return (f"{name} against the same dice without it: the chance that the best legal "
                f"attack captures each plain target right after the opening roll (a Trip attack "
                f"counts with its own chance). {exact} captures query, which lists every "
                f"legal attack of each roll.")
    if c.kind == "all":
        return (f"{name} against a plain die: the chance that one attack captures both "
                f"target dice right after the opening roll. {exact} captures query.")
    if c.kind == "first":
        return (f"A button with one {name} die against {PAIR}, and the same button without "
                f"the skill: the chance to go first after the opening roll. {exact} "
                f"initiative query.")
    what = ("re-roll the Chance die once when it would not go first (a tie on the re-roll "
            "still loses)" if c.kind == "chance" else
            "turn the Focus die down to take the initiative when it would not go first")
    return (f"{name} against a plain die: the chance to go first when the player may {what}. "
            f"A full tie on the opening roll goes to a random player, as in Button Men Online. "
            f"{exact} initiative and chance queries, over every opening roll.")


def _chance(kind: str, recipe: str, target: str, data: dict, page: str) -> Fraction:
    if kind in ("each", "all"):
        request = {"game": "buttonmen", "op": "captures",
                   "mine": [{"recipe": r} for r in _dice(recipe)],
                   "theirs": [{"recipe": r} for r in _dice(target)]}
        response = ask(request, data, page)
        return fraction(response["capture"][0] if kind == "each" else response["capture_all"])
    if kind == "first" or not any(r[0] in "cf" for r in _dice(recipe)):
        request = {"game": "buttonmen", "op": "initiative", "initiative_tie": "random",
                   "players": [{"recipe": recipe}, {"recipe": target}]}
        return fraction(ask(request, data, page)["first"][0])
    return _react(kind, recipe, target, data, page)


def _react(kind: str, recipe: str, target: str, data: dict, page: str) -> Fraction:
    """Going first when the player behind may use a Chance re-roll or a Focus turn-down:
    over every opening roll, the engine's `chance` answer for that position (a full tie is
    won half the time at random, and the loser of that pick may react too)."""
    mine, theirs = _dice(recipe), _dice(target)
    faces = [range(1, _sides(d) + 1) for d in mine + theirs]
    total, won = 0, Fraction(0)
    for values in product(*faces):
        total += 1
        request = {"game": "buttonmen", "op": "chance",
                   "mine": [{"recipe": d, "value": v} for d, v in zip(mine, values)],
                   "theirs": [{"recipe": d, "value": v}
                              for d, v in zip(theirs, values[len(mine):])]}
        response = ask(request, data, page)
        if kind == "chance":
            react = max((fraction(r["p_first"]) for r in response["rerolls"]), default=Fraction(0))
        else:
            react = Fraction(1) if response.get("focus", {}).get("can_take_initiative") else Fraction(0)
        if response["first"] == "mine":
            won += 1
        elif response["first"] == "tie":
            won += Fraction(1, 2) + Fraction(1, 2) * react
        else:
            won += react
    return won / total


def _scores(letter: str, name: str, data: dict, page: str) -> dict:
    def score(recipe: str, captured: bool) -> str:
        body = {"recipe": recipe, "value": 4}
        request = {"game": "buttonmen", "op": "score",
                   "dice": [] if captured else [body], "captured": [body] if captured else []}
        return ask(request, data, page)["score"]
    die = f"{letter}(6)"
    return {"svg": "", "caption": (
        f"{name} changes the score, not the odds of the opening roll. Showing a 4, the die "
        f"{die} kept to the end scores {score(die, False)} for its owner and, captured, "
        f"{score(die, True)} for its captor; a plain (6) scores {score('(6)', False)} and "
        f"{score('(6)', True)}. Exact, from the engine's score query.")}


def _plain(recipe: str) -> str:
    """The dice without their skill letters: "I(8)" -> "(8)"."""
    return " ".join(d[d.index("("):] for d in _dice(recipe))


def _dice(recipe: str) -> list[str]:
    return recipe.split()


def _sides(die: str) -> int:
    return int(die[die.index("(") + 1:die.index(")")])
