// index-tables/filter-address.js: how the index tables' filters are kept in the address.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  chipsText,
  ownsKey,
  readBound,
  readChips,
  readSort,
  sortText,
  tablePrefix,
} from "../../site_overrides/assets/javascripts/index-tables/filter-address.js";

test("chips: required and excluded, both ways", () => {
  const chips = [
    { value: "shadow", state: "include" },
    { value: "poison", state: "exclude" },
  ];
  assert.equal(chipsText(chips), "shadow,-poison");
  assert.deepEqual(readChips("shadow,-poison"), chips);
  assert.deepEqual(readChips("+shadow"), [{ value: "shadow", state: "include" }]);
  assert.deepEqual(readChips(" shadow"), [{ value: "shadow", state: "include" }]); // a "+" sent as a space
  assert.deepEqual(readChips(null), []);
  assert.deepEqual(readChips(",,"), []);
});

test("sort: a 1-based column, minus for descending", () => {
  assert.equal(sortText(2, false), "-3");
  assert.equal(sortText(0, true), "1");
  assert.equal(sortText(-1, true), null);
  assert.deepEqual(readSort("-3"), { column: 2, ascending: false });
  assert.equal(readSort("abc"), null);
  assert.equal(readSort(null), null);
});

test("each table on a page owns its keys", () => {
  assert.equal(tablePrefix(1), "");
  assert.equal(tablePrefix(2), "t2-");
  assert.equal(ownsKey("", "skill"), true);
  assert.equal(ownsKey("", "t2-skill"), false);
  assert.equal(ownsKey("t2-", "t2-skill"), true);
  assert.equal(ownsKey("t2-", "skill"), false);
});

test("a range bound is a number or nothing", () => {
  assert.equal(readBound("3"), "3");
  assert.equal(readBound("x"), "");
  assert.equal(readBound(null), "");
});

test("arrow keys step through the items shown, stopping at the ends", async () => {
  const { stepIndex } = await import("../../site_overrides/assets/javascripts/index-tables/keyboard.js");
  assert.equal(stepIndex(3, -1, "ArrowDown"), 0); // from the text filter: the first row
  assert.equal(stepIndex(3, 0, "ArrowRight"), 1);
  assert.equal(stepIndex(3, 2, "ArrowDown"), 2); // the last stays the last
  assert.equal(stepIndex(3, 0, "ArrowUp"), 0);
  assert.equal(stepIndex(3, 1, "End"), 2);
  assert.equal(stepIndex(3, 2, "Home"), 0);
  assert.equal(stepIndex(3, 1, "ArrowLeft", true), null); // in the rows, Left scrolls
  assert.equal(stepIndex(3, 1, "Enter"), null);
  assert.equal(stepIndex(0, -1, "ArrowDown"), null);
});
