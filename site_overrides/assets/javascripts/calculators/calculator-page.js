// Calculator pages: read the form, keep the inputs in the URL, ask the engine worker,
// and show the exact answer with a chart. The page opens with the answer the build
// computed for the default inputs, so nothing waits for Pyodide at first paint.
(function () {
  "use strict";
  const engine = window.rulepressEngine;
  const SLOW_MS = 15000; // after this, offer to cancel more prominently

  // --- exact fractions (strings "n/d") for display -------------------------------
  function parseFraction(text) {
    const [n, d] = String(text).split("/");
    return { n: BigInt(n), d: BigInt(d || "1") };
  }
  function percent(text) {
    const { n, d } = parseFraction(text);
    return Number((n * 1000000n) / d) / 10000; // 4 decimals, safe for huge numbers
  }
  function pctText(text) {
    const p = percent(text);
    return (p > 0 && p < 0.01 ? "<0.01" : p.toFixed(2)) + "%";
  }
  // A fraction as a decimal a reader takes in at once ("10.5", "≈ 12.6"); the exact
  // fraction goes beside it, in a span that may wrap (66d10's runs to 130 digits).
  function decimal(text, places = 4) {
    const { n, d } = parseFraction(text);
    const size = n < 0n ? -n : n;
    const scale = 10n ** BigInt(places);
    const q = (size * scale * 2n + d) / (2n * d); // rounded to `places` decimals
    const whole = (q / scale).toString();
    const part = (q % scale).toString().padStart(places, "0").replace(/0+$/, "");
    const exact = (size * scale) % d === 0n;
    return (exact ? "" : "≈ ") + (n < 0n && q !== 0n ? "−" : "") + whole + (part ? "." + part : "");
  }
  const exactSpan = (text) => `<span class="rp-exact">${esc(text)}</span>`;
  function valueWithExact(text) { // "10.5 (exactly 21/2)"; a whole number alone
    const shown = decimal(text);
    return String(text).includes("/") ? `<b>${esc(shown)}</b> ${exactSpan("exactly " + text)}` : `<b>${esc(text)}</b>`;
  }
  // Sums of exact fractions, for "at least" and "at most".
  function gcd(a, b) { a = a < 0n ? -a : a; b = b < 0n ? -b : b; while (b) [a, b] = [b, a % b]; return a; }
  function addFraction(x, y) {
    const n = x.n * y.d + y.n * x.d, d = x.d * y.d, g = gcd(n, d) || 1n;
    return { n: n / g, d: d / g };
  }
  const fractionText = (f) => (f.d === 1n ? String(f.n) : `${f.n}/${f.d}`);
  // Key order must not matter when comparing requests.
  const canonical = (v) => JSON.stringify(v, (k, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

  // --- charts --------------------------------------------------------------------
  // Outcomes with names: one bar per row in HTML, so labels wrap on a phone and the
  // numbers are text (the same markup and classes as the pages' charts, charts.py).
  function barChart(points, title) { // points: [{label, p: "n/d"}]
    const rows = points.map((pt) => `<div class="rp-hbar"><span class="rp-hbar__label">${esc(pt.label)}</span>` +
      `<span class="rp-hbar__track" aria-hidden="true"><span class="rp-chart-bar" style="width:${percent(pt.p).toFixed(2)}%"></span></span>` +
      `<span class="rp-hbar__value">${pctText(pt.p)} ${exactSpan(pt.p)}</span></div>`);
    return `<div class="rp-chart rp-hbars" role="group" aria-label="${esc(title || "chart of the answer")}">${rows.join("")}</div>`;
  }

  const MODES = { exact: "exactly", atleast: "at least", atmost: "at most" };
  // [value, "n/d"] pairs -> [value, {n, d}] over every whole number from the lowest to the
  // highest, each the chance of exactly / at least / at most that value.
  function shaped(pmf, mode, values) {
    const chance = new Map(pmf.map(([v, p]) => [Number(v), parseFraction(p)]));
    const zero = { n: 0n, d: 1n };
    if (mode === "exact") return values.map((v) => [v, chance.get(v) || zero]);
    const order = mode === "atleast" ? [...values].reverse() : values;
    let run = zero;
    const out = new Map(order.map((v) => { run = addFraction(run, chance.get(v) || zero); return [v, run]; }));
    return values.map((v) => [v, out.get(v)]);
  }
  function niceStep(top, count) { // a round step giving about `count` grid lines up to top
    const raw = top / count, power = 10 ** Math.floor(Math.log10(raw));
    return [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
  }
  // A distribution: bars over a value axis, a percent axis with grid lines; a second
  // (pinned) series drawn over it as a light bar with a cap. Coordinates across are in
  // percent, so the text keeps its size (12 px) at any width, phone or desktop.
  function distChart(series, mode, title, axis, width) {
    // Drawn from the first to the last value any series gives at least 0.01% (a bonus-dice
    // tail runs on for pages of values too small to see); the table keeps them all.
    const seen = series.flatMap((s) => s.pmf.filter(([, p]) => percent(p) >= 0.01).map(([v]) => Number(v)));
    const all = seen.length ? seen : series.flatMap((s) => s.pmf.map(([v]) => Number(v)));
    const lo = Math.min(...all), hi = Math.max(...all);
    const values = [];
    for (let v = lo; v <= hi; v++) values.push(v);
    const left = series[0].pmf.filter(([v]) => Number(v) < lo || Number(v) > hi);
    const leftMass = left.reduce((sum, [, p]) => addFraction(sum, parseFraction(p)), { n: 0n, d: 1n });
    const lines = series.map((s) => shaped(s.pmf, mode, values));
    const top = Math.max(...lines.flatMap((l) => l.map(([, f]) => Number((f.n * 1000000n) / f.d) / 10000)), 1e-9);
    const stepY = niceStep(top, 4), ymax = Math.ceil(top / stepY - 1e-9) * stepY;
    const H = 230, Y0 = 10, Y1 = 186, X0 = 13, X1 = 99.5;
    const across = (X1 - X0) / values.length;
    const y = (pct) => Y1 - ((Y1 - Y0) * pct) / ymax;
    const pctOf = (f) => Number((f.n * 1000000n) / f.d) / 10000;
    const parts = [`<title>${esc(title)}</title>`];
    for (let k = 0; k * stepY <= ymax + 1e-9; k++) {
      const t = k * stepY;
      parts.push(`<line class="rp-chart-grid" x1="${X0}%" x2="${X1}%" y1="${y(t)}" y2="${y(t)}"/>` +
        `<text x="${X0 - 1}%" y="${y(t) + 4}" text-anchor="end">${Number(t.toFixed(4))}%</text>`);
    }
    const gap = across > 0.8 ? across * 0.12 : 0;
    lines.forEach((line, k) => {
      const cls = k === 0 ? "rp-chart-bar" : "rp-chart-ghost";
      line.forEach(([v, f], i) => {
        const pct = pctOf(f);
        if (pct <= 0 && k === 0) return;
        const x = (X0 + i * across + gap).toFixed(3), w = Math.max(across - 2 * gap, 0.05).toFixed(3);
        const tip = `<title>${esc(series[k].name)}: ${MODES[mode]} ${v}: ${pctText(fractionText(f))}</title>`;
        if (k === 0) parts.push(`<rect class="${cls}" x="${x}%" width="${w}%" y="${y(pct)}" height="${Y1 - y(pct)}">${tip}</rect>`);
        else if (pct > 0) parts.push(`<rect class="${cls}" x="${x}%" width="${w}%" y="${y(pct)}" height="${Y1 - y(pct)}">${tip}</rect>` +
          `<rect class="rp-chart-cap" x="${x}%" width="${w}%" y="${y(pct) - 1.5}" height="3"/>`);
      });
    });
    // value labels: as many as fit at about 44 px each, on round steps
    const fit = Math.max(2, Math.floor(((width || 600) * (X1 - X0)) / 100 / 44));
    const every = values.length <= fit ? 1 : [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000]
      .find((s) => values.length / s <= fit) || Math.ceil(values.length / fit);
    parts.push(`<line class="rp-chart-axis" x1="${X0}%" x2="${X1}%" y1="${Y1}" y2="${Y1}"/>`);
    values.forEach((v, i) => {
      if (v % every !== 0 && !(every === 1)) return;
      const x = (X0 + (i + 0.5) * across).toFixed(3);
      parts.push(`<line class="rp-chart-axis" x1="${x}%" x2="${x}%" y1="${Y1}" y2="${Y1 + 4}"/>` +
        `<text x="${x}%" y="${Y1 + 18}" text-anchor="middle">${v}</text>`);
    });
    parts.push(`<text x="${(X0 + X1) / 2}%" y="${H - 4}" text-anchor="middle" class="rp-chart-title">${esc(axis)}</text>`);
    const cut = left.length ? `<p class="rp-calc__note">The chart leaves out ${left.length} values of under 0.01% each ` +
      `(${pctText(fractionText(leftMass))} together); the table lists them.</p>` : "";
    return `<svg class="rp-chart rp-dist" width="100%" height="${H}" role="img" aria-label="${esc(title)}">${parts.join("")}</svg>` + cut;
  }

  // A distribution with its controls: exactly / at least / at most, and a pin that keeps
  // this answer drawn under the next ones to compare. The table below is the chart as text.
  function distribution(pmf, state, axis) {
    const mode = MODES[state.mode] ? state.mode : "exact";
    const series = [{ name: "this answer", pmf }];
    if (state.pinned) series.push({ name: "pinned", pmf: state.pinned.pmf });
    const title = `Chance of ${MODES[mode]} each ${axis.toLowerCase()}` +
      (state.pinned ? ", this answer (solid bars) against the pinned one (light bars with a line on top)" : "") +
      "; the table below lists every value.";
    const radios = Object.entries(MODES).map(([key, words]) =>
      `<label><input type="radio" name="rp-show-${state.id}" value="${key}"${key === mode ? " checked" : ""}> ${words}</label>`).join(" ");
    const pin = state.canPin === false ? "" : state.pinned
      ? ` <button type="button" class="md-button rp-pin" data-act="unpin">Clear the pinned answer</button>`
      : ` <button type="button" class="md-button rp-pin" data-act="pin">Pin this answer to compare</button>`;
    const legend = state.pinned ? `<p class="rp-chart-legend"><span class="rp-key rp-key--now"></span> this answer` +
      ` <span class="rp-key rp-key--pinned"></span> pinned: ${esc(state.pinned.label)}</p>` : "";
    const values = [], all = series.flatMap((s) => s.pmf.map(([v]) => Number(v)));
    for (let v = Math.min(...all); v <= Math.max(...all); v++) values.push(v);
    const now = shaped(pmf, mode, values), then = state.pinned ? shaped(state.pinned.pmf, mode, values) : null;
    const rows = now.map(([v, f], i) => `<tr><td>${v}</td><td>${pctText(fractionText(f))}</td><td class="rp-exact">${esc(fractionText(f))}</td>` +
      (then ? `<td>${pctText(fractionText(then[i][1]))}</td>` : "") + "</tr>");
    return `<fieldset class="rp-chart-controls"><legend>Chart shows the chance of</legend>${radios}${pin}</fieldset>` +
      legend + distChart(series, mode, title, axis, state.width) +
      `<details><summary>Every value (${values.length}), as a table</summary><table><caption>Chance of ${MODES[mode]} each ${esc(axis.toLowerCase())}</caption>` +
      `<thead><tr><th>${esc(axis)}</th><th>Chance</th><th>Exact</th>${then ? "<th>Pinned</th>" : ""}</tr></thead><tbody>${rows.join("")}</tbody></table></details>`;
  }

  // --- views: how each kind of answer is shown ---------------------------------------
  const VIEWS = {
    odds(response, extra) {
      const odds = response[extra.key || "odds"];
      const rows = Object.entries(odds).map(([name, p]) =>
        `<tr><td>${esc(name)}</td><td>${pctText(p)}</td><td class="rp-exact">${esc(p)}</td></tr>`);
      return barChart(Object.entries(odds).map(([label, p]) => ({ label, p })), "chance of each outcome") +
        `<table><thead><tr><th>Outcome</th><th>Chance</th><th>Exact</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
    },
    probability(response, extra) {
      const p = response[extra.key || "p"];
      return `<p><span class="rp-calc__big">${pctText(p)}</span> ${exactSpan("exactly " + p)}</p>`;
    },
    distribution(response, extra, state) {
      const pmf = response[extra.key || "pmf"];
      const mean = response.mean !== undefined ? `<p class="rp-calc__mean">Mean ${valueWithExact(response.mean)}</p>` : "";
      return mean + distribution(pmf, state, extra.axis || "Value");
    },
    bm_odds(response) {
      const [mine, theirs] = response.dice;
      const first = barChart([{ label: "I go first", p: response.first[0] },
        { label: "They go first", p: response.first[1] }, { label: "Full tie", p: response.tie }], "who goes first");
      const cell = new Map(response.table.map((r) => [`${r.mine}:${r.theirs}`, r]));
      const head = theirs.map((d) => `<th>${esc(d)}</th>`).join("");
      const body = mine.map((m, i) => `<tr><th>${esc(m)}</th>${theirs.map((t, j) => {
        const r = cell.get(`${i}:${j}`);
        if (!r) return "<td>–</td>";
        const trip = r.trip ? `<br><span class="rp-calc__note">trip ${pctText(r.trip)}</span>` : "";
        return `<td title="${esc(r.capture)}">${pctText(r.capture)}${trip}</td>`;
      }).join("")}</tr>`).join("");
      return `<p>Going first: me <b>${pctText(response.first[0])}</b> ${exactSpan("(" + response.first[0] + ")")}, ` +
        `them <b>${pctText(response.first[1])}</b> ${exactSpan("(" + response.first[1] + ")")}, ` +
        `full tie ${pctText(response.tie)}.</p>` + first +
        `<p>Chance that my die (row) can capture theirs (column) right after the opening roll:</p>` +
        `<table><thead><tr><th><span class="rp-sr-only">My die, their die</span></th>${head}</tr></thead><tbody>${body}</tbody></table>`;
    },
    bw_attack(response, extra, state) {
      const line = (label, p) => `<tr><td>${label}</td><td><b>${pctText(p)}</b></td><td class="rp-exact">${esc(p)}</td></tr>`;
      const cut = response.truncated_mass && response.truncated_mass !== "0"
        ? `<p class="rp-calc__note">Bonus-dice chains cut at the chosen depth touch ${pctText(response.truncated_mass)} of the damage roll; raise the depth for more.</p>` : "";
      return `<p>Skill ${esc(response.skill)} against Use ${esc(response.use)}; Damage <code>${esc(response.damage_expr)}</code> against Armor ${esc(response.armor)}` +
        (response.deflection ? `, Deflection ${response.deflection}` : "") + ".</p>" +
        `<table><thead><tr><th>Outcome</th><th>Chance</th><th>Exact</th></tr></thead><tbody>${line("Hit", response.p_hit)}${line("Kill", response.p_kill)}` +
        (response.p_wound !== undefined ? line("Wound only (a first blow over its Armor)", response.p_wound) : "") +
        `${line("Kill, given a hit", response.p_kill_given_hit)}${line("Critical failure", response.p_crit_fail)}</tbody></table>` +
        `<p class="rp-calc__mean">Damage of a plain hit, mean ${valueWithExact(response.damage_mean)}</p>` +
        distribution(response.damage_pmf, { ...state, canPin: false }, "Damage") + cut;
    },
    attack(response) {
      if (response.valid === false) return `<p class="rp-calc__error">Not a legal attack: ${esc(response.reason)}</p>`;
      return VIEWS.probability(response, { key: "p_capture" }) + "<p>chance to capture</p>";
    },
    friend_computer(response) {
      const limits = response.limits.map((l) => `${l.options} option and ${l.skills} skill dice`).join(", or ");
      const rows = response.variants.map((v) => `<tr><td><code>${esc(v.recipe)}</code></td><td>${v.options}</td><td>${v.skills}</td></tr>`).join("");
      return `<p><b>${response.count}</b> recipes; at most ${esc(limits)}.</p>` +
        `<div class="rp-scroll"><table><thead><tr><th>Recipe</th><th>Option dice</th><th>Skill dice</th></tr></thead><tbody>${rows}</tbody></table></div>`;
    },
    er_score(response) {
      const totals = Object.entries(response.totals).map(([t, v]) => `${esc(t)} ${v}`).join(", ");
      const winner = response.winner ? `<b>${esc(response.winner)}</b> wins` : "<b>Nobody</b> scores";
      const pool = response.pool ? ` and shares ${response.pool.points} point${response.pool.points === 1 ? "" : "s"} (${esc(response.pool.shared_by.join(", "))})` : "";
      const bonus = Object.entries(response.bot_points || {}).map(([p, v]) => `${esc(p)} ${v > 0 ? "+" : ""}${v}`).join(", ");
      // NegativeBot's effect falls on the player it picked, not on NegativeBot's holder
      const effects = (response.effects || []).map((e) => e.robot === "negativebot"
        ? `<li>${esc(e.player)}, picked by NegativeBot: ${esc(e.change)}</li>`
        : `<li>${esc(e.player)} (${esc(e.robot)}): ${esc(e.change)}</li>`).join("");
      const rows = response.players.map((p) => `<tr><td>${esc(p.name)}</td><td>${esc(p.team)}</td><td>${p.power}</td><td>${p.won ? "yes" : ""}</td></tr>`).join("");
      return `<p>${winner}${pool}. Totals: ${totals}.${bonus ? ` Robot points: ${bonus}.` : ""}</p>` +
        (effects ? `<ul>${effects}</ul>` : "") +
        `<table><thead><tr><th>Player</th><th>Team</th><th>Power counted</th><th>On the winning team</th></tr></thead><tbody>${rows}</tbody></table>`;
    },
    table(response, extra) {
      const items = response[extra.key];
      const cols = extra.columns || Object.keys(items[0] || {});
      const head = cols.map((c) => `<th>${esc(c)}</th>`).join("");
      const cell = (v) => (v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : v);
      const body = items.map((row) => `<tr>${cols.map((c) => `<td>${esc(cell(row[c]))}</td>`).join("")}</tr>`).join("");
      return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    },
  };

  // --- requests from the form ----------------------------------------------------------
  function fill(template, values) {
    if (typeof template === "string" && template.startsWith("$")) return values[template.slice(1)];
    if (Array.isArray(template)) return template.map((t) => fill(t, values));
    if (template && typeof template === "object") {
      // a blank optional field (null) leaves its key out, as in calculators.py
      return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fill(v, values)])
        .filter(([, v]) => v !== null));
    }
    return template;
  }
  function fieldForRequestKey(template, key) { // which form field feeds a request key
    const value = template[key];
    return typeof value === "string" && value.startsWith("$") ? value.slice(1) : null;
  }
  function fieldForError(spec, path) { // the spec's patterns, else the top-level key's field
    const mapped = (spec.errors || []).find(([pattern]) => new RegExp(pattern).test(path));
    return mapped ? mapped[1] : fieldForRequestKey(spec.request, path);
  }
  // Beside its field, a message needs no request path ("players[0].dice[0] ", "x.y: ") and
  // none of the request's own words (the spec's `words`).
  function plainWords(spec, message) {
    let text = String(message).replace(/^[A-Za-z_]\w*(\[\d+\])*(\.\w+(\[\d+\])*|\[\d+\])+:?\s+/, "");
    for (const [pattern, words] of spec.words || []) text = text.replace(new RegExp(pattern, "g"), words);
    return text;
  }
  function applies(field, values) { // a field that only counts for some values of another
    return !field.applies || field.applies[1].includes(String(values[field.applies[0]]));
  }

  // A "rows" field: one line of selects/inputs per player, with add and remove buttons.
  // Its value is a list of objects that leave out blank entries.
  function makeRows(form, field, changed) {
    const box = form.querySelector(`[data-name="${field.name}"]`);
    const table = document.createElement("table");
    table.className = "rp-rows__table";
    table.innerHTML = `<thead><tr><th>#</th>${field.columns.map((c) => `<th>${esc(c.label)}</th>`).join("")}</tr></thead><tbody></tbody>`;
    const body = table.querySelector("tbody");
    const buttons = document.createElement("div");
    buttons.className = "rp-rows__buttons";
    buttons.innerHTML = '<button type="button" class="md-button" data-act="add">Add a player</button> <button type="button" class="md-button" data-act="remove">Remove the last</button>';
    box.append(table, buttons);

    function cellHtml(c, value) {
      const v = value === undefined || value === null ? "" : value;
      if (c.kind === "select") {
        return `<select data-col="${c.name}" aria-label="${esc(c.label)}">${c.options.map(([ov, label]) =>
          `<option value="${esc(ov)}"${String(ov) === String(v) ? " selected" : ""}>${esc(label)}</option>`).join("")}</select>`;
      }
      if (c.kind === "checkbox") return `<input type="checkbox" data-col="${c.name}" aria-label="${esc(c.label)}"${v ? " checked" : ""}>`;
      return `<input type="text" data-col="${c.name}" aria-label="${esc(c.label)}" value="${esc(v)}" size="8">`;
    }
    function addRow(values) {
      const tr = document.createElement("tr");
      tr.innerHTML = `<td>${body.children.length + 1}</td>` + field.columns.map((c) => `<td>${cellHtml(c, values[c.name])}</td>`).join("");
      body.append(tr);
    }
    function write(list) {
      body.innerHTML = "";
      list.slice(0, field.high).forEach(addRow);
      while (body.children.length < field.low) addRow({});
      sync();
    }
    function read() {
      return [...body.children].map((tr) => {
        const row = {};
        for (const c of field.columns) {
          const el = tr.querySelector(`[data-col="${c.name}"]`);
          if (c.kind === "checkbox") { if (el.checked) row[c.name] = true; }
          else if (el.value !== "") row[c.name] = c.numeric ? Number(el.value) : el.value;
        }
        return row;
      });
    }
    function sync() {
      buttons.querySelector('[data-act="add"]').disabled = body.children.length >= field.high;
      buttons.querySelector('[data-act="remove"]').disabled = body.children.length <= field.low;
    }
    buttons.addEventListener("click", (event) => {
      const act = event.target.dataset.act;
      if (act === "add" && body.children.length < field.high) addRow({});
      if (act === "remove" && body.children.length > field.low) body.lastElementChild.remove();
      sync();
      changed();
    });
    write(field.default);
    return { read, write };
  }

  function init(root) {
    const spec = JSON.parse(root.querySelector(".rp-calc__spec").textContent);
    const form = root.querySelector(".rp-calc__form");
    const status = root.querySelector(".rp-calc__status");
    const result = root.querySelector(".rp-calc__result");
    const control = (name) => form.elements.namedItem(name) || form.querySelector(`[data-name="${name}"]`);
    const rows = {};
    for (const f of spec.fields) if (f.kind === "rows") rows[f.name] = makeRows(form, f, () => later());
    let generation = 0;
    // what the chart shows (kept in the address as "show") and the answer pinned under it
    const chart = { id: spec.id, mode: new URLSearchParams(location.search).get("show") || "exact",
                    pinned: null, values: null };

    function draw(response) {
      chart.width = result.clientWidth || root.clientWidth || 600;
      if (chart.pinned) chart.pinned.label = describe(chart.pinned.values, chart.values);
      const open = result.querySelector("details")?.open; // a table the reader opened stays open
      result.innerHTML = VIEWS[spec.view](response, spec.extra, chart);
      if (open && result.querySelector("details")) result.querySelector("details").open = true;
    }
    // Chart controls live in the answer, outside the form: they redraw, never ask again.
    result.addEventListener("change", (event) => {
      if (!event.target.name || !event.target.name.startsWith("rp-show") || !root.lastResponse?.ok) return;
      chart.mode = event.target.value;
      const params = new URLSearchParams(location.search);
      if (chart.mode === "exact") params.delete("show"); else params.set("show", chart.mode);
      const query = params.toString();
      history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
      draw(root.lastResponse);
      result.querySelector(`input[value="${chart.mode}"]`)?.focus();
    });
    result.addEventListener("click", (event) => {
      const act = event.target.dataset && event.target.dataset.act;
      if (!act || !root.lastResponse?.ok) return;
      chart.pinned = act === "pin" ? { pmf: root.lastResponse[spec.extra.key || "pmf"],
                                       values: chart.values } : null;
      draw(root.lastResponse);
      result.querySelector(".rp-pin")?.focus();
    });
    // The inputs of the pinned answer that differ from the current ones, in the form's words.
    function describe(values, now) {
      const differ = spec.fields.filter((f) => values && now && canonical(values[f.name]) !== canonical(now[f.name]));
      if (!differ.length) return "the same inputs";
      return differ.map((f) => {
          const v = values[f.name];
          if (v === null || v === undefined) return `${f.label}: (not used)`;
          const option = (f.options || []).find(([ov]) => String(ov) === String(v));
          const text = f.kind === "checkbox" ? (v ? "yes" : "no") : option ? option[1] : Array.isArray(v) ? v.join(", ") : String(v);
          return `${f.label}: ${text}`;
        }).join("; ");
    }

    function show(response, values) {
      root.lastResponse = response; // for tests: the exact JSON the engine answered
      form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
      form.querySelectorAll(".rp-calc__msg").forEach((el) => { el.textContent = ""; });
      if (response.ok) {
        if (values) chart.values = values;
        draw(response);
        return;
      }
      result.innerHTML = ""; // never leave an answer beside inputs it does not belong to
      const name = response.error.field && fieldForError(spec, response.error.field);
      if (name && control(name)) {
        control(name).setAttribute("aria-invalid", "true");
        form.querySelector(`[data-field="${name}"] .rp-calc__msg`).textContent =
          plainWords(spec, response.error.message);
        status.innerHTML = "";
      } else {
        status.innerHTML = `<span class="rp-calc__error">${esc(response.error.message)}</span>`;
      }
    }

    // A field that does not count for the chosen value of another (bonus dice for plain
    // dice) is switched off at once: disabled, a box unticked until it counts again.
    function syncApplicable() {
      for (const f of spec.fields) {
        if (!f.applies) continue;
        const el = control(f.name);
        const on = f.applies[1].includes(String(control(f.applies[0]).value));
        if (el.disabled !== on) continue;
        el.disabled = !on;
        if (f.kind === "checkbox") {
          if (on) el.checked = el.dataset.kept === "1";
          else { el.dataset.kept = el.checked ? "1" : "0"; el.checked = false; }
        }
      }
    }

    function readValues() {
      syncApplicable();
      const values = {}, problems = {};
      for (const f of spec.fields) {
        const el = control(f.name);
        if (!applies(f, values)) { values[f.name] = null; continue; } // left out of the request
        if (f.kind === "rows") values[f.name] = rows[f.name].read();
        else if (f.kind === "multi") {
          values[f.name] = [...form.querySelectorAll(`input[name="${f.name}"]:checked`)].map((b) => b.value);
        }
        else if (f.kind === "swing") {
          const sizes = {};
          for (const part of el.value.split(/[,\s]+/).filter(Boolean)) {
            const m = /^([A-Z])=(\d+)$/.exec(part);
            if (m) sizes[m[1]] = Number(m[2]);
            else problems[f.name] = `Write sizes like X=8, U=16 ("${part}" is not one).`;
          }
          values[f.name] = sizes;
        } else if (f.kind === "sizes") {
          const parts = el.value.split(/[,\s]+/).filter(Boolean);
          if (!parts.length && f.optional) { values[f.name] = null; continue; }
          if (parts.some((part) => !/^\d{1,4}$/.test(part))) problems[f.name] = "Write die sizes as whole numbers, e.g. 4, 12.";
          values[f.name] = parts.map(Number);
        } else if (f.kind === "choices") { // e.g. each plasma die's skills: "z, sp"
          const parts = el.value.split(/[,\s]+/).filter(Boolean);
          if (!parts.length && f.optional) { values[f.name] = null; continue; }
          // a choice is letters; sizes, braces or a whole die ("{z,f}(6)") are not one
          const bad = parts.find((part) => part.length > 20 || /[\d(){}\/=;:]/.test(part));
          if (bad !== undefined) problems[f.name] = `Write one choice per die as its letters, e.g. z, sp ("${bad}" is not one).`;
          values[f.name] = parts;
        } else if (f.kind === "checkbox") values[f.name] = el.checked;
        else if (f.kind === "number") {
          const n = Number(el.value);
          if (f.optional && el.value.trim() === "") { values[f.name] = null; continue; }
          if (el.value.trim() === "" || !Number.isInteger(n)) problems[f.name] = "Enter a whole number.";
          else if (f.low !== null && n < f.low) problems[f.name] = `At least ${f.low}.`;
          else if (f.high !== null && n > f.high) problems[f.name] = `At most ${f.high}.`;
          values[f.name] = n;
        } else if (f.optional && el.value.trim() === "") {
          values[f.name] = null;
        } else {
          values[f.name] = el.value;
          if (f.kind === "text" && el.value.trim() === "") problems[f.name] = "This cannot be empty.";
        }
      }
      return { values, problems };
    }

    function writeUrl(values) {
      const params = new URLSearchParams(location.search);
      for (const f of spec.fields) {
        const v = values[f.name];
        if (!applies(f, values) || canonical(v) === canonical(f.default)) params.delete(f.name);
        else if (f.kind === "rows") params.set(f.name, JSON.stringify(v));
        else if (f.kind === "multi" || f.kind === "sizes" || f.kind === "choices") params.set(f.name, v.join(","));
        else if (v === null) params.set(f.name, "");
        else if (f.kind === "swing") params.set(f.name, Object.entries(v).map(([k, n]) => `${k}=${n}`).join(","));
        else params.set(f.name, f.kind === "checkbox" ? (v ? "1" : "0") : String(v));
      }
      const query = params.toString();
      history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
    }

    function readUrl() {
      const params = new URLSearchParams(location.search);
      for (const f of spec.fields) {
        if (!params.has(f.name)) continue;
        const el = control(f.name);
        if (f.kind === "rows") {
          try { rows[f.name].write(JSON.parse(params.get(f.name))); } catch (e) { /* keep defaults */ }
        } else if (f.kind === "multi") {
          const chosen = new Set(params.get(f.name).split(",").filter(Boolean));
          form.querySelectorAll(`input[name="${f.name}"]`).forEach((b) => { b.checked = chosen.has(b.value); });
        } else if (f.kind === "checkbox") {
          el.checked = params.get(f.name) === "1";
          el.dataset.kept = el.checked ? "1" : "0";
        }
        else if (f.kind === "choices") el.value = params.get(f.name).split(/[,\s]+/).filter(Boolean).join(", ");
        else el.value = params.get(f.name);
      }
    }

    async function compute() {
      const { values, problems } = readValues();
      writeUrl(values);
      const mine = ++generation;
      if (Object.keys(problems).length) {
        show({ ok: false, error: { message: "", field: null } });
        for (const [name, message] of Object.entries(problems)) {
          control(name).setAttribute("aria-invalid", "true");
          form.querySelector(`[data-field="${name}"] .rp-calc__msg`).textContent = message;
        }
        return;
      }
      const request = fill(spec.request, values);
      // The question the player cancelled stays cancelled: the input's "change" event (it
      // fires when the Cancel click takes the focus away) must not ask it again.
      if (cancelled !== null && canonical(request) === cancelled) return;
      cancelled = null;
      if (canonical(request) === canonical(spec.default.request)) {
        status.innerHTML = "";
        return show(spec.default.response, values);
      }
      root.classList.add("rp-calc--busy");
      status.innerHTML = 'Working it out… <button type="button" class="rp-calc__cancel">Cancel</button>';
      status.querySelector("button").onclick = () => {
        cancelled = canonical(request);
        clearTimeout(timer);
        result.innerHTML = ""; // the answer shown was for other inputs
        root.lastResponse = undefined;
        engine.cancel();
      };
      const slow = setTimeout(() => {
        if (mine === generation) status.firstChild.textContent = "Still working (a big question)… ";
      }, SLOW_MS);
      try {
        const response = await engine.ask(request);
        if (mine !== generation) return; // a newer question replaced this one
        status.innerHTML = "";
        show(response, values);
        performance.mark("rp-engine-answer");
      } catch (error) {
        if (mine === generation) status.innerHTML = `<span class="rp-calc__error">Stopped: ${esc(error.message)}. Change an input to try again.</span>`;
      } finally {
        clearTimeout(slow);
        if (mine === generation) root.classList.remove("rp-calc--busy");
      }
    }

    let timer = null;
    let cancelled = null; // the canonical request of the question last cancelled
    const later = () => { clearTimeout(timer); timer = setTimeout(compute, 250); };
    form.addEventListener("input", () => { syncApplicable(); later(); });
    form.addEventListener("change", () => { syncApplicable(); later(); });
    form.addEventListener("submit", (event) => { event.preventDefault(); compute(); });

    readUrl();
    const { values } = readValues();
    show(spec.default.response, values); // first paint: the build's answer for the defaults
    performance.mark("rp-first-answer"); // bench/browser.py reads these marks
    if (canonical(fill(spec.request, values)) !== canonical(spec.default.request)) compute();
    engine.onState((state) => {
      root.dataset.engine = state.status;
      if (state.status === "failed") status.innerHTML = `<span class="rp-calc__error">The engine could not start: ${esc(state.error)}</span>`;
    });
    engine.startWhenIdle();
  }

  document.querySelectorAll(".rp-calc").forEach(init);
})();
