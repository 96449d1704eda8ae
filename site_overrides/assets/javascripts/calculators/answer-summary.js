// An answer in one line of text, for the bar that stays in sight under a calculator's form
// (on a phone the full answer is a screen or two below the inputs). Each view of
// answer-views.js has its line here; a view without one says only that the answer is below.
import { decimal, parseFraction, percentText } from "../shared/fraction.js";

const chance = (label, p) => `${label} ${percentText(p)}`;
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** The value most likely in a pmf ([value, "n/d"] pairs), with its chance. */
function mostLikely(pmf) {
  let best = null;
  for (const [value, p] of pmf) {
    const f = parseFraction(p);
    if (best === null || f.n * best.f.d > best.f.n * f.d) best = { value, p, f };
  }
  return best;
}

/** The named outcomes, likeliest first, at most `count` of them. */
function topOutcomes(odds, count) {
  return Object.entries(odds)
    .map(([label, p]) => ({ label, p, f: parseFraction(p) }))
    .sort((a, b) => (b.f.n * a.f.d > a.f.n * b.f.d ? 1 : b.f.n * a.f.d < a.f.n * b.f.d ? -1 : 0))
    .slice(0, count)
    .map((o) => chance(o.label, o.p));
}

const LINES = {
  odds: (response, extra) => topOutcomes(response[extra.key || "odds"], 3).join(" · "),
  probability: (response, extra) => percentText(response[extra.key || "p"]),
  distribution(response, extra) {
    const pmf = response[extra.key || "pmf"];
    const parts = [];
    if (response.mean !== undefined) parts.push(`Mean ${decimal(response.mean, 2)}`);
    const best = mostLikely(pmf);
    if (best) parts.push(`most likely ${best.value} (${percentText(best.p)})`);
    return parts.join(" · ");
  },
  bm_odds: (response) =>
    [
      chance("I go first", response.first[0]),
      chance("they go first", response.first[1]),
      chance("full tie", response.tie),
    ].join(" · "),
  bw_attack: (response) =>
    [
      chance("Hit", response.p_hit),
      chance("Kill", response.p_kill),
      chance("Critical failure", response.p_crit_fail),
    ].join(" · "),
  attack: (response) =>
    response.valid === false ? "Not a legal attack" : chance("Capture", response.p_capture),
  friend_computer: (response) => plural(response.count, "recipe", "recipes"),
  er_score(response) {
    const totals = Object.entries(response.totals)
      .map(([team, v]) => `${team} ${v}`)
      .join(", ");
    return `${response.winner ? `${response.winner} wins` : "Nobody scores"} · ${totals}`;
  },
  table(response, extra) {
    const count = (response[extra.key] || []).length;
    return extra.key === "dice" ? plural(count, "die", "dice") : plural(count, "row", "rows");
  },
};

/** The one-line text of an answer (`view` and `extra` as in the calculator's spec). */
export function summaryText(view, response, extra = {}) {
  const line = LINES[view];
  if (!response || !response.ok) return "";
  return line ? line(response, extra) : "The answer is below.";
}
