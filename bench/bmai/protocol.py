"""Drive a BMAI binary through its text protocol (stdin in, stdout out).

BMAI (Denis Papp's Button Men AI, github.com/pappde/bmai, MIT) reads one session of
commands on stdin. Everything here follows its parser, src/BMC_Parser.cpp at the commit
named in tests/fixtures/bmai/maximize.json:

    game 1                  a game block: target wins (default 3), then the phase,
    fight                   "preround", "reserve", "fight" (others unused here),
    player 0 2 31.5         then per player: number, dice count, round score so far,
    4:1                     one die a line, {skills}{size}[{postfix}][-{sides}][:{value}]
    X-10:7                  (swing and option dice give their size after "-"),
    player 1 1 40
    p20:2
    ply 2                   settings (below), then one command:
    getaction               getaction, playgame N, compare N, playfair N MODE P
    quit

Dice are indexed in the order given (BMAI sorts them internally but answers with these
indices). Player 0 is always the one to act in `getaction`.

Settings: `ply N`, `max_sims N`, `min_sims N`, `maxbranch N` (for player P: `ply P N` etc.),
`ai P T` (0 = BMAI, 1 = QAI, 2 = a second BMAI3 instance; the default for both players is one
shared BMAI3), `seed N` (0 = from the clock), `surrender on|off`, `turbo_accuracy F`,
`debugply N`. There is no `sims` setting (BMAI's README shows one; the parser stops with
"unrecognized command"). Any `game` block resets both players' AI to the shared BMAI3, so
`ai` lines come after it. An unknown line or a die it cannot parse ends BMAI with exit
status 1 and the message on stdout: `run` turns that into a BmaiError.

What the commands do (BMC_Parser::GetAction, PlayGame, CompareAI, PlayFairGames):
- getaction, fight: prints "action" then the move: "pass", "surrender", or the attack name
  ("power", "skill", "berserk", "speed", "trip", "shadow"), a line of attacker indices, a
  line of target indices, and for a Turbo die one more line "swing X n" or "option i n".
  Before it, "l1 p0 best move (S points, W% win) ..." gives its estimate (W% of its
  simulated rounds won, draws half).
- getaction, preround: "action" then "swing X n" per swing letter and "option i n" per
  option die (original index, chosen size), or "pass" when there is nothing to set.
- playgame N and compare N are the same loop: N games between the two players' AIs,
  printing "matches over W0 - W1". A game lasts until one player has `game` wins; a drawn
  round is played again, so W0 + W1 = N and W0 / N is P(win) / (P(win) + P(lose)) of a
  round when `game 1`.
- playfair N MODE P: N games with both players on one AI: MODE 0 random, 1 Maximize
  (BMC_AI_Maximize), 2 BMAI with a Maximize-or-random playout AI (P = share of Maximize),
  3 BMAI; prints wins split by who had the initiative. Maximize-vs-Maximize is
  `playfair N 1 1`: `ai` offers no Maximize.

Swing and option sizes (BMC_AI::GetSetSwingAction, BMC_BMAI3::GetSetSwingAction): a die given
with "-sides" is locked at that size for the game. Unset dice are chosen in the preround:
Random, Maximize and the QAI playouts take the smallest size of every swing letter and the
first size of every option die; BMAI3 simulates whole rounds for every combination (cut at
random to maxbranch / min_sims combinations, always keeping the all-extremes ones) and keeps
the best. At ply 1 its playouts let the opponent's unset dice take their smallest size; at
ply 2 and more the opponent's choice is searched as well. After a lost round the loser's swing
is unset again; after a draw nobody's.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

ATTACKS = ("power", "skill", "berserk", "speed", "trip", "shadow")  # c_attack_name
PHASES = ("preround", "fight")
ENV_VAR = "BMAI_BIN"
HOW_TO_BUILD = ("build BMAI from its own README (github.com/pappde/bmai, CMake and a C++17 "
                "compiler), then pass the binary with --bmai PATH or set BMAI_BIN")
DEFAULT_TIMEOUT = 600.0  # seconds for one BMAI process; ply 3 decisions can take minutes


class BmaiError(RuntimeError):
    """BMAI refused the input, crashed, or answered in a form this module does not know."""


@dataclass(frozen=True)
class Player:
    """One side of a position in BMAI's notation (see notation.py for the conversion)."""

    dice: tuple[str, ...]
    score: Fraction | float | int = 0  # round score so far; BMAI takes it as given


@dataclass(frozen=True)
class Position:
    """A game block. In `getaction` player 0 acts; `wins` is rounds needed to win a game."""

    players: tuple[Player, Player]
    phase: str = "fight"
    wins: int = 1

    def text(self) -> str:
        if self.phase not in PHASES:
            raise ValueError(f"phase must be one of {PHASES}, got {self.phase!r}")
        lines = [f"game {self.wins}", self.phase]
        for number, player in enumerate(self.players):
            lines.append(f"player {number} {len(player.dice)} {score_text(player.score)}")
            lines.extend(player.dice)
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Settings:
    """Search settings for BMAI3. Defaults: BMAIBagels' (the ladder in the Rust port's
    STRENGTH.md), with surrender off, as BMAIBagels plays."""

    ply: int = 2
    max_sims: int | None = 100
    min_sims: int | None = 5
    maxbranch: int | None = 400
    seed: int | None = 1
    surrender: bool = False
    quiet: bool = True  # `debugply 1`: log the top level only (ply 2 logs megabytes)

    def lines(self, player: int | None = None) -> list[str]:
        """Setting lines for the shared AI, or (player 0/1) for that player's AI only."""
        who = "" if player is None else f"{player} "
        out = [f"ply {who}{self.ply}"]
        for name in ("max_sims", "min_sims", "maxbranch"):
            value = getattr(self, name)
            if value is not None:
                out.append(f"{name} {who}{value}")
        return out

    def common(self) -> list[str]:
        out = [] if self.seed is None else [f"seed {self.seed}"]
        out.append(f"surrender {'on' if self.surrender else 'off'}")
        if self.quiet:
            out.append("debugply 1")
        return out


@dataclass
class Decision:
    move: dict  # neutral form, see parse_move
    estimate: float | None  # BMAI's own P(win) for the move, from its simulations
    seconds: float  # wall time of the BMAI process
    cpu_seconds: float = 0.0  # its user + system CPU time (less sensitive to a busy machine)
    output: str = field(repr=False, default="")


def score_text(score: Fraction | float | int) -> str:
    """BMAI reads the score with %f: integers plain, halves as .5."""
    value = Fraction(score).limit_denominator(1000) if isinstance(score, float) else \
        Fraction(score)
    if value.denominator == 1:
        return str(value.numerator)
    return repr(float(value))


def find_binary(given: str | None = None) -> Path:
    """The BMAI executable from --bmai, else $BMAI_BIN; a clear error when neither works."""
    path = given or os.environ.get(ENV_VAR)
    if not path:
        raise BmaiError(f"no BMAI binary given: {HOW_TO_BUILD}")
    binary = Path(path).expanduser()
    if not binary.is_file() or not os.access(binary, os.X_OK):
        raise BmaiError(f"{binary} is not an executable file: {HOW_TO_BUILD}")
    return binary


def run(binary: Path, text: str, timeout: float = DEFAULT_TIMEOUT) -> tuple[str, float]:
    """Run one BMAI session; (its stdout, wall seconds). Ends the session with `quit`."""
    output, wall, _ = run_timed(binary, text, timeout)
    return output, wall


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_timed(binary: Path, text: str,
              timeout: float = DEFAULT_TIMEOUT) -> tuple[str, float, float]:
    """Like run, also giving the process's CPU seconds (from this process's child usage, so
    exact when sessions run one at a time from one thread)."""
    if not text.endswith("quit\n"):
        text += "quit\n"
    cpu = _children_cpu()
    start = time.perf_counter()
    try:
        done = subprocess.run([str(binary)], input=text, capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise BmaiError(f"BMAI took more than {timeout:g} s on:\n{text}") from None
    seconds = time.perf_counter() - start
    cpu = _children_cpu() - cpu
    if done.returncode != 0:
        last = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
        raise BmaiError(f"BMAI stopped with exit status {done.returncode}: {last}\n"
                        f"input was:\n{text}")
    return done.stdout, seconds, cpu


_BEST = re.compile(r"^l1 p0 best move \(([-\d.]+) points, ([-\d.nai]+)% win\)")


def action_lines(output: str) -> list[str]:
    """The lines after the last "action" line (BMAI's answer to getaction)."""
    lines = output.splitlines()
    for k in range(len(lines) - 1, -1, -1):
        if lines[k].strip() == "action":
            return [line.strip() for line in lines[k + 1:] if line.strip()]
    raise BmaiError("BMAI gave no action:\n" + "\n".join(lines[-5:]))


def parse_move(output: str) -> dict:
    """getaction's fight answer as {"type", "attackers", "targets"} (indices as given in the
    position, each list sorted), plus "turbo" for a Turbo die's new size:
    {"swing": "X", "sides": n} or {"die": i, "sides": n}. Pass and surrender have no dice."""
    lines = action_lines(output)
    kind = lines[0]
    if kind in ("pass", "surrender"):
        return {"type": kind, "attackers": [], "targets": []}
    if kind not in ATTACKS or len(lines) < 3:
        raise BmaiError(f"unexpected BMAI action: {lines}")
    try:
        move: dict = {"type": kind, "attackers": sorted(int(x) for x in lines[1].split()),
                "targets": sorted(int(x) for x in lines[2].split())}
    except ValueError:
        raise BmaiError(f"unexpected BMAI action: {lines}") from None
    for extra in lines[3:]:
        words = extra.split()
        if len(words) == 3 and words[0] == "swing":
            move["turbo"] = {"swing": words[1], "sides": int(words[2])}
        elif len(words) == 3 and words[0] == "option":
            move["turbo"] = {"die": int(words[1]), "sides": int(words[2])}
        else:
            raise BmaiError(f"unexpected line after BMAI's attack: {extra!r}")
    return move


def parse_estimate(output: str) -> float | None:
    """BMAI's P(win) for the move it chose (its "best move" line), or None if not printed."""
    found = None
    for line in output.splitlines():
        m = _BEST.match(line.strip())
        if m:
            try:
                found = float(m.group(2)) / 100
            except ValueError:
                found = None
    return found


def parse_sizes(output: str) -> dict:
    """getaction's preround answer: {"swing": {"X": 10}, "options": {index: sides}}."""
    out: dict = {"swing": {}, "options": {}}
    for line in action_lines(output):
        words = line.split()
        if words == ["pass"]:
            continue
        if len(words) == 3 and words[0] == "swing":
            out["swing"][words[1]] = int(words[2])
        elif len(words) == 3 and words[0] == "option":
            out["options"][int(words[1])] = int(words[2])
        else:
            raise BmaiError(f"unexpected line in BMAI's swing answer: {line!r}")
    return out


def get_action(binary: Path, position: Position, settings: Settings,
               timeout: float = DEFAULT_TIMEOUT) -> Decision:
    """BMAI3's move for player 0 of a fight position."""
    if position.phase != "fight":
        raise ValueError("get_action needs a fight position; use choose_sizes in the preround")
    output, seconds, cpu = run_timed(binary, decision_text(position, settings), timeout)
    return Decision(parse_move(output), parse_estimate(output), seconds, cpu, output)


def decision_text(position: Position, settings: Settings, command: str = "getaction") -> str:
    """The whole session for one decision (command "" gives the set-up alone)."""
    lines = settings.common() + settings.lines() + ([command] if command else [])
    return position.text() + "\n".join(lines) + "\n"


def choose_sizes(binary: Path, position: Position, settings: Settings,
                 timeout: float = DEFAULT_TIMEOUT) -> dict:
    """BMAI3's swing and option sizes for player 0 of a preround position (dice without
    values; the opponent's dice locked with "-sides" if it should know them)."""
    if position.phase != "preround":
        raise ValueError("choose_sizes needs a preround position")
    output, _ = run(binary, decision_text(position, settings), timeout)
    return parse_sizes(output)


_FAIR = re.compile(r"^P(\d) stats: initiative P(\d) games (\d+) wins (\d+) losses (\d+)")
_OVER = re.compile(r"^matches over (\d+) - (\d+)")


def playfair(binary: Path, position: Position, games: int, mode: int = 1,
             p: float = 1.0, seed: int = 1, timeout: float = DEFAULT_TIMEOUT) -> dict:
    """`playfair`: both players on one AI (mode 1 = Maximize). Returns player 0's wins and
    losses, in all and split by who won the initiative of the deciding round."""
    if position.phase != "preround":
        raise ValueError("playfair starts from a preround position")
    text = position.text() + f"seed {seed}\nplayfair {games} {mode} {p:g}\n"
    output, seconds = run(binary, text, timeout)
    split: dict[str, dict[str, int]] = {}
    for line in output.splitlines():
        m = _FAIR.match(line.strip())
        if m and m.group(1) == "0":
            split[f"p{m.group(2)}_first"] = {"wins": int(m.group(4)),
                                             "losses": int(m.group(5))}
    if set(split) != {"p0_first", "p1_first"}:
        raise BmaiError("playfair printed no per-initiative results:\n" + output[-500:])
    wins = sum(s["wins"] for s in split.values())
    losses = sum(s["losses"] for s in split.values())
    if wins + losses != games:
        raise BmaiError(f"playfair counted {wins + losses} games, asked for {games}")
    return {"games": games, "wins": wins, "losses": losses, "by_initiative": split,
            "seconds": seconds}


def compare(binary: Path, position: Position, games: int, players: tuple[Settings, Settings],
            seed: int = 1, timeout: float = DEFAULT_TIMEOUT) -> dict:
    """`compare` (same as `playgame`) with each player on its own BMAI3 instance and
    settings: player 0 on `ai 0 2`, player 1 on the shared one. Player 0's wins and losses."""
    if position.phase != "preround":
        raise ValueError("compare starts from a preround position")
    lines = [f"seed {seed}", "surrender off", "debugply 0", "ai 0 2"]
    lines += players[0].lines(0) + players[1].lines(1)
    text = position.text() + "\n".join(lines) + f"\ncompare {games}\n"
    output, seconds = run(binary, text, timeout)
    over = [_OVER.match(line.strip()) for line in output.splitlines()]
    found = [m for m in over if m]
    if not found:
        raise BmaiError("compare printed no result:\n" + output[-500:])
    wins, losses = int(found[-1].group(1)), int(found[-1].group(2))
    return {"games": games, "wins": wins, "losses": losses, "seconds": seconds}
