"""BMAI's milliseconds per decision at ply 1 and ply 2, on this machine.

Positions: for each strength match-up (bench/bmai/matchups.py) and seed, the opening roll
(every die of both sides, rolled with Python's random.Random(seed)) and a middle game (each
side keeps three of its dice, the others captured by the opponent), player 0 to move. Each
decision is one BMAI process with BMAIBagels' settings (`max_sims 100, min_sims 5,
maxbranch 400`, surrender off) at ply 1 and at ply 2. A decision's time is the process's
wall time, and its CPU time, each less the median of the same input without `getaction`
(start-up and parsing, about a millisecond), so it is BMAI's own thinking time. On a machine
shared with other work the CPU time is the steadier figure.

    .venv/bin/python bench/bmai_speed.py --bmai PATH [--seeds 3] [--plies 1,2] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bmai import matchups, notation, protocol, swing_ranges  # noqa: E402

from rulepress.engine.buttonmen.scoring import round_score  # noqa: E402


def positions(seeds: int) -> list[tuple[str, protocol.Position]]:
    ranges = swing_ranges()
    out = []
    for m in matchups.STRENGTH:
        for seed in range(1, seeds + 1):
            rng = random.Random(f"{m.id}/{seed}")
            dice = [notation.rolled(notation.engine_dice(s.recipe, s.swing, s.options, ranges),
                                    rng) for s in m.sides]
            opening = [protocol.Player(tuple(notation.die_text(d) for d in side),
                                       round_score(side, [])) for side in dice]
            out.append((f"{m.id} opening {seed}",
                        protocol.Position((opening[0], opening[1]))))
            kept = [rng.sample(side, 3) for side in dice]
            lost = [[d for d in side if not any(d is k for k in keep)]
                    for side, keep in zip(dice, kept)]
            middle = [protocol.Player(tuple(notation.die_text(d) for d in kept[i]),
                                      round_score(kept[i], lost[1 - i])) for i in range(2)]
            out.append((f"{m.id} middle {seed}", protocol.Position((middle[0], middle[1]))))
    return out


def decision_ms(binary: Path, position: protocol.Position, ply: int, repeat: int,
                baseline_runs: int = 5) -> tuple[float, float, dict]:
    """(wall ms, CPU ms, move) of one decision, each the median of `repeat` runs (BMAI
    seeds 1..repeat) less the set-up's median."""
    setup = protocol.decision_text(position, protocol.Settings(ply=ply), command="")
    base = [protocol.run_timed(binary, setup)[1:] for _ in range(baseline_runs)]
    wall0 = statistics.median(b[0] for b in base)
    cpu0 = statistics.median(b[1] for b in base)
    runs = [protocol.get_action(binary, position, protocol.Settings(ply=ply, seed=seed))
            for seed in range(1, repeat + 1)]
    return (max(0.0, statistics.median(r.seconds for r in runs) - wall0) * 1000,
            max(0.0, statistics.median(r.cpu_seconds for r in runs) - cpu0) * 1000,
            runs[0].move)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bmai", help=f"the BMAI binary (or ${protocol.ENV_VAR})")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--plies", default="1,2")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each decision")
    args = parser.parse_args()
    try:
        binary = protocol.find_binary(args.bmai)
    except protocol.BmaiError as exc:
        raise SystemExit(str(exc)) from None
    plies = [int(p) for p in args.plies.split(",")]
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start")
    print(f"{'position':<28}" + "".join(f"{f'ply {p} wall':>11}{f'ply {p} cpu':>11}"
                                          for p in plies) + "  dice  move at ply " + str(plies[-1]))
    times: dict[tuple[int, str, str], list[float]] = {}
    for name, position in positions(args.seeds):
        row: list[float] = []
        move: dict = {}
        kind = name.split()[1]
        for p in plies:
            wall, cpu, move = decision_ms(binary, position, p, args.repeat)
            times.setdefault((p, "wall", kind), []).append(wall)
            times.setdefault((p, "cpu", kind), []).append(cpu)
            row += [wall, cpu]
        counts = "v".join(str(len(pl.dice)) for pl in position.players)
        print(f"{name:<28}" + "".join(f"{ms:>11.1f}" for ms in row)
              + f"  {counts:<5} {move['type']} {move['attackers']}->{move['targets']}",
              flush=True)
    print()
    for p in plies:
        for clock in ("wall", "cpu"):
            every = times[(p, clock, "opening")] + times[(p, clock, "middle")]
            print(f"ply {p} {clock:>4}: median {statistics.median(every):7.1f} ms, mean "
                  f"{statistics.mean(every):7.1f} ms a decision over {len(every)} positions "
                  f"(median opening {statistics.median(times[(p, clock, 'opening')]):.1f}, "
                  f"middle {statistics.median(times[(p, clock, 'middle')]):.1f})")
    print(f"load average {os.getloadavg()[0]:.2f} at the end (2 cores shared with other work)")


if __name__ == "__main__":
    main()
