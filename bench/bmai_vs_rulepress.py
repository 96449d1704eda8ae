"""rulepress's Button Men players measured against BMAI: agreement and strength, one table.

1. Agreement (needs no BMAI): rulepress's `maximize` against `maximize`, played by the
   engine's round player on every match-up pinned in tests/fixtures/bmai/maximize.json,
   beside BMAI's Maximize-vs-Maximize answer pinned there. BMAI plays a drawn round again, so
   both are P(first side wins | the round is decided), each with its 95 % Wilson interval;
   they agree when they differ by no more than the two half-widths combined
   (bmai/stats.py). A match-up whose `rule_differences` names a difference may disagree
   for that reason (bench/bmai/README.md).
2. Strength (needs BMAI): our policy (`--policy`, default `search`) against BMAI at ply 1
   and ply 2 (BMAIBagels' settings) on the six strength match-ups. Seeds 1..N: each seed is
   played twice, our policy on the first button and then on the second (paired seeds, both
   seats), so N >= 200 gives 200 games a seat. Each game is one round from the opening
   roll, sizes as in the fixture. Reported: our wins, draws and losses, our score (a draw
   counts half) with its 95 % Wilson interval, pairs (seeds) won, and milliseconds a
   decision for both sides, wall and CPU (ours in this process; BMAI's less its start-up;
   on a shared machine CPU time is the fair comparison). Every finished game
   is appended to --out (JSON lines) and skipped when the run is started again.

    .venv/bin/python bench/bmai_vs_rulepress.py [--bmai PATH] [--games 200]
        [--agree-games 2000] [--policy search] [--plies 1,2] [--only ID,...]

Build BMAI from its own README (github.com/pappde/bmai) and pass it with --bmai or BMAI_BIN;
without it only the agreement part runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bmai import ROOT, adapter, matchups, notation, protocol, stats  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "bmai" / "maximize.json"
DEFAULT_OUT = ROOT / "build" / "bmai" / "strength.jsonl"

def load_engine():
    """The engine's round player, or a clear stop while it does not exist yet."""
    from bmai.engine_side import policies, round_play
    return round_play, policies


# ---- the engine's interface, in one place ---------------------------------------------

def new_round(engine, m: matchups.Matchup, seed: int):
    """A round of the match-up's two sides (sizes as listed), rolled from `seed`."""
    return engine.new_round(m.sides[0].request(), m.sides[1].request(), seed=seed)


def first_side_points(engine, state) -> float:
    """1, 0.5 or 0 for the first side, from result(state)."""
    res = engine.result(state)
    winner = res.get("winner") if isinstance(res, dict) else res
    if winner in ("mine", 0):
        return 1.0
    if winner in ("theirs", 1):
        return 0.0
    if winner in ("draw", None):
        return 0.5
    raise SystemExit(f"result() gave {res!r}: adjust first_side_points in {__file__}")


def play_round(engine, policies, m: matchups.Matchup, seed: int,
               players: tuple, binary: Path | None) -> dict:
    """One round. players[k] is a policy name for our side, or protocol.Settings for BMAI."""
    round_play = engine  # the module rulepress.engine.buttonmen.round_play
    state = new_round(round_play, m, seed)
    rng = random.Random(f"{m.id}/{seed}/moves")
    ms: list[list[float]] = [[], []]
    cpu: list[list[float]] = [[], []]
    turn = 0
    while not round_play.is_over(state):
        side = adapter.whose_turn(state)
        player = players[side]
        if isinstance(player, protocol.Settings):
            assert binary is not None, "a BMAI player needs the BMAI binary"
            position = adapter.position_from_state(state)
            settings = replace(player, seed=(seed * 1000 + turn) % 2_000_000_000 + 1)
            decision = protocol.get_action(binary, position, settings)
            move = adapter.engine_move(decision.move)
            legal = round_play.legal_moves(state)
            if not any(adapter.same_move(move, x) for x in legal):
                return {"void": f"BMAI chose {move}, which the engine does not list",
                        "bmai_input": position.text()}
            ms[side].append(max(0.0, decision.seconds - STARTUP[0]) * 1000)
            cpu[side].append(max(0.0, decision.cpu_seconds - STARTUP[1]) * 1000)
        else:
            start, start_cpu = time.perf_counter(), time.process_time()
            move = policies.choose_move(state, player, rng)
            ms[side].append((time.perf_counter() - start) * 1000)
            cpu[side].append((time.process_time() - start_cpu) * 1000)
        state = round_play.apply_move(state, move)
        turn += 1
    return {"points": first_side_points(round_play, state), "ms": ms, "cpu_ms": cpu,
            "moves": turn}


STARTUP = [0.0, 0.0]  # BMAI's start-up and parse time (wall, CPU seconds), measured once


def measure_startup(binary: Path) -> None:
    """BMAI's start-up and parse time on a five-dice position, without a decision."""
    m = matchups.STRENGTH[0]
    dice = [tuple(d + ":1" for d in notation.recipe_dice(s.recipe, s.swing, list(s.options)))
            for s in m.sides]
    position = protocol.Position((protocol.Player(dice[0]), protocol.Player(dice[1])))
    text = protocol.decision_text(position, protocol.Settings(), command="")
    runs = [protocol.run_timed(binary, text)[1:] for _ in range(7)]
    STARTUP[0] = statistics.median(r[0] for r in runs)
    STARTUP[1] = statistics.median(r[1] for r in runs)


# ---- 1. agreement ---------------------------------------------------------------------

def agreement(engine, policies, games: int, only: set[str]) -> None:
    pinned = json.loads(FIXTURE.read_text(encoding="utf-8"))
    print(f"1. Agreement: maximize vs maximize, P(first side wins | round decided); BMAI "
          f"{pinned['bmai']['repository']} {str(pinned['bmai']['commit'])[:12]}")
    print(f"{'match-up':<18}{'BMAI (95 %)':>26}{'n':>8}{'rulepress (95 %)':>26}{'n':>7}"
          f"{'draws':>7}  agree")
    for row in pinned["matchups"]:
        if only and row["id"] not in only:
            continue
        m = matchups.by_id(row["id"])
        wins = draws = losses = 0
        for seed in range(1, games + 1):
            got = play_round(engine, policies, m, seed, ("maximize", "maximize"), None)
            wins += got["points"] == 1.0
            draws += got["points"] == 0.5
            losses += got["points"] == 0.0
        decided = wins + losses
        ours = wins / decided if decided else float("nan")
        ours_ci = stats.wilson(wins, decided)
        theirs, theirs_ci = row["p_win_decisive"], tuple(row["wilson95"])
        ok = stats.agree(ours, ours_ci, theirs, theirs_ci)
        print(f"{row['id']:<18}{theirs:>10.4f} ({theirs_ci[0]:.4f}-{theirs_ci[1]:.4f})"
              f"{row['games']:>8}{ours:>10.4f} ({ours_ci[0]:.4f}-{ours_ci[1]:.4f})"
              f"{decided:>7}{draws:>7}  {'yes' if ok else 'NO: ' + row['rule_differences']}",
              flush=True)
    print()


# ---- 2. strength ----------------------------------------------------------------------

@dataclass
class Totals:
    """One ply's sums over the match-ups, for the table's last row."""

    points: float = 0.0
    games: int = 0
    ours_ms: list[float] = field(default_factory=list)
    ours_cpu: list[float] = field(default_factory=list)
    bmai_ms: list[float] = field(default_factory=list)
    bmai_cpu: list[float] = field(default_factory=list)


def done_games(out: Path) -> dict[tuple, dict]:
    found: dict[tuple, dict] = {}
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                g = json.loads(line)
                found[(g["matchup"], g["policy"], g["ply"], g["seed"], g["seat"])] = g
    return found


def strength(engine, policies, binary: Path, policy: str, plies: list[int], games: int,
             only: set[str], out: Path) -> None:
    measure_startup(binary)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = done_games(out)
    print(f"2. Strength: {policy} against BMAI (max_sims 100, min_sims 5, maxbranch 400, "
          f"surrender off), seeds 1-{games}, both seats; {os.cpu_count()} cores, load "
          f"{os.getloadavg()[0]:.1f}; BMAI start-up {STARTUP[0] * 1000:.1f} ms wall "
          "subtracted")
    print(f"{'match-up':<14}{'ply':>4}{'games':>7}{'W-D-L':>13}{'our score (95 %)':>24}"
          f"{'pairs won':>10}{'ours ms':>9}{'cpu':>7}{'BMAI ms':>9}{'cpu':>7}{'void':>6}")
    for ply in plies:
        total = Totals()
        for m in matchups.STRENGTH:
            if only and m.id not in only:
                continue
            rows = []
            for seed in range(1, games + 1):
                for seat in (0, 1):
                    key = (m.id, policy, ply, seed, seat)
                    if key not in done:
                        bmai = protocol.Settings(ply=ply)
                        players = (policy, bmai) if seat == 0 else (bmai, policy)
                        got = play_round(engine, policies, m, seed, players, binary)
                        done[key] = {"matchup": m.id, "policy": policy, "ply": ply,
                                     "seed": seed, "seat": seat} | got
                        with out.open("a", encoding="utf-8") as f:
                            f.write(json.dumps(done[key]) + "\n")
                    rows.append(done[key])
            _strength_row(m.id, ply, rows, total)
        n = total.games
        lo, hi = stats.wilson(total.points, n)
        print(f"{'all':<14}{ply:>4}{n:>7}{'':>13}{total.points / max(n, 1):>10.3f} "
              f"({lo:.3f}-{hi:.3f}){'':>10}{_mean(total.ours_ms):>9.1f}"
              f"{_mean(total.ours_cpu):>7.1f}{_mean(total.bmai_ms):>9.1f}"
              f"{_mean(total.bmai_cpu):>7.1f}")
    print()


def _strength_row(ident: str, ply: int, rows: list[dict], total: Totals) -> None:
    played = [r for r in rows if "points" in r]
    void = len(rows) - len(played)
    ours = [1 - r["points"] if r["seat"] else r["points"] for r in played]  # our points
    wins, draws = sum(p == 1 for p in ours), sum(p == 0.5 for p in ours)
    losses = len(ours) - wins - draws
    points = sum(ours)
    lo, hi = stats.wilson(points, len(ours))
    pairs: dict[int, list[float]] = {}
    for r, p in zip(played, ours):
        pairs.setdefault(r["seed"], []).append(p)
    whole = [sum(v) / 2 for v in pairs.values() if len(v) == 2]
    our_ms = [t for r in played for t in r["ms"][r["seat"]]]
    our_cpu = [t for r in played for t in r["cpu_ms"][r["seat"]]]
    bmai_ms = [t for r in played for t in r["ms"][1 - r["seat"]]]
    bmai_cpu = [t for r in played for t in r["cpu_ms"][1 - r["seat"]]]
    print(f"{ident:<14}{ply:>4}{len(ours):>7}{f'{wins}-{draws}-{losses}':>13}"
          f"{points / max(len(ours), 1):>10.3f} ({lo:.3f}-{hi:.3f})"
          f"{sum(w > 0.5 for w in whole):>6}/{len(whole):<3}"
          f"{_mean(our_ms):>9.1f}{_mean(our_cpu):>7.1f}{_mean(bmai_ms):>9.1f}"
          f"{_mean(bmai_cpu):>7.1f}{void:>6}", flush=True)
    total.points += points
    total.games += len(ours)
    total.ours_ms += our_ms
    total.ours_cpu += our_cpu
    total.bmai_ms += bmai_ms
    total.bmai_cpu += bmai_cpu


def _mean(values: list[float]) -> float:
    return statistics.mean(values) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bmai", help=f"the BMAI binary (or ${protocol.ENV_VAR}); without "
                        "it only the agreement part runs")
    parser.add_argument("--games", type=int, default=200, help="seeds (games a seat)")
    parser.add_argument("--agree-games", type=int, default=2000,
                        help="maximize-vs-maximize rounds a match-up")
    parser.add_argument("--policy", default="search")
    parser.add_argument("--plies", default="1,2")
    parser.add_argument("--only", default="", help="match-up ids, comma-separated")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--skip-agreement", action="store_true")
    args = parser.parse_args()
    only = {x for x in args.only.split(",") if x}
    binary = None
    if args.bmai or os.environ.get(protocol.ENV_VAR):
        try:
            binary = protocol.find_binary(args.bmai)
        except protocol.BmaiError as exc:
            raise SystemExit(str(exc)) from None
    engine, policies = load_engine()
    if not args.skip_agreement:
        agreement(engine, policies, args.agree_games, only)
    if binary is None:
        print(f"2. Strength: skipped, no BMAI binary ({protocol.HOW_TO_BUILD})")
        return
    strength(engine, policies, binary, args.policy, [int(p) for p in args.plies.split(",")],
             args.games, only, args.out)


if __name__ == "__main__":
    main()
