"""Query operations for game "dice": exact distributions of any dice expression."""

from __future__ import annotations

from fractions import Fraction

from ..budget import TooBig
from ..exact import fraction_text, ratio_text
from ..query import QueryError, Request, op
from .cost import COPY, STEP, keep_cost, mul_seconds
from .dist import Dist
from .keep import keep_highest, keep_lowest
from .parse import Expr, ParseError, parse
from .plan import roll_plan
from .roll import (MAX_DEPTH, Roll, RollRules, bonus_mean, refuse_costly, roll,
                   roll_cost, shrink_hint)

SKILL_DICE = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12, "d20": 20}
CRIT_FAIL = ("zero", "fail", "ignore")


def read_expr(req: Request, field: str, skill_field: str = "skill") -> Expr:
    """Parse a dice expression from a request field; `S` takes the request's Skill die."""
    text = req.string(field)
    try:
        expr = parse(text)
    except ParseError as exc:
        raise QueryError(f"{field}: {exc}", field) from None
    if expr.uses_skill:
        expr = expr.with_skill(read_die(req, skill_field, "d6"))
    return expr


def read_die(req: Request, field: str, default: str) -> int:
    name = req.string(field, default)
    if name not in SKILL_DICE:
        raise QueryError(f"'{field}' must be one of {', '.join(SKILL_DICE)}, got {name!r}",
                         field)
    return SKILL_DICE[name]


def read_rules(req: Request) -> RollRules:
    """The roll options every dice op shares (see the query reference for each)."""
    preset = req.string("rules", "brikwars")
    if preset not in ("brikwars", "quikwars", "plain"):
        raise QueryError("'rules' must be brikwars, quikwars or plain", "rules")
    bonus = req.boolean("bonus_dice", preset != "plain")
    return RollRules(
        bonus_dice=bonus,
        depth=req.integer("depth", 8, low=0, high=MAX_DEPTH),
        penalty=req.integer("penalty", 0, low=0, high=100),
        penalty_on_bonus_dice=req.boolean("penalty_on_bonus_dice", True),
        d10_as_2d6=req.boolean("d10_as_2d6", False),
        floor=req.boolean("floor", preset != "plain"),
    )


def read_crit(req: Request) -> str:
    default = "ignore" if req.string("rules", "brikwars") in ("quikwars", "plain") else "zero"
    rule = req.string("crit_fail", default)
    if rule not in CRIT_FAIL:
        raise QueryError(f"'crit_fail' must be one of {', '.join(CRIT_FAIL)}", "crit_fail")
    return rule


def read_roll(req: Request, field: str = "expr") -> tuple[Expr, RollRules]:
    expr = read_expr(req, field)
    rules = read_rules(req)
    if req.string("rules", "brikwars") == "quikwars" and any(
            t.sides != 6 for t in expr.terms):
        raise QueryError("QuikWars uses only six-sided dice", field)
    return expr, rules


def checked_roll(req: Request, field: str = "expr", lists: bool = True,
                 check: bool = True) -> Roll:
    """The roll in `field`, refused first (naming the field) when over the budget."""
    expr, rules = read_roll(req, field)
    try:
        return roll(expr, rules, lists=lists, check=check)
    except TooBig as exc:
        raise QueryError(exc.message, field) from None


def outcome(result: Roll, crit: str) -> Dist:
    """The distribution a player reads: Critical Failure as 0 (damage) or as rolled."""
    return result.damage() if crit in ("zero", "fail") else result.totals()


def pmf_json(dist: Dist) -> list[list]:
    return [[value, ratio_text(count, dist.total)] for value, count in dist.items()]


def roll_facts(result: Roll) -> dict:
    """What every answer about a roll reports: critical failure and the cut chains."""
    return {"p_crit_fail": fraction_text(result.p_crit()),
            "truncated_mass": fraction_text(result.truncated_mass)}


def summary(dist: Dist, result: Roll) -> dict:
    mean = dist.mean()
    return {"mean": fraction_text(mean), "mean_float": float(mean), **roll_facts(result)}


@op("dice", "distribution", "Exact distribution of a dice expression under BrikWars rules.")
def _distribution(req: Request, data: object) -> dict:  # dice has no data
    result = checked_roll(req)
    dist = outcome(result, read_crit(req))
    return {"expr": read_expr(req, "expr").text(), "pmf": pmf_json(dist),
            **summary(dist, result)}


@op("dice", "probability", "Chance that a roll is at least, at most, or exactly a number.")
def _probability(req: Request, data: object) -> dict:  # dice has no data
    result = checked_roll(req, lists=False)
    crit = read_crit(req)
    tests = [name for name in ("at_least", "at_most", "exactly", "above", "below")
             if req.has(name)]
    if len(tests) != 1:
        raise QueryError("give exactly one of at_least, at_most, exactly, above, below",
                         tests[1] if tests else "at_least")
    name = tests[0]
    n = req.integer(name, low=-10**9, high=10**9)
    test = {"at_least": lambda v: v >= n, "at_most": lambda v: v <= n,
            "exactly": lambda v: v == n, "above": lambda v: v > n,
            "below": lambda v: v < n}[name]
    if crit == "fail":  # a Skill roll: a Critical Failure never succeeds
        p = Fraction(sum(c for v, c in result.ok.items() if test(v)), result.total)
    else:
        p = outcome(result, crit).probability(test)
    return {"p": fraction_text(p), "float": float(p), **roll_facts(result)}


@op("dice", "roll_plan", "How to roll an expression by hand (bonus dice, Critical Failure): "
                         "what the pages' dice roller follows.")
def _roll_plan(req: Request, data: dict) -> dict:
    expr, rules = read_roll(req)
    return {"plan": roll_plan(expr, rules, read_crit(req))}


@op("dice", "compare", "Chances that roll a beats, ties or loses to roll b.")
def _compare(req: Request, data: object) -> dict:  # dice has no data
    crit = read_crit(req)
    (expr_a, rules), (expr_b, _) = read_roll(req, "a"), read_roll(req, "b")
    cost, other = roll_cost(expr_a, rules, lists=False), roll_cost(expr_b, rules, lists=False)
    slots = cost.outcomes
    cost.join(other)
    # the comparison: per total of a, products of counts of a and b
    cost.add(slots * (4 * STEP + 2 * mul_seconds(cost.digits / 2.4, cost.digits / 2.4)
                      + COPY * cost.digits))
    try:
        refuse_costly(cost, "comparing these rolls", shrink_hint(expr_a, rules), "a")
    except TooBig as exc:
        raise QueryError(exc.message, "a") from None
    a, b = checked_roll(req, "a", check=False), checked_roll(req, "b", check=False)
    below, tie, above = outcome(a, crit).compare(outcome(b, crit))
    mass = 1 - (1 - a.truncated_mass) * (1 - b.truncated_mass)
    return {"p_a_higher": fraction_text(above), "p_tie": fraction_text(tie),
            "p_b_higher": fraction_text(below), "truncated_mass": fraction_text(mass)}


@op("dice", "keep", "Sum of the highest (or lowest) k of n dice, without bonus dice.")
def _keep(req: Request, data: object) -> dict:  # dice has no data
    n = req.integer("dice", low=1, high=200)
    sides = req.integer("sides", low=1, high=1000)
    k = req.integer("keep", low=0, high=n)
    which = req.string("which", "highest")
    if which not in ("highest", "lowest"):
        raise QueryError("'which' must be highest or lowest", "which")
    try:
        refuse_costly(keep_cost(n, sides, k), f"keeping {k} of {n}d{sides}",
                      "keep fewer dice, or roll fewer or smaller dice", "keep")
    except TooBig as exc:
        raise QueryError(exc.message, "keep") from None
    dist = (keep_highest if which == "highest" else keep_lowest)(Dist.die(sides), n, k)
    return {"pmf": pmf_json(dist), "mean": fraction_text(dist.mean())}


@op("dice", "bonus_means", "Mean of each die alone and with unlimited Bonus Dice.")
def _bonus_means(req: Request, data: object) -> dict:  # dice has no data
    return {"means": [{"die": name, "plain": fraction_text(Fraction(s + 1, 2)),
                       "with_bonus_dice": fraction_text(bonus_mean(s))}
                      for name, s in SKILL_DICE.items() if s != 20]}
