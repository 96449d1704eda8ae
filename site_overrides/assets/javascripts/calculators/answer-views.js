// How each kind of answer is shown: a calculator's spec names its view (`view`) and what to
// read from the engine's response (`extra`). Each view returns a template (shared/html.js):
// every value from the response is text.
import { decimal, percentText } from "../shared/fraction.js";
import { html, nothing } from "../shared/html.js";
import { barChart, distribution, exactSpan } from "./charts.js";
import { adviseView } from "./advise-view.js";
import { matchupView } from "./matchup-view.js";

/** "10.5 exactly 21/2" for a fraction; a whole number alone. */
function valueWithExact(text) {
  return String(text).includes("/")
    ? html`<b>${decimal(text)}</b> ${exactSpan("exactly " + text)}`
    : html`<b>${text}</b>`;
}

const outcomeRow = (label, p) =>
  html`<tr><td>${label}</td><td><b>${percentText(p)}</b></td><td class="rp-exact">${p}</td></tr>`;

export const VIEWS = {
  odds(response, extra) {
    const odds = response[extra.key || "odds"];
    const chart = barChart(
      Object.entries(odds).map(([label, p]) => ({ label, p })),
      "chance of each outcome",
    );
    const rows = Object.entries(odds).map(
      ([name, p]) => html`<tr><td>${name}</td><td>${percentText(p)}</td><td class="rp-exact">${p}</td></tr>`,
    );
    return html`${chart}<table><thead><tr><th>Outcome</th><th>Chance</th><th>Exact</th></tr></thead><tbody>${rows}</tbody></table>`;
  },

  probability(response, extra) {
    const p = response[extra.key || "p"];
    return html`<p><span class="rp-calc__big">${percentText(p)}</span> ${exactSpan("exactly " + p)}</p>`;
  },

  distribution(response, extra, state) {
    const pmf = response[extra.key || "pmf"];
    const mean =
      response.mean !== undefined
        ? html`<p class="rp-calc__mean">Mean ${valueWithExact(response.mean)}</p>`
        : nothing;
    return html`${mean}${distribution(pmf, state, extra.axis || "Value")}`;
  },

  bm_odds(response, extra = {}) {
    const [mine, theirs] = response.dice;
    const first = barChart(
      [
        { label: "I go first", p: response.first[0] },
        { label: "They go first", p: response.first[1] },
        { label: "Full tie", p: response.tie },
      ],
      "who goes first",
    );
    // why a number is what it is, in the engine's words (a button skill such as Giant's,
    // dice that sit out, a copied recipe)
    const reasons = response[extra.why || "why"] || [];
    const why = reasons.length
      ? html`<ul class="rp-calc__why" aria-label="Why">${reasons.map((r) => html`<li>${r}</li>`)}</ul>`
      : nothing;
    // rows attack columns: my dice on theirs, and (reverse_table) theirs on mine
    const captureTable = (rows, attackers, targets, attacker, target, label) => {
      const cell = new Map(rows.map((r) => [`${r[attacker]}:${r[target]}`, r]));
      const capture = (i, j) => {
        const r = cell.get(`${i}:${j}`);
        if (!r) return html`<td>–</td>`;
        const trip = r.trip
          ? html`<br><span class="rp-calc__note">trip ${percentText(r.trip)}</span>`
          : nothing;
        return html`<td title=${r.capture}>${percentText(r.capture)}${trip}</td>`;
      };
      const head = targets.map((d) => html`<th>${d}</th>`);
      const body = attackers.map(
        (a, i) => html`<tr><th>${a}</th>${targets.map((t, j) => capture(i, j))}</tr>`,
      );
      return html`<table><thead><tr><th><span class="rp-sr-only">${label}</span></th>${head}</tr></thead><tbody>${body}</tbody></table>`;
    };
    const mineOnTheirs = captureTable(response.table, mine, theirs, "mine", "theirs", "My die, their die");
    const reverse = response[extra.reverse_table || "their_table"];
    const theirsOnMine = reverse
      ? html`<p>Chance that their die (row) can capture mine (column) right after the opening roll:</p>${captureTable(reverse, theirs, mine, "theirs", "mine", "Their die, my die")}`
      : nothing;
    return html`<p>Going first: me <b>${percentText(response.first[0])}</b> ${exactSpan("(" + response.first[0] + ")")}, them <b>${percentText(response.first[1])}</b> ${exactSpan("(" + response.first[1] + ")")}, full tie ${percentText(response.tie)}.</p>${why}${first}<p>Chance that my die (row) can capture theirs (column) right after the opening roll:</p>${mineOnTheirs}${theirsOnMine}`;
  },

  bm_matchup: matchupView,
  bm_advise: adviseView,

  bw_attack(response, extra, state) {
    const cut =
      response.truncated_mass && response.truncated_mass !== "0"
        ? html`<p class="rp-calc__note">Bonus-dice chains cut at the chosen depth touch ${percentText(response.truncated_mass)} of the damage roll; raise the depth for more.</p>`
        : nothing;
    const deflection = response.deflection ? `, Deflection ${response.deflection}` : "";
    const wound =
      response.p_wound !== undefined
        ? outcomeRow("Wound only (a first blow over its Armor)", response.p_wound)
        : nothing;
    const table = html`<table><thead><tr><th>Outcome</th><th>Chance</th><th>Exact</th></tr></thead><tbody>${outcomeRow("Hit", response.p_hit)}${outcomeRow("Kill", response.p_kill)}${wound}${outcomeRow("Kill, given a hit", response.p_kill_given_hit)}${outcomeRow("Critical failure", response.p_crit_fail)}</tbody></table>`;
    return html`<p>Skill ${response.skill} against Use ${response.use}; Damage <code>${response.damage_expr}</code> against Armor ${response.armor}${deflection}.</p>${table}<p class="rp-calc__mean">Damage of a plain hit, mean ${valueWithExact(response.damage_mean)}</p>${distribution(response.damage_pmf, { ...state, canPin: false }, "Damage")}${cut}`;
  },

  attack(response) {
    if (response.valid === false) {
      return html`<p class="rp-calc__error">Not a legal attack: ${response.reason}</p>`;
    }
    return html`${VIEWS.probability(response, { key: "p_capture" })}<p>chance to capture</p>`;
  },

  friend_computer(response) {
    const limits = response.limits.map((l) => `${l.options} option and ${l.skills} skill dice`).join(", or ");
    const rows = response.variants.map(
      (v) => html`<tr><td><code>${v.recipe}</code></td><td>${v.options}</td><td>${v.skills}</td></tr>`,
    );
    return html`<p><b>${response.count}</b> recipes; at most ${limits}.</p><div class="rp-scroll"><table><thead><tr><th>Recipe</th><th>Option dice</th><th>Skill dice</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  },

  er_score(response) {
    const totals = Object.entries(response.totals)
      .map(([t, v]) => `${t} ${v}`)
      .join(", ");
    const winner = response.winner ? html`<b>${response.winner}</b> wins` : html`<b>Nobody</b> scores`;
    const pool = response.pool
      ? ` and shares ${response.pool.points} point${response.pool.points === 1 ? "" : "s"} (${response.pool.shared_by.join(", ")})`
      : "";
    const bonus = Object.entries(response.bot_points || {})
      .map(([p, v]) => `${p} ${v > 0 ? "+" : ""}${v}`)
      .join(", ");
    // NegativeBot's effect falls on the player it picked, not on NegativeBot's holder
    const effects = (response.effects || []).map((e) =>
      e.robot === "negativebot"
        ? html`<li>${e.player}, picked by NegativeBot: ${e.change}</li>`
        : html`<li>${e.player} (${e.robot}): ${e.change}</li>`,
    );
    const rows = response.players.map(
      (p) =>
        html`<tr><td data-label="Player">${p.name}</td><td data-label="Team">${p.team}</td><td data-label="Power counted">${p.power}</td><td data-label="On the winning team">${p.won ? "yes" : "no"}</td></tr>`,
    );
    return html`<p>${winner}${pool}. Totals: ${totals}.${bonus ? ` Robot points: ${bonus}.` : ""}</p>${effects.length ? html`<ul>${effects}</ul>` : nothing}<table class="rp-stack"><thead><tr><th>Player</th><th>Team</th><th>Power counted</th><th>On the winning team</th></tr></thead><tbody>${rows}</tbody></table>`;
  },

  table(response, extra) {
    const items = response[extra.key];
    const cols = extra.columns || Object.keys(items[0] || {});
    const cell = (v) => (v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : v);
    const head = cols.map((c) => html`<th>${c}</th>`);
    const body = items.map(
      (row) => html`<tr>${cols.map((c) => html`<td data-label=${c}>${cell(row[c])}</td>`)}</tr>`,
    );
    return html`<table class="rp-stack"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  },
};
