"""Query operations for Evil Robots (see the query reference page)."""

from __future__ import annotations

from ..exact import fraction_text
from ..query import QueryError, Request, op
from .allegiance import allegiance_odds


@op("evilrobots", "allegiance_odds", "Chance of starting Good, Evil or Neutral.")
def _allegiance_odds(req: Request, data: dict) -> dict:
    rules = {r["id"]: r for r in data["allegiance_rules"]}
    rule_id = req.string("rule", "coin-flips")
    if rule_id not in rules:
        raise QueryError(f"unknown allegiance rule '{rule_id}'; known: {', '.join(rules)}", "rule")
    odds = allegiance_odds(rules[rule_id])
    return {"odds": {team: fraction_text(p) for team, p in odds.items()}}
