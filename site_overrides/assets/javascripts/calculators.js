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
      return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fill(v, values)]));
    }
    return template;
  }
  function fieldForRequestKey(template, key) { // which form field feeds a request key
    const value = template[key];
    return typeof value === "string" && value.startsWith("$") ? value.slice(1) : null;
  }

  function init(root) {
    const spec = JSON.parse(root.querySelector(".rp-calc__spec").textContent);
    const form = root.querySelector(".rp-calc__form");
    const status = root.querySelector(".rp-calc__status");
    const result = root.querySelector(".rp-calc__result");
    const control = (name) => form.elements.namedItem(name);
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
      const name = response.error.field && fieldForRequestKey(spec.request, response.error.field);
      if (name && control(name)) {
        control(name).setAttribute("aria-invalid", "true");
        form.querySelector(`[data-field="${name}"] .rp-calc__msg`).textContent = response.error.message;
        status.innerHTML = "";
      } else {
        status.innerHTML = `<span class="rp-calc__error">${esc(response.error.message)}</span>`;
      }
    }

    function readValues() {
      const values = {}, problems = {};
      for (const f of spec.fields) {
        const el = control(f.name);
        if (f.kind === "checkbox") values[f.name] = el.checked;
        else if (f.kind === "number") {
          const n = Number(el.value);
          if (el.value.trim() === "" || !Number.isInteger(n)) problems[f.name] = "Enter a whole number.";
          else if (f.low !== null && n < f.low) problems[f.name] = `At least ${f.low}.`;
          else if (f.high !== null && n > f.high) problems[f.name] = `At most ${f.high}.`;
          values[f.name] = n;
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
        if (v === f.default) params.delete(f.name);
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
        if (f.kind === "checkbox") el.checked = params.get(f.name) === "1";
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
      if (JSON.stringify(request) === JSON.stringify(spec.default.request)) {
        status.innerHTML = "";
        return show(spec.default.response);
      }
      root.classList.add("rp-calc--busy");
      status.innerHTML = 'Working it out… <button type="button" class="rp-calc__cancel">Cancel</button>';
      status.querySelector("button").onclick = () => engine.cancel();
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
    const later = () => { clearTimeout(timer); timer = setTimeout(compute, 250); };
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    form.addEventListener("submit", (event) => { event.preventDefault(); compute(); });

    readUrl();
    show(spec.default.response); // first paint: the build's answer for the defaults
    performance.mark("rp-first-answer"); // bench/browser.py reads these marks
    const { values } = readValues();
    if (JSON.stringify(fill(spec.request, values)) !== JSON.stringify(spec.default.request)) compute();
    engine.onState((state) => {
      root.dataset.engine = state.status;
      if (state.status === "failed") status.innerHTML = `<span class="rp-calc__error">The engine could not start: ${esc(state.error)}</span>`;
    });
    engine.startWhenIdle();
  }

  document.querySelectorAll(".rp-calc").forEach(init);
})();
