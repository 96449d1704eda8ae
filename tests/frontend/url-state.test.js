// shared/url-state.js: the page's state in its address, with a stand-in window.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  addressWithQuery,
  base64UrlToJson,
  jsonToBase64Url,
  readQuery,
  updateQuery,
  writeFragment,
  writeQuery,
} from "../../site_overrides/assets/javascripts/shared/url-state.js";
import { canonicalJson } from "../../site_overrides/assets/javascripts/shared/canonical-json.js";

/** A window whose address is `address`, counting replaceState calls. */
function fakeWindow(address) {
  const url = new URL(address, "http://127.0.0.1/");
  const win = {
    replaced: 0,
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
    history: {
      state: { kept: true },
      replaceState(state, title, next) {
        assert.deepEqual(state, { kept: true }); // the page's history state is kept
        const to = new URL(next, "http://127.0.0.1/");
        Object.assign(win.location, { pathname: to.pathname, search: to.search, hash: to.hash });
        win.replaced += 1;
      },
    },
  };
  return win;
}

test("reads the query and writes it back, keeping the fragment", () => {
  const win = fakeWindow("/buttons/?skill=shadow#top");
  const params = readQuery(win);
  assert.equal(params.get("skill"), "shadow");
  params.set("filter", "bob");
  writeQuery(params, { win });
  assert.equal(win.location.search, "?skill=shadow&filter=bob");
  assert.equal(win.location.hash, "#top");
});

test("commas stay readable only when asked", () => {
  const win = fakeWindow("/x/");
  const params = new URLSearchParams({ skill: "shadow,-poison" });
  assert.equal(addressWithQuery(params, { win }), "/x/?skill=shadow%2C-poison");
  assert.equal(addressWithQuery(params, { win, commas: true }), "/x/?skill=shadow,-poison");
});

test("an empty query leaves no question mark; an unchanged address is not written", () => {
  const win = fakeWindow("/calc/?show=atleast");
  updateQuery((params) => params.delete("show"), { win });
  assert.equal(win.location.search, "");
  assert.equal(win.replaced, 1);
  updateQuery(() => {}, { win });
  assert.equal(win.replaced, 1);
});

test("the fragment is replaced, the path and query kept", () => {
  const win = fakeWindow("/army/?a=1");
  writeFragment("#roster=abc", win);
  assert.equal(win.location.pathname + win.location.search + win.location.hash, "/army/?a=1#roster=abc");
});

test("JSON survives base64url both ways, in any script", () => {
  const value = { name: "Ωmega </script> 🤖", lines: [1, 2.5, null, true] };
  const text = jsonToBase64Url(value);
  assert.match(text, /^[A-Za-z0-9_-]*$/);
  assert.deepEqual(base64UrlToJson(text), value);
});

test("text that is not base64url JSON is refused", () => {
  assert.throws(() => base64UrlToJson("not json!"));
  assert.throws(() => base64UrlToJson("bm90LWpzb24")); // "not-json"
});

test("canonical JSON ignores key order, keeps list order", () => {
  assert.equal(canonicalJson({ b: 1, a: { d: 2, c: 3 } }), canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
  assert.notEqual(canonicalJson([1, 2]), canonicalJson([2, 1]));
});
