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
  // Key order must not matter when comparing requests.
  const canonical = (v) => JSON.stringify(v, (k, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

  // --- charts --------------------------------------------------------------------
  function barChart(points) { // points: [{label, p: "n/d"}]
    const width = 600, height = 180, pad = 22;
    const max = Math.max(...points.map((pt) => percent(pt.p)), 1e-9);
    const step = (width - 2 * pad) / Math.max(points.length, 1);
    const every = Math.ceil(points.length / 20);
    const bars = points.map((pt, i) => {
      const h = ((height - 2 * pad) * percent(pt.p)) / max;
      const x = pad + i * step;
      const label = i % every === 0 ? `<text x="${x + step / 2}" y="${height - 6}" text-anchor="middle">${esc(pt.label)}</text>` : "";
      return `<rect class="bar" x="${x + 1}" y="${height - pad - h}" width="${Math.max(step - 2, 1)}" height="${h}"><title>${esc(pt.label)}: ${esc(pt.p)} (${pctText(pt.p)})</title></rect>${label}`;
    });
    return `<svg class="rp-chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="chart of the answer">${bars.join("")}</svg>`;
  }

  // --- views: how each kind of answer is shown ---------------------------------------
  const VIEWS = {
    odds(response, extra) {
      const odds = response[extra.key || "odds"];
      const rows = Object.entries(odds).map(([name, p]) =>
        `<tr><td>${esc(name)}</td><td class="rp-frac">${esc(p)}</td><td>${pctText(p)}</td></tr>`);
      return barChart(Object.entries(odds).map(([label, p]) => ({ label, p }))) +
        `<table><thead><tr><th>Outcome</th><th>Exact</th><th>Chance</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
    },
    probability(response, extra) {
      const p = response[extra.key || "p"];
      return `<p><span class="rp-calc__big">${pctText(p)}</span> &nbsp; exactly <span class="rp-frac">${esc(p)}</span></p>`;
    },
    distribution(response, extra) {
      const pmf = response[extra.key || "pmf"];
      const mean = response.mean !== undefined ? `<p>Mean <span class="rp-frac">${esc(response.mean)}</span></p>` : "";
      const rows = pmf.map(([v, p]) => `<tr><td>${esc(v)}</td><td class="rp-frac">${esc(p)}</td><td>${pctText(p)}</td></tr>`);
      return mean + barChart(pmf.map(([label, p]) => ({ label, p }))) +
        `<details><summary>Every value (${pmf.length})</summary><table><thead><tr><th>Value</th><th>Exact</th><th>Chance</th></tr></thead><tbody>${rows.join("")}</tbody></table></details>`;
    },
    bm_odds(response) {
      const [mine, theirs] = response.dice;
      const first = barChart([{ label: "I go first", p: response.first[0] },
        { label: "They go first", p: response.first[1] }, { label: "Full tie", p: response.tie }]);
      const cell = new Map(response.table.map((r) => [`${r.mine}:${r.theirs}`, r]));
      const head = theirs.map((d) => `<th>${esc(d)}</th>`).join("");
      const body = mine.map((m, i) => `<tr><th>${esc(m)}</th>${theirs.map((t, j) => {
        const r = cell.get(`${i}:${j}`);
        if (!r) return "<td>–</td>";
        const trip = r.trip ? `<br><small>trip ${pctText(r.trip)}</small>` : "";
        return `<td title="${esc(r.capture)}">${pctText(r.capture)}${trip}</td>`;
      }).join("")}</tr>`).join("");
      return `<p>Going first: me <b>${pctText(response.first[0])}</b> <span class="rp-frac">(${esc(response.first[0])})</span>, ` +
        `them <b>${pctText(response.first[1])}</b> <span class="rp-frac">(${esc(response.first[1])})</span>, ` +
        `full tie ${pctText(response.tie)}.</p>` + first +
        `<p>Chance that my die (row) can capture theirs (column) right after the opening roll:</p>` +
        `<table><thead><tr><th><span class="rp-sr-only">My die, their die</span></th>${head}</tr></thead><tbody>${body}</tbody></table>`;
    },
    bw_attack(response) {
      const line = (label, p) => `<tr><td>${label}</td><td class="rp-frac">${esc(p)}</td><td><b>${pctText(p)}</b></td></tr>`;
      const cut = response.truncated_mass && response.truncated_mass !== "0"
        ? `<p><small>Bonus-dice chains cut at the chosen depth touch ${pctText(response.truncated_mass)} of the damage roll; raise the depth for more.</small></p>` : "";
      return `<p>Skill ${esc(response.skill)} against Use ${esc(response.use)}; Damage <code>${esc(response.damage_expr)}</code> against Armor ${esc(response.armor)}` +
        (response.deflection ? `, Deflection ${response.deflection}` : "") + ".</p>" +
        `<table><tbody>${line("Hit", response.p_hit)}${line("Kill", response.p_kill)}` +
        (response.p_wound !== undefined ? line("Wound only (a first blow over its Armor)", response.p_wound) : "") +
        `${line("Kill, given a hit", response.p_kill_given_hit)}${line("Critical failure", response.p_crit_fail)}</tbody></table>` +
        `<p>Damage of a plain hit (mean <span class="rp-frac">${esc(response.damage_mean)}</span>):</p>` +
        barChart(response.damage_pmf.map(([label, p]) => ({ label, p }))) + cut;
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

    function show(response) {
      root.lastResponse = response; // for tests: the exact JSON the engine answered
      form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
      form.querySelectorAll(".rp-calc__msg").forEach((el) => { el.textContent = ""; });
      if (response.ok) {
        result.innerHTML = VIEWS[spec.view](response, spec.extra);
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
        else if (f.kind === "multi") params.set(f.name, v.join(","));
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
        return show(spec.default.response);
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
        show(response);
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
    show(spec.default.response); // first paint: the build's answer for the defaults
    performance.mark("rp-first-answer"); // bench/browser.py reads these marks
    const { values } = readValues();
    if (canonical(fill(spec.request, values)) !== canonical(spec.default.request)) compute();
    engine.onState((state) => {
      root.dataset.engine = state.status;
      if (state.status === "failed") status.innerHTML = `<span class="rp-calc__error">The engine could not start: ${esc(state.error)}</span>`;
    });
    engine.startWhenIdle();
  }

  document.querySelectorAll(".rp-calc").forEach(init);
})();
