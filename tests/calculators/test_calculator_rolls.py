"""Each BrikWars rule calculator's "Roll it" asks the engine's brikwars roll_plan with the
calculator's own request as its question, and the engine plans its default inputs' rolls."""

from __future__ import annotations

from rulepress.engine.query import answer
from rulepress.website.calculators.model import applied, fill
from rulepress.website.calculators.specs import CALCULATORS


def test_every_brikwars_calculator_rolls_its_default_question(engine_data):
    rolled = [c for c in CALCULATORS if c.game == "brikwars" and c.roll]
    assert {c.id for c in rolled} >= {
        "brikwars-attack", "brikwars-close-combat", "brikwars-knockback", "brikwars-sprint",
        "brikwars-size-damage", "brikwars-ker-triage", "brikwars-supernatural"}
    for calc in rolled:
        assert calc.roll["question"] is calc.request  # the calculator's own question
        values = applied(calc.fields, {f.name: f.default for f in calc.fields})
        response = answer(fill(calc.roll, values), engine_data)
        assert response["ok"] and response["rolls"], (calc.id, response)
