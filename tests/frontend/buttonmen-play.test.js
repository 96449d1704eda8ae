// buttonmen-play/play-words.js: the Play page's words for moves, events and results, from
// the `play` op's JSON (shapes as in content/reference/query-buttonmen.md).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  eventWords,
  moveKey,
  moveWords,
  resultWords,
} from "../../site_overrides/assets/javascripts/buttonmen-play/play-words.js";

const die = (sized, value) => ({ recipe: sized, sized, sides: 0, value });
const BOARD = {
  mine: { dice: [die("(4)", 1), die("(6)", 4), die("(X=10)", 7)] },
  theirs: { dice: [die("(8)", 3), die("(12)", 5)] },
};

test("a move says its attack, my dice and their dice with what they show", () => {
  assert.equal(
    moveWords({ type: "power", mine: [1], theirs: [0] }, BOARD),
    "Power: my (6) showing 4 on their (8) showing 3",
  );
  assert.equal(
    moveWords({ type: "skill", mine: [0, 1], theirs: [1] }, BOARD),
    "Skill: my (4) showing 1 + (6) showing 4 on their (12) showing 5",
  );
  assert.equal(
    moveWords({ type: "power", mine: [2], theirs: [1], turbo: [12] }, BOARD),
    "Power: my (X=10) showing 7 on their (12) showing 5; Turbo re-sized to 12 sides",
  );
  assert.equal(moveWords({ type: "pass", mine: [], theirs: [] }, BOARD), "Pass (no attack is possible)");
});

test("a legal move and its advice meet under one key", () => {
  const legal = { type: "power", mine: [1], theirs: [0] };
  const advised = { type: "power", mine: [1], theirs: [0], value: "7/8", p_win: "5/6" };
  assert.equal(moveKey(legal), moveKey(advised));
  assert.notEqual(moveKey(legal), moveKey({ ...legal, type: "skill" }));
});

test("events: who went first and why, then each move with what it captured", () => {
  const start = { event: "start", first: "theirs", why: ["The dice that count … went first."] };
  assert.equal(eventWords(start), "The computer goes first. The dice that count … went first.");
  const move = {
    event: "move",
    player: "mine",
    move: { type: "power", mine: [1], theirs: [0] },
    attackers: [die("(6)", 4)],
    targets: [die("(8)", 3)],
    captured: [die("(8)", 3)],
    dice_after: [die("(4)", 1), die("(6)", 2)],
  };
  assert.equal(
    eventWords(move),
    "You: Power attack with (6) showing 4 on (8) showing 3, captured the computer's (8) showing 3; " +
      "your attackers now show (6) 2.",
  );
  assert.equal(
    eventWords({ event: "move", player: "theirs", move: { type: "pass" } }),
    "The computer passed.",
  );
});

test("the result names the winner with both scores", () => {
  assert.equal(resultWords({ winner: "mine", scores: ["13", "0"] }), "You win the round, 13 to 0.");
  assert.equal(
    resultWords({ winner: "theirs", scores: ["4", "21/2"] }),
    "The computer wins the round, 21/2 to 4.",
  );
  assert.equal(resultWords({ winner: "draw", scores: ["9", "9"] }), "A draw, 9 to 9.");
});
