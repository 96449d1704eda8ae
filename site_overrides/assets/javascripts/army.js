// The BrikWars army builder: edit a roster, show a total at once from the build's price
// list, then ask the engine worker (the `army` op) for the exact costs and the rules broken.
// The roster is kept in localStorage, saved to and opened from a file, and shared as a URL.
// Print lays out a roster sheet and the army's stat cards at true size (cardFace and the
// print view follow cards/decks/army.py rule for rule, from the faces the print step made).
(function () {
  "use strict";
  const root = document.getElementById("rp-army");
  if (!root) return;
  const engine = window.rulepressEngine;
  const spec = JSON.parse(document.getElementById("rp-army-spec").textContent);
  const STORE = "rulepress-army-roster";
  const MAX_LINES = 200, MAX_COUNT = 1000, MAX_FILE = 1 << 20;
  // a custom card's fields and limits: the same as cards/decks/army.py (check_custom)
  const CUSTOM_TEXT = { name: 60, kind: 20, skill: 20, move: 20, armor: 20, size: 20, cp: 20, notes: 400 };
  const WEAPON_TEXT = { name: 40, use: 10, range: 10, damage: 20 };
  const MAX_CUSTOM = 50, MAX_CUSTOM_WEAPONS = 8, MAX_IMAGE = 256 * 1024;
  const IMAGE_URL = /^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=]*$/;
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
  let roster = { lines: [], budget: {}, custom: [] };

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
    return { lines: out, budget: request.budget || {}, custom: request.custom_cards || [] };
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
  function nearest(kind, id) { // "; did you mean minifig?" for a misspelt id (edit distance <= 2)
    const text = String(id).slice(0, 40).toLowerCase();
    const distance = (a, b) => {
      let row = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const next = [i];
        for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        row = next;
      }
      return row[b.length];
    };
    const near = spec.prices.filter((p) => p.kind === kind && distance(text, p.id) <= 2).map((p) => p.id).slice(0, 3);
    return near.length ? `; did you mean ${near.join(", ")}?` : `; the builder's search lists every ${kind}`;
  }
  function check(candidate) { // a roster read from a file, a link or storage: refuse the unusable
    if (!candidate || !Array.isArray(candidate.lines)) throw new Error("it has no 'lines' list");
    if (candidate.lines.length > MAX_LINES) throw new Error(`it has ${candidate.lines.length} lines; at most ${MAX_LINES}`);
    candidate.lines.forEach((line, i) => {
      const kind = line && ("creation" in line ? "creation" : "unit" in line ? "unit" : "specialist" in line ? "specialist" : null);
      if (!kind) throw new Error(`line ${i + 1} is not a unit, specialist or creation`);
      if (kind === "creation" && (typeof line.creation !== "object" || line.creation === null)) throw new Error(`line ${i + 1}: 'creation' must be an object`);
      if (kind !== "creation" && !byKey.has(`${kind}:${line[kind]}`)) throw new Error(`line ${i + 1}: no ${kind} '${String(line[kind]).slice(0, 40)}'${nearest(kind, line[kind])}`);
      const count = line.count === undefined ? 1 : line.count;
      if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) throw new Error(`line ${i + 1}: count must be 1 to ${MAX_COUNT}`);
      if (line.items !== undefined && (!Array.isArray(line.items) || line.items.length > 100)) throw new Error(`line ${i + 1}: 'items' must be a list of at most 100`);
      for (const item of line.items || []) {
        const id = typeof item === "string" ? item : item && item.item;
        if (!byKey.has(`item:${id}`)) throw new Error(`line ${i + 1}: no item '${String(id).slice(0, 40)}'${nearest("item", id)}`);
      }
    });
    candidate.custom = checkCustom(candidate.custom || []);
    return candidate;
  }
  function checkCustom(cards) { // as check_custom in cards/decks/army.py
    if (!Array.isArray(cards)) throw new Error("'custom_cards' must be a list");
    if (cards.length > MAX_CUSTOM) throw new Error(`it has ${cards.length} custom cards; at most ${MAX_CUSTOM}`);
    return cards.map((card, i) => {
      const where = `custom card ${i + 1}`;
      if (!card || typeof card !== "object") throw new Error(`${where} is not an object`);
      const out = {};
      for (const [key, n] of Object.entries(CUSTOM_TEXT)) {
        const v = card[key] === undefined ? "" : typeof card[key] === "number" ? String(card[key]) : card[key];
        if (typeof v !== "string" || v.length > n) throw new Error(`${where}: '${key}' must be text of at most ${n} characters`);
        out[key] = v;
      }
      if (!out.name.trim()) throw new Error(`${where} needs a name`);
      const weapons = card.weapons || [];
      if (!Array.isArray(weapons) || weapons.length > MAX_CUSTOM_WEAPONS) throw new Error(`${where}: at most ${MAX_CUSTOM_WEAPONS} weapons`);
      out.weapons = weapons.map((w) => {
        const x = {};
        for (const [key, n] of Object.entries(WEAPON_TEXT)) {
          const v = w && w[key] !== undefined ? String(w[key]) : "";
          if (v.length > n) throw new Error(`${where}: a weapon's '${key}' has more than ${n} characters`);
          x[key] = v;
        }
        return x;
      });
      out.image = card.image || "";
      if (out.image && (typeof out.image !== "string" || !IMAGE_URL.test(out.image) || out.image.length > MAX_IMAGE * 4 / 3 + 100))
        throw new Error(`${where}: the picture must be a PNG, JPEG or GIF data: URL of at most ${MAX_IMAGE / 1024} KB`);
      return out;
    });
  }
  let storeNote = "";
  function save() {
    try { localStorage.setItem(STORE, JSON.stringify(roster)); storeNote = ""; }
    catch (e) { // full (pictures) or private mode: keep editing, and say what is not kept
      storeNote = "This browser would not keep the roster (its storage is full or off): save it to a file, or use smaller pictures.";
    }
    const note = $("rp-army-store-note");
    if (note) note.textContent = storeNote;
  }
  function fromHash() {
    const m = location.hash.match(/^#roster=([A-Za-z0-9_-]+)$/);
    if (!m) return null;
    const text = new TextDecoder().decode(Uint8Array.from(atob(m[1].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));
    return check(flatten(JSON.parse(text)));
  }
  function toHash() { // pictures stay out of links (too long): a file keeps them
    const req = request().req;
    if (roster.custom.length) req.custom_cards = roster.custom.map((c) => ({ ...c, image: "" }));
    const bytes = new TextEncoder().encode(JSON.stringify(req));
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

  const WEAPON_GROUPS = new Set(["minifig-weapon", "heroic", "bastard-gun", "jousting", "wand-staff"]);
  function oddsLink(line) { // the attack calculator with this line's unit and first weapon
    const params = new URLSearchParams();
    if ("creation" in line) {
      const w = (line.creation.weapons || [])[0];
      if (w) { params.set("weapon", w.weapon); if (w.size) params.set("weapon_size", String(w.size)); }
    } else {
      params.set("attacker", line[kindOf(line)]);
      const weapon = (line.items || []).map((x) => byKey.get(`item:${typeof x === "string" ? x : x.item}`))
        .find((p) => p && WEAPON_GROUPS.has(p.group));
      if (weapon) params.set("weapon", weapon.id);
    }
    const query = params.toString();
    return spec.attack + (query ? "?" + query : "");
  }
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

  // A row's gear list is filled when it is first used: 200 rows of every item would take a
  // second to draw, and a change must show its cost within 300 ms.
  const gearOptions = items.map((p) => `<option value="${esc(p.id)}">${esc(p.name)} (${esc(p.cp)} CP)</option>`).join("");
  function fillGear(event) {
    const s = event.target;
    if (s.dataset && s.dataset.act === "item" && s.options.length === 1) s.insertAdjacentHTML("beforeend", gearOptions);
  }
  rows.addEventListener("focusin", fillGear);
  rows.addEventListener("pointerdown", fillGear);
  function draw() {
    rows.innerHTML = roster.lines.map((line, i) => {
      const unit = unitOf(line);
      const gear = (line.items || []).map((item, j) => {
        const p = byKey.get(`item:${typeof item === "string" ? item : item.item}`);
        return `<span class="rp-army__chip">${esc(p ? p.name : item)} <button type="button" data-act="unitem" data-row="${i}" data-item="${j}" aria-label="remove ${esc(p ? p.name : item)}">×</button></span>`;
      }).join(" ");
      return `<tr data-row="${i}"${i === selected ? ' class="rp-army__selected"' : ""}>
        <td><a href="${esc(unit.url)}" title="its rules">${esc(line.name || unit.name)}</a> <a class="rp-army__odds" href="${esc(oddsLink(line))}" title="its attack odds">odds</a></td>
        <td><input type="number" min="1" max="${MAX_COUNT}" value="${esc(line.count || 1)}" data-act="count" data-row="${i}" aria-label="count"></td>
        <td><input type="text" value="${esc(line.squad_name || "")}" data-act="squad" data-row="${i}" aria-label="squad name" placeholder="none"></td>
        <td>${gear} <select data-act="item" data-row="${i}" aria-label="add gear"><option value="">+ gear</option></select></td>
        <td class="rp-frac" data-cell="each"></td><td class="rp-frac" data-cell="cp"></td><td class="rp-frac" data-cell="ui"></td>
        <td><button type="button" data-act="remove" data-row="${i}" aria-label="remove line">Remove</button></td></tr>`;
    }).join("");
    drawCustom();
    $("rp-army-cp").value = roster.budget.cp ?? "";
    $("rp-army-ui").value = roster.budget.unit_inches ?? "";
    quick();
  }

  function quick() { // the instant total from precomputed prices
    generation++; // an engine answer still on its way is for the old roster: drop it
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

  function answer(response, paths, key) {
    if (!response.ok) {
      const where = response.error.field || "roster";
      const row = paths.findIndex((p) => where === p || where.startsWith(p + "."));
      const label = row >= 0 ? `line ${row + 1} (${unitOf(roster.lines[row]).name}), ${where.slice(paths[row].length + 1) || "the line"}` : where;
      showProblems(`<p class="rp-calc__error">${esc(label)}: ${esc(response.error.message)}</p>`);
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
    last = { key, response, paths };
    if (printWanted) setTimeout(printArmy, 0);
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
    const key = canonical(req);
    if (!req.lines.length) {
      showProblems(""); total.textContent = "Add a unit to start.";
      last = { key, paths, response: { ok: true, lines: [], problems: [], warnings: [], total_cp: "0", total_unit_inches: "0" } };
      if (printWanted) setTimeout(printArmy, 0);
      return;
    }
    if (defaultKey && key === defaultKey) return answer(spec.response, paths, key);
    try {
      const response = await engine.ask(req);
      if (mine === generation) answer(response, paths, key);
    } catch (error) {
      if (mine === generation) showProblems(`<p class="rp-calc__error">Stopped: ${esc(error.message)}</p>`);
      if (printWanted) { printWanted = null; $("rp-army-print-note").textContent = `Cannot print: the rules engine stopped (${error.message}).`; }
    }
  }

  // --- editing ---------------------------------------------------------------------------
  function change(fn) { fileNote = ""; fn(); save(); draw(); }
  function edit(fn) { fileNote = ""; fn(); save(); quick(); } // the rows stay: only costs change
  rows.addEventListener("change", (event) => {
    const t = event.target, i = Number(t.dataset.row), line = roster.lines[i];
    if (!line) return;
    if (t.dataset.act === "count") {
      const n = Math.max(1, Math.min(MAX_COUNT, Math.floor(Number(t.value) || 1)));
      t.value = String(n);
      edit(() => { line.count = n; });
    } else if (t.dataset.act === "squad") edit(() => { line.squad_name = t.value.slice(0, 60); });
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
    const hits = q ? spec.prices.filter((p) => !p.file_only && (p.name.toLowerCase().includes(q) || p.id.includes(q))).slice(0, 12) : [];
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
    if (roster.custom.length) req.custom_cards = roster.custom;
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
  $("rp-army-clear").addEventListener("click", () => change(() => { roster = { lines: [], budget: {}, custom: [] }; selected = -1; }));

  // --- the Creation designer: a {creation: {...}} line, previewed by the `creation` op ------
  const d = spec.designer;
  const fill = (id, entries) => { $(id).insertAdjacentHTML("beforeend", entries.join("")); };
  fill("rp-des-sl", d.levels.map((l) => `<option value="${esc(l)}"${l === "1" ? " selected" : ""}>${esc(l)}</option>`));
  fill("rp-des-prop", d.propulsion.map((p) => `<option value="${esc(p.id)}">${esc(p.name)}</option>`));
  fill("rp-des-mind", d.minds.map((m) => `<option value="${esc(m.die)}">${esc(m.die)} (${esc(m.name)})</option>`));
  fill("rp-des-weapon", d.weapons.map((w) => `<option value="${esc(w.id)}">${esc(w.name)}</option>`));
  fill("rp-des-turret", d.turrets.map((r) => `<option value="${esc(r.id)}">${esc(r.name)} (${esc(r.inches)} weapon inches)</option>`));
  fill("rp-des-specialty", d.specialties.map((r) => `<option value="${esc(r.id)}">${esc(r.name)}</option>`));
  fill("rp-des-mod", d.mods.map((m) => `<option value="${esc(m)}">${esc(m)}</option>`));
  fill("rp-des-sn", d.supernatural.map((r) => `<option value="${esc(r.die)}">${esc(r.die)} (${esc(r.name)})</option>`));
  const MAX_PARTS = 20;
  const design = { weapons: [], turrets: [], specialties: [], supernatural_dice: [], mods: [] };
  const whole = (id, low) => Math.max(low, Math.min(100, Math.floor(Number($(id).value) || 0)));
  const named = (list, key, id) => (list.find((r) => r[key] === id) || { name: id }).name;
  function creationBody() {
    const creation = { size: whole("rp-des-size", 0), structure_level: $("rp-des-sl").value };
    if ($("rp-des-prop").value) creation.propulsion = [{ type: $("rp-des-prop").value, move: whole("rp-des-move", 0) }];
    if ($("rp-des-mind").value) creation.mind = { die: $("rp-des-mind").value };
    for (const key of ["weapons", "turrets", "specialties", "supernatural_dice", "mods"])
      if (design[key].length) creation[key] = JSON.parse(JSON.stringify(design[key]));
    return creation;
  }
  function drawParts() {
    const chips = [];
    design.weapons.forEach((w, i) => chips.push([`${w.count > 1 ? w.count + " × " : ""}${named(d.weapons, "id", w.weapon)} ${w.size}${w.mount === "hands" ? " (hands)" : ""}`, "weapons", i]));
    design.turrets.forEach((t, i) => chips.push([`${named(d.turrets, "id", t.turret)}` + (t.weapons.length ? `: ${t.weapons.map((w) => named(d.weapons, "id", w.weapon) + " " + w.size).join(", ")}` : " (empty: the next weapons go on it)"), "turrets", i]));
    design.specialties.forEach((s, i) => chips.push([named(d.specialties, "id", s), "specialties", i]));
    design.supernatural_dice.forEach((s, i) => chips.push([`SuperNatural ${s}`, "supernatural_dice", i]));
    design.mods.forEach((s, i) => chips.push([`Mod: ${s}`, "mods", i]));
    $("rp-des-parts").innerHTML = chips.length ? chips.map(([label, list, i]) =>
      `<span class="rp-army__chip">${esc(label)} <button type="button" data-list="${list}" data-i="${i}" aria-label="remove ${esc(label)}">×</button></span>`).join(" ") : "none yet";
    preview();
  }
  $("rp-des-parts").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b) { design[b.dataset.list].splice(Number(b.dataset.i), 1); drawParts(); }
  });
  $("rp-des-add-weapon").addEventListener("click", () => {
    if (!$("rp-des-weapon").value) return;
    const w = { weapon: $("rp-des-weapon").value, size: whole("rp-des-wsize", 1) };
    const count = whole("rp-des-wcount", 1);
    if (count > 1) w.count = count;
    const open = design.turrets.find((t) => !t.weapons.length); // a new turret takes the next weapon
    if (open) { open.weapons.push(w); } else {
      if (design.weapons.length >= MAX_PARTS) return;
      if ($("rp-des-wmount").value === "hands") w.mount = "hands";
      design.weapons.push(w);
    }
    drawParts();
  });
  $("rp-des-add-turret").addEventListener("click", () => {
    if (design.turrets.length < MAX_PARTS && $("rp-des-turret").value) { design.turrets.push({ turret: $("rp-des-turret").value, weapons: [] }); drawParts(); }
  });
  $("rp-des-add-specialty").addEventListener("click", () => {
    const s = $("rp-des-specialty").value;
    if (s && !design.specialties.includes(s) && design.specialties.length < MAX_PARTS) { design.specialties.push(s); drawParts(); }
  });
  $("rp-des-add-mod").addEventListener("click", () => {
    const s = $("rp-des-mod").value;
    if (s && design.mods.length < MAX_PARTS) { design.mods.push(s); drawParts(); }
  });
  $("rp-des-add-sn").addEventListener("click", () => {
    const s = $("rp-des-sn").value;
    if (s && design.supernatural_dice.length < MAX_PARTS) { design.supernatural_dice.push(s); drawParts(); }
  });
  let previewTimer = null, previewGeneration = 0;
  function preview() { clearTimeout(previewTimer); previewTimer = setTimeout(showPreview, 150); }
  async function showPreview() {
    const box = $("rp-des-result"), mine = ++previewGeneration;
    box.textContent = "Working it out…";
    try {
      const r = await engine.ask({ game: "brikwars", op: "creation", name: $("rp-des-name").value.slice(0, 60) || "Creation", ...creationBody() });
      if (mine !== previewGeneration) return;
      if (!r.ok) { box.innerHTML = `<p class="rp-calc__error">${esc(r.error.field || "")}: ${esc(r.error.message)}</p>`; return; }
      const s = r.stats;
      const move = Object.entries(s.move || {}).map(([k, v]) => `${v}" (${k})`).join(", ") || "none";
      const weapons = (s.weapons || []).concat(...(s.turrets || []).map((t) => t.weapons || []));
      box.innerHTML = `<p><b>${esc(r.cost_cp ?? "?")} CP</b>, ${esc(r.unit_inches ?? "?")} Ű · ${esc(s.kind)} · Structure Level ${esc(s.structure_level)} · Armor ${esc(s.armor ?? "?")} · Move ${esc(move)}${s.half_speed ? " (Half Speed)" : ""} · Skill ${esc(s.skill ?? "—")} · Actions ${esc(s.actions)} · Power ${esc(s.power)}</p>` +
        (weapons.length ? `<table><tr><th>Weapon</th><th>Use</th><th>Range</th><th>Damage</th></tr>${weapons.map((w) => `<tr><td>${esc(w.name)} ${esc(w.size ?? "")}</td><td>${esc(w.use ?? "?")}</td><td>${esc(w.range ?? "?")}</td><td>${esc(w.damage ?? "?")}</td></tr>`).join("")}</table>` : "") +
        `<p>Damage track: ${(s.damage_track || []).map((t) => `${esc(t.size_damage)}: Size ${esc(t.effective_size)}, Armor ${esc(t.armor ?? "—")}`).join(" · ")}</p>` +
        `<p><small>${(r.parts || []).map((x) => `${esc(x.part)} ${esc(x.cp)} CP (${esc(x.rule)})`).join(" · ")}</small></p>` +
        (r.problems.length ? `<ul class="rp-army__bad">${r.problems.map((x) => `<li>${esc(x.message)} <small>(${esc(x.section)})</small></li>`).join("")}</ul>` : "");
    } catch (error) {
      if (mine === previewGeneration) box.textContent = `Stopped: ${error.message}`;
    }
  }
  for (const id of ["rp-des-size", "rp-des-sl", "rp-des-prop", "rp-des-move", "rp-des-mind"]) $(id).addEventListener("change", preview);
  $("rp-des-add").addEventListener("click", () => {
    if (roster.lines.length >= MAX_LINES) return;
    const creation = creationBody();
    change(() => {
      roster.lines.push({ name: $("rp-des-name").value.slice(0, 60) || "Creation", creation, count: 1 });
      selected = roster.lines.length - 1;
    });
  });
  document.querySelector(".rp-army__design").addEventListener("toggle", (event) => { if (event.target.open) preview(); });

  // --- custom stat cards: the player's own, kept in the roster (never uploaded) ----------
  let customImage = "";
  const customNote = $("rp-cus-note");
  $("rp-cus-image").addEventListener("change", (event) => {
    const file = event.target.files[0];
    customImage = "";
    if (!file) return;
    if (!["image/png", "image/jpeg", "image/gif"].includes(file.type)) { customNote.textContent = `${file.name} is not a PNG, JPEG or GIF picture.`; event.target.value = ""; return; }
    if (file.size > MAX_IMAGE) { customNote.textContent = `${file.name} is ${Math.ceil(file.size / 1024)} KB; a card's picture may be at most ${MAX_IMAGE / 1024} KB: make it smaller.`; event.target.value = ""; return; }
    const reader = new FileReader();
    reader.onload = () => { customImage = String(reader.result); customNote.textContent = `${file.name} will go on the card.`; };
    reader.onerror = () => { customNote.textContent = `${file.name} could not be read.`; };
    reader.readAsDataURL(file);
  });
  $("rp-cus-add").addEventListener("click", () => {
    const card = { weapons: [], image: customImage };
    for (const key of ["name", "skill", "move", "armor", "size", "cp", "notes"]) card[key] = $(`rp-cus-${key}`).value.slice(0, CUSTOM_TEXT[key]);
    card.kind = $("rp-cus-kind").value === "creation" ? "creation" : "unit";
    card.weapons = $("rp-cus-weapons").value.split("\n").map((l) => l.trim()).filter(Boolean).slice(0, MAX_CUSTOM_WEAPONS).map((l) => {
      const [name = "", use = "", range = "", damage = ""] = l.split(";").map((x) => x.trim());
      return { name: name.slice(0, 40), use: use.slice(0, 10), range: range.slice(0, 10), damage: damage.slice(0, 20) };
    });
    if (!card.name.trim()) { customNote.textContent = "Give the card a name."; return; }
    if (roster.custom.length >= MAX_CUSTOM) { customNote.textContent = `At most ${MAX_CUSTOM} custom cards.`; return; }
    change(() => { roster.custom.push(card); });
    customNote.textContent = storeNote || `${card.name} added: it prints with the army.`;
    customImage = ""; $("rp-cus-image").value = "";
  });
  function drawCustom() {
    const list = $("rp-cus-list");
    list.replaceChildren(...roster.custom.map((c, i) => {
      const li = el("li", "", `${c.name} (${c.kind}${c.image ? ", with a picture" : ""})`);
      const b = el("button", "", "Remove");
      b.type = "button"; b.dataset.i = String(i);
      li.appendChild(b);
      return li;
    }));
  }
  $("rp-cus-list").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b) change(() => { roster.custom.splice(Number(b.dataset.i), 1); });
  });

  // --- stat cards: the faces of cards/decks/army.py, drawn as DOM (text is textContent) -----
  const cards = spec.cards; // null when the build made no PDFs: then the sheet prints alone
  const textSize = (text, steps) => { for (const [limit, size] of steps) if (text.length <= limit) return size; return 6; };
  const bodySize = (text) => textSize(text, cards.steps.body);
  const lineLabel = (path) => { // 'lines[1].squad[0].items' -> 'line 2.1 (items)'
    const m = String(path).match(/^lines\[(\d+)\](?:\.squad\[(\d+)\])?(?:\.(.*))?$/);
    if (!m) return String(path);
    return `line ${Number(m[1]) + 1}` + (m[2] !== undefined ? `.${Number(m[2]) + 1}` : "") + (m[3] ? ` (${m[3]})` : "");
  };
  const txt = (v, none = "?") => (v === null || v === undefined ? none : String(v));
  const subOf = (sub, a, squad) => sub + ((a.count || 1) !== 1 ? ` · ×${a.count}` : "") + (squad ? ` · ${squad}` : "");
  function lineFace(base, a, squad, cliches = [], name = "") { // line_face
    const f = { ...base.fields };
    if (name) f.name_size = textSize(name, cards.steps.name); // the line's own name, sized for it
    const rows = f.rows.map(([label, value]) => [label,
      label === "Cost" ? (a.each_cp === null || a.each_cp === undefined ? "?" : `${a.each_cp} CP`)
        : label === "Unit inches" ? txt(a.each_unit_inches) : value]);
    const bought = (a.parts || []).slice(1).map((x) => x.part);
    const text = (bought.length ? `With: ${bought.join(", ")}. ` : "")
      + (cliches.length ? `Cliché: ${cliches.join(", ")}. ` : "") + f.text;
    Object.assign(f, { rows, text, sub: subOf(f.sub, a, squad), size: bodySize(rows.map((r) => r[1]).join(" ").repeat(2) + text + f.legend) });
    return { template: base.template, fields: f };
  }
  function creationFaces(name, a, squad) { // creation_faces
    const s = a.creation.stats, moves = Object.entries(s.move || {});
    const move = moves.map(([kind, inches]) => `${inches}"` + (moves.length > 1 ? ` ${kind.replace("-propulsion", "")}` : "")).join(", ") || '0"';
    const rows = [["Size", `${s.size}"`], ["Structure Level", txt(s.structure_level)], ["Armor", txt(s.armor)],
      ["Move", move + (s.half_speed ? " (Half Speed)" : "")], ["Skill", txt(s.skill, "—")], ["Actions", String(s.actions || 0)],
      ["Cost", a.each_cp === null || a.each_cp === undefined ? "?" : `${a.each_cp} CP`], ["Unit inches", txt(a.each_unit_inches)]];
    const grid = [["Weapon", "Use", "Range", "Damage"]];
    const mounted = (s.weapons || []).map((w) => [w, ""]);
    for (const turret of s.turrets || []) for (const w of turret.weapons || []) mounted.push([w, turret.name]);
    for (const [w, turret] of mounted) {
      const label = ((w.count || 1) !== 1 ? `${w.count} × ` : "") + w.name + (w.size ? ` ${w.size}` : "") + (w.heroic ? " (Heroic)" : "") + (turret ? `, ${turret}` : "");
      grid.push([label, txt(w.use), w.range === null || w.range === undefined ? "?" : typeof w.range === "number" ? `${w.range}"` : String(w.range), txt(w.damage)]);
    }
    const kind = s.kind || "creation";
    const text = `${kind.charAt(0).toUpperCase() + kind.slice(1)}; Power ${s.power ?? "?"}.`;
    const front = { template: "stats", fields: { sub: subOf(`BrikWars creation · ${s.kind || ""}`.replace(/[ ·]+$/, ""), a, squad),
      rows, grid: grid.length > 1 ? grid : [], text, legend: "",
      size: bodySize(rows.map((r) => r[1]).join(" ").repeat(2) + text + grid.map((r) => r.join(" ")).join(" ")),
      name_size: textSize(name, cards.steps.name) } };
    const track = [["", "Size Dmg", "Size", "SL", "Armor", "Power"]];
    for (const r of s.damage_track || []) track.push(["", String(r.size_damage), String(r.effective_size), txt(r.structure_level, "—"), txt(r.armor, "—"), txt(r.power)]);
    const notes = (s.damage_track || []).filter((r) => r.note).map((r) => r.note);
    const parts = (a.parts || []).map((x) => `${x.part} ${x.cp}`).join("; ");
    const entries = (notes.length ? [{ name: "Destroyed", text: notes.join(" ") }] : []).concat([{ name: "Cost in CP", text: parts || "?" }]);
    const back = { template: "entries", fields: { heading: `${name}: damage track`, grid: track, entries,
      size: bodySize(track.map((r) => r.join(" ")).join(" ") + parts + notes.join(" ")) } };
    return [front, back];
  }
  function customFace(c) { // custom_face
    const rows = [["Skill", "skill"], ["Move", "move"], ["Armor", "armor"], ["Size", "size"], ["Cost", "cp"]].filter(([, k]) => c[k]).map(([l, k]) => [l, c[k]]);
    const grid = [["Weapon", "Use", "Range", "Damage"]].concat(c.weapons.map((w) => [w.name, w.use, w.range, w.damage]));
    return { template: "stats", fields: { sub: `custom ${c.kind || "unit"} · your own card`, rows, grid: grid.length > 1 ? grid : [],
      text: c.notes, legend: "", image: c.image,
      size: bodySize(rows.map((r) => r[1]).join(" ").repeat(2) + c.notes + grid.map((r) => r.join(" ")).join(" ") + (c.image ? "x".repeat(120) : "")),
      name_size: textSize(c.name, cards.steps.name) } };
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  function gridTable(grid, cls) {
    const table = el("table", cls);
    grid.forEach((row, i) => { const tr = table.insertRow(); for (const cell of row) tr.appendChild(el(i ? "td" : "th", "", cell)); });
    return table;
  }
  function drawFace(face, name, side) { // faces/stats.html.j2 and faces/entries.html.j2
    const f = face.fields, card = el("section", `card ${side} ${face.template}`), trim = el("div", "trim"), band = el("div", "band");
    card.appendChild(trim); trim.appendChild(band);
    if (face.template === "stats") {
      const title = el("div", "fit name", name);
      title.style.fontSize = `${f.name_size}pt`;
      band.append(title, el("div", "sub", f.sub));
    } else band.appendChild(el("div", "name small", f.heading));
    const body = el("div", "fit body");
    body.style.fontSize = `${f.size}pt`;
    trim.appendChild(body);
    if (face.template === "stats") {
      if (f.image) { const img = el("img", "portrait"); img.alt = ""; img.src = f.image; body.appendChild(img); }
      const table = el("table");
      for (const [label, value] of f.rows) { const tr = table.insertRow(); tr.append(el("th", "", label), el("td", "", value)); }
      body.appendChild(table);
      if (f.grid && f.grid.length) body.appendChild(gridTable(f.grid, "grid"));
      body.appendChild(el("p", "", f.text));
      if (f.legend) body.appendChild(el("p", "legend", f.legend));
    } else {
      if (f.grid && f.grid.length) body.appendChild(gridTable(f.grid, "grid track"));
      for (const e of f.entries) { const para = el("p"); para.append(el("b", "", `${e.name}.`), ` ${e.text}`); body.appendChild(para); }
    }
    return card;
  }

  // --- the print view: a roster sheet, then sheets of cards as the PDFs lay them out ------
  let last = null; // the engine's latest answer: {key, response, paths}
  function armyCards(response, paths) { // [{name, front, back}]: singles and fold-overs, and
    // the lines that print no card, each with why (cards/decks/army.py army_print)
    const found = new Map(), noCard = [];
    for (const line of response.lines) { found.set(line.line, line); for (const m of line.members || []) found.set(m.line, m); }
    const singles = [], folds = [];
    roster.lines.forEach((line, i) => {
      const a = found.get(paths[i]);
      if (!a) return;
      const squad = (line.squad_name || "").trim(), name = a.name || "Unit";
      if ("creation" in line) {
        if (a.creation) { const [front, back] = creationFaces(name, a, squad); folds.push({ name, front, back }); }
        else noCard.push(`${lineLabel(a.line)} (${name}): ${cards.no_card.creation}`);
        return;
      }
      const key = `${kindOf(line)}/${line[kindOf(line)]}`, base = cards.faces[key];
      if (!base) { noCard.push(`${lineLabel(a.line)} (${name}): ${cards.no_card.lines[key] || cards.no_card.other}`); return; }
      const cliches = (Array.isArray(line.cliches) ? line.cliches : []).filter((c) => typeof c === "string")
        .map((c) => (cards.cliches || {})[c] || c);
      const front = lineFace(base.front, a, squad, cliches, name);
      (base.back ? folds : singles).push({ name, front, back: base.back });
    });
    roster.custom.forEach((c) => singles.push({ name: c.name, front: customFace(c), back: null }));
    return { singles, folds, noCard };
  }
  function rosterSheet(response, noCard) { // flows over as many pages as it needs
    const sheet = el("section", "rp-print__roster");
    sheet.appendChild(el("h1", "", "BrikWars army"));
    sheet.appendChild(el("p", "", "A BrikWars army priced by the rules of the 2010 book (Chapter 11). The stat cards follow this sheet: cut them out at true size (63 × 88 mm), and fold the fold-over cards in the middle."));
    const rows = [["Line", "Name", "Count", "CP each", "CP", "Ű"]];
    for (const line of response.lines) {
      const squad = line.kind === "squad";
      rows.push([lineLabel(line.line), line.name || "", String(line.count), squad ? "" : txt(line.each_cp), txt(line.cp), txt(line.unit_inches)]);
      for (const m of line.members || []) rows.push([lineLabel(m.line), "  " + (m.name || ""), String(m.count), txt(m.each_cp), txt(m.cp), txt(m.unit_inches)]);
    }
    const table = gridTable(rows, "rp-print__lines");
    table.createTHead().appendChild(table.rows[0]); // a second page repeats the header row
    sheet.appendChild(table);
    const budget = response.budget || {};
    const notes = [["cp", "CP"], ["unit_inches", "Ű"]].filter(([k]) => k in budget)
      .map(([k, unit]) => `${budget[k]} ${unit} budget` + (`${k}_left` in budget ? `, ${budget[`${k}_left`]} left` : ""));
    sheet.appendChild(el("p", "rp-print__total", `Total: ${txt(response.total_cp)} CP, ${txt(response.total_unit_inches)} Ű` + (notes.length ? ` (${notes.join("; ")})` : "")));
    const list = (title, entries) => {
      sheet.appendChild(el("h2", "", title));
      const ul = el("ul");
      for (const p of entries) ul.appendChild(el("li", "", typeof p === "string" ? p : `${lineLabel(p.line)}: ${p.message} (${p.section}, ${p.rule})`));
      sheet.appendChild(ul);
    };
    if (noCard.length) list("Lines without a stat card", noCard);
    if (response.problems.length) list("Problems", response.problems);
    else { sheet.appendChild(el("h2", "", "Problems")); sheet.appendChild(el("p", "", "No rule of 11.1–11.3 broken.")); }
    if (response.warnings.length) list("Warnings", response.warnings);
    if ((response.not_modelled || []).length) list("Not modelled", response.not_modelled);
    if (roster.custom.length) {
      sheet.appendChild(el("h2", "", "Custom cards"));
      sheet.appendChild(el("p", "", "Your own cards, printed as given; the rules engine does not price them: " +
        roster.custom.map((c) => c.name + (c.cp ? ` (${c.cp} CP, not checked)` : "")).join(", ") + "."));
    }
    if (!cards) sheet.appendChild(el("p", "rp-calc__error", "This build made no card data (no PDFs were made), so only this sheet prints."));
    return sheet;
  }
  const SVG = "http://www.w3.org/2000/svg";
  function marks(grid, w, h) { // cut marks (and a fold-over strip's dashed fold marks) as the PDFs draw them
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "marks");
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("width", `${w}mm`); svg.setAttribute("height", `${h}mm`);
    for (const [list, dash] of [[grid.marks, ""], [grid.folds, "1 1"]]) for (const [x1, y1, x2, y2] of list) {
      const line = document.createElementNS(SVG, "line");
      for (const [k, v] of Object.entries({ stroke: "#000", "stroke-width": "0.2", x1, y1, x2, y2 })) line.setAttribute(k, String(v));
      if (dash) line.setAttribute("stroke-dasharray", dash);
      svg.appendChild(line);
    }
    return svg;
  }
  function cardSheets(list, grid, paper, fold) {
    const out = [], per = grid.cols * grid.rows, [w, h] = cards.grids[paper].paper, count = Math.ceil(list.length / per);
    for (let start = 0; start < list.length; start += per) {
      const sheet = el("section", "sheet rp-print__sheet");
      Object.assign(sheet.style, { width: `${w}mm`, height: `${h}mm` });
      sheet.appendChild(marks(grid, w, h));
      const note = el("div", "margin-note", `BrikWars army · ${count} sheet${count === 1 ? "" : "s"} · ` + (fold
        ? "folds: cut out each strip, fold it at the dashed marks, glue the halves back to back" : "fronts") + " · print at 100 %, do not fit to page");
      Object.assign(note.style, { top: `${grid.note_top}mm`, bottom: "auto" });
      sheet.appendChild(note);
      list.slice(start, start + per).forEach((c, i) => {
        const row = Math.floor(i / grid.cols), col = i % grid.cols;
        const place = el("div", fold ? "rp-print__fold" : "rp-print__slot");
        Object.assign(place.style, { left: `${grid.left + col * grid.width}mm`, top: `${grid.top + row * grid.height}mm`, width: `${grid.width}mm`, height: `${grid.height}mm` });
        const front = drawFace(c.front, c.name, "front");
        place.appendChild(front);
        if (fold && c.back) { const back = drawFace(c.back, c.name, "front"); back.classList.add("rp-print__turned"); place.appendChild(back); }
        sheet.appendChild(place);
      });
      out.push(sheet);
    }
    return out;
  }
  function printView(paper) {
    let view = $("rp-print");
    if (!view) { view = el("div", "rp-print"); view.id = "rp-print"; document.body.appendChild(view); }
    const made = cards ? armyCards(last.response, last.paths) : { singles: [], folds: [], noCard: [] };
    view.replaceChildren(rosterSheet(last.response, made.noCard));
    if (cards) view.append(...cardSheets(made.singles, cards.grids[paper].card, paper, false), ...cardSheets(made.folds, cards.grids[paper].fold, paper, true));
    let page = $("rp-print-page");
    if (!page) { page = el("style"); page.id = "rp-print-page"; document.head.appendChild(page); }
    const [w, h] = cards ? cards.grids[paper].paper : paper === "a4" ? [210, 297] : [215.9, 279.4];
    // card sheets are placed on the whole sheet of paper; the roster sheet flows in margins
    // (named page rp-roster) so a second page of it is never printed into the paper's edge
    page.textContent = `@page { size: ${w}mm ${h}mm; margin: 0; } @page rp-roster { size: ${w}mm ${h}mm; margin: 12mm 12mm 14mm; }`;
    return made;
  }
  let printWanted = null;
  function printArmy() {
    const paper = $("rp-army-paper").value === "letter" ? "letter" : "a4";
    const note = $("rp-army-print-note");
    if (!roster.lines.length && !roster.custom.length) { note.textContent = "Add a unit first."; return; }
    if (!last || last.key !== canonical(request().req)) { // the engine has not answered this roster yet
      printWanted = paper; note.textContent = "Waiting for the rules engine's answer, then printing…"; later(); return;
    }
    printWanted = null;
    const { noCard } = printView(paper);
    note.textContent = `Ready: ${paper === "a4" ? "A4" : "US Letter"}. Print at 100 % (no "fit to page").` +
      (noCard.length ? ` ${noCard.length === 1 ? "1 line has" : `${noCard.length} lines have`} no stat card: ${noCard.join("; ")}.` : "");
    window.print();
  }
  // The browser's own Print (Ctrl+P) prints the army too, when the engine has answered.
  window.addEventListener("beforeprint", () => {
    if (last && last.key === canonical(request().req)) printView($("rp-army-paper").value === "letter" ? "letter" : "a4");
  });
  $("rp-army-print").addEventListener("click", printArmy);

  // --- start: a shared link, else the stored roster, else the default ---------------------
  try { roster = fromHash() || null; } catch (e) {
    roster = null;
    fileNote = `<p class="rp-calc__error">The link's roster could not be read (${esc(e.message)}); the roster kept in this browser (or the example) is shown instead.</p>`;
  }
  if (!roster) {
    try { roster = check(JSON.parse(localStorage.getItem(STORE))); } catch (e) { roster = null; }
  }
  const fresh = !roster;
  if (!roster) roster = flatten(spec.default);
  defaultKey = fresh ? canonical(spec.request) : null;
  draw();
  engine.startWhenIdle();
})();
