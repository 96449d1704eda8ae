// The army builder's roster, without the page: its shape, the `army` request made from it,
// the checks a roster read from a file, a link or storage must pass, and the instant price
// estimate. Pure functions (unit-tested in Node: tests/frontend/roster.test.js).
//
// The page keeps a roster as {name, notes, lines, budget, custom}: the army's own name and
// notes (printed on its sheet, kept in its file, never sent to the engine), lines flat, each
// a unit, specialist or creation with `count`, `items` and an optional `squad_name`; the
// `army` request groups the lines of one Squad name into a squad. Every limit comes from the
// page's spec (`limits`, written by website/army_builder.py from the engine's and the roster
// file's own).
import { addFractions, parseFraction, timesWhole, ZERO } from "../shared/fraction.js";
import { plainTexts } from "../shared/plain-text.js";
import { base64UrlToJson, jsonToBase64Url } from "../shared/url-state.js";
import { magicProblem } from "./roster-file.js";

export const emptyRoster = () => ({ name: "", notes: "", lines: [], budget: {}, custom: [] });

/** "unit", "specialist" or "creation". */
export function kindOf(line) {
  return "creation" in line ? "creation" : "unit" in line ? "unit" : "specialist";
}

/** The price-list key of an item as a line lists it (an id, or {item: id}). */
export const itemId = (item) => (typeof item === "string" ? item : item && item.item);

/** Prices and names by "kind:id", from the spec's price list. */
export function priceIndex(prices) {
  return new Map(prices.map((p) => [`${p.kind}:${p.id}`, p]));
}

/** The price-list entry of a line (a designed Creation has none: a stand-in). */
export function unitOf(line, byKey) {
  if ("creation" in line)
    return { name: line.name || "Creation", url: "../../brikwars/moc/", cp: null, ui: null };
  return byKey.get(`${kindOf(line)}:${line[kindOf(line)]}`);
}

/** A roster file or an army request (squads nested) -> the page's roster (lines flat). */
export function flatten(request) {
  const out = [];
  for (const line of request.lines || []) {
    if (Array.isArray(line.squad)) {
      for (const m of line.squad) out.push({ ...m, squad_name: line.name || "Squad" });
    } else out.push({ ...line });
  }
  return {
    name: request.name ?? "",
    notes: request.notes ?? "",
    lines: out,
    budget: request.budget || {},
    custom: request.custom_cards || [],
  };
}

/** The roster as a roster file (what Save writes; `rulepress army` and `rulepress cards
 *  army` read the same): the `army` request without `game` and `op`, with the army's name
 *  and notes and its custom cards (`images`: false leaves pictures out, for a link). */
export function rosterFile(roster, images = true) {
  const { req } = toRequest(roster);
  delete req.game;
  delete req.op;
  const out = {};
  if ((roster.name || "").trim()) out.name = roster.name.trim();
  if ((roster.notes || "").trim()) out.notes = roster.notes.trim();
  Object.assign(out, req);
  if (roster.custom.length) out.custom_cards = roster.custom.map((c) => (images ? c : { ...c, image: "" }));
  return out;
}

/** Moves line `i` up (delta -1) or down (+1); returns its new row, or `i` at an end. */
export function moveLine(roster, i, delta) {
  const j = i + delta;
  if (i < 0 || i >= roster.lines.length || j < 0 || j >= roster.lines.length) return i;
  [roster.lines[i], roster.lines[j]] = [roster.lines[j], roster.lines[i]];
  return j;
}

/** Puts a copy of line `i` just after it (same Squad, gear, count), unless the roster has
 *  `maxLines` already; returns the copy's row, or -1. */
export function duplicateLine(roster, i, maxLines) {
  if (i < 0 || i >= roster.lines.length || roster.lines.length >= maxLines) return -1;
  roster.lines.splice(i + 1, 0, structuredClone(roster.lines[i]));
  return i + 1;
}

/** A line's name on the page and on paper (as roster_names.py): its own, or its unit's
 *  with the Horse varieties it buys in front ("Steel Horse"). `varieties`: [[id, word]]. */
export function lineName(line, unit, varieties = []) {
  if (line.name) return line.name;
  const ids = (line.items || []).map(itemId);
  const words = varieties.filter(([id]) => ids.includes(id)).map(([, word]) => word);
  return [...words, unit ? unit.name : "Unit"].join(" ");
}

/** The page's roster -> {req: the `army` request, paths: each line's path in it
 *  ("lines[1].squad[0]"), so the engine's answers and errors find their row}. */
export function toRequest(roster) {
  const lines = [];
  const squads = new Map();
  const paths = [];
  roster.lines.forEach((line, row) => {
    const body = { ...line };
    delete body.squad_name;
    const name = (line.squad_name || "").trim();
    if (!name) {
      paths[row] = `lines[${lines.length}]`;
      lines.push(body);
      return;
    }
    if (!squads.has(name)) {
      squads.set(name, { at: lines.length, line: { name, squad: [] } });
      lines.push(squads.get(name).line);
    }
    const s = squads.get(name);
    paths[row] = `lines[${s.at}].squad[${s.line.squad.length}]`;
    s.line.squad.push(body);
  });
  const req = { game: "brikwars", op: "army", lines };
  const budget = {};
  for (const key of ["cp", "unit_inches"]) {
    if (roster.budget[key] !== undefined && roster.budget[key] !== "")
      budget[key] = Number(roster.budget[key]);
  }
  if (Object.keys(budget).length) req.budget = budget;
  return { req, paths };
}

/** The row a request path belongs to ("lines[1].squad[0].items" -> its row), or -1. */
export function rowOfPath(paths, where) {
  return paths.findIndex((p) => where === p || where.startsWith(p + "."));
}

/** 'lines[1].squad[0].items' -> 'line 2.1 (items)', as the printed roster sheet says it. */
export function lineLabel(path) {
  const m = String(path).match(/^lines\[(\d+)\](?:\.squad\[(\d+)\])?(?:\.(.*))?$/);
  if (!m) return String(path);
  return (
    `line ${Number(m[1]) + 1}` +
    (m[2] !== undefined ? `.${Number(m[2]) + 1}` : "") +
    (m[3] ? ` (${m[3]})` : "")
  );
}

function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

/** "; did you mean minifig?" for a misspelt id (at most 2 edits away). */
export function nearest(prices, kind, id) {
  const text = String(id).slice(0, 40).toLowerCase();
  const near = prices
    .filter((p) => p.kind === kind && editDistance(text, p.id) <= 2)
    .map((p) => p.id)
    .slice(0, 3);
  return near.length ? `; did you mean ${near.join(", ")}?` : `; the builder's search lists every ${kind}`;
}

/** How deep objects and lists nest in `value` (the value itself at 0, as the engine's
 *  check_shape counts), without recursion; it stops looking once past `limit`. */
export function nestingDepth(value, limit) {
  const stack = [[value, 0]];
  let deepest = 0;
  while (stack.length) {
    const [item, depth] = stack.pop();
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    if (item && typeof item === "object") {
      for (const inner of Array.isArray(item) ? item : Object.values(item)) stack.push([inner, depth + 1]);
    }
  }
  return deepest;
}

// A line of the page's roster sits two levels deeper in the `army` request when it is in a
// Squad (lines[0].squad[1]): a roster is held to the engine's depth with that room.
const SQUAD_LEVELS = 2;

/** A roster read from a file, a link or storage, checked; throws an Error saying what is
 *  wrong (the page shows it and keeps the roster being edited). */
export function checkRoster(candidate, prices, limits) {
  const byKey = priceIndex(prices);
  // first: the browser cannot even hand a roster nested thousands deep to the engine
  if (nestingDepth(candidate, limits.depth) + SQUAD_LEVELS > limits.depth) {
    throw new Error(
      `it nests objects and lists more than ${limits.depth - SQUAD_LEVELS} deep; the rules engine reads ` +
        `at most ${limits.depth} levels in a request`,
    );
  }
  if (!candidate || !Array.isArray(candidate.lines)) throw new Error("it has no 'lines' list");
  plainTexts(candidate); // no text that reorders or hides (shared/plain-text.js)
  for (const [key, longest] of Object.entries(limits.army_text)) {
    const v = candidate[key] ?? "";
    if (typeof v !== "string" || v.length > longest) {
      throw new Error(`the army's '${key}' must be text of at most ${longest} characters`);
    }
    candidate[key] = v;
  }
  if (candidate.lines.length > limits.lines) {
    throw new Error(`it has ${candidate.lines.length} lines; at most ${limits.lines}`);
  }
  candidate.lines.forEach((line, i) => {
    const kind =
      line &&
      ("creation" in line
        ? "creation"
        : "unit" in line
          ? "unit"
          : "specialist" in line
            ? "specialist"
            : null);
    if (!kind) throw new Error(`line ${i + 1} is not a unit, specialist or creation`);
    if (kind === "creation" && (typeof line.creation !== "object" || line.creation === null)) {
      throw new Error(`line ${i + 1}: 'creation' must be an object`);
    }
    if (kind !== "creation" && !byKey.has(`${kind}:${line[kind]}`)) {
      throw new Error(
        `line ${i + 1}: no ${kind} '${String(line[kind]).slice(0, 40)}'${nearest(prices, kind, line[kind])}`,
      );
    }
    const count = line.count === undefined ? 1 : line.count;
    if (!Number.isInteger(count) || count < 1 || count > limits.count) {
      throw new Error(`line ${i + 1}: count must be 1 to ${limits.count}`);
    }
    if (line.items !== undefined && (!Array.isArray(line.items) || line.items.length > limits.items)) {
      throw new Error(`line ${i + 1}: 'items' must be a list of at most ${limits.items}`);
    }
    for (const item of line.items || []) {
      const id = itemId(item);
      if (!byKey.has(`item:${id}`)) {
        throw new Error(`line ${i + 1}: no item '${String(id).slice(0, 40)}'${nearest(prices, "item", id)}`);
      }
    }
  });
  candidate.custom = checkCustom(candidate.custom || [], limits);
  return candidate;
}

/** A picture as a data: URL of one of the allowed types (limits.image_types). */
function imageUrlPattern(types) {
  const escaped = types.map((t) => t.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  return new RegExp(`^data:(${escaped.join("|")});base64,[A-Za-z0-9+/=]*$`);
}

/** A roster's custom cards checked (as check_custom in cards/decks/army.py) and cleaned:
 *  every text field a string within its length, numbers as text. */
export function checkCustom(cards, limits) {
  if (!Array.isArray(cards)) throw new Error("'custom_cards' must be a list");
  if (cards.length > limits.custom_cards) {
    throw new Error(`it has ${cards.length} custom cards; at most ${limits.custom_cards}`);
  }
  const imageUrl = imageUrlPattern(limits.image_types);
  return cards.map((card, i) => {
    const where = `custom card ${i + 1}`;
    if (!card || typeof card !== "object") throw new Error(`${where} is not an object`);
    const out = {};
    for (const [key, n] of Object.entries(limits.custom_text)) {
      const v = card[key] === undefined ? "" : typeof card[key] === "number" ? String(card[key]) : card[key];
      if (typeof v !== "string" || v.length > n) {
        throw new Error(`${where}: '${key}' must be text of at most ${n} characters`);
      }
      out[key] = v;
    }
    if (!out.name.trim()) throw new Error(`${where} needs a name`);
    const weapons = card.weapons || [];
    if (!Array.isArray(weapons) || weapons.length > limits.custom_weapons) {
      throw new Error(`${where}: at most ${limits.custom_weapons} weapons`);
    }
    out.weapons = weapons.map((w) => {
      const x = {};
      for (const [key, n] of Object.entries(limits.weapon_text)) {
        const v = w && w[key] !== undefined ? String(w[key]) : "";
        if (v.length > n) throw new Error(`${where}: a weapon's '${key}' has more than ${n} characters`);
        x[key] = v;
      }
      return x;
    });
    if (card.creation !== undefined) {
      const plain = card.creation && typeof card.creation === "object" && !Array.isArray(card.creation);
      if (!plain || out.kind !== "creation") {
        throw new Error(`${where}: 'creation' is the creation op's fields, on a card of kind 'creation'`);
      }
      out.creation = card.creation;
    }
    out.image = card.image || "";
    const tooLong = out.image.length > (limits.image_bytes * 4) / 3 + 100; // base64 of the bytes
    if (out.image && (typeof out.image !== "string" || !imageUrl.test(out.image) || tooLong)) {
      throw new Error(
        `${where}: the picture must be a PNG, JPEG or GIF data: URL of at most ${limits.image_bytes / 1024} KB`,
      );
    }
    // its first bytes are its type's (roster-file.js checks that it decodes, as the CLI does)
    const magic = out.image && magicProblem(out.image, out.image.slice(5, out.image.indexOf(";")), limits);
    if (magic) throw new Error(`${where}: ${magic}`);
    return out;
  });
}

/** A line's CP and Ű each, from the build's price list: instant, refined by the engine.
 *  {cp, ui}: fractions, or null where the list cannot say (a Creation's cost). */
export function estimate(line, byKey) {
  const unit = unitOf(line, byKey);
  if (!unit || unit.cp === null)
    return { cp: null, ui: unit && unit.ui !== null ? parseFraction(unit.ui) : null };
  let cp = parseFraction(unit.cp);
  for (const item of line.items || []) {
    const p = byKey.get(`item:${itemId(item)}`);
    cp = p && p.cp !== null ? addFractions(cp, parseFraction(p.cp)) : cp;
  }
  return { cp, ui: unit.ui === null ? null : parseFraction(unit.ui) };
}

/** The roster's total CP and Ű from the estimates (null where one line's is unknown), and
 *  each line's {each, cp, ui} (fractions or null). */
export function estimateTotals(roster, byKey) {
  let cp = ZERO;
  let ui = ZERO;
  const lines = roster.lines.map((line) => {
    const e = estimate(line, byKey);
    const n = line.count || 1;
    const row = { each: e.cp, cp: e.cp ? timesWhole(e.cp, n) : null, ui: e.ui ? timesWhole(e.ui, n) : null };
    cp = cp && row.cp ? addFractions(cp, row.cp) : null;
    ui = ui && row.ui ? addFractions(ui, row.ui) : null;
    return row;
  });
  return { lines, cp, ui };
}

// The gear groups that are weapons: a line's odds link opens the attack calculator with one.
const WEAPON_GROUPS = new Set(["minifig-weapon", "heroic", "bastard-gun", "jousting", "wand-staff"]);

/** The attack calculator's address (`attackUrl`) with this line's unit and first weapon. */
export function oddsLink(line, byKey, attackUrl) {
  const params = new URLSearchParams();
  if ("creation" in line) {
    const w = (line.creation.weapons || [])[0];
    if (w) {
      params.set("weapon", w.weapon);
      if (w.size) params.set("weapon_size", String(w.size));
    }
  } else {
    params.set("attacker", line[kindOf(line)]);
    const weapon = (line.items || [])
      .map((x) => byKey.get(`item:${itemId(x)}`))
      .find((p) => p && WEAPON_GROUPS.has(p.group));
    if (weapon) params.set("weapon", weapon.id);
  }
  const query = params.toString();
  return attackUrl + (query ? "?" + query : "");
}

// --- a roster in a link: #roster=<the army request as base64url JSON> ----------------------

/** The roster as a link's fragment. Pictures stay out of links (too long): a file keeps them. */
export function rosterFragment(roster) {
  return "#roster=" + jsonToBase64Url(rosterFile(roster, false));
}

/** The roster a link's fragment carries (checked), or null when it carries none. */
export function rosterFromFragment(hash, prices, limits) {
  const m = hash.match(/^#roster=([A-Za-z0-9_-]+)$/);
  if (!m) return null;
  return checkRoster(flatten(base64UrlToJson(m[1])), prices, limits);
}
