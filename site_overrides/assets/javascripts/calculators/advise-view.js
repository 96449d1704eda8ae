// The best-attack calculator's answer: every legal move from the position, best first, with
// its chance to win the round (exact fractions, or playouts' estimates with 95 % intervals).
// The moves name the dice as the form gave them (`state.values`). Every value is text.
import { moveWords } from "../buttonmen-play/play-words.js";
import { percentText } from "../shared/fraction.js";
import { html } from "../shared/html.js";
import { exactSpan } from "./charts.js";
import { diceText } from "./request.js";

const shown = (dice) => ({
  dice: (dice || []).map((d) => ({ sized: diceText([{ ...d, value: undefined }]), value: d.value })),
});
const pct = (x) => `${(100 * x).toFixed(1)}%`;

/** The answer of the `advise` op. */
export function adviseView(response, extra, state) {
  const values = (state && state.values) || {};
  const board = { mine: shown(values.my_dice), theirs: shown(values.their_dice) };
  const exact = response.method === "exact";
  const best = response.moves[0];
  const rows = response.moves.map((m) => {
    const chance = exact
      ? html`<td><b>${percentText(m.value)}</b></td><td>${percentText(m.p_win)}</td><td>${percentText(m.p_draw)}</td><td class="rp-exact">${m.value}</td>`
      : html`<td><b>${pct(m.value)}</b></td><td>${pct(m.p_win)}</td><td>${pct(m.p_draw)}</td><td>${pct(m.interval[0])}–${pct(m.interval[1])} (${m.rounds} playouts)</td>`;
    return html`<tr><td>${moveWords(m, board)}</td>${chance}</tr>`;
  });
  const last = exact ? "Exact" : "95% interval";
  const how = exact
    ? html`<p class="rp-calc__method"><b>Exact.</b> Every roll and every move to the end of the round was worked out, both players playing their best; the chances are fractions.</p>`
    : html`<p class="rp-calc__method"><b>Estimated, not exact:</b> ${response.rounds} rounds of playouts after each move (seed ${response.seed}), both sides playing ${response.policies.mine}; 95% Wilson intervals.</p>`;
  const top = exact ? percentText(best.value) : pct(best.value);
  return html`<p>Best: <b>${moveWords(best, board)}</b>, <span class="rp-calc__big">${top}</span> to win the round${exact ? html` ${exactSpan("exactly " + best.value)}` : ""}.</p>${how}<table><thead><tr><th>Move</th><th>Chance to win (a draw counts half)</th><th>Win</th><th>Draw</th><th>${last}</th></tr></thead><tbody>${rows}</tbody></table>`;
}
