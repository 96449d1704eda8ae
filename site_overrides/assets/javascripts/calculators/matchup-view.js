// The match-up calculator's answer: P(win), P(draw), P(lose) first, then how they were found
// (exact, or simulated with its rounds, seed and 95 % intervals) and how each side played.
// Every value from the response is text (lit-html).
import { percentText } from "../shared/fraction.js";
import { html, nothing } from "../shared/html.js";
import { barChart, exactSpan } from "./charts.js";
import { wilson } from "./matchup-batches.js";

const POLICY_WORDS = {
  best: "its best move, seeing every chance",
  search: "Search (our player)",
  maximize: "Maximize (the greedy player)",
  random: "Random (any legal move)",
};
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const count = (n) => Number(n).toLocaleString("en");

function policies(response) {
  const p = response.policies;
  return html`<p class="rp-calc__note">How each side played: me, <b>${POLICY_WORDS[p.mine] || p.mine}</b>; them, <b>${POLICY_WORDS[p.theirs] || p.theirs}</b>. <a href="../../buttonmen/computer-play/#how-the-computer-plays-policies">What the policies do</a>.</p>`;
}

function dice(response) {
  const [mine, theirs] = response.dice;
  return html`<p class="rp-calc__note">Dice: mine ${mine.join(" ")}; theirs ${theirs.join(" ")}.</p>`;
}

function exact(response) {
  const chart = barChart(
    [
      { label: "I win", p: response.p_win },
      { label: "Draw", p: response.p_draw },
      { label: "I lose", p: response.p_lose },
    ],
    "chance that I win, draw or lose the round",
  );
  return html`<p><span class="rp-calc__big">${percentText(response.p_win)}</span> chance that I win ${exactSpan("exactly " + response.p_win)}</p>${chart}<p class="rp-calc__method"><b>Exact.</b> Every opening roll and every move was worked out (${count(response.positions)} positions); the numbers are fractions, not estimates. My worth of the round (win + half a draw): ${percentText(response.value)} ${exactSpan(response.value)}.</p>`;
}

function simulatedBar(label, successes, n) {
  const p = successes / n;
  const [low, high] = wilson(successes, n);
  const words = `${label}: ${pct(p)}, 95% interval ${pct(low)} to ${pct(high)}`;
  return html`<div class="rp-hbar" title=${words}><span class="rp-hbar__label">${label}</span><span class="rp-hbar__track" aria-hidden="true"><span class="rp-chart-bar" style="width:${(100 * p).toFixed(2)}%"></span><span class="rp-hbar__range" style="left:${(100 * low).toFixed(2)}%;width:${(100 * (high - low)).toFixed(2)}%"></span></span><span class="rp-hbar__value">${pct(p)} <span class="rp-calc__note">(${pct(low)}–${pct(high)})</span></span></div>`;
}

function simulated(response, extra, state) {
  const n = response.rounds;
  const [low, high] = response.interval.win;
  const chart = html`<div class="rp-chart rp-hbars" role="group" aria-label="estimated chance that I win, draw or lose, with 95% intervals">${simulatedBar("I win", response.wins, n)}${simulatedBar("Draw", response.draws, n)}${simulatedBar("I lose", response.losses, n)}</div>`;
  const capped = response.stopped_at_turn_limit
    ? html` ${count(response.stopped_at_turn_limit)} rounds reached the turn limit and were scored where they stood.`
    : nothing;
  const more =
    state && state.progress ? html` <span class="rp-calc__note">${state.progress}</span>` : nothing;
  return html`<p><span class="rp-calc__big">${pct(response.p_win)}</span> chance that I win, <b>estimated</b> (95% interval ${pct(low)} to ${pct(high)})</p>${chart}<p class="rp-calc__method"><b>Simulated, not exact.</b> <span class="rp-matchup__rounds">${count(n)}</span> rounds played (seed ${response.seed}, rounds ${count(response.first_round)} to ${count(response.first_round + n - 1)}): I won ${count(response.wins)}, drew ${count(response.draws)}, lost ${count(response.losses)}; I went first in ${count(response.went_first.mine)}. The intervals are Wilson's 95% score intervals; the same seed and number of rounds always give the same counts.${capped}${more}</p>`;
}

/** The answer: one match-up, exact or simulated. */
export function matchupView(response, extra, state) {
  const body = response.method === "exact" ? exact(response) : simulated(response, extra, state);
  return html`${body}${policies(response)}${dice(response)}`;
}
