// The Play page's words: a move, an event of the round and its result in plain English,
// from the `play` op's JSON (engine/buttonmen/play/ops.py). Pure functions, unit-tested in
// Node (tests/frontend/buttonmen-play.test.js); the page shows them as text.

export const ATTACK_NAMES = {
  power: "Power",
  skill: "Skill",
  berserk: "Berserk",
  boom: "Boom",
  rush: "Rush",
  shadow: "Shadow",
  speed: "Speed",
  trip: "Trip",
};

/** "(X=10) showing 7": a die of the board ({sized, value}). */
export const dieWords = (die) => `${die.sized} showing ${die.value}`;

/** A move's key: the same move from `legal` and from `advice` meet under it. */
export function moveKey(move) {
  return JSON.stringify([move.type, move.mine || [], move.theirs || [], move.turbo || []]);
}

/** What a legal move of mine does, with the dice on `board` ({mine, theirs}.dice). */
export function moveWords(move, board) {
  if (move.type === "pass") return "Pass (no attack is possible)";
  const mine = (move.mine || []).map((i) => board.mine.dice[i]);
  const theirs = (move.theirs || []).map((j) => board.theirs.dice[j]);
  const name = ATTACK_NAMES[move.type] || move.type;
  const turbo = move.turbo && move.turbo.length ? `; Turbo re-sized to ${move.turbo.join(", ")} sides` : "";
  return `${name}: my ${mine.map(dieWords).join(" + ")} on their ${theirs.map(dieWords).join(" + ")}${turbo}`;
}

const who = (player) => (player === "mine" ? "You" : "The computer");
const whose = (player) => (player === "mine" ? "your" : "the computer's");
const dieList = (dice) => dice.map(dieWords).join(", ");

/** One line of the round's log for a `play` event. */
export function eventWords(event) {
  if (event.event === "start") {
    return `${event.first === "mine" ? "You go" : "The computer goes"} first. ${(event.why || []).join(" ")}`;
  }
  if (event.move.type === "pass") return `${who(event.player)} passed.`;
  const name = ATTACK_NAMES[event.move.type] || event.move.type;
  const took = event.captured.length
    ? `captured ${event.player === "mine" ? "the computer's" : "your"} ${dieList(event.captured)}`
    : "captured nothing";
  const rolled = (event.move.mine || [])
    .map((i) => event.dice_after[i])
    .filter(Boolean)
    .map((d) => `${d.sized} ${d.value}`);
  const after = rolled.length ? `; ${whose(event.player)} attackers now show ${rolled.join(", ")}` : "";
  return `${who(event.player)}: ${name} attack with ${dieList(event.attackers)} on ${dieList(event.targets)}, ${took}${after}.`;
}

/** The round's result line: who won, with the scores (fractions of the engine, as text). */
export function resultWords(response) {
  const [mine, theirs] = response.scores;
  const score = `${mine} to ${theirs}`;
  if (response.winner === "mine") return `You win the round, ${score}.`;
  if (response.winner === "theirs") return `The computer wins the round, ${theirs} to ${mine}.`;
  return `A draw, ${score}.`;
}
