/* The join link: how one table reaches many phones without a server. The table screen
   makes it (and its QR code) from the game code, the number of players and their names;
   the phone applet reads it, fills in the code and the player count, and lists the seats by
   name. Each phone still picks its own seat, so the link reveals nobody's cards.

   The link is the applet's address with a query: ?code=PLUM-42&players=5&names=Ann,Bo,...
   Names never hold a comma (the table screen splits its list on commas). */

const CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O or 1/I to misread aloud
export const MAX_CODE = 64; // as the engine's deal op (engine/evilrobots/deal.py)

/** A fresh game code of six letters and digits, from `bytes` (six random bytes). */
export function randomCode(bytes = crypto.getRandomValues(new Uint8Array(6))) {
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += CODE_LETTERS[bytes[i] % CODE_LETTERS.length];
  return out;
}

/** The applet's address (`applet`, absolute) with the table's code, count and names. */
export function joinAddress(applet, { code, players, names }) {
  const url = new URL(applet);
  url.search = "";
  url.hash = "";
  url.searchParams.set("code", code);
  url.searchParams.set("players", String(players));
  if (names && names.length === players) url.searchParams.set("names", names.join(","));
  return url.href.replace(/%2C/g, ","); // a comma needs no escape in a query: a shorter QR code
}

/** What a join link's query (URLSearchParams) carries, checked against the player limits
    ({min, max}); null when it carries no usable code and count. Names that do not match the
    count are left out. */
export function readJoin(params, limits) {
  const code = (params.get("code") || "").trim();
  const players = Number(params.get("players"));
  if (!code || code.length > MAX_CODE) return null;
  if (!Number.isInteger(players) || players < limits.min || players > limits.max) return null;
  const names = (params.get("names") || "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return { code, players, names: names.length === players ? names : [] };
}
