// The BrikWars army builder: edit a roster, show a total at once from the build's price
// list, then ask the engine worker (the `army` op) for the exact costs and the rules broken.
// The roster is kept in localStorage, saved to and opened from a file, and shared as a URL.
(function () {
  "use strict";
  const root = document.getElementById("rp-army");
  if (!root) return;
  const engine = window.rulepressEngine;
  const spec = JSON.parse(document.getElementById("rp-army-spec").textContent);
  const STORE = "rulepress-army-roster";
  const MAX_LINES = 200, MAX_COUNT = 1000, MAX_FILE = 1 << 20;
  const byKey = new Map(spec.prices.map((p) => [`${p.kind}:${p.id}`, p]));
  const items = spec.prices.filter((p) => p.kind === "item");
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  const $ = (id) => document.getElementById(id);
  const canonical = (v) => JSON.stringify(v, (k, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x);

  // --- exact fractions ("n/d") ---------------------------------------------------------
  function frac(text) {
    const [n, d] = String(text).split("/");
    return { n: BigInt(n), d: BigInt(d || "1") };
  }
  function gcd(a, b) { a = a < 0n ? -a : a; while (b) [a, b] = [b, a % b]; return a || 1n; }
  function add(x, y) {
    const n = x.n * y.d + y.n * x.d, d = x.d * y.d, g = gcd(n, d);
    return { n: n / g, d: d / g };
  }
  const times = (x, k) => { const g = gcd(x.n * BigInt(k), x.d); return { n: (x.n * BigInt(k)) / g, d: x.d / g }; };
  const show = (x) => (x === null ? "?" : x.d === 1n ? String(x.n) : `${x.n}/${x.d}`);

  // --- the roster: [{unit|specialist: id, count, items: [id], squad_name}] -------------
  let roster = { lines: [], budget: {} };

  function kindOf(line) { return "creation" in line ? "creation" : "unit" in line ? "unit" : "specialist"; }
  function unitOf(line) { // the price-list entry of a line (a designed Creation has none)
    if ("creation" in line) return { name: line.name || "Creation", url: "../../brikwars/moc/", cp: null, ui: null };
    return byKey.get(`${kindOf(line)}:${line[kindOf(line)]}`);
  }
  function flatten(request) { // an army request (squads nested) -> the page's flat lines
    const out = [];
    for (const line of request.lines || []) {
      if (Array.isArray(line.squad)) {
        for (const m of line.squad) out.push({ ...m, squad_name: line.name || "Squad" });
      } else out.push({ ...line });
    }
    return { lines: out, budget: request.budget || {} };
  }
  function request() { // the page's roster -> an army request (lines with one Squad name grouped)
    const lines = [], squads = new Map(), paths = [];
    roster.lines.forEach((line, row) => {
      const body = { ...line };
      delete body.squad_name;
      const name = (line.squad_name || "").trim();
      if (!name) { paths[row] = `lines[${lines.length}]`; lines.push(body); return; }
      if (!squads.has(name)) { squads.set(name, { at: lines.length, line: { name, squad: [] } }); lines.push(squads.get(name).line); }
      const s = squads.get(name);
      paths[row] = `lines[${s.at}].squad[${s.line.squad.length}]`;
      s.line.squad.push(body);
    });
    const req = { game: "brikwars", op: "army", lines };
    const budget = {};
    if (roster.budget.cp !== undefined && roster.budget.cp !== "") budget.cp = Number(roster.budget.cp);
    if (roster.budget.unit_inches !== undefined && roster.budget.unit_inches !== "") budget.unit_inches = Number(roster.budget.unit_inches);
    if (Object.keys(budget).length) req.budget = budget;
    return { req, paths };
  }
  function check(candidate) { // a roster read from a file, a link or storage: refuse the unusable
    if (!candidate || !Array.isArray(candidate.lines)) throw new Error("it has no 'lines' list");
    if (candidate.lines.length > MAX_LINES) throw new Error(`it has ${candidate.lines.length} lines; at most ${MAX_LINES}`);
    candidate.lines.forEach((line, i) => {
      const kind = line && ("creation" in line ? "creation" : "unit" in line ? "unit" : "specialist" in line ? "specialist" : null);
      if (!kind) throw new Error(`line ${i + 1} is not a unit, specialist or creation`);
      if (kind === "creation" && (typeof line.creation !== "object" || line.creation === null)) throw new Error(`line ${i + 1}: 'creation' must be an object`);
      if (kind !== "creation" && !byKey.has(`${kind}:${line[kind]}`)) throw new Error(`line ${i + 1}: no ${kind} '${String(line[kind]).slice(0, 40)}'`);
      const count = line.count === undefined ? 1 : line.count;
      if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) throw new Error(`line ${i + 1}: count must be 1 to ${MAX_COUNT}`);
      for (const item of line.items || []) {
        const id = typeof item === "string" ? item : item && item.item;
        if (!byKey.has(`item:${id}`)) throw new Error(`line ${i + 1}: no item '${String(id).slice(0, 40)}'`);
      }
    });
    return candidate;
  }
  function save() {
    try { localStorage.setItem(STORE, JSON.stringify(roster)); } catch (e) { /* private mode: keep editing */ }
  }
  function fromHash() {
    const m = location.hash.match(/^#roster=([A-Za-z0-9_-]+)$/);
    if (!m) return null;
    const text = new TextDecoder().decode(Uint8Array.from(atob(m[1].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));
    return check(flatten(JSON.parse(text)));
  }
  function toHash() {
    const bytes = new TextEncoder().encode(JSON.stringify(request().req));
    let text = "";
    bytes.forEach((b) => { text += String.fromCharCode(b); });
    return "#roster=" + btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // --- drawing ---------------------------------------------------------------------------
  const rows = $("rp-army-rows"), total = $("rp-army-total"), problemsBox = $("rp-army-problems");
  // Why a file was not opened stays above the roster's problems until the roster changes:
  // an answer that arrives for the old roster must not wipe it.
  let fileNote = "";
  const showProblems = (html) => { problemsBox.innerHTML = fileNote + html; };
  let selected = -1;

  function estimate(line) { // from the build's price list: instant, refined by the engine
    const unit = unitOf(line);
    if (!unit || unit.cp === null) return { cp: null, ui: unit && unit.ui !== null ? frac(unit.ui) : null };
    let cp = frac(unit.cp);
    for (const item of line.items || []) {
      const p = byKey.get(`item:${typeof item === "string" ? item : item.item}`);
      cp = p && p.cp !== null ? add(cp, p.cp && frac(p.cp)) : cp;
    }
    return { cp, ui: unit.ui === null ? null : frac(unit.ui) };
  }

  function draw() {
    rows.innerHTML = roster.lines.map((line, i) => {
      const unit = unitOf(line);
      const gear = (line.items || []).map((item, j) => {
        const p = byKey.get(`item:${typeof item === "string" ? item : item.item}`);
        return `<span class="rp-army__chip">${esc(p ? p.name : item)} <button type="button" data-act="unitem" data-row="${i}" data-item="${j}" aria-label="remove ${esc(p ? p.name : item)}">×</button></span>`;
      }).join(" ");
      const options = items.map((p) => `<option value="${esc(p.id)}">${esc(p.name)} (${esc(p.cp)} CP)</option>`).join("");
      return `<tr data-row="${i}"${i === selected ? ' class="rp-army__selected"' : ""}>
        <td><a href="${esc(unit.url)}">${esc(unit.name)}</a></td>
        <td><input type="number" min="1" max="${MAX_COUNT}" value="${esc(line.count || 1)}" data-act="count" data-row="${i}" aria-label="count"></td>
        <td><input type="text" value="${esc(line.squad_name || "")}" data-act="squad" data-row="${i}" aria-label="squad name" placeholder="none"></td>
        <td>${gear} <select data-act="item" data-row="${i}" aria-label="add gear"><option value="">+ gear</option>${options}</select></td>
        <td class="rp-frac" data-cell="each"></td><td class="rp-frac" data-cell="cp"></td><td class="rp-frac" data-cell="ui"></td>
        <td><button type="button" data-act="remove" data-row="${i}" aria-label="remove line">Remove</button></td></tr>`;
    }).join("");
    $("rp-army-cp").value = roster.budget.cp ?? "";
    $("rp-army-ui").value = roster.budget.unit_inches ?? "";
    quick();
  }

  function quick() { // the instant total from precomputed prices
    let cp = { n: 0n, d: 1n }, ui = { n: 0n, d: 1n };
    roster.lines.forEach((line, i) => {
      const e = estimate(line), n = line.count || 1;
      const tr = rows.children[i];
      tr.querySelector('[data-cell="each"]').textContent = show(e.cp);
      tr.querySelector('[data-cell="cp"]').textContent = e.cp ? show(times(e.cp, n)) : "?";
      tr.querySelector('[data-cell="ui"]').textContent = e.ui ? show(times(e.ui, n)) : "?";
      cp = cp && e.cp ? add(cp, times(e.cp, n)) : null;
      ui = ui && e.ui ? add(ui, times(e.ui, n)) : null;
    });
    total.textContent = `Total: ${show(cp)} CP, ${show(ui)} Ű (checking the rules…)`;
    later();
  }

  function answer(response, paths) {
    if (!response.ok) {
      showProblems(`<p class="rp-calc__error">${esc(response.error.field || "roster")}: ${esc(response.error.message)}</p>`);
      total.textContent = "The engine refused this roster: see below.";
      return;
    }
    const found = new Map();
    for (const line of response.lines) {
      found.set(line.line, line);
      for (const m of line.members || []) found.set(m.line, m);
    }
    paths.forEach((path, i) => {
      const line = found.get(path), tr = rows.children[i];
      if (!line || !tr) return;
      tr.querySelector('[data-cell="each"]').textContent = line.each_cp ?? "?";
      tr.querySelector('[data-cell="cp"]').textContent = line.cp ?? "?";
      tr.querySelector('[data-cell="ui"]').textContent = line.unit_inches ?? "?";
    });
    const budget = response.budget || {};
    const left = ["cp", "unit_inches"].filter((k) => `${k}_left` in budget).map((k) => `${budget[`${k}_left`]} ${k === "cp" ? "CP" : "Ű"} left`);
    total.textContent = `Total: ${response.total_cp ?? "?"} CP, ${response.total_unit_inches ?? "?"} Ű${left.length ? " (" + left.join(", ") + ")" : ""}`;
    const name = (where) => { // "lines[1].squad[0].items" -> the row's unit name
      const row = paths.findIndex((p) => where === p || where.startsWith(p + "."));
      return row >= 0 ? `line ${row + 1} (${unitOf(roster.lines[row]).name})` : where;
    };
    const list = (title, entries, cls) => entries.length ? `<h3>${title}</h3><ul class="${cls}">${entries.map((p) => `<li>${esc(name(p.line))}: ${esc(p.message)} <small>(${esc(p.section)}, ${esc(p.rule)})</small></li>`).join("")}</ul>` : "";
    showProblems(list("Problems", response.problems, "rp-army__bad") + list("Warnings", response.warnings, "rp-army__warn") +
      (response.problems.length ? "" : "<p>No rule of 11.1–11.3 broken.</p>"));
  }

  let timer = null, generation = 0, defaultKey = null;
  function later() { clearTimeout(timer); timer = setTimeout(ask, 200); }
  async function ask() {
    const { req, paths } = request();
    const mine = ++generation;
    if (!req.lines.length) { showProblems(""); total.textContent = "Add a unit to start."; return; }
    if (defaultKey && canonical(req) === defaultKey) return answer(spec.response, paths);
    try {
      const response = await engine.ask(req);
      if (mine === generation) answer(response, paths);
    } catch (error) {
      if (mine === generation) showProblems(`<p class="rp-calc__error">Stopped: ${esc(error.message)}</p>`);
    }
  }

  // --- editing ---------------------------------------------------------------------------
  function change(fn) { fileNote = ""; fn(); save(); draw(); }
  rows.addEventListener("change", (event) => {
    const t = event.target, i = Number(t.dataset.row), line = roster.lines[i];
    if (!line) return;
    if (t.dataset.act === "count") {
      const n = Math.max(1, Math.min(MAX_COUNT, Math.floor(Number(t.value) || 1)));
      change(() => { line.count = n; });
    } else if (t.dataset.act === "squad") change(() => { line.squad_name = t.value.slice(0, 60); });
    else if (t.dataset.act === "item" && t.value) change(() => { line.items = [...(line.items || []), t.value].slice(0, 100); });
  });
  rows.addEventListener("click", (event) => {
    const t = event.target.closest("button"), tr = event.target.closest("tr");
    if (tr && !t) { selected = Number(tr.dataset.row); rows.querySelectorAll("tr").forEach((r) => r.classList.toggle("rp-army__selected", Number(r.dataset.row) === selected)); }
    if (!t) return;
    const i = Number(t.dataset.row);
    if (t.dataset.act === "remove") change(() => { roster.lines.splice(i, 1); selected = -1; });
    if (t.dataset.act === "unitem") change(() => { roster.lines[i].items.splice(Number(t.dataset.item), 1); });
  });
  const search = $("rp-army-search"), found = $("rp-army-found");
  search.addEventListener("input", () => {
    const q = search.value.trim().toLowerCase();
    const hits = q ? spec.prices.filter((p) => p.name.toLowerCase().includes(q) || p.id.includes(q)).slice(0, 12) : [];
    found.innerHTML = hits.map((p) => `<li><button type="button" data-key="${esc(p.kind)}:${esc(p.id)}">${esc(p.name)} <small>${esc(p.kind)} · ${esc(p.cp ?? "?")} CP</small></button></li>`).join("");
  });
  found.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b) return;
    const p = byKey.get(b.dataset.key);
    change(() => {
      if (p.kind === "item") {
        const i = selected >= 0 ? selected : roster.lines.length - 1;
        if (i >= 0) roster.lines[i].items = [...(roster.lines[i].items || []), p.id].slice(0, 100);
      } else if (roster.lines.length < MAX_LINES) {
        roster.lines.push({ [p.kind]: p.id, count: 1, items: [] });
        selected = roster.lines.length - 1;
      }
    });
    search.value = ""; found.innerHTML = ""; search.focus();
  });
  for (const [id, key] of [["rp-army-cp", "cp"], ["rp-army-ui", "unit_inches"]]) {
    $(id).addEventListener("input", (event) => {
      const v = event.target.value;
      if (v === "") delete roster.budget[key]; else roster.budget[key] = Math.max(0, Math.floor(Number(v) || 0));
      save(); quick();
    });
  }
  $("rp-army-save").addEventListener("click", () => {
    const { req } = request();
    delete req.game; delete req.op;
    const url = URL.createObjectURL(new Blob([JSON.stringify(req, null, 1)], { type: "application/json" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: "army.json" });
    document.body.appendChild(a); a.click(); a.remove(); URL.revokeObjectURL(url);
  });
  $("rp-army-open").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (!file) return;
    if (file.size > MAX_FILE) { fileNote = `<p class="rp-calc__error">${esc(file.name)} is larger than 1 MB: not a roster.</p>`; showProblems(""); return; }
    file.text().then((text) => {
      try { const next = check(flatten(JSON.parse(text))); change(() => { roster = next; selected = -1; }); }
      catch (error) { fileNote = `<p class="rp-calc__error">${esc(file.name)} was not opened (your roster is unchanged): ${esc(error.message)}</p>`; showProblems(""); }
    });
    event.target.value = "";
  });
  $("rp-army-share").addEventListener("click", () => {
    history.replaceState(null, "", toHash());
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(() => {});
    total.textContent += " · link copied";
  });
  $("rp-army-clear").addEventListener("click", () => change(() => { roster = { lines: [], budget: {} }; selected = -1; }));

  // --- the Creation designer: one line {creation: {...}} for the engine to price --------
  const d = spec.designer;
  const fill = (id, entries) => { $(id).insertAdjacentHTML("beforeend", entries.join("")); };
  fill("rp-des-sl", d.levels.map((l) => `<option value="${esc(l)}"${l === "1" ? " selected" : ""}>${esc(l)}</option>`));
  fill("rp-des-prop", d.propulsion.map((p) => `<option value="${esc(p.id)}">${esc(p.name)}</option>`));
  fill("rp-des-mind", d.minds.map((m) => `<option value="${esc(m.die)}">${esc(m.die)} (${esc(m.name)})</option>`));
  fill("rp-des-weapon", d.weapons.map((w) => `<option value="${esc(w.id)}">${esc(w.name)}</option>`));
  $("rp-des-add").addEventListener("click", () => {
    const whole = (id, low) => Math.max(low, Math.min(100, Math.floor(Number($(id).value) || 0)));
    const creation = { size: whole("rp-des-size", 0), structure_level: $("rp-des-sl").value };
    if ($("rp-des-prop").value) creation.propulsion = [{ type: $("rp-des-prop").value, move: whole("rp-des-move", 0) }];
    if ($("rp-des-mind").value) creation.mind = { die: $("rp-des-mind").value };
    if ($("rp-des-weapon").value) creation.weapons = [{ weapon: $("rp-des-weapon").value, size: whole("rp-des-wsize", 1) }];
    if (roster.lines.length >= MAX_LINES) return;
    change(() => {
      roster.lines.push({ name: $("rp-des-name").value.slice(0, 60) || "Creation", creation, count: 1 });
      selected = roster.lines.length - 1;
    });
  });

  // --- start: a shared link, else the stored roster, else the default ---------------------
  try { roster = fromHash() || null; } catch (e) { roster = null; problemsBox.textContent = `The link's roster could not be read: ${e.message}`; }
  if (!roster) {
    try { roster = check(JSON.parse(localStorage.getItem(STORE))); } catch (e) { roster = null; }
  }
  const fresh = !roster;
  if (!roster) roster = flatten(spec.default);
  defaultKey = fresh ? canonical(spec.request) : null;
  draw();
  engine.startWhenIdle();
})();
