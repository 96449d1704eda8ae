"""The shared-code deal: one shuffle per code, no duplicates, clear errors."""

from __future__ import annotations

import pytest

from rulepress.engine.evilrobots.shuffle import fnv1a32, mulberry32
from rulepress.engine.query import answer

CODES = ["PLUM-42", "plum-42", "Ωmega 7", "A", "robots!", "X-1"]


def deal(engine_data, **fields):
    return answer({"game": "evilrobots", "op": "deal", **fields}, engine_data)


def test_reference_values_of_the_hash_and_generator():
    # FNV-1a test vectors, and mulberry32's first outputs for seed 0 (reference JS)
    assert fnv1a32("") == 0x811C9DC5 and fnv1a32("a") == 0xE40C292C
    draws = mulberry32(0)
    assert [next(draws) for _ in range(3)] == [1144304738, 1416247, 958946056]


def test_one_table_never_deals_a_card_twice(engine_data):
    for code in CODES:
        table = deal(engine_data, code=code, players=9)
        robots = [s["robot"]["id"] for s in table["seats"]]
        assert len(set(robots)) == 9
        powers = [s["power"] for s in table["seats"]] + [table["points"]]
        assert all(powers.count(level) <= 2 for level in powers)  # two cards per level


def test_a_seat_sees_its_own_row_of_the_table_and_codes_ignore_case(engine_data):
    table = deal(engine_data, code="PLUM-42", players=6)
    mine = deal(engine_data, code=" plum-42 ", players=6, seat=3)
    assert mine["robot"] == table["seats"][2]["robot"] and mine["points"] == table["points"]
    assert "coins" not in mine and "allegiance" not in mine  # each phone flips its own


def test_rounds_and_codes_give_different_deals(engine_data):
    first = deal(engine_data, code="PLUM-42", players=6)
    assert deal(engine_data, code="PLUM-42", players=6, round=2)["seats"] != first["seats"]
    assert deal(engine_data, code="PLUM-43", players=6)["seats"] != first["seats"]
    # a seat's cards do not depend on how many are playing
    assert deal(engine_data, code="PLUM-42", players=4)["seats"] == first["seats"][:4]


@pytest.mark.parametrize("fields, field", [
    ({"code": "A", "players": 10, "seat": 1}, "players"),
    ({"code": "A", "players": 2}, "players"),
    ({"code": "A", "players": 5, "seat": 6}, "seat"),
    ({"code": "A", "players": 5, "seat": 0}, "seat"),
    ({"code": "  ", "players": 5}, "code"),
    ({"players": 5}, "code"),
    ({"code": "A", "players": 5, "round": 0}, "round"),
])
def test_deals_that_cannot_be_made_name_the_field(engine_data, fields, field):
    response = deal(engine_data, **fields)
    assert response["ok"] is False and response["error"]["field"] == field
