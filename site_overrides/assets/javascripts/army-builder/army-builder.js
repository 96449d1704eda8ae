// The BrikWars army builder: edit a roster, show a total at once from the build's price
// list, then ask the engine worker (the `army` op) for the exact costs and the rules broken.
// The roster is kept in localStorage, saved to and opened from a file, and shared as a link.
//
// The parts: roster.js (the roster, its request and checks, without the page),
// roster-view.js (the table's templates), creation-designer.js, custom-cards.js, stat-cards.js and print-view.js (printing).
// The page's spec (website/army_builder.py) holds the price list, the default roster with
// the engine's answer, the designer's choices, the print step's card faces and every limit.
import { engine } from "../engine/client.js";
import { canonicalJson } from "../shared/canonical-json.js";
import { byId } from "../shared/dom.js";
import { fractionText } from "../shared/fraction.js";
import { append, html, nothing, show } from "../shared/html.js";
import { writeFragment } from "../shared/url-state.js";
import { creationDesigner } from "./creation-designer.js";
import { customCards, drawCustomList } from "./custom-cards.js";
import { printView } from "./print-view.js";
import { checkPictures, rosterText } from "./roster-file.js";
import { gearOptions, rosterRow, rulesBroken, searchHits } from "./roster-view.js";
import {
  checkRoster,
  duplicateLine,
  emptyRoster,
  estimateTotals,
  flatten,
  lineName,
  moveLine,
  priceIndex,
  rosterFile,
  rosterFragment,
  rosterFromFragment,
  rowOfPath,
  toRequest,
  unitOf,
} from "./roster.js";

const STORE = "rulepress-army-roster"; // the localStorage key
const WAIT_MS = 200; // edits pause this long before the engine is asked

function setUp(spec) {
  const { limits } = spec;
  const byKey = priceIndex(spec.prices);
  const items = spec.prices.filter((p) => p.kind === "item");
  const rows = byId("rp-army-rows");
  const total = byId("rp-army-total");
  const problemsBox = byId("rp-army-problems");
  const fraction = (x) => (x === null ? "?" : fractionText(x));

  let roster = emptyRoster();
  let selected = -1; // the row new gear goes to
  // Why a file was not opened stays above the roster's problems until the roster changes:
  // an answer that arrives for the old roster must not wipe it.
  let fileNote = nothing;
  let storeNote = "";
  let last = null; // the engine's latest answer: {key, response, paths, prices}
  const prices = new Map(); // a custom Creation's `creation` answer, by its design
  let printWanted = null; // the paper to print on once the engine has answered
  let timer = null;
  let generation = 0; // the newest question; answers to older ones are dropped
  let defaultKey = null; // the default roster's request: its answer is in the spec

  const showProblems = (template) => show(problemsBox, html`${fileNote}${template}`);
  const errorNote = (text) => html`<p class="rp-calc__error">${text}</p>`;
  const paper = () => (byId("rp-army-paper").value === "letter" ? "letter" : "a4");

  function save() {
    try {
      localStorage.setItem(STORE, JSON.stringify(roster));
      storeNote = "";
    } catch {
      // full (pictures) or private mode: keep editing, and say what is not kept
      storeNote =
        "This browser would not keep the roster (its storage is full or off): save it to a file, or use smaller pictures.";
    }
    const note = byId("rp-army-store-note");
    if (note) note.textContent = storeNote;
  }

  // --- drawing ---------------------------------------------------------------------------
  // A row's gear list is filled when it is first used: 200 rows of every item would take a
  // second to draw, and a change must show its cost within 300 ms.
  const gear = gearOptions(items);
  function fillGear(event) {
    const s = event.target;
    if (s.dataset && s.dataset.act === "item" && s.options.length === 1) append(s, gear);
  }
  rows.addEventListener("focusin", fillGear);
  rows.addEventListener("pointerdown", fillGear);

  function draw() {
    const page = {
      byKey,
      attackUrl: spec.attack,
      maxCount: limits.count,
      selected,
      rows: roster.lines.length,
      varieties: spec.varieties,
      cliches: spec.cliches,
    };
    show(
      rows,
      roster.lines.map((line, i) => rosterRow(line, i, page)),
    );
    drawCustomList(roster, (c) => customPrice(c));
    byId("rp-army-name").value = roster.name;
    byId("rp-army-notes").value = roster.notes;
    byId("rp-army-cp").value = roster.budget.cp ?? "";
    byId("rp-army-ui").value = roster.budget.unit_inches ?? "";
    quick();
  }

  function setCells(tr, each, cp, ui) {
    tr.querySelector('[data-cell="each"]').textContent = each;
    tr.querySelector('[data-cell="cp"]').textContent = cp;
    tr.querySelector('[data-cell="ui"]').textContent = ui;
  }

  // The instant total from the build's price list; the engine's answer follows.
  function quick() {
    generation++; // an engine answer still on its way is for the old roster: drop it
    const estimated = estimateTotals(roster, byKey);
    const trs = rows.querySelectorAll("tr");
    estimated.lines.forEach((e, i) => setCells(trs[i], fraction(e.each), fraction(e.cp), fraction(e.ui)));
    total.textContent = `Total: ${fraction(estimated.cp)} CP, ${fraction(estimated.ui)} Ű (checking the rules…)`;
    later();
  }

  // A custom Creation's price: the engine's `creation` answer to its design, asked once.
  const designKey = (card) => canonicalJson({ name: card.name, ...card.creation });
  const customPrice = (card) => (card.creation ? prices.get(designKey(card)) : undefined);
  async function priceCustom() {
    for (const card of roster.custom) {
      if (!card.creation || prices.has(designKey(card))) continue;
      prices.set(
        designKey(card),
        await engine.ask({ game: "brikwars", op: "creation", name: card.name, ...card.creation }),
      );
    }
    drawCustomList(roster, customPrice);
  }
  // What an answer must match to print: the request and every custom Creation's design.
  const rosterKey = () =>
    canonicalJson({ req: toRequest(roster).req, designs: roster.custom.map((c) => c.creation || null) });

  function answer(response, paths, key) {
    const rowName = (where) => {
      // "lines[1].squad[0].items" -> the row's unit name
      const row = rowOfPath(paths, where);
      if (row < 0) return where;
      const line = roster.lines[row];
      return `line ${row + 1} (${lineName(line, unitOf(line, byKey), spec.varieties)})`;
    };
    if (!response.ok) {
      const where = response.error.field || "roster";
      const row = rowOfPath(paths, where);
      const label =
        row >= 0 ? `${rowName(where)}, ${where.slice(paths[row].length + 1) || "the line"}` : where;
      showProblems(errorNote(`${label}: ${response.error.message}`));
      total.textContent = "The engine refused this roster: see below.";
      return;
    }
    const found = new Map();
    for (const line of response.lines) {
      found.set(line.line, line);
      for (const m of line.members || []) found.set(m.line, m);
    }
    const trs = rows.querySelectorAll("tr");
    paths.forEach((path, i) => {
      const line = found.get(path);
      if (line && trs[i]) setCells(trs[i], line.each_cp ?? "?", line.cp ?? "?", line.unit_inches ?? "?");
    });
    last = { key, response, paths };
    if (printWanted) setTimeout(printArmy, 0);
    const budget = response.budget || {};
    const left = ["cp", "unit_inches"]
      .filter((k) => `${k}_left` in budget)
      .map((k) => `${budget[`${k}_left`]} ${k === "cp" ? "CP" : "Ű"} left`);
    total.textContent =
      `Total: ${response.total_cp ?? "?"} CP, ${response.total_unit_inches ?? "?"} Ű` +
      (left.length ? " (" + left.join(", ") + ")" : "");
    showProblems(rulesBroken(response, rowName));
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(ask, WAIT_MS);
  }
  async function ask() {
    const { req, paths } = toRequest(roster);
    const mine = ++generation;
    const key = rosterKey();
    try {
      await priceCustom();
    } catch (error) {
      if (mine === generation) showProblems(errorNote(`Stopped: ${error.message}`));
      return;
    }
    if (mine !== generation) return;
    if (!req.lines.length) {
      showProblems(nothing);
      total.textContent = "Add a unit to start.";
      const response = {
        ok: true,
        lines: [],
        problems: [],
        warnings: [],
        total_cp: "0",
        total_unit_inches: "0",
      };
      last = { key, paths, response };
      if (printWanted) setTimeout(printArmy, 0);
      return;
    }
    if (defaultKey && canonicalJson(req) === defaultKey) return answer(spec.response, paths, key);
    try {
      const response = await engine.ask(req);
      if (mine === generation) answer(response, paths, key);
    } catch (error) {
      if (mine === generation) {
        showProblems(errorNote(`Stopped: ${error.message}`));
        total.textContent = "The rules engine could not check this roster: see below.";
      }
      if (printWanted) {
        printWanted = null;
        byId("rp-army-print-note").textContent = `Cannot print: the rules engine stopped (${error.message}).`;
      }
    }
  }

  // --- editing ---------------------------------------------------------------------------
  function change(fn) {
    fileNote = nothing;
    fn();
    save();
    draw();
  }
  function edit(fn) {
    // the rows stay: only costs change
    fileNote = nothing;
    fn();
    save();
    quick();
  }
  function addLine(line) {
    if (roster.lines.length >= limits.lines) return;
    change(() => {
      roster.lines.push(line);
      selected = roster.lines.length - 1;
    });
  }
  const addItem = (line, id) => [...(line.items || []), id].slice(0, limits.items);

  rows.addEventListener("change", (event) => {
    const t = event.target;
    const line = roster.lines[Number(t.dataset.row)];
    if (!line) return;
    if (t.dataset.act === "count") {
      const n = Math.max(1, Math.min(limits.count, Math.floor(Number(t.value) || 1)));
      t.value = String(n);
      edit(() => {
        line.count = n;
      });
    } else if (t.dataset.act === "squad") {
      edit(() => {
        line.squad_name = t.value.slice(0, limits.name);
      });
    } else if (t.dataset.act === "item" && t.value) {
      change(() => {
        line.items = addItem(line, t.value);
      });
    } else if (t.dataset.act === "cliche") {
      edit(() => {
        if (t.value) line.cliches = [t.value];
        else delete line.cliches;
      });
    }
  });
  rows.addEventListener("click", (event) => {
    const t = event.target.closest("button");
    const tr = event.target.closest("tr");
    if (tr && !t) {
      selected = Number(tr.dataset.row);
      rows
        .querySelectorAll("tr")
        .forEach((r) => r.classList.toggle("rp-army__selected", Number(r.dataset.row) === selected));
    }
    if (!t) return;
    const i = Number(t.dataset.row);
    if (t.dataset.act === "remove") {
      change(() => {
        roster.lines.splice(i, 1);
        selected = -1;
      });
    }
    // move or copy a line, keeping the focus on the same button of the line that moved
    const refocus = (row, act) =>
      rows.querySelector(`button[data-row="${row}"][data-act="${act}"]:not([disabled])`)?.focus();
    if (t.dataset.act === "up" || t.dataset.act === "down") {
      let to = i;
      change(() => {
        to = moveLine(roster, i, t.dataset.act === "up" ? -1 : 1);
        selected = to;
      });
      refocus(to, t.dataset.act);
    }
    if (t.dataset.act === "duplicate") {
      let copy = -1;
      change(() => {
        copy = duplicateLine(roster, i, limits.lines);
        if (copy >= 0) selected = copy;
      });
      if (copy >= 0) refocus(copy, "duplicate");
    }
    if (t.dataset.act === "unitem") change(() => roster.lines[i].items.splice(Number(t.dataset.item), 1));
  });

  const search = byId("rp-army-search");
  const found = byId("rp-army-found");
  search.addEventListener("input", () => {
    const q = search.value.trim().toLowerCase();
    const hits = q
      ? spec.prices
          .filter((p) => !p.file_only && (p.name.toLowerCase().includes(q) || p.id.includes(q)))
          .slice(0, 12)
      : [];
    show(found, searchHits(hits));
  });
  found.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b) return;
    const p = byKey.get(b.dataset.key);
    if (p.kind === "item") {
      change(() => {
        const i = selected >= 0 ? selected : roster.lines.length - 1;
        if (i >= 0) roster.lines[i].items = addItem(roster.lines[i], p.id);
      });
    } else if (roster.lines.length < limits.lines) addLine({ [p.kind]: p.id, count: 1, items: [] });
    else change(() => {});
    search.value = "";
    show(found, nothing);
    search.focus();
  });
  for (const [id, key] of [
    ["rp-army-cp", "cp"],
    ["rp-army-ui", "unit_inches"],
  ]) {
    byId(id).addEventListener("input", (event) => {
      const v = event.target.value;
      if (v === "") delete roster.budget[key];
      else roster.budget[key] = Math.max(0, Math.floor(Number(v) || 0));
      save();
      quick();
    });
  }

  // the army's own name and notes: kept, saved and printed, never sent to the engine
  for (const key of ["name", "notes"]) {
    byId(`rp-army-${key}`).addEventListener("input", (event) => {
      roster[key] = event.target.value.slice(0, limits.army_text[key]);
      fileNote = nothing;
      save();
    });
  }

  // --- files and links -------------------------------------------------------------------
  // "Red Barons" -> "red-barons.json"; no name: "army.json"
  const fileName = () =>
    (roster.name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "army") + ".json";
  byId("rp-army-save").addEventListener("click", () => {
    const file = rosterFile(roster);
    const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: "application/json" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: fileName() });
    document.body.appendChild(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  });
  byId("rp-army-open").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (!file) return;
    if (file.size > limits.file_bytes) {
      fileNote = errorNote(`${file.name} is larger than ${limits.file_bytes / (1 << 20)} MB: not a roster.`);
      showProblems(nothing);
      return;
    }
    file
      .arrayBuffer()
      .then(async (bytes) => {
        // as `rulepress cards army` reads it (roster-file.js): UTF-8, pictures that decode
        const next = checkRoster(flatten(JSON.parse(rosterText(bytes, limits))), spec.prices, limits);
        await checkPictures(next.custom, limits);
        change(() => {
          roster = next;
          selected = -1;
        });
      })
      .catch((error) => {
        fileNote = errorNote(`${file.name} was not opened (your roster is unchanged): ${error.message}`);
        showProblems(nothing);
      });
    event.target.value = "";
  });
  byId("rp-army-share").addEventListener("click", () => {
    writeFragment(rosterFragment(roster));
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(() => {});
    total.textContent += " · link copied";
  });
  byId("rp-army-clear").addEventListener("click", () =>
    change(() => {
      roster = emptyRoster();
      selected = -1;
    }),
  );

  const designer = creationDesigner(spec, engine, addLine);
  customCards(
    limits,
    () => roster,
    change,
    () => storeNote,
    designer.design,
  );

  // --- printing: a roster sheet and the army's stat cards at true size ---------------------
  const answered = () => last && last.key === rosterKey();
  function printArmy() {
    const chosen = paper();
    const note = byId("rp-army-print-note");
    if (!roster.lines.length && !roster.custom.length) {
      note.textContent = "Add a unit first.";
      return;
    }
    if (!answered()) {
      // the engine has not answered this roster yet
      printWanted = chosen;
      note.textContent = "Waiting for the rules engine's answer, then printing…";
      later();
      return;
    }
    printWanted = null;
    const { noCard } = printView(spec, roster, last, chosen, customPrice);
    note.textContent =
      `Ready: ${chosen === "a4" ? "A4" : "US Letter"}. Print at 100 % (no "fit to page").` +
      (noCard.length
        ? ` ${noCard.length === 1 ? "1 line has" : `${noCard.length} lines have`} no stat card: ${noCard.join("; ")}.`
        : "");
    window.print();
  }
  // The browser's own Print (Ctrl+P) prints the army too, when the engine has answered.
  window.addEventListener("beforeprint", () => {
    if (answered()) printView(spec, roster, last, paper(), customPrice);
  });
  byId("rp-army-print").addEventListener("click", printArmy);

  // --- start: a shared link, else the stored roster, else the default ---------------------
  let start = null;
  try {
    start = rosterFromFragment(location.hash, spec.prices, limits);
  } catch (error) {
    fileNote = errorNote(
      `The link's roster could not be read (${error.message}); the roster kept in this browser (or the example) is shown instead.`,
    );
  }
  if (!start) {
    try {
      start = checkRoster(JSON.parse(localStorage.getItem(STORE)), spec.prices, limits);
    } catch {
      start = null;
    }
  }
  defaultKey = start ? null : canonicalJson(spec.request); // its answer is in the spec
  roster = start || flatten(spec.default);
  draw();
  engine.startWhenIdle();
}

if (byId("rp-army")) setUp(JSON.parse(byId("rp-army-spec").textContent));
