// The Play page's drawing: both sides' dice with their values, the captured dice and the
// scores, my legal moves as buttons (with each one's chance to win when advice is on), the
// round's log and its result. Every value from the engine is text (lit-html).
import { percentText } from "../shared/fraction.js";
import { html, nothing } from "../shared/html.js";
import { eventWords, moveKey, moveWords, resultWords } from "./play-words.js";

const dieTile = (die) =>
  html`<li class="rp-play-die" title=${`${die.sized} showing ${die.value}`}><span class="rp-play-die__value">${die.value}</span><span class="rp-play-die__name">${die.sized}</span></li>`;

function side(board, key, title, first) {
  const part = board[key];
  const captured = part.captured.length ? part.captured.map((d) => d.sized).join(" ") : "none yet";
  const starts = first ? html` <span class="rp-play__first">went first</span>` : nothing;
  return html`<section class="rp-play__side rp-play__side--${key}" aria-label=${title}><h2>${title}${starts} <span class="rp-play__score">score ${part.score}</span></h2>${part.dice.length ? html`<ul class="rp-play__dice">${part.dice.map(dieTile)}</ul>` : html`<p>No dice left.</p>`}<p class="rp-play__captured">Captured: ${captured}</p></section>`;
}

/** The chance a move gives, from the advice (exact fractions or estimates). */
function chance(entry, method) {
  if (!entry) return nothing;
  if (method === "exact") {
    return html`<span class="rp-play__chance">${percentText(entry.value)} to win <span class="rp-exact">(${entry.value})</span></span>`;
  }
  const [low, high] = entry.interval;
  return html`<span class="rp-play__chance">about ${(100 * entry.value).toFixed(1)}% to win (${(100 * low).toFixed(0)}–${(100 * high).toFixed(0)}%, ${entry.rounds} playouts)</span>`;
}

function moves(response, onMove) {
  const advice = response.advice;
  const byKey = new Map((advice ? advice.moves : []).map((m) => [moveKey(m), m]));
  const best = advice && advice.moves.length ? moveKey(advice.moves[0]) : null;
  // moves with the same words use dice of the same kind showing the same: one is shown
  const seen = new Set();
  const shown = response.legal.filter((move) => {
    const words = moveWords(move, response.board);
    if (seen.has(words)) return false;
    seen.add(words);
    return true;
  });
  const items = shown.map((move, i) => {
    const key = moveKey(move);
    const mark = advice && key === best ? html` <b class="rp-play__best">best</b>` : nothing;
    return html`<li><button type="button" class="md-button rp-play__move" data-move=${i} @click=${() => onMove(move)}>${moveWords(move, response.board)}</button>${mark} ${chance(byKey.get(key), advice && advice.method)}</li>`;
  });
  const how = advice
    ? html`<p class="rp-calc__note">Each move's chance to win the round: ${advice.method === "exact" ? "exact, both sides playing their best from here" : `estimated from seeded playouts (both sides playing ${advice.policies.mine}), with 95% intervals`}.</p>`
    : nothing;
  return html`<h2 class="rp-play__turn">Your turn: choose a move</h2>${how}<ul class="rp-play__moves">${items}</ul>`;
}

/** The whole round as the engine answered it; `onMove(move)` plays one of my moves. */
export function roundView(response, onMove, busy) {
  const start = response.events[0];
  const board = html`<div class="rp-play__board">${side(response.board, "mine", "You", start.first === "mine")}${side(response.board, "theirs", "The computer", start.first === "theirs")}</div>`;
  let now;
  if (response.winner) now = html`<p class="rp-play__result" role="status">${resultWords(response)}</p>`;
  else if (busy) now = nothing;
  else now = moves(response, onMove);
  const log = response.events.map((e) => html`<li>${eventWords(e)}</li>`);
  return html`${board}${now}<h2>The round so far</h2><ol class="rp-play__log">${log}</ol><p class="rp-calc__note">Seed ${response.seed}; the computer plays ${response.policy}; ${response.moves.length} moves.</p>`;
}
