// shared/plain-text.js and army-builder/roster-file.js: what a user types or opens, made
// plain and checked as the command line checks it.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  pictureType,
  rosterText,
  magicProblem,
} from "../../site_overrides/assets/javascripts/army-builder/roster-file.js";
import { plainText, plainTexts } from "../../site_overrides/assets/javascripts/shared/plain-text.js";
import { readQuery } from "../../site_overrides/assets/javascripts/shared/url-state.js";

const LIMITS = {
  image_magic: { "image/png": "89504e470d0a1a0a", "image/jpeg": "ffd8ff", "image/gif": "47494638" },
  file_encoding: "utf-8",
};

test("bidi overrides, isolates and zero-width characters are taken out; other text stays", () => {
  assert.equal(plainText("Bob\u202e gnorts\u202c"), "Bob gnorts");
  for (const c of [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u202a",
    "\u202b",
    "\u202d",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
  ]) {
    assert.equal(plainText(`a${c}b`), "ab", `U+${c.charCodeAt(0).toString(16)}`);
  }
  assert.equal(plainText("Ünïcödé ŰŁ — 日本"), "Ünïcödé ŰŁ — 日本");
  assert.equal(plainText(3), 3);
});

test("every text of a parsed file is plain, keys too, however deep, without recursion", () => {
  let deep = { name: "x\u202ey" };
  for (let i = 0; i < 20000; i++) deep = { a: deep };
  const out = plainTexts({ "n\u200bame": "A\u2066B", lines: [{ squad: ["\u202eS"] }], deep });
  assert.equal(out.name, "AB");
  assert.deepEqual(out.lines, [{ squad: ["S"] }]);
  let inner = out.deep;
  while (inner.a) inner = inner.a;
  assert.equal(inner.name, "xy");
});

test("a link's query is read without them", () => {
  const win = { location: { search: "?na\u202eme=Ann\u202e&expr=3d6" } };
  const params = readQuery(win);
  assert.equal(params.get("name"), "Ann");
  assert.equal(params.get("expr"), "3d6");
});

test("a roster file is UTF-8: a byte-order mark is skipped, a Latin-1 file refused", () => {
  const json = '{"name":"Ærø","lines":[]}';
  const utf8 = new TextEncoder().encode(json);
  assert.equal(rosterText(utf8, LIMITS), json);
  assert.equal(rosterText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]), LIMITS), json);
  const latin1 = Uint8Array.from(json, (c) => c.charCodeAt(0)); // Æ and ø as single bytes
  assert.throws(() => rosterText(latin1, LIMITS), /not UTF-8 text/);
});

test("a picture's type is read from its bytes; a data: URL must start as its type does", () => {
  assert.equal(pictureType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0]), LIMITS), "image/png");
  assert.equal(pictureType(new TextEncoder().encode("GIF89a<svg/>"), LIMITS), "image/gif");
  assert.equal(pictureType(new TextEncoder().encode("<svg/>"), LIMITS), null);
  assert.equal(pictureType(new Uint8Array([0xff, 0xd8]), LIMITS), null); // too short
  assert.equal(magicProblem("data:image/gif;base64,R0lGODlhAQ==", "image/gif", LIMITS), null);
  assert.match(magicProblem("data:image/jpeg;base64,R0lGODlhAQ==", "image/jpeg", LIMITS), /not a JPEG file/);
});
