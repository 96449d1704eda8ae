"""Time `search`'s decisions in whatever Python runs this (CPython, or Pyodide through
play_decisions.mjs): `search` against `maximize` on the strength match-ups, both seats."""

import time

from rulepress.engine.buttonmen.ops import pair
from rulepress.engine.buttonmen.options import BMO, read_rules
from rulepress.engine.buttonmen.play import round as rounds
from rulepress.engine.query import Request

MATCHUPS = [("(4) (4) (10) (12) (X)", "(6) (12) (20) (20) (X)"),
            ("(8) (10) (12) (20) (X)", "(4) (6) (8) (X) (X)"),
            ("(4) (6) (6) (20) (X)", "(20) (20) (20) (X)")]


def run(data, count):
    times = []
    for n in range(count):
        mine, theirs = MATCHUPS[n % len(MATCHUPS)]
        players = pair(Request({"recipe": mine, "swing": {"X": 10}}, "mine"),
                       Request({"recipe": theirs, "swing": {"X": 10}}, "theirs"),
                       data["buttonmen"], False)
        seat = n % 2
        names = ("search", "maximize") if seat == 0 else ("maximize", "search")
        state = rounds.start((players[0].dice, players[1].dice), read_rules(Request({}), BMO),
                             (None, None), n + 1, names)
        while not rounds.over(state):
            start = time.perf_counter()
            move = rounds.computer_move(state, names[state.turn])
            if names[state.turn] == "search":
                times.append((time.perf_counter() - start) * 1000)
            rounds.play(state, move)
    times.sort()
    return {"decisions": len(times), "median_ms": times[len(times) // 2],
            "p90_ms": times[int(len(times) * 0.9)], "max_ms": times[-1],
            "mean_ms": sum(times) / len(times)}
