// calculators/answer-summary.js: an answer in one line, for the bar under a calculator's form.
import assert from "node:assert/strict";
import { test } from "node:test";

import { summaryText } from "../../site_overrides/assets/javascripts/calculators/answer-summary.js";

test("a BrikWars attack reads hit, kill and critical failure", () => {
  const response = { ok: true, p_hit: "2/3", p_kill: "1/3", p_crit_fail: "1/6" };
  assert.equal(summaryText("bw_attack", response), "Hit 66.67% · Kill 33.33% · Critical failure 16.67%");
});

test("a distribution gives its mean and its likeliest value", () => {
  const response = {
    ok: true,
    mean: "7",
    pmf: [
      ["2", "1/36"],
      ["7", "1/6"],
      ["12", "1/36"],
    ],
  };
  assert.equal(summaryText("distribution", response, {}), "Mean 7 · most likely 7 (16.67%)");
  const inches = {
    ok: true,
    inches_pmf: [
      ["0", "1/2"],
      ["1", "1/2"],
    ],
  };
  assert.equal(summaryText("distribution", inches, { key: "inches_pmf" }), "most likely 0 (50.00%)");
});

test("named outcomes are listed likeliest first, three at most", () => {
  const odds = { Good: "1/4", Evil: "1/4", Neutral: "1/2", Nobody: "0" };
  assert.equal(
    summaryText("odds", { ok: true, odds }, { key: "odds" }),
    "Neutral 50.00% · Good 25.00% · Evil 25.00%",
  );
});

test("every other view has its line, and a failed answer none", () => {
  assert.equal(summaryText("probability", { ok: true, p: "1/2" }, {}), "50.00%");
  assert.equal(summaryText("attack", { ok: true, valid: false, reason: "x" }), "Not a legal attack");
  assert.equal(summaryText("attack", { ok: true, p_capture: "1" }), "Capture 100.00%");
  assert.equal(summaryText("friend_computer", { ok: true, count: 1 }), "1 recipe");
  assert.equal(summaryText("table", { ok: true, dice: [{}, {}] }, { key: "dice" }), "2 dice");
  const score = { ok: true, winner: null, totals: { Good: 3, Evil: 3 } };
  assert.equal(summaryText("er_score", score), "Nobody scores · Good 3, Evil 3");
  const first = { ok: true, first: ["1/2", "1/4"], tie: "1/4" };
  assert.equal(summaryText("bm_odds", first), "I go first 50.00% · they go first 25.00% · full tie 25.00%");
  assert.equal(summaryText("bw_attack", { ok: false, error: {} }), "");
  assert.equal(summaryText("new_view", { ok: true }), "The answer is below.");
});
