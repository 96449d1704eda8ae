// Charts of an answer: named outcomes as horizontal bars, a distribution as bars over a
// value axis with a percent axis, each with the exact fractions as text beside or below.
// The bars use the same markup and classes as the pages' own charts (website/charts.py).
import { addFractions, fractionText, parseFraction, percent, percentText, ZERO } from "../shared/fraction.js";
import { html, nothing, svg } from "../shared/html.js";

export const MODES = { exact: "exactly", atleast: "at least", atmost: "at most" };
/** Answers a reader may pin on a chart: with the answer shown, four on one chart. */
export const MAX_PINS = 3;
// how each pinned answer is named and drawn: the first as light bars with a solid line on
// top, the others as a dashed and a dotted line at each value (told apart without colour)
export const PIN_NAMES = ["pinned", "second pinned", "third pinned"];

/** The exact fraction beside its decimal, in a span that may wrap (66d10's runs to 130 digits). */
export const exactSpan = (text) => html`<span class="rp-exact">${text}</span>`;

/** Named outcomes, one bar per row, so labels wrap on a phone and the numbers are text.
 *  points: [{label, p: "n/d"}]. */
export function barChart(points, title) {
  const rows = points.map(
    (pt) =>
      html`<div class="rp-hbar"><span class="rp-hbar__label">${pt.label}</span><span class="rp-hbar__track" aria-hidden="true"><span class="rp-chart-bar" style="width:${percent(pt.p).toFixed(2)}%"></span></span><span class="rp-hbar__value">${percentText(pt.p)} ${exactSpan(pt.p)}</span></div>`,
  );
  return html`<div class="rp-chart rp-hbars" role="group" aria-label=${title || "chart of the answer"}>${rows}</div>`;
}

/** [value, "n/d"] pairs -> [value, {n, d}] over every value in `values` (whole numbers from
 *  the lowest to the highest), each the chance of exactly / at least / at most that value. */
export function shaped(pmf, mode, values) {
  const chance = new Map(pmf.map(([v, p]) => [Number(v), parseFraction(p)]));
  if (mode === "exact") return values.map((v) => [v, chance.get(v) || ZERO]);
  const order = mode === "atleast" ? [...values].reverse() : values;
  let run = ZERO;
  const out = new Map(
    order.map((v) => {
      run = addFractions(run, chance.get(v) || ZERO);
      return [v, run];
    }),
  );
  return values.map((v) => [v, out.get(v)]);
}

/** A round step (1, 2, 2.5 or 5 times a power of ten) giving about `count` lines up to `top`. */
export function niceStep(top, count) {
  const raw = top / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
}

/** Every whole number from the lowest to the highest value of the series' pmfs. */
export function valueRange(pmfs) {
  const all = pmfs.flatMap((pmf) => pmf.map(([v]) => Number(v)));
  const values = [];
  for (let v = Math.min(...all); v <= Math.max(...all); v++) values.push(v);
  return values;
}

const pctOf = (f) => Number((f.n * 1000000n) / f.d) / 10000;

// A distribution: bars over a value axis, a percent axis with grid lines; a second (pinned)
// series drawn over it as a light bar with a cap. Coordinates across are in percent, so the
// text keeps its size (12 px) at any width, phone or desktop.
function distChart(series, mode, title, axis, width) {
  // Drawn from the first to the last value any series gives at least 0.01% (a bonus-dice
  // tail runs on for pages of values too small to see); the table keeps them all.
  const seen = series.flatMap((s) => s.pmf.filter(([, p]) => percent(p) >= 0.01).map(([v]) => Number(v)));
  const all = seen.length ? seen : series.flatMap((s) => s.pmf.map(([v]) => Number(v)));
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const values = [];
  for (let v = lo; v <= hi; v++) values.push(v);
  const left = series[0].pmf.filter(([v]) => Number(v) < lo || Number(v) > hi);
  const leftMass = left.reduce((sum, [, p]) => addFractions(sum, parseFraction(p)), ZERO);
  const lines = series.map((s) => shaped(s.pmf, mode, values));
  const top = Math.max(...lines.flatMap((l) => l.map(([, f]) => pctOf(f))), 1e-9);
  const stepY = niceStep(top, 4);
  const ymax = Math.ceil(top / stepY - 1e-9) * stepY;
  const H = 230;
  const Y0 = 10;
  const Y1 = 186;
  const X0 = 13;
  const X1 = 99.5;
  const across = (X1 - X0) / values.length;
  const y = (pct) => Y1 - ((Y1 - Y0) * pct) / ymax;
  const parts = [svg`<title>${title}</title>`];
  for (let k = 0; k * stepY <= ymax + 1e-9; k++) {
    const t = k * stepY;
    parts.push(
      svg`<line class="rp-chart-grid" x1="${X0}%" x2="${X1}%" y1=${y(t)} y2=${y(t)}/><text x="${X0 - 1}%" y=${y(t) + 4} text-anchor="end">${Number(t.toFixed(4))}%</text>`,
    );
  }
  const gap = across > 0.8 ? across * 0.12 : 0;
  lines.forEach((line, k) => {
    const cls = k === 0 ? "rp-chart-bar" : "rp-chart-ghost";
    if (k > 1) {
      // the second and third pinned answers: a line across each value's bar (dashed, dotted)
      line.forEach(([v, f], i) => {
        const pct = pctOf(f);
        if (pct <= 0) return;
        const x = X0 + i * across + gap;
        const w = Math.max(across - 2 * gap, 0.05);
        const tip = svg`<title>${series[k].name}: ${MODES[mode]} ${v}: ${percentText(fractionText(f))}</title>`;
        parts.push(
          svg`<line class="rp-chart-pin rp-chart-pin--${k}" x1="${x.toFixed(3)}%" x2="${(x + w).toFixed(3)}%" y1=${y(pct)} y2=${y(pct)}>${tip}</line>`,
        );
      });
      return;
    }
    line.forEach(([v, f], i) => {
      const pct = pctOf(f);
      if (pct <= 0 && k === 0) return;
      const x = (X0 + i * across + gap).toFixed(3);
      const w = Math.max(across - 2 * gap, 0.05).toFixed(3);
      const tip = svg`<title>${series[k].name}: ${MODES[mode]} ${v}: ${percentText(fractionText(f))}</title>`;
      if (k === 0) {
        parts.push(
          svg`<rect class=${cls} x="${x}%" width="${w}%" y=${y(pct)} height=${Y1 - y(pct)}>${tip}</rect>`,
        );
      } else if (pct > 0) {
        parts.push(
          svg`<rect class=${cls} x="${x}%" width="${w}%" y=${y(pct)} height=${Y1 - y(pct)}>${tip}</rect><rect class="rp-chart-cap" x="${x}%" width="${w}%" y=${y(pct) - 1.5} height="3"/>`,
        );
      }
    });
  });
  // value labels: as many as fit at about 44 px each, on round steps
  const fit = Math.max(2, Math.floor(((width || 600) * (X1 - X0)) / 100 / 44));
  const every =
    values.length <= fit
      ? 1
      : [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000].find((s) => values.length / s <= fit) ||
        Math.ceil(values.length / fit);
  parts.push(svg`<line class="rp-chart-axis" x1="${X0}%" x2="${X1}%" y1=${Y1} y2=${Y1}/>`);
  values.forEach((v, i) => {
    if (v % every !== 0 && !(every === 1)) return;
    const x = (X0 + (i + 0.5) * across).toFixed(3);
    parts.push(
      svg`<line class="rp-chart-axis" x1="${x}%" x2="${x}%" y1=${Y1} y2=${Y1 + 4}/><text x="${x}%" y=${Y1 + 18} text-anchor="middle">${v}</text>`,
    );
  });
  parts.push(
    svg`<text x="${(X0 + X1) / 2}%" y=${H - 4} text-anchor="middle" class="rp-chart-title">${axis}</text>`,
  );
  const cut = left.length
    ? html`<p class="rp-calc__note">The chart leaves out ${left.length} values of under 0.01% each (${percentText(fractionText(leftMass))} together); the table lists them.</p>`
    : nothing;
  return html`<svg class="rp-chart rp-dist" width="100%" height=${H} role="img" aria-label=${title}>${parts}</svg>${cut}`;
}

/** A distribution with its controls: exactly / at least / at most, and a pin that keeps this
 *  answer drawn with the next ones to compare, up to MAX_PINS of them (four answers on one
 *  chart, as AnyDice overlays its rolls). The table below is the chart as text.
 *  state: {id, mode, pins: [{pmf, label}], canPin, width}. */
export function distribution(pmf, state, axis) {
  const mode = MODES[state.mode] ? state.mode : "exact";
  const pins = state.canPin === false ? [] : state.pins || [];
  const series = [{ name: "this answer", pmf }, ...pins.map((p, k) => ({ name: PIN_NAMES[k], pmf: p.pmf }))];
  const title =
    `Chance of ${MODES[mode]} each ${axis.toLowerCase()}` +
    (pins.length
      ? ", this answer (solid bars) against the pinned one (light bars with a line on top)" +
        (pins.length > 1 ? ", the second pinned (a dashed line on each value)" : "") +
        (pins.length > 2 ? ", the third pinned (a dotted line on each value)" : "")
      : "") +
    "; the table below lists every value.";
  const radios = Object.entries(MODES).map(
    ([key, words], i) =>
      html`${i ? " " : ""}<label><input type="radio" name="rp-show-${state.id}" value=${key} ?checked=${key === mode}> ${words}</label>`,
  );
  let pin = nothing;
  if (state.canPin !== false) {
    const more =
      pins.length < MAX_PINS
        ? html` <button type="button" class="md-button rp-pin" data-act="pin">Pin this answer to compare</button>`
        : nothing;
    const clear = pins.length
      ? html` <button type="button" class="md-button rp-pin" data-act="unpin">Clear the pinned answers</button>`
      : nothing;
    pin = html`${more}${clear}`;
  }
  const keys = pins.map(
    (p, k) => html` <span class="rp-key rp-key--pin${k + 1}"></span> ${PIN_NAMES[k]}: ${p.label}`,
  );
  const legend = pins.length
    ? html`<p class="rp-chart-legend"><span class="rp-key rp-key--now"></span> this answer${keys}</p>`
    : nothing;
  const values = valueRange(series.map((s) => s.pmf));
  const now = shaped(pmf, mode, values);
  const then = pins.map((p) => shaped(p.pmf, mode, values));
  const rows = now.map(
    ([v, f], i) =>
      html`<tr><td>${v}</td><td>${percentText(fractionText(f))}</td><td class="rp-exact">${fractionText(f)}</td>${then.map((t) => html`<td>${percentText(fractionText(t[i][1]))}</td>`)}</tr>`,
  );
  const heads = pins.map((_, k) => html`<th>${k ? `Pinned ${k + 1}` : "Pinned"}</th>`);
  const table = html`<details><summary>Every value (${values.length}), as a table</summary><table><caption>Chance of ${MODES[mode]} each ${axis.toLowerCase()}</caption><thead><tr><th>${axis}</th><th>Chance</th><th>Exact</th>${heads}</tr></thead><tbody>${rows}</tbody></table></details>`;
  return html`<fieldset class="rp-chart-controls"><legend>Chart shows the chance of</legend>${radios}${pin}</fieldset>${legend}${distChart(series, mode, title, axis, state.width)}${table}`;
}
