"""Whole-round play: the exact solver against a brute force written apart from the engine,
symmetry, seeded simulation, and policies that only play legal moves."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from random import Random

import pytest

from rulepress.engine.buttonmen.dice import Die, read_die, swing_ranges
from rulepress.engine.buttonmen.options import Rules
from rulepress.engine.buttonmen.play.match import Match
from rulepress.engine.buttonmen.play.policies import choose
from rulepress.engine.buttonmen.play.start import start_round
from rulepress.engine.buttonmen.play.turn import sample
from rulepress.engine.query import answer

HALF = Fraction(1, 2)


# --- a brute force for plain dice, written from the rules, sharing no engine code ----------

def brute(sizes_a: tuple[int, ...], sizes_b: tuple[int, ...]) -> tuple[Fraction, Fraction]:
    """(value, P(win)) for player A: every opening roll, who goes first, then both players
    pick the move best for them (equal values: more wins for A), every re-roll weighed."""

    @lru_cache(maxsize=None)
    def solve(a, b, caught_a, caught_b, mover, passes):
        if not a or not b or passes >= 2:
            score_a = sum(s for s, _ in a) / Fraction(2) + caught_a
            score_b = sum(s for s, _ in b) / Fraction(2) + caught_b
            return (Fraction(1), Fraction(1)) if score_a > score_b else (
                (Fraction(0), Fraction(0)) if score_a < score_b else (HALF, Fraction(0)))
        mine, theirs = (a, b) if mover == 0 else (b, a)
        results = []
        for t in range(len(theirs)):
            target = theirs[t][1]
            groups = [(i,) for i in range(len(mine)) if mine[i][1] >= target]  # power
            for n in range(1, len(mine) + 1):  # skill: values adding up to the target
                groups += [g for g in combinations(range(len(mine)), n)
                           if sum(mine[i][1] for i in g) == target]
            for group in set(groups):
                results.append(after(mine, theirs, group, t, caught_a, caught_b, mover))
        if not results:
            return solve(a, b, caught_a, caught_b, 1 - mover, passes + 1)
        if mover == 0:
            return max(results)
        return min(results, key=lambda vw: (vw[0], -vw[1]))

    def after(mine, theirs, group, t, caught_a, caught_b, mover):
        size = theirs[t][0]
        left = theirs[:t] + theirs[t + 1:]
        kept = [d for i, d in enumerate(mine) if i not in group]
        rolling = [mine[i][0] for i in group]
        value = wins = Fraction(0)
        faces = list(product(*(range(1, s + 1) for s in rolling)))
        for roll in faces:
            new = tuple(sorted(kept + list(zip(rolling, roll))))
            nxt = (new, tuple(sorted(left))) if mover == 0 else (tuple(sorted(left)), new)
            ca, cb = (caught_a + size, caught_b) if mover == 0 else (caught_a, caught_b + size)
            v, w = solve(nxt[0], nxt[1], ca, cb, 1 - mover, 0)
            value += v
            wins += w
        return value / len(faces), wins / len(faces)

    value = wins = Fraction(0)
    rolls = list(product(*(range(1, s + 1) for s in sizes_a + sizes_b)))
    for roll in rolls:
        a = tuple(sorted(zip(sizes_a, roll[:len(sizes_a)])))
        b = tuple(sorted(zip(sizes_b, roll[len(sizes_a):])))
        first = goes_first(sorted(v for _, v in a), sorted(v for _, v in b))
        for mover, share in ([(first, 1)] if first is not None else [(0, HALF), (1, HALF)]):
            v, w = solve(a, b, Fraction(0), Fraction(0), mover, 0)
            value += share * v
            wins += share * w
    return value / len(rolls), wins / len(rolls)


def goes_first(a: list[int], b: list[int]) -> int | None:
    for x, y in zip(a, b):
        if x != y:
            return 0 if x < y else 1
    return None if len(a) == len(b) else (0 if len(a) > len(b) else 1)


def recipe(sizes: tuple[int, ...]) -> str:
    return " ".join(f"({s})" for s in sizes)


def ask(engine_data, body: dict) -> dict:
    out = answer({"game": "buttonmen"} | body, engine_data)
    assert out["ok"], out
    return out


TINY = [((4,), (4,)), ((6,), (4,)), ((2, 3), (4,)), ((4, 6), (8,)), ((2, 4), (3, 3)),
        ((1, 4), (2, 2)), ((3, 4), (2, 6)), ((2, 2, 2), (4, 2)), ((4, 4), (2, 6))]


@pytest.mark.parametrize("a, b", TINY)
def test_exact_matchup_agrees_with_a_brute_force(engine_data, a, b):
    out = ask(engine_data, {"op": "matchup", "mine": {"recipe": recipe(a)},
                            "theirs": {"recipe": recipe(b)}, "method": "exact"})
    value, wins = brute(a, b)
    assert out["method"] == "exact"
    assert Fraction(out["value"]) == value
    assert Fraction(out["p_win"]) == wins
    assert Fraction(out["p_win"]) + Fraction(out["p_draw"]) + Fraction(out["p_lose"]) == 1


@pytest.mark.parametrize("a, b", [((4, 6), (8,)), ((2, 4), (3, 3)), ((6, 6), (4, 10))])
def test_swapping_the_players_gives_the_complement(engine_data, a, b):
    ab = ask(engine_data, {"op": "matchup", "mine": {"recipe": recipe(a)},
                           "theirs": {"recipe": recipe(b)}, "method": "exact"})
    ba = ask(engine_data, {"op": "matchup", "mine": {"recipe": recipe(b)},
                           "theirs": {"recipe": recipe(a)}, "method": "exact"})
    assert Fraction(ab["value"]) + Fraction(ba["value"]) == 1
    assert ab["p_win"] == ba["p_lose"] and ab["p_draw"] == ba["p_draw"]


def test_advise_lists_every_move_with_its_exact_value(engine_data):
    out = ask(engine_data, {"op": "advise", "method": "exact",
                            "mine": {"dice": [{"recipe": "(6)", "value": 3},
                                              {"recipe": "(4)", "value": 1}],
                                     "captured": []},
                            "theirs": {"dice": [{"recipe": "(8)", "value": 3},
                                                {"recipe": "(2)", "value": 1}],
                                       "captured": []}})
    listed = ask(engine_data, {"op": "attacks",
                               "mine": [{"recipe": "(6)", "value": 3},
                                        {"recipe": "(4)", "value": 1}],
                               "theirs": [{"recipe": "(8)", "value": 3},
                                          {"recipe": "(2)", "value": 1}]})
    assert {(m["type"], tuple(m["mine"]), tuple(m["theirs"])) for m in out["moves"]} == \
        {(m["type"], tuple(m["mine"]), tuple(m["theirs"])) for m in listed["attacks"]}
    values = [Fraction(m["value"]) for m in out["moves"]]
    assert values == sorted(values, reverse=True) and Fraction(out["value"]) == values[0]
    # a page sends its seed whichever method answers: an exact answer takes it too
    assert ask(engine_data, {"op": "advise", "method": "exact", "seed": 4, "mine": {
        "dice": [{"recipe": "(6)", "value": 3}, {"recipe": "(4)", "value": 1}], "captured": []},
        "theirs": {"dice": [{"recipe": "(8)", "value": 3}, {"recipe": "(2)", "value": 1}],
                   "captured": []}}) == out


def test_advise_endgame_against_the_brute_force(engine_data):
    """One die each, mine to move, captured dice already scored: a hand count."""
    out = ask(engine_data, {"op": "advise", "method": "exact",
                            "mine": {"dice": [{"recipe": "(6)", "value": 3}],
                                     "captured": [{"recipe": "(4)"}]},
                            "theirs": {"dice": [{"recipe": "(8)", "value": 2}],
                                       "captured": []}})
    # the power attack takes the d8: mine ends with 4 + 8 + 3 against 0
    assert out["moves"] == [{"type": "power", "mine": [0], "theirs": [0], "p_win": "1",
                             "p_draw": "0", "p_lose": "0", "value": "1"}]


def test_exact_is_refused_with_what_to_shrink(engine_data):
    out = answer({"game": "buttonmen", "op": "matchup", "method": "exact",
                  "mine": {"button": "avis", "swing": {"X": 10}},
                  "theirs": {"button": "hammer", "swing": {"X": 10}}}, engine_data)
    assert not out["ok"] and "no exact answer" in out["error"]["message"]
    assert "simulated" in out["error"]["message"]


def test_seeded_simulation_is_reproducible_and_splits_into_batches(engine_data):
    body = {"op": "matchup", "method": "simulated", "policy": "maximize", "seed": 7,
            "mine": {"recipe": "(4) (6) (8)"}, "theirs": {"recipe": "(6) (10)"}}
    whole = ask(engine_data, body | {"rounds": 40})
    again = ask(engine_data, body | {"rounds": 40})
    first = ask(engine_data, body | {"rounds": 25})
    rest = ask(engine_data, body | {"rounds": 15, "first_round": 25})
    assert whole == again
    for key in ("wins", "draws", "losses"):
        assert whole[key] == first[key] + rest[key]
    low, high = whole["interval"]["win"]
    assert low <= whole["p_win"] <= high and whole["method"] == "simulated"


RECIPES = ["(4) (6) z(8) s(10) (X)", "p(4) t(6) (8) B(12) (X)", "k(6) g(8) (10) ^(6) (X)",
           "(4) F(6) n(8) f(10) (X)", "%(6) m(8) o(10) D(12) (X)", "H(4) h(12) G(6) ?(X)",
           "d(6) `(4) I(10) #(8) (X)", "J(4) v(6) M(8) q(10) (X)", "b(6) c(8) (X) (X)"]


@pytest.mark.parametrize("policy", ["random", "maximize", "search"])
def test_policies_only_play_moves_the_attacks_op_lists(engine_data, policy):
    data = engine_data["buttonmen"]
    ranges = swing_ranges(data)
    rng = Random(5)
    for game in range(4 if policy == "search" else 12):
        mine, theirs = rng.sample(RECIPES, 2)
        dice = tuple([read_die({"recipe": f"{skills}"}, "d", ranges, False, {"X": 8})
                      for skills in _split(r)] for r in (mine, theirs))
        match = Match(Rules(), (None, None))
        pos, _ = start_round(match, dice, rng, (policy, policy))
        for _ in range(40):
            if pos.over():
                break
            move = choose(match, pos, policy, rng, budget=40)
            listing = _listing(engine_data, match, pos)
            if move.type == "pass":
                assert "pass" in listing["types"], listing
            else:
                assert {"type": move.type, "mine": list(move.mine),
                        "theirs": list(move.theirs)} in [
                    {k: a[k] for k in ("type", "mine", "theirs")}
                    for a in listing["attacks"]], (move, listing)
            pos = sample(match, pos, move, rng)


def _split(recipe: str) -> list[str]:
    return recipe.split()


def _listing(engine_data, match: Match, pos) -> dict:
    def side(ids):
        out = []
        for i in ids:
            d = match.die(i)
            obj = {"recipe": d.recipe(), "value": d.value}
            out.append(obj)
        return out
    me = pos.mover
    return ask(engine_data, {"op": "attacks", "mine": side(pos.dice[me]),
                             "theirs": side(pos.dice[1 - me])})


# --- the play op ---------------------------------------------------------------------------

def test_play_replays_the_same_round_from_its_seed_and_moves(engine_data):
    body = {"op": "play", "mine": {"recipe": "(4) (6) (8)"}, "theirs": {"recipe": "(6) (10)"},
            "seed": 5, "policy": "maximize"}
    first = ask(engine_data, body | {"moves": []})
    moves = list(first["moves"])
    while "legal" in first:
        moves = first["moves"] + [first["legal"][0]]
        first = ask(engine_data, body | {"moves": moves})
    again = ask(engine_data, body | {"moves": first["moves"]})
    assert again == first and first["winner"] in ("mine", "theirs", "draw")
    # a page that asks for advice asks it of a round that has ended too
    assert ask(engine_data, body | {"moves": first["moves"], "advice": True}) == first
    scores = [Fraction(x) for x in first["scores"]]
    assert first["winner"] == ("mine" if scores[0] > scores[1] else
                               "theirs" if scores[1] > scores[0] else "draw")


def test_play_refuses_a_move_that_is_not_legal(engine_data):
    body = {"op": "play", "mine": {"recipe": "(4) (6)"}, "theirs": {"recipe": "(8)"},
            "seed": 2, "policy": "maximize"}
    start = ask(engine_data, body)
    assert start["turn"] == "mine"
    bad = answer({"game": "buttonmen"} | body | {"moves": [{"type": "power", "mine": [0],
                                                            "theirs": [5]}]}, engine_data)
    assert not bad["ok"] and "not a legal move" in bad["error"]["message"]
    assert bad["error"]["field"] == "moves[0]"


def test_play_says_why_a_side_went_first(engine_data):
    """The start event compares the dice that count (lowest first), names a coin for a full
    tie, the dice that do not count, and each reaction to the initiative."""
    body = {"op": "play", "theirs": {"recipe": "(6) (8)"}, "policy": "maximize"}
    for seed in range(1, 8):
        start = ask(engine_data, body | {"mine": {"recipe": "t(4) (6)"}, "seed": seed})
        event = start["events"][0]
        mine, theirs = event["initiative_values"]["mine"], event["initiative_values"]["theirs"]
        assert len(mine) == 1 and len(theirs) == 2  # the Trip die does not count
        first_difference = next(((x, y) for x, y in zip(mine, theirs) if x != y), None)
        if first_difference:
            x, y = first_difference
            assert f"the first difference is {x} against {y}" in event["why"][0]
            assert event["first"] == ("mine" if x < y else "theirs")
        assert "do not count for going first (1 of your dice)" in event["why"][1]
    tie = ask(engine_data, body | {"mine": {"recipe": "(1) (1)"}, "theirs": {"recipe": "(1)"
                                                                            " (1)"}, "seed": 1})
    assert tie["events"][0]["why"][0].startswith("A full tie") and "a coin decided" in \
        tie["events"][0]["why"][0]
    focus = ask(engine_data, body | {"mine": {"recipe": "f(10) f(10)"},
                                     "theirs": {"recipe": "(2) (2)"}, "seed": 8})
    why = focus["events"][0]["why"]
    assert "so the computer had the first turn" in why[0]
    assert why[-1] == "You turned Focus dice down to take the first turn, and took it."


# --- agreement with BMAI's Maximize, pinned (tests/fixtures/bmai, bench/bmai_pin.py) -------

@pytest.mark.slow
@pytest.mark.parametrize("ident", ["tanya-tony", "avis-hammer", "stark-karl"])
def test_maximize_against_itself_agrees_with_bmai(engine_data, root, ident):
    """Our Maximize vs Maximize, seeded, within the combined 95 % intervals of BMAI's pinned
    answer (BMAI replays drawn rounds, so both are P(win) / P(decided))."""
    from math import sqrt
    pinned = {m["id"]: m for m in json.loads(
        (root / "tests" / "fixtures" / "bmai" / "maximize.json").read_text())["matchups"]}
    m = pinned[ident]
    out = ask(engine_data, {"op": "matchup", "method": "simulated", "policy": "maximize",
                            "rounds": 3000, "seed": 1, "mine": _side(m["mine"]),
                            "theirs": _side(m["theirs"])})
    decided = out["wins"] + out["losses"]
    ours = out["wins"] / decided
    half = 1.96 * sqrt(ours * (1 - ours) / decided)
    low, high = m["wilson95"]
    assert abs(ours - m["p_win_decisive"]) <= half + (high - low) / 2, (ours, m)


def _side(side: dict) -> dict:
    return {k: v for k, v in side.items() if k in ("recipe", "swing", "options")}
