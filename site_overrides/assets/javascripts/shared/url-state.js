// A page's state kept in its address, so a link shares it and a reload keeps it: the index
// filters, a calculator's inputs, the compare page's choice (the query, ?a=1&b=2) and the
// army builder's roster (the fragment, #roster=...). Every page reads and writes it here.
//
// The address is replaced, never pushed: Back leaves the page rather than undoing one
// change at a time. It is written only when it changed. `win` is the window (a test
// passes a stand-in with `location` and `history`).

import { plainText } from "./plain-text.js";

/** The page's query as URLSearchParams (a copy: change it, then writeQuery), without the
 *  invisible characters that reorder or hide text (a shared link is typed by someone). */
export function readQuery(win = globalThis) {
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(win.location.search))
    params.append(plainText(key), plainText(value));
  return params;
}

/** The page's address with `params` as its query (and its fragment kept). `commas`
 *  leaves commas readable (skill=shadow,-poison) instead of %2C. */
export function addressWithQuery(params, { commas = false, win = globalThis } = {}) {
  let query = params.toString();
  if (commas) query = query.replace(/%2C/g, ",");
  return win.location.pathname + (query ? "?" + query : "") + win.location.hash;
}

/** Replaces the page's query with `params`, if that changes the address. */
export function writeQuery(params, { commas = false, win = globalThis } = {}) {
  replaceAddress(addressWithQuery(params, { commas, win }), win);
}

/** Reads the query, lets `change(params)` edit it, and writes it back. */
export function updateQuery(change, options = {}) {
  const params = readQuery(options.win);
  change(params);
  writeQuery(params, options);
}

/** Replaces the page's fragment ("#roster=..."), keeping its path and query. */
export function writeFragment(fragment, win = globalThis) {
  const hash = fragment && !fragment.startsWith("#") ? "#" + fragment : fragment;
  replaceAddress(win.location.pathname + win.location.search + hash, win);
}

function replaceAddress(address, win) {
  const now = win.location.pathname + win.location.search + win.location.hash;
  if (address !== now) win.history.replaceState(win.history.state, "", address);
}

// --- JSON in an address: UTF-8, then base64url without padding ---------------------------

/** Any JSON value as text that an address carries unchanged (letters, digits, - and _). */
export function jsonToBase64Url(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  bytes.forEach((b) => {
    binary += String.fromCharCode(b);
  });
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The value jsonToBase64Url wrote; throws on text that is not one. */
export function base64UrlToJson(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url text");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder("utf-8", { fatal: false }).decode(bytes));
}
