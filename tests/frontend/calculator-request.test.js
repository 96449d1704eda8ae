// calculators/request.js: from a calculator's form values to the engine's request, the
// address, and from the engine's errors back to the form.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  applies,
  describeDifference,
  fieldForError,
  fill,
  paramText,
  plainWords,
  readChoices,
  readDice,
  diceText,
  readNumber,
  readSizes,
  readSwing,
} from "../../site_overrides/assets/javascripts/calculators/request.js";

const SPEC = {
  request: { game: "dice", op: "distribution", expr: "$expr", bonus_dice: "$bonus", depth: "$depth" },
  errors: [["^players\\[0\\]\\.swing", "my_swing"]],
  words: [["\\bswing\\b", "swing size"]],
};

test("fill puts each value in its place and leaves a blank optional field out", () => {
  const values = { expr: "2d6", bonus: true, depth: null };
  assert.deepEqual(fill(SPEC.request, values), {
    game: "dice",
    op: "distribution",
    expr: "2d6",
    bonus_dice: true,
  });
  assert.deepEqual(fill({ players: [{ recipe: "$a" }, "$b"] }, { a: "(4)", b: 3 }), {
    players: [{ recipe: "(4)" }, 3],
  });
});

test("an error's path finds its field: the spec's patterns first, else the request key", () => {
  assert.equal(fieldForError(SPEC, "players[0].swing.X"), "my_swing");
  assert.equal(fieldForError(SPEC, "expr"), "expr");
  assert.equal(fieldForError(SPEC, "game"), null);
});

test("a message beside its field loses the request path and speaks the form's words", () => {
  assert.equal(
    plainWords(SPEC, "players[0].dice[1]: swing X must be 4 to 20"),
    "swing size X must be 4 to 20",
  );
  assert.equal(plainWords(SPEC, "x.y needs a swing"), "needs a swing size");
  assert.equal(plainWords(SPEC, "expr is empty"), "expr is empty"); // no path: kept
  // a top-level field's name and the column go: the message names the text itself
  assert.equal(
    plainWords(SPEC, "expr: column 3: '3d' needs a die size, like 3d6"),
    "'3d' needs a die size, like 3d6",
  );
  assert.equal(plainWords(SPEC, "opponent: no button has that name"), "no button has that name");
});

test("a field counts only for the values of another it names", () => {
  const field = { name: "depth", applies: ["rules", ["brikwars"]] };
  assert.equal(applies(field, { rules: "brikwars" }), true);
  assert.equal(applies(field, { rules: "plain" }), false);
  assert.equal(applies({ name: "expr" }, {}), true);
});

test("text inputs are read into request values, or say what is wrong", () => {
  assert.deepEqual(readSwing("X=8, U=16"), { value: { X: 8, U: 16 }, problem: undefined });
  assert.equal(readSwing("X=8 U16").problem, 'Write sizes like X=8, U=16 ("U16" is not one).');
  assert.deepEqual(readSizes("4, 20", false), { value: [4, 20], problem: undefined });
  assert.deepEqual(readSizes(" ", true), { value: null });
  assert.equal(readSizes("4, d6", false).problem, "Write die sizes as whole numbers, e.g. 4, 12.");
  assert.deepEqual(readChoices("z, sp", false), { value: ["z", "sp"], problem: undefined });
  assert.match(readChoices("{z,f}(6)", false).problem, /"\{z" is not one/);
  const field = { low: 1, high: 10, optional: false };
  assert.deepEqual(readNumber("3", field), { value: 3, problem: undefined });
  assert.equal(readNumber("0", field).problem, "At least 1.");
  assert.equal(readNumber("11", field).problem, "At most 10.");
  assert.equal(readNumber("2.5", field).problem, "Enter a whole number.");
  assert.deepEqual(readNumber("", { ...field, optional: true }), { value: null });
});

test("the address keeps only what differs from the defaults, in each kind's format", () => {
  const swing = { name: "my_swing", kind: "swing", default: {} };
  assert.equal(paramText(swing, { X: 8, U: 16 }, {}), "X=8,U=16");
  assert.equal(paramText(swing, {}, {}), null);
  const sizes = { name: "sizes", kind: "sizes", default: [4] };
  assert.equal(paramText(sizes, [4, 20], {}), "4,20");
  const box = { name: "bonus", kind: "checkbox", default: true };
  assert.equal(paramText(box, false, {}), "0");
  const rows = { name: "players", kind: "rows", default: [] };
  assert.equal(paramText(rows, [{ power: 3 }], {}), '[{"power":3}]');
  const depth = { name: "depth", kind: "number", default: 8, applies: ["rules", ["brikwars"]] };
  assert.equal(paramText(depth, 5, { rules: "plain" }), null); // does not count: left out
  assert.equal(paramText(depth, 5, { rules: "brikwars" }), "5");
  assert.equal(paramText({ name: "t", kind: "text", default: "a" }, null, {}), "");
});

test("a pinned answer's inputs are described where they differ", () => {
  const fields = [
    { name: "expr", label: "Dice", kind: "text" },
    { name: "bonus", label: "Bonus dice", kind: "checkbox" },
    { name: "rules", label: "Rules", kind: "select", options: [["brikwars", "BrikWars"]] },
  ];
  const now = { expr: "2d6", bonus: true, rules: "brikwars" };
  assert.equal(describeDifference(fields, now, now), "the same inputs");
  assert.equal(
    describeDifference(fields, { expr: "3d6", bonus: false, rules: "brikwars" }, now),
    "Dice: 3d6; Bonus dice: no",
  );
  assert.equal(describeDifference(fields, { ...now, rules: null }, now), "Rules: (not used)");
});

test("dice with what they show: read, written back, and what is not a die refused", () => {
  const read = readDice("(6)=3, s(X=12)=5 (4,4)=7 (8)");
  assert.equal(read.problem, undefined);
  assert.deepEqual(read.value, [
    { recipe: "(6)", value: 3 },
    { recipe: "s(X)", sides: 12, value: 5 },
    { recipe: "(4,4)", value: 7 },
    { recipe: "(8)" },
  ]);
  assert.equal(diceText(read.value), "(6)=3 s(X=12)=5 (4,4)=7 (8)");
  assert.deepEqual(readDice("").value, []);
  assert.match(readDice("(6)=3 six").problem, /"six" is not one/);
});
