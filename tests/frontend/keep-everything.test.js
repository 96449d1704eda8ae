// offline/keep-everything.js: the size shown before anything is downloaded, and the batches.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  batches,
  megabytes,
  sizeOf,
} from "../../site_overrides/assets/javascripts/offline/keep-everything.js";

const LISTING = {
  files: [
    ["", 4000, 30000],
    ["brikwars/dice/", 6000, 50000],
  ],
  print: [["print/a.pdf", 1000000, 1000000]],
  engine: { sent: 7000000, kept: 18000000 },
};

test("the size counts the files and the engine, and the PDFs only when asked", () => {
  assert.deepEqual(sizeOf(LISTING, false), { count: 2, sent: 7010000, kept: 18080000 });
  assert.deepEqual(sizeOf(LISTING, true), { count: 3, sent: 8010000, kept: 19080000 });
  assert.equal(megabytes(7010000), "7.0 MB");
});

test("the addresses go to the worker in batches, every one once", () => {
  const addresses = Array.from({ length: 95 }, (_, i) => `p${i}/`);
  const parts = batches(addresses, 40);
  assert.deepEqual(
    parts.map((p) => p.length),
    [40, 40, 15],
  );
  assert.deepEqual(parts.flat(), addresses);
  assert.deepEqual(batches([], 40), []);
});
