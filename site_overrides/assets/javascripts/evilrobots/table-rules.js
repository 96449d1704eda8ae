/* The table screen's bookkeeping, without the page: the game's state, the engine requests
   it makes from a round, what the round log means for scoring, and the lines it shows.
   Pure functions of the state and the applet's data (evilrobots/applet/data.json), so
   tests/frontend/evilrobots-table.test.js runs them in Node. The rules themselves stay in
   the engine (turn_order, score_round); numbers come from the data, never copied here. */
import { dealTable } from "./deal.js";
import { FREEBOT, GANDALFBOT, powerBonus, robotControls } from "./robots.js";

export { powerBonus, robotControls };

export const VERSION = 2; // of the state kept in localStorage; an older one starts afresh
export const TEAMS = ["Good", "Evil", "Neutral"];

/* ---- the game and its rounds ---- */

/** A new game: `names` in seat order; `code` the phones' game code ("" for cards). */
export function newGame({ names, target, extra, code = "", decks = 1 }, data) {
  const game = { version: VERSION, players: names, target, extra, code, decks, rounds: [], scores: [] };
  game.rounds.push(newRound(game, 1, data));
  return game;
}

export function newRound(game, number, data) {
  return {
    number,
    points: "", // typed in when the table plays without a code
    call: null,
    timerLeft: debateSeconds(data),
    players: game.players.map(() => ({
      power: "",
      level: "", // "" plays at the card; else the level claimed (PlusBot, FreeBot)
      robot: "",
      passed: "",
      reacted: "",
      team: "",
      bet: "",
      picked: "", // the seat a NegativeBot (or CopyBot) picked
      ability: false, // GandalfBot used its action
    })),
    log: [],
    order: null,
    result: null,
    split: {},
  };
}

/** The debate's length from the rules data; a minute when the data gives none. */
export const debateSeconds = (data) => data.round.debate_seconds ?? 60;

export const currentRound = (game) => game.rounds[game.rounds.length - 1];

/** The round's points card: dealt by the code (the same on every phone), else typed in.
    "" while unknown. */
export function dealtPoints(game, round, data) {
  if (game.code) return dealTable(data, game.code, round.number, game.players.length).points;
  return round.points === "" ? "" : Number(round.points);
}

/* ---- robots ---- */

/** The levels a row may claim besides its card: [value, label] pairs ("" = the card). */
export function levelChoices(data, player) {
  const card = player.power === "" ? null : Number(player.power);
  if (player.robot === FREEBOT) {
    const out = [["", card === null ? "unknown" : "its card"]];
    for (let v = data.power_deck.low; v <= data.power_deck.high; v++) out.push([String(v), "acts at " + v]);
    return out;
  }
  const bonus = powerBonus(data, player.robot);
  if (!bonus || card === null) return [];
  return [
    ["", "card " + card],
    [String(card + bonus), "level " + (card + bonus)],
  ];
}

/* ---- the round log ---- */

/** What a log entry says, in words. `names` by seat. */
export function logLine(entry, names) {
  const who = names[entry.who];
  const target = names[entry.target];
  switch (entry.kind) {
    case "convert":
      return who + " converted " + target;
    case "failed":
      return (
        who + " tried to convert " + target + ", who showed " + SHOWN[entry.shown] + " to prove it failed"
      );
    case "self":
      return who + " switched their own team";
    case "swap":
      return who + " swapped their power card with the points card";
    default:
      return who + " showed " + SHOWN[entry.what];
  }
}
export const SHOWN = {
  power: "only their power",
  robot: "their robot card",
  "power-robot": "their power and robot cards",
  allegiance: "their allegiance",
};

/** Whether seat `i` showed anything besides its power this round (ScaredyBot keeps its
    point only if not; rules lines 173, 120, 126). A converter shows its allegiance (line
    116), a converted target its new one (120); a target that proved a failure with its
    power card alone showed only its power (126). */
export function revealedMore(round, i) {
  return round.log.some((e) => {
    if (e.who === i) return e.kind !== "reveal" || e.what !== "power";
    if (e.target === i) return e.kind === "convert" || (e.kind === "failed" && e.shown !== "power");
    return false;
  });
}

/** The seats that swapped with the points card, in the order they did. */
export const swappers = (round) => round.log.filter((e) => e.kind === "swap").map((e) => e.who);

/** The points card after the round's swaps: {points, pending} where pending names a
    swapper whose power card is not filled in yet (so the new points card is not known). */
export function pointsAfterSwaps(game, round, data) {
  let points = dealtPoints(game, round, data);
  for (const seat of swappers(round)) {
    const power = round.players[seat].power;
    if (power === "" || points === "") return { points: "", pending: game.players[seat] };
    points = Number(power);
  }
  return { points, pending: null };
}

/* ---- engine requests ---- */

/** The turn_order request: only what the table knows (the engine needs just the passers'
    levels). */
export function turnRequest(game, round) {
  const players = round.players.map((p, i) => {
    const out = { name: game.players[i] };
    if (p.power !== "") out.power = Number(p.power);
    if (p.robot) out.robot = p.robot;
    if (p.level !== "") out.acts_at = Number(p.level);
    if (p.passed) out.passed = p.passed;
    if (p.reacted === "before") out.reacted = true;
    if (p.reacted === "pass") out.reacted_in_pass_phase = true;
    if (p.ability && p.robot === GANDALFBOT) out.ability_used = true;
    return out;
  });
  return withDecks({ game: "evilrobots", op: "turn_order", players }, game);
}

/** The score_round request, or {missing: [names]} when a power or final team is unknown. */
export function scoreRequest(game, round, data) {
  const missing = game.players.filter((name, i) => round.players[i].power === "" || !round.players[i].team);
  if (missing.length) return { missing };
  const picked = new Set(
    round.players
      .filter((p) => robotControls(data, p.robot).pick && p.picked !== "")
      .map((p) => Number(p.picked)),
  );
  const swapped = new Set(swappers(round));
  const players = round.players.map((p, i) => {
    const out = { name: game.players[i], power: Number(p.power), team: p.team };
    if (p.robot) out.robot = p.robot;
    if (picked.has(i)) out.negated = true;
    if (p.bet && robotControls(data, p.robot).bet) out.bet = p.bet;
    if (swapped.has(i)) out.swapped = true;
    if (revealedMore(round, i)) out.revealed_more = true;
    return out;
  });
  const request = { game: "evilrobots", op: "score_round", points: dealtPoints(game, round, data), players };
  if (game.extra) request.extra_robot = round.extraTeam || data.round.extra_robot_team || "Neutral";
  return withDecks(request, game);
}

function withDecks(request, game) {
  if (game.decks > 1) request.decks = game.decks;
  return request;
}

/** The fields of a row that change who acts when (a change keeps the order, re-asked). */
export const TURN_FIELDS = ["power", "level", "robot", "passed", "reacted", "ability"];

/* ---- results ---- */

/** The Neutral team's total: its players' power as scored, and the extra robot's. */
export function neutralTotal(result, game, round, data) {
  let total = result.players.filter((p) => p.team === "Neutral").reduce((sum, p) => sum + p.power, 0);
  if (game.extra && (round.extraTeam || "Neutral") === "Neutral") total += data.round.extra_robot_power;
  return total;
}

/** "Good wins: Good 9, Evil 7, Neutral 3. Winners: Ann." (or why nobody scores). */
export function winnerLine(result, game, round, data) {
  if (!result.winner) return result.why + ".";
  const { Good, Evil } = result.totals;
  const tie = Good === Evil ? " (a tie goes to " + result.winner + ")" : "";
  const winners = result.pool.shared_by;
  return (
    result.winner +
    " wins" +
    tie +
    ": Good " +
    Good +
    ", Evil " +
    Evil +
    ", Neutral " +
    neutralTotal(result, game, round, data) +
    ". " +
    (winners.length
      ? "Winners: " + winners.join(", ") + "."
      : "No player is " + result.winner + ", so nobody shares the points.")
  );
}

/** Each player's points so far. */
export function totals(game) {
  const sum = {};
  game.players.forEach((n) => {
    sum[n] = 0;
  });
  game.scores.forEach((s) => {
    Object.keys(s.points).forEach((n) => {
      sum[n] += s.points[n];
    });
  });
  return sum;
}

/** The first to the target wins; two or more there together play on (rules line 56). */
export function decide(game) {
  const sum = totals(game);
  const best = Math.max(...Object.values(sum));
  const leaders = Object.keys(sum).filter((n) => sum[n] === best);
  game.winner = best >= game.target && leaders.length === 1 ? leaders[0] : null;
  game.playOn = best >= game.target && leaders.length > 1 ? leaders : null;
}

/** Records a round's points (name -> points, winners' shares and robot bonuses) and starts
    the next round unless the game is won. */
export function finishRound(game, round, award, data) {
  game.scores.push({ round: round.number, points: award });
  decide(game);
  if (!game.winner) game.rounds.push(newRound(game, round.number + 1, data));
}

/** The countdown's call at `level`: "Is anyone power level Nine or more?" (the top level
    answers for every level above it, rules line 108). */
export function callText(level, data) {
  const top = data.power_deck.high;
  if (level === null) return "Ready to count down";
  if (level < data.power_deck.low) return "Countdown over: on to the pass phase.";
  return "Is anyone power level " + (NUMBERS[level - 1] || level) + (level === top ? " or more?" : "?");
}
const NUMBERS = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"];
