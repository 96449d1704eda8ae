"""Pin BMAI's answers as fixtures, so the tests can check agreement without BMAI.

For every match-up in bench/bmai/matchups.py, BMAI's Maximize plays Maximize (`playfair N 1
1`: BMC_AI_Maximize on both sides, swing and option sizes locked as listed, one round a game,
a drawn round played again) and the win count of the first side is written to
tests/fixtures/bmai/maximize.json with a 95 % Wilson interval and its provenance (BMAI's
commit and version line, the exact input, seed, game count). `--ply-games N` also plays BMAI
ply 1 against BMAI ply 2 (BMAIBagels' settings) N games from each seat on the six strength
match-ups into ply.json; that costs about a second per ply-2 decision.

    .venv/bin/python bench/bmai_pin.py --bmai PATH [--games 100000] [--seed 1]
        [--commit SHA] [--build-note TEXT] [--ply-games 0 [--ply-compile]] [--only ID,...]

Build BMAI from its own README first (github.com/pappde/bmai); BMAI_BIN works instead of
--bmai. The build and the test suite never need BMAI: they read the JSON written here.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bmai import ROOT, engine_data  # noqa: E402
from bmai import matchups, notation, protocol, stats  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "bmai"


def version(binary: Path) -> str:
    out, _ = protocol.run(binary, "")
    found = re.search(r"^Version: (.+)$", out, re.M)
    return found.group(1).strip() if found else "unknown"


def preround(m: matchups.Matchup) -> protocol.Position:
    players = []
    for side in m.sides:
        dice = notation.recipe_dice(side.recipe, side.swing, list(side.options))
        unset = [d for d in dice if re.search(r"[P-Z]|/", d) and "-" not in d]
        if unset:
            raise SystemExit(f"{m.id}: give every swing and option die a size ({unset}); "
                             "BMAI would choose them itself")
        players.append(protocol.Player(dice))
    return protocol.Position((players[0], players[1]), phase="preround", wins=1)


def full_tie(m: matchups.Matchup) -> str:
    """rulepress's exact P(full initiative tie): BMAI gives those rounds to player 0."""
    from rulepress.engine.query import answer
    out = answer({"game": "buttonmen", "op": "initiative",
                  "players": [s.request() for s in m.sides]}, engine_data())
    return out["tie"] if out.get("ok") else f"not answered: {out.get('error')}"


def maximize(binary: Path, games: int, seed: int, only: set[str]) -> list[dict]:
    rows = []
    for m in matchups.ALL:
        if only and m.id not in only:
            continue
        position = preround(m)
        got = protocol.playfair(binary, position, games, mode=1, p=1.0, seed=seed)
        lo, hi = stats.wilson(got["wins"], games)
        rows.append({
            "id": m.id, "source": m.source, "strength": m.strength,
            "mine": m.sides[0].request() | ({"name": m.sides[0].name} if m.sides[0].name
                                            else {}),
            "theirs": m.sides[1].request() | ({"name": m.sides[1].name} if m.sides[1].name
                                              else {}),
            "bmai_input": position.text().splitlines() + [f"seed {seed}",
                                                          f"playfair {games} 1 1"],
            "seed": seed, "games": games, "wins": got["wins"], "losses": got["losses"],
            "p_win_decisive": round(got["wins"] / games, 5),
            "wilson95": [round(lo, 5), round(hi, 5)],
            "by_initiative": got["by_initiative"],
            "rulepress_initiative_full_tie": full_tie(m),
            "rule_differences": m.note,
            "seconds": round(got["seconds"], 3)})
        print(f"{m.id:<18} {got['wins']:>7}/{games:<7} {got['wins'] / games:.4f} "
              f"({lo:.4f}-{hi:.4f})  {got['seconds']:.2f} s", flush=True)
    return rows


CHUNK = 10  # games a BMAI process in the ply runs: short sessions, resumable, with progress


def ply(binary: Path, games: int, seed: int, only: set[str], play: bool = True) -> list[dict]:
    """BMAI ply 1 against ply 2 on the strength match-ups, each from both seats.

    Played CHUNK games a process (BMAI seed = seed * 1000 + chunk), round robin over the
    match-ups and seats so a run cut short still covers all of them; each chunk's result is
    appended to build/bmai/ply_chunks.jsonl and skipped when the run starts again. With
    play=False nothing new is played: the table is made from the chunks logged so far
    (the chunks both seats of a match-up have)."""
    one = protocol.Settings(ply=1)
    two = protocol.Settings(ply=2)
    log = ROOT / "build" / "bmai" / "ply_chunks.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    done: dict[tuple, dict] = {}
    if log.exists():
        for line in log.read_text(encoding="utf-8").splitlines():
            c = json.loads(line)
            done[(c["id"], c["seat"], c["seed"], c["games"])] = c
    chosen = [m for m in matchups.ALL if m.strength and (not only or m.id in only)]
    starts = {}
    for m in chosen:
        position = preround(m)
        starts[m.id] = (position, protocol.Position(
            (position.players[1], position.players[0]), phase="preround", wins=1))
    chunks = [(k, min(CHUNK, games - k * CHUNK)) for k in range((games + CHUNK - 1) // CHUNK)]
    for k, n in chunks:
        for m in chosen:
            for seat in (0, 1):
                key = (m.id, seat, seed * 1000 + k, n)
                if key in done or not play:
                    continue
                got = protocol.compare(binary, starts[m.id][seat], n, (one, two), seed=key[2])
                done[key] = {"id": m.id, "seat": seat, "seed": key[2], "games": n,
                             "ply1_wins": got["wins"], "seconds": got["seconds"]}
                with log.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(done[key]) + "\n")
                print(f"  {m.id} seat {seat} chunk {k}: ply 1 won {got['wins']}/{n} "
                      f"({got['seconds']:.0f} s)", flush=True)
    rows = []
    for m in chosen:
        both = [(k, n) for k, n in chunks
                if all((m.id, seat, seed * 1000 + k, n) in done for seat in (0, 1))]
        wins = [sum(done[(m.id, seat, seed * 1000 + k, n)]["ply1_wins"] for k, n in both)
                for seat in (0, 1)]
        per_seat = sum(n for _, n in both)
        if not per_seat:
            continue
        total = 2 * per_seat
        seconds = sum(done[(m.id, seat, seed * 1000 + k, n)]["seconds"]
                      for k, n in both for seat in (0, 1))
        lo, hi = stats.wilson(sum(wins), total)
        rows.append({"id": m.id, "games_per_seat": per_seat,
                     "seeds": [seed * 1000 + k for k, _ in both],
                     "ply1_wins_as_first": wins[0], "ply1_wins_as_second": wins[1],
                     "ply1_wins": sum(wins), "games": total,
                     "ply1_share": round(sum(wins) / total, 4),
                     "wilson95": [round(lo, 4), round(hi, 4)], "seconds": round(seconds, 1)})
        print(f"{m.id:<18} ply 1 wins {sum(wins)}/{total} = {sum(wins) / total:.3f} "
              f"({lo:.3f}-{hi:.3f})  {seconds:.0f} s", flush=True)
    return rows


def _overall(rows: list[dict]) -> dict:
    wins, games = sum(r["ply1_wins"] for r in rows), sum(r["games"] for r in rows)
    lo, hi = stats.wilson(wins, games)
    return {"ply1_wins": wins, "games": games,
            "ply1_share": round(wins / games, 4) if games else None,
            "wilson95": [round(lo, 4), round(hi, 4)]}


def provenance(binary: Path, commit: str | None, note: str | None) -> dict:
    line = version(binary)
    short = re.search(r"-g([0-9a-f]{7,})", line)
    compiler = subprocess.run(["c++", "--version"], capture_output=True, text=True,
                              check=False).stdout.splitlines()[:1]
    return {"repository": "pappde/bmai (MIT)", "commit": commit or (short.group(1) if short
                                                                     else None),
            "version_line": line, "compiler": compiler[0] if compiler else None,
            "machine": f"{platform.system()} {platform.machine()}",
            "measured": time.strftime("%Y-%m-%d")} | ({"build_note": note} if note else {})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bmai", help=f"the BMAI binary (or ${protocol.ENV_VAR})")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commit", help="BMAI's full commit hash, for the provenance")
    parser.add_argument("--build-note", help="how the binary differs from the commit, if "
                        "it does (its version line ends in -dirty)")
    parser.add_argument("--ply-games", type=int, default=0,
                        help="games per seat of BMAI ply 1 vs ply 2 (0: skip)")
    parser.add_argument("--ply-compile", action="store_true",
                        help="write ply.json from the chunks played so far, playing none")
    parser.add_argument("--only", default="", help="match-up ids, comma-separated")
    args = parser.parse_args()
    try:
        binary = protocol.find_binary(args.bmai)
    except protocol.BmaiError as exc:
        raise SystemExit(str(exc)) from None
    only = {x for x in args.only.split(",") if x}
    OUT.mkdir(parents=True, exist_ok=True)
    about = provenance(binary, args.commit, args.build_note)
    if args.games:
        rows = maximize(binary, args.games, args.seed, only)
        doc = {
            "about": "BMAI's Maximize against Maximize (playfair N 1 1), one round a game, "
                     "sizes locked as listed. A drawn round is played again, so "
                     "p_win_decisive = P(win) / (P(win) + P(lose)) of one round for 'mine' "
                     "(BMAI's player 0). BMAI gives a full initiative tie to player 0; "
                     "rulepress_initiative_full_tie is that chance (rulepress's exact "
                     "initiative op), an upper bound on the bias. Made by bench/bmai_pin.py.",
            "interval": "95 % Wilson score interval on wins / games",
            "bmai": about, "matchups": rows}
        (OUT / "maximize.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT / 'maximize.json'}")
    if args.ply_games:
        rows = ply(binary, args.ply_games, args.seed, only, play=not args.ply_compile)
        settings = {k: v for k, v in vars(protocol.Settings(ply=1)).items()
                    if k in ("max_sims", "min_sims", "maxbranch")}
        doc = {"about": "BMAI3 ply 1 (player 0 on `ai 0 2`) against BMAI3 ply 2 (the shared "
                        "AI), both with BMAIBagels' settings and surrender off, `compare 10` "
                        "a process from each seat (the second seat swaps the buttons), one "
                        "round a game, draws replayed, so ply1_share is ply 1's P(win) / "
                        "(P(win) + P(lose)); seeds lists the 10-game sessions (BMAI seeds) "
                        "played from each seat. Made by bench/bmai_pin.py --ply-games.",
               "settings": settings, "interval": "95 % Wilson score interval",
               "bmai": about, "matchups": rows, "all": _overall(rows)}
        (OUT / "ply.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT / 'ply.json'}")


if __name__ == "__main__":
    main()
