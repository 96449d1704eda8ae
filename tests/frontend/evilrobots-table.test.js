// evilrobots/table-rules.js, join-link.js, robots.js and qr-path.js: the table screen's
// bookkeeping and the join link, with a small stand-in for the applet's data. Rules lines
// are seed 002's (the Evil Robots v1 rules page).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  joinAddress,
  randomCode,
  readJoin,
} from "../../site_overrides/assets/javascripts/evilrobots/join-link.js";
import { qrPath } from "../../site_overrides/assets/javascripts/evilrobots/qr-path.js";
import { actionsFor, robotControls } from "../../site_overrides/assets/javascripts/evilrobots/robots.js";
import * as rules from "../../site_overrides/assets/javascripts/evilrobots/table-rules.js";

const scoring = (effect, points) => ({ effect, points: points ?? null });
const DATA = {
  bots: [
    { id: "plusbot", name: "PlusBot", scoring: scoring("power_bonus", 3) },
    { id: "betbot", name: "BetBot", scoring: scoring("bet", 1) },
    { id: "negativebot", name: "NegativeBot", scoring: scoring("negate_target") },
    { id: "swapbot", name: "SwapBot", scoring: scoring("swap_with_points") },
    { id: "copybot", name: "CopyBot", scoring: scoring("none") },
    { id: "gandalfbot", name: "GandalfBot", scoring: scoring("none") },
    { id: "freebot", name: "FreeBot", scoring: scoring("none") },
    { id: "scaredybot", name: "ScaredyBot", scoring: scoring("bonus_if_hidden", 1) },
  ],
  power_deck: { low: 1, high: 9, copies: 2 },
  round: { debate_seconds: 60, extra_robot_power: 5, extra_robot_team: "Neutral", win_points: 10 },
  players: { min: 3, max: 9 },
  actions: [
    { id: "resisted-by-power", when: "target", reveals: ["power"], robots: [], replaces: null },
    {
      id: "resisted-by-level",
      when: "target",
      reveals: ["power", "robot"],
      robots: ["plusbot"],
      replaces: "resisted-by-power",
    },
  ],
};

function game(names = ["Ann", "Bo", "Cy"], more = {}) {
  return rules.newGame({ names, target: 10, extra: false, ...more }, DATA);
}
function fill(round, rows) {
  rows.forEach((row, i) => Object.assign(round.players[i], row));
}

test("the join link carries the code, the count and the names, and reads back", () => {
  const link = joinAddress("http://127.0.0.1/evilrobots/applet/?old=1#x", {
    code: "PLUM-42",
    players: 3,
    names: ["Ann", "Bo Bo", "Cy"],
  });
  assert.equal(link, "http://127.0.0.1/evilrobots/applet/?code=PLUM-42&players=3&names=Ann,Bo+Bo,Cy");
  const read = readJoin(new URL(link).searchParams, DATA.players);
  assert.deepEqual(read, { code: "PLUM-42", players: 3, names: ["Ann", "Bo Bo", "Cy"] });
  // names that do not match the count are left out; a count out of range is no link
  assert.deepEqual(readJoin(new URLSearchParams("code=X&players=4&names=A,B"), DATA.players).names, []);
  assert.equal(readJoin(new URLSearchParams("code=X&players=12"), DATA.players), null);
  assert.equal(readJoin(new URLSearchParams("players=5"), DATA.players), null);
  assert.equal(readJoin(new URLSearchParams("code=" + "x".repeat(65) + "&players=5"), DATA.players), null);
});

test("a random code is six letters and digits that cannot be misread", () => {
  assert.equal(randomCode(new Uint8Array([0, 1, 8, 31, 32, 255])), "ABJ9A9");
  assert.match(randomCode(), /^[A-HJ-NP-Z2-9]{6}$/);
});

test("a QR path draws each run of dark modules once, inside the quiet zone", () => {
  const dark = new Set(["0,0", "0,1", "1,1"]);
  assert.equal(
    qrPath(2, (r, c) => dark.has(r + "," + c)),
    "M4 4h2v1h-2zM5 5h1v1h-1z",
  );
});

test("robot controls come from the scoring data; CopyBot copies every action", () => {
  // which controls a robot shows: [bet, pick, swap, noPassPhase]
  const shown = {
    betbot: [true, false, false, false],
    copybot: [true, true, true, false],
    gandalfbot: [false, false, false, true],
    "": [false, false, false, false],
  };
  for (const [robot, [bet, pick, swap, noPassPhase]] of Object.entries(shown)) {
    assert.deepEqual(robotControls(DATA, robot), { bet, pick, swap, noPassPhase }, robot);
  }
});

test("a PlusBot's phone proves a failed conversion with both cards (lines 120, 126, 171)", () => {
  assert.deepEqual(
    actionsFor(DATA, "plusbot").map((a) => a.id),
    ["resisted-by-level"],
  );
  assert.deepEqual(
    actionsFor(DATA, "betbot").map((a) => a.id),
    ["resisted-by-power"],
  );
});

test("PlusBot may claim its card + its bonus, FreeBot any level (lines 164, 171)", () => {
  assert.deepEqual(rules.levelChoices(DATA, { robot: "plusbot", power: "2" }), [
    ["", "card 2"],
    ["5", "level 5"],
  ]);
  assert.deepEqual(rules.levelChoices(DATA, { robot: "plusbot", power: "" }), []);
  assert.equal(rules.levelChoices(DATA, { robot: "freebot", power: "" }).length, 10);
  assert.deepEqual(rules.levelChoices(DATA, { robot: "betbot", power: "4" }), []);
});

test("the pass order asks only what is known: a passer's level, not everyone's power (122)", () => {
  const g = game(["Ann", "Bo", "Cy", "Di"]);
  const r = rules.currentRound(g);
  fill(r, [
    { power: "2", robot: "plusbot", level: "5", passed: "debate" },
    { passed: "turn", robot: "freebot", level: "6" },
    {},
    { power: "4", passed: "debate", reacted: "pass" },
  ]);
  assert.deepEqual(rules.turnRequest(g, r), {
    game: "evilrobots",
    op: "turn_order",
    players: [
      { name: "Ann", power: 2, robot: "plusbot", acts_at: 5, passed: "debate" },
      { name: "Bo", robot: "freebot", acts_at: 6, passed: "turn" },
      { name: "Cy" },
      { name: "Di", power: 4, passed: "debate", reacted_in_pass_phase: true },
    ],
  });
  g.decks = 2; // several copies of the game (lines 95, 96)
  assert.equal(rules.turnRequest(g, r).decks, 2);
});

test("ScaredyBot: a target that proved a failure with its power alone keeps its point (120, 126, 173)", () => {
  const r = rules.currentRound(game());
  r.log.push({ kind: "failed", who: 0, target: 2, shown: "power" });
  assert.equal(rules.revealedMore(r, 2), false); // showed only its power
  assert.equal(rules.revealedMore(r, 0), true); // the converter showed an allegiance (116)
  assert.equal(rules.revealedMore(r, 1), false);
  r.log.push({ kind: "failed", who: 1, target: 2, shown: "power-robot" });
  assert.equal(rules.revealedMore(r, 2), true);
  const s = rules.currentRound(game());
  s.log.push({ kind: "convert", who: 0, target: 1 });
  assert.deepEqual(
    [0, 1, 2].map((i) => rules.revealedMore(s, i)),
    [true, true, false],
  );
  s.log.push({ kind: "reveal", who: 2, what: "power" });
  assert.equal(rules.revealedMore(s, 2), false);
});

test("the score request: picks negate their target, the log marks swaps and reveals", () => {
  const g = game(["Ann", "Bo", "Cy"], { code: "", decks: 1 });
  const r = rules.currentRound(g);
  r.points = "6";
  fill(r, [
    { power: "3", team: "Good", robot: "negativebot", picked: "1" },
    { power: "8", team: "Evil", robot: "swapbot", bet: "Good" }, // a bet without BetBot is dropped
    { power: "1", team: "Evil", robot: "scaredybot" },
  ]);
  r.log.push({ kind: "swap", who: 1 });
  const request = rules.scoreRequest(g, r, DATA);
  assert.deepEqual(request.players, [
    { name: "Ann", power: 3, team: "Good", robot: "negativebot" },
    {
      name: "Bo",
      power: 8,
      team: "Evil",
      robot: "swapbot",
      negated: true,
      swapped: true,
      revealed_more: true,
    },
    { name: "Cy", power: 1, team: "Evil", robot: "scaredybot" },
  ]);
  assert.equal(request.points, 6);
  assert.deepEqual(rules.pointsAfterSwaps(g, r, DATA), { points: 8, pending: null });
  r.players[1].power = "";
  assert.deepEqual(rules.scoreRequest(g, r, DATA), { missing: ["Bo"] });
  assert.deepEqual(rules.pointsAfterSwaps(g, r, DATA), { points: "", pending: "Bo" });
});

test("with a game code the points card is the deal's, the same as every phone's", () => {
  const g = game(["Ann", "Bo", "Cy", "Di", "Ed"], { code: "PLUM-42" });
  const points = rules.dealtPoints(g, rules.currentRound(g), DATA);
  assert.ok(points >= 1 && points <= 9);
  // the deal's points card does not depend on the number of players
  const h = game(["A", "B", "C"], { code: "plum-42" });
  assert.equal(rules.dealtPoints(h, rules.currentRound(h), DATA), points);
});

test("the winner line names the winners and the Neutral total", () => {
  const g = game(["Ann", "Bo", "Cy"], { extra: true });
  const r = rules.currentRound(g);
  const result = {
    winner: "Good",
    totals: { Good: 9, Evil: 7 },
    pool: { points: 5, shared_by: ["Ann"], each_if_no_agreement: 1 },
    players: [
      { name: "Ann", team: "Good", power: 9 },
      { name: "Bo", team: "Evil", power: 7 },
      { name: "Cy", team: "Neutral", power: 3 },
    ],
  };
  assert.equal(rules.winnerLine(result, g, r, DATA), "Good wins: Good 9, Evil 7, Neutral 8. Winners: Ann.");
  r.extraTeam = "Good";
  const tie = {
    ...result,
    winner: "Neutral",
    totals: { Good: 7, Evil: 7 },
    pool: { ...result.pool, shared_by: ["Cy"] },
  };
  assert.equal(
    rules.winnerLine(tie, g, r, DATA),
    "Neutral wins (a tie goes to Neutral): Good 7, Evil 7, Neutral 3. Winners: Cy.",
  );
  assert.equal(
    rules.winnerLine({ winner: null, why: "every player is Evil, so nobody scores" }, g, r, DATA),
    "every player is Evil, so nobody scores.",
  );
});

test("a game ends with one player alone at the target; a tie there plays on (line 56)", () => {
  const g = game();
  rules.finishRound(g, rules.currentRound(g), { Ann: 10, Bo: 10 }, DATA);
  assert.deepEqual([g.winner, g.playOn, g.rounds.length], [null, ["Ann", "Bo"], 2]);
  rules.finishRound(g, rules.currentRound(g), { Ann: 1 }, DATA);
  assert.deepEqual([g.winner, g.rounds.length], ["Ann", 2]);
  assert.deepEqual(rules.totals(g), { Ann: 11, Bo: 10, Cy: 0 });
});

test("the countdown's calls (line 108)", () => {
  assert.equal(rules.callText(9, DATA), "Is anyone power level Nine or more?");
  assert.equal(rules.callText(4, DATA), "Is anyone power level Four?");
  assert.equal(rules.callText(0, DATA), "Countdown over: on to the pass phase.");
});
