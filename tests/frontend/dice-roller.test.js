// roll/dice-roller.js: a fair draw from crypto words, and rolls that follow the engine's plans.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  buttonChoices,
  randomBelow,
  rollButton,
  rollFace,
  rollPlan,
  rollWords,
  ruleWords,
  buttonWords,
} from "../../site_overrides/assets/javascripts/roll/dice-roller.js";

const WORD = 2 ** 32;
/** A source of words that hands out `words` in order (and fails when they run out). */
function script(words) {
  const queue = [...words];
  return () => {
    assert.ok(queue.length, "asked for more words than scripted");
    return queue.shift();
  };
}
/** Words for the faces wanted, each die of its size (a word below n draws face word+1). */
const faces = (...list) => script(list.map((f) => f - 1));

test("a draw below n takes words below the largest multiple of n, and draws again above it", () => {
  for (const n of [1, 2, 3, 4, 6, 7, 10, 12, 20, 100, 1000, 2 ** 31 + 1]) {
    const limit = WORD - (WORD % n);
    assert.equal(limit % n, 0); // every face owns exactly limit / n of the accepted words
    assert.equal(randomBelow(n, script([limit - 1])), (limit - 1) % n);
    assert.equal(randomBelow(n, script([0])), 0);
    if (limit < WORD) assert.equal(randomBelow(n, script([limit, WORD - 1, 5])), 5 % n);
  }
  // a d6: 2^32 = 4 (mod 6), so the four highest words would favour faces 1 to 4: redrawn
  assert.equal(randomBelow(6, script([WORD - 4, WORD - 1, 11])), 5);
  assert.equal(randomBelow(6, script([WORD - 5])), (WORD - 5) % 6);
  assert.throws(() => randomBelow(0, script([])), RangeError);
  assert.throws(() => randomBelow(2.5, script([])), RangeError);
});

test("crypto draws stay in range and reach every face", () => {
  const seen = new Set();
  for (let i = 0; i < 600; i++) {
    const face = rollFace(6);
    assert.ok(Number.isInteger(face) && face >= 1 && face <= 6);
    seen.add(face);
  }
  assert.equal(seen.size, 6); // each face is missed in 600 rolls with chance under 1e-46
});

// the engine's roll_plan answers (content/reference/query-dice.md shows how they read)
const BRIKWARS = {
  text: "1d6 + 1",
  terms: [{ count: 1, sides: 6, sign: 1, tag: null }],
  modifier: 1,
  bonus: { 6: { on: 6, die: 6 } },
  most_bonus: 40,
  critical_failure: { face: 1, counts: "zero" },
  penalty: 0,
  penalty_on_bonus_dice: true,
  floor: true,
};

test("a die on its top face earns a bonus die, and a bonus die on its top face another", () => {
  const roll = rollPlan(BRIKWARS, faces(6, 6, 2));
  assert.deepEqual(
    roll.dice[0].faces.map((f) => [f.sides, f.face, !!f.bonus]),
    [
      [6, 6, false],
      [6, 6, true],
      [6, 2, true],
    ],
  );
  assert.equal(roll.total, 15);
  assert.equal(roll.critical, false);
});

test("a d4 earns d4s, and the chain stops at the plan's most", () => {
  const plan = { ...BRIKWARS, terms: [{ count: 1, sides: 4, sign: 1, tag: "Fire" }], modifier: 0 };
  plan.bonus = { 4: { on: 4, die: 4 } };
  assert.equal(rollPlan(plan, faces(4, 3)).total, 7);
  const cut = rollPlan({ ...plan, most_bonus: 2 }, faces(4, 4, 4));
  assert.equal(cut.dice[0].faces.length, 3);
  assert.equal(cut.total, 12);
});

test("every natural die added on 1 is a Critical Failure; a die taken off does not count", () => {
  const plan = {
    ...BRIKWARS,
    terms: [
      { count: 2, sides: 6, sign: 1, tag: null },
      { count: 1, sides: 4, sign: -1, tag: null },
    ],
    bonus: { 6: { on: 6, die: 6 }, 4: { on: 4, die: 4 } },
    modifier: 0,
  };
  const crit = rollPlan(plan, faces(1, 1, 3));
  assert.equal(crit.critical, true);
  assert.equal(crit.total, 0); // 1 + 1 - 3, floored at 0
  assert.equal(rollPlan(plan, faces(1, 2, 1)).critical, false);
  assert.equal(
    rollPlan({ ...plan, critical_failure: { face: 1, counts: "ignore" } }, faces(1, 1, 1)).critical,
    false,
  );
  assert.equal(rollPlan({ ...plan, floor: false }, faces(1, 1, 3)).total, -1);
});

test("a penalty comes off each natural die, and off bonus dice only when the plan says so", () => {
  const plan = { ...BRIKWARS, modifier: 0, penalty: 1 };
  assert.equal(rollPlan(plan, faces(6, 3)).total, 7);
  assert.equal(rollPlan({ ...plan, penalty_on_bonus_dice: false }, faces(6, 3)).total, 8);
});

test("a BrikWars rule's roll is titled by its label and noted with how to read it", () => {
  const skill = {
    ...BRIKWARS,
    text: "1d6",
    modifier: 0,
    bonus: {},
    critical_failure: { face: 1, counts: "fail" },
  };
  const entry = { label: "Skill roll 1d6", plan: skill, reads: "hits on 5 or more (Use 5)" };
  const hit = ruleWords(entry, rollPlan(skill, faces(6)));
  assert.deepEqual(hit, {
    title: "Skill roll 1d6",
    total: "6",
    detail: "d6: 6",
    note: "hits on 5 or more (Use 5)",
  });
  const crit = ruleWords(entry, rollPlan(skill, faces(1)));
  assert.equal(crit.note, "hits on 5 or more (Use 5). Critical Failure: every die shows 1 (the roll fails)");
});

test("SuperNatural dice follow a plan whose bonus dice are of their own size", () => {
  const sn = { ...BRIKWARS, text: "1d8", modifier: 0, bonus: { 8: { on: 8, die: 8 } }, terms: [] };
  sn.terms = [{ count: 1, sides: 8, sign: 1, tag: null }];
  const roll = rollPlan(sn, faces(8, 8, 3));
  assert.deepEqual(
    roll.dice[0].faces.map((f) => f.sides),
    [8, 8, 8],
  );
  assert.equal(roll.total, 19);
});

// the engine's parse answer for "(4) s(X) (6/12) (2,X) (0,4) (C)"
const DICE = [
  { kind: "fixed", text: "(4)", sides: 4 },
  { kind: "swing", text: "s(X)", swing: "X", range: [4, 20] },
  { kind: "option", text: "(6/12)", options: [6, 12] },
  { kind: "twin", text: "(2,X)", twin: [{ sides: 2 }, { swing: "X", range: [4, 20] }] },
  { kind: "twin", text: "(0,4)", twin: [{ sides: 0 }, { sides: 4 }] },
  { kind: "wildcard", text: "(C)" },
];

test("a whole button rolls every die at its chosen size", () => {
  assert.deepEqual(buttonChoices(DICE), { swing: { X: [4, 20] }, options: [{ index: 2, sizes: [6, 12] }] });
  const chosen = { swing: { X: 10 }, options: { 2: 12 } };
  const roll = rollButton(DICE, chosen, faces(3, 10, 12, 2, 7, 4));
  assert.deepEqual(
    roll.map((d) => [d.text, d.sizes, d.value]),
    [
      ["(4)", [4], 3],
      ["s(X)", [10], 10],
      ["(6/12)", [12], 12],
      ["(2,X)", [2, 10], 9],
      ["(0,4)", [0, 4], 4],
      ["(C)", null, null],
    ],
  );
  for (let i = 0; i < 200; i++) {
    for (const die of rollButton(DICE, chosen)) {
      if (die.sizes === null) continue;
      const low = die.sizes.filter((s) => s > 0).length;
      assert.ok(die.value >= low && die.value <= die.sizes.reduce((a, b) => a + b, 0));
    }
  }
});

test("rolls read in words: each die's faces, bonus dice, the modifier, a Critical Failure", () => {
  const words = rollWords(rollPlan(BRIKWARS, faces(6, 2)));
  assert.deepEqual(words, { title: "1d6 + 1", total: "9", detail: "d6: 6, bonus d6: 2; +1", note: "" });
  const crit = rollWords(rollPlan(BRIKWARS, faces(1)));
  assert.equal(crit.note, "Critical Failure: every die shows 1 (a Damage roll does no damage)");
  assert.equal(crit.total, "0"); // as the exact answer counts it; the dice still show
  assert.equal(crit.detail, "d6: 1; +1");
  const chosen = { swing: { X: 10 }, options: { 2: 12 } };
  const button = buttonWords("Test", rollButton(DICE, chosen, faces(3, 10, 12, 2, 7, 4)));
  assert.equal(button.total, "3 · 10 · 12 · 9 · 4");
  assert.equal(
    button.detail,
    "(4): 3; s(X) at 10: 10; (6/12) at 12: 12; (2,X) at 2,10: 9 (2 + 7); (0,4) at 0,4: 4 (0 + 4); (C): not rolled here (a Wildcard draws a card)",
  );
});

test("a calculator's buttons roll at the form's swing sizes and option sizes in recipe order", async () => {
  const { chosenSizes } = await import("../../site_overrides/assets/javascripts/roll/calculator-roll.js");
  const dice = [...DICE, { kind: "option", text: "(4/20)", options: [4, 20] }];
  const sized = chosenSizes(dice, { X: 10 }, [12, 20]);
  assert.deepEqual(sized, { chosen: { swing: { X: 10 }, options: { 2: 12, 6: 20 } }, missing: [] });
  assert.deepEqual(chosenSizes(dice, {}, null).missing, ["X"]);
  assert.deepEqual(chosenSizes(dice, { X: 4 }, null).chosen.options, { 2: 6, 6: 4 });
});
