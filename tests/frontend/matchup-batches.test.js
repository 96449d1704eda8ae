// calculators/matchup-batches.js: a simulated match-up asked in batches that add up to one
// long run (the Python side checks the sums against the engine: tests/calculators/
// test_matchup_page.py).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  MAX_ROUNDS,
  firstRequest,
  merge,
  nextRequest,
  unfinished,
  wilson,
} from "../../site_overrides/assets/javascripts/calculators/matchup-batches.js";

const round4 = (pair) => pair.map((x) => Math.round(x * 10000) / 10000);

test("Wilson's interval is the engine's (values from simulate.wilson)", () => {
  assert.deepEqual(round4(wilson(160, 200)), [0.7391, 0.8495]);
  assert.deepEqual(round4(wilson(0, 5)), [0, 0.4345]);
  assert.deepEqual(round4(wilson(331.5, 600)), [0.5125, 0.5918]);
  assert.deepEqual(wilson(0, 0), [0, 1]);
});

const REQUEST = { op: "matchup", method: "auto", policy: {}, seed: 3 };
const batch = (first, wins, draws, losses, firsts) => ({
  ok: true,
  method: "simulated",
  seed: 3,
  first_round: first,
  rounds: wins + draws + losses,
  wins,
  draws,
  losses,
  went_first: { mine: firsts, theirs: wins + draws + losses - firsts },
  interval: { confidence: 0.95, method: "Wilson", win: round4(wilson(wins, wins + draws + losses)) },
});

test("the first batch is small, one round when a side plays Search", () => {
  assert.equal(firstRequest(REQUEST).rounds, 50);
  assert.equal(firstRequest(REQUEST).first_round, 0);
  assert.equal(firstRequest({ ...REQUEST, policy: { theirs: "search" } }).rounds, 1);
  assert.equal(firstRequest({ ...REQUEST, policy: "best" }).rounds, 1);
});

test("batches add up to one run: counts summed, estimates and intervals from the sums", () => {
  const total = merge(batch(0, 60, 10, 30, 50), batch(100, 250, 33, 217, 260));
  assert.equal(total.rounds, 600);
  assert.deepEqual([total.wins, total.draws, total.losses], [310, 43, 247]);
  assert.deepEqual(total.went_first, { mine: 310, theirs: 290 });
  assert.equal(total.first_round, 0);
  assert.equal(total.p_win, 0.5167);
  assert.equal(total.value, 0.5525);
  assert.deepEqual(total.interval.value, [0.5125, 0.5918]);
  assert.equal(total.interval.method, "Wilson");
  assert.equal(total.batches, 2);
});

test("the next batch follows the last round, is sized to the pace, grows at most 4x, never shrinks", () => {
  const first = batch(0, 60, 10, 30, 50);
  const next = nextRequest(REQUEST, first, 100, 100);
  assert.equal(next.first_round, 100);
  assert.equal(next.method, "simulated"); // no second try at an exact answer
  assert.equal(next.rounds, 400); // 1500 ms at 1 round/ms, but at most 4 x 100
  assert.equal(nextRequest(REQUEST, first, 100, 750).rounds, 200);
  assert.equal(nextRequest(REQUEST, first, 100, 5000).rounds, 100); // never fewer than the last
});

test("an exact answer, an error, or a narrow enough interval asks for nothing more", () => {
  assert.equal(nextRequest(REQUEST, { ok: true, method: "exact" }, 1, 1), null);
  assert.equal(unfinished({ ok: false, error: {} }), false);
  const many = batch(0, MAX_ROUNDS, 0, 0, 0);
  assert.equal(nextRequest(REQUEST, many, 100, 100), null);
  const close = { ...batch(0, 20000, 0, 20000, 0) };
  close.interval = { win: [0.496, 0.504] };
  assert.equal(unfinished(close), false);
});
