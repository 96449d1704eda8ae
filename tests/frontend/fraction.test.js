// shared/fraction.js: exact fractions as the engine sends them ("n/d").
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  addFractions,
  decimal,
  fractionText,
  parseFraction,
  percent,
  percentText,
  timesWhole,
  ZERO,
} from "../../site_overrides/assets/javascripts/shared/fraction.js";

test("parses n/d and whole numbers", () => {
  assert.deepEqual(parseFraction("21/2"), { n: 21n, d: 2n });
  assert.deepEqual(parseFraction("7"), { n: 7n, d: 1n });
  assert.deepEqual(parseFraction("-3/4"), { n: -3n, d: 4n });
});

test("adds and multiplies in lowest terms", () => {
  assert.equal(fractionText(addFractions(parseFraction("1/6"), parseFraction("1/3"))), "1/2");
  assert.equal(fractionText(addFractions(parseFraction("1/2"), parseFraction("1/2"))), "1");
  assert.equal(fractionText(addFractions(ZERO, ZERO)), "0");
  assert.equal(fractionText(timesWhole(parseFraction("7/2"), 4)), "14");
  assert.equal(fractionText(timesWhole(parseFraction("7/3"), 2)), "14/3");
});

test("huge fractions stay exact", () => {
  const big = "1/" + "9".repeat(60);
  const sum = addFractions(parseFraction(big), parseFraction(big));
  assert.equal(fractionText(sum), "2/" + "9".repeat(60));
});

test("percentages: 4 decimals, and <0.01% for a chance too small to show", () => {
  assert.equal(percent("1/8"), 12.5);
  assert.equal(percent("1/3"), 33.3333);
  assert.equal(percentText("1/8"), "12.50%");
  assert.equal(percentText("1/100000"), "<0.01%");
  assert.equal(percentText("0"), "0.00%");
  assert.equal(percentText("1"), "100.00%");
});

test("decimals: exact ones plain, others rounded with ≈", () => {
  assert.equal(decimal("21/2"), "10.5");
  assert.equal(decimal("7"), "7");
  assert.equal(decimal("1/3"), "≈ 0.3333");
  assert.equal(decimal("2/3"), "≈ 0.6667");
  assert.equal(decimal("-1/2"), "−0.5");
  assert.equal(decimal("-1/300000"), "≈ 0"); // rounds to zero: no minus sign
  assert.equal(decimal("1/8", 2), "≈ 0.13");
});
