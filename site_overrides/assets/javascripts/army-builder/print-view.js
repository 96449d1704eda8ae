// The army's print view: a roster sheet, then sheets of stat cards laid out as the PDFs lay
// them out (the grids, cut marks and fold marks of the print step), drawn as DOM from the
// faces stat-cards.js makes (faces/stats.html.j2 and faces/entries.html.j2). All text goes
// in as textContent.
import { byId, el } from "../shared/dom.js";
import { itemId, lineLabel, lineName } from "./roster.js";
import { cardFaces, creationWeapons, legendOf } from "./stat-cards.js";

const SVG = "http://www.w3.org/2000/svg";
const txt = (v, none = "?") => (v === null || v === undefined ? none : String(v));
const box = (tag, cls, text) => el(tag, { class: cls || null, text });

function gridTable(grid, cls) {
  const table = box("table", cls);
  grid.forEach((row, i) => {
    const tr = table.insertRow();
    for (const cell of row) tr.appendChild(box(i ? "td" : "th", "", cell));
  });
  return table;
}

function drawFace(face, name, side) {
  const f = face.fields;
  const card = box("section", `card ${side} ${face.template}`);
  const trim = box("div", "trim");
  const band = box("div", "band");
  card.appendChild(trim);
  trim.appendChild(band);
  if (face.template === "stats") {
    const title = box("div", "fit name", name);
    title.style.fontSize = `${f.name_size}pt`;
    band.append(title, box("div", "sub", f.sub));
  } else band.appendChild(box("div", "name small", f.heading));
  const body = box("div", "fit body");
  body.style.fontSize = `${f.size}pt`;
  trim.appendChild(body);
  if (face.template === "stats") {
    if (f.image) {
      const img = box("img", "portrait");
      img.alt = "";
      img.src = f.image;
      body.appendChild(img);
    }
    const table = box("table");
    for (const [label, value] of f.rows) {
      const tr = table.insertRow();
      tr.append(box("th", "", label), box("td", "", value));
    }
    body.appendChild(table);
    if (f.grid && f.grid.length) body.appendChild(gridTable(f.grid, "grid"));
    body.appendChild(box("p", "", f.text));
    if (f.legend) body.appendChild(box("p", "legend", f.legend));
  } else {
    if (f.grid && f.grid.length) body.appendChild(gridTable(f.grid, "grid track"));
    for (const e of f.entries) {
      const para = box("p");
      para.append(box("b", "", `${e.name}.`), ` ${e.text}`);
      body.appendChild(para);
    }
  }
  return card;
}

/** Every weapon the army carries, once each (as army_print's sheet): [name, Use, Range,
 *  Damage, what it does] from the cards' weapon rows, and each designed Creation's own. */
export function armyWeapons(roster, response, paths, weapons) {
  const found = new Map();
  for (const line of response.lines) {
    found.set(line.line, line);
    for (const m of line.members || []) found.set(m.line, m);
  }
  const used = new Map();
  roster.lines.forEach((line, i) => {
    for (const id of (line.items || []).map(itemId)) {
      const w = weapons[id];
      if (w && !used.has(w.name)) used.set(w.name, [w.use, w.range, w.damage, w.effect]);
    }
    const a = found.get(paths[i]);
    if (a && a.creation) {
      for (const [name, ...rest] of creationWeapons(a.creation.stats)) {
        if (!used.has(name)) used.set(name, [...rest, `on ${a.name || "a Creation"}`]);
      }
    }
  });
  return [...used].map(([name, rest]) => [name, ...rest]);
}

// The roster sheet flows over as many pages as it needs.
function rosterSheet(spec, roster, answer, noCard, price) {
  const { response, paths } = answer;
  const cards = spec.cards;
  const sheet = box("section", "rp-print__roster");
  sheet.appendChild(
    box("h1", "", roster.name.trim() ? `BrikWars army: ${roster.name.trim()}` : "BrikWars army"),
  );
  sheet.appendChild(
    box(
      "p",
      "",
      "A BrikWars army priced by the rules of the 2010 book (Chapter 11). The stat cards follow this sheet: cut them out at true size (63 × 88 mm), and fold the fold-over cards in the middle.",
    ),
  );
  if (roster.notes.trim()) sheet.appendChild(box("p", "rp-print__notes", roster.notes.trim()));
  // each line's name on paper: its own, or its unit's with its Horse varieties
  const byPath = new Map(roster.lines.map((line, i) => [paths[i], line]));
  const named = (a) => {
    const line = byPath.get(a.line);
    return line && !line.name ? lineName(line, { name: a.name || "Unit" }, spec.varieties) : a.name || "";
  };
  const rows = [["Line", "Name", "Count", "CP each", "CP", "Ű"]];
  for (const line of response.lines) {
    const squad = line.kind === "squad";
    rows.push([
      lineLabel(line.line),
      squad ? line.name || "" : named(line),
      String(line.count),
      squad ? "" : txt(line.each_cp),
      txt(line.cp),
      txt(line.unit_inches),
    ]);
    for (const m of line.members || []) {
      rows.push([
        lineLabel(m.line),
        "  " + named(m),
        String(m.count),
        txt(m.each_cp),
        txt(m.cp),
        txt(m.unit_inches),
      ]);
    }
  }
  const table = gridTable(rows, "rp-print__lines");
  table.createTHead().appendChild(table.rows[0]); // a second page repeats the header row
  sheet.appendChild(table);
  const budget = response.budget || {};
  const notes = [
    ["cp", "CP"],
    ["unit_inches", "Ű"],
  ]
    .filter(([k]) => k in budget)
    .map(
      ([k, unit]) =>
        `${budget[k]} ${unit} budget` + (`${k}_left` in budget ? `, ${budget[`${k}_left`]} left` : ""),
    );
  sheet.appendChild(
    box(
      "p",
      "rp-print__total",
      `Total: ${txt(response.total_cp)} CP, ${txt(response.total_unit_inches)} Ű` +
        (notes.length ? ` (${notes.join("; ")})` : ""),
    ),
  );
  const list = (title, entries) => {
    sheet.appendChild(box("h2", "", title));
    const ul = box("ul");
    for (const p of entries) {
      ul.appendChild(
        box(
          "li",
          "",
          typeof p === "string" ? p : `${lineLabel(p.line)}: ${p.message} (${p.section}, ${p.rule})`,
        ),
      );
    }
    sheet.appendChild(ul);
  };
  if (cards) {
    const weapons = armyWeapons(roster, response, paths, cards.weapons);
    if (weapons.length) {
      sheet.appendChild(box("h2", "", "Weapons"));
      const table = gridTable(
        [["Weapon", "Use", "Range", "Damage", "What it does"], ...weapons],
        "rp-print__weapons",
      );
      table.createTHead().appendChild(table.rows[0]);
      sheet.appendChild(table);
      const said = legendOf(
        weapons.flatMap((w) => w.slice(1, 4)),
        weapons.map((w) => w[3]),
        cards.legend,
      );
      if (said) sheet.appendChild(box("p", "rp-print__legend", said));
    }
  }
  if (noCard.length) list("Lines without a stat card", noCard);
  if (response.problems.length) list("Problems", response.problems);
  else {
    sheet.appendChild(box("h2", "", "Problems"));
    sheet.appendChild(box("p", "", "No rule of 11.1–11.3 broken."));
  }
  if (response.warnings.length) list("Warnings", response.warnings);
  if ((response.not_modelled || []).length) list("Not modelled", response.not_modelled);
  if (roster.custom.length) {
    const label = (c) => {
      const a = price(c);
      if (c.creation && a && a.ok && a.cost_cp !== null)
        return `${c.name} (${a.cost_cp} CP, priced by the rules engine; not in the total)`;
      return c.name + (c.cp ? ` (${c.cp} CP, not checked)` : "");
    };
    sheet.appendChild(box("h2", "", "Custom cards"));
    sheet.appendChild(
      box(
        "p",
        "",
        "Your own cards, printed as given (a custom Creation with a design is priced by the rules engine, but a custom card is not a line of the army, so it is not in the total): " +
          roster.custom.map(label).join(", ") +
          ".",
      ),
    );
  }
  if (!cards) {
    sheet.appendChild(
      box(
        "p",
        "rp-calc__error",
        "This build made no card data (no PDFs were made), so only this sheet prints.",
      ),
    );
  }
  return sheet;
}

// Cut marks (and a fold-over strip's dashed fold marks) as the PDFs draw them.
function marks(grid, w, h) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "marks");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("width", `${w}mm`);
  svg.setAttribute("height", `${h}mm`);
  for (const [list, dash] of [
    [grid.marks, ""],
    [grid.folds, "1 1"],
  ]) {
    for (const [x1, y1, x2, y2] of list) {
      const line = document.createElementNS(SVG, "line");
      for (const [k, v] of Object.entries({ stroke: "#000", "stroke-width": "0.2", x1, y1, x2, y2 })) {
        line.setAttribute(k, String(v));
      }
      if (dash) line.setAttribute("stroke-dasharray", dash);
      svg.appendChild(line);
    }
  }
  return svg;
}

function cardSheets(cards, list, grid, paper, fold) {
  const out = [];
  const per = grid.cols * grid.rows;
  const [w, h] = cards.grids[paper].paper;
  const count = Math.ceil(list.length / per);
  for (let start = 0; start < list.length; start += per) {
    const sheet = box("section", "sheet rp-print__sheet");
    Object.assign(sheet.style, { width: `${w}mm`, height: `${h}mm` });
    sheet.appendChild(marks(grid, w, h));
    const note = box(
      "div",
      "margin-note",
      `BrikWars army · ${count} sheet${count === 1 ? "" : "s"} · ` +
        (fold
          ? "folds: cut out each strip, fold it at the dashed marks, glue the halves back to back"
          : "fronts") +
        " · print at 100 %, do not fit to page",
    );
    Object.assign(note.style, { top: `${grid.note_top}mm`, bottom: "auto" });
    sheet.appendChild(note);
    list.slice(start, start + per).forEach((c, i) => {
      const row = Math.floor(i / grid.cols);
      const col = i % grid.cols;
      const place = box("div", fold ? "rp-print__fold" : "rp-print__slot");
      Object.assign(place.style, {
        left: `${grid.left + col * grid.width}mm`,
        top: `${grid.top + row * grid.height}mm`,
        width: `${grid.width}mm`,
        height: `${grid.height}mm`,
      });
      place.appendChild(drawFace(c.front, c.name, "front"));
      if (fold && c.back) {
        const back = drawFace(c.back, c.name, "front");
        back.classList.add("rp-print__turned");
        place.appendChild(back);
      }
      sheet.appendChild(place);
    });
    out.push(sheet);
  }
  return out;
}

/** Draws the print view of the engine's answer for `roster` on `paper` ("a4" or "letter");
 *  `spec.cards` is the card data (null when the build made no PDFs: the sheet prints
 *  alone); `price(card)` a custom card's `creation` answer. Returns what armyCards made
 *  ({singles, folds, noCard}). */
export function printView(spec, roster, answer, paper, price = () => undefined) {
  const cards = spec.cards;
  let view = byId("rp-print");
  if (!view) {
    view = box("div", "rp-print");
    view.id = "rp-print";
    document.body.appendChild(view);
  }
  const made = cards
    ? cardFaces(cards).armyCards(roster, answer.response, answer.paths, price)
    : { singles: [], folds: [], noCard: [] };
  view.replaceChildren(rosterSheet(spec, roster, answer, made.noCard, price));
  if (cards) {
    view.append(
      ...cardSheets(cards, made.singles, cards.grids[paper].card, paper, false),
      ...cardSheets(cards, made.folds, cards.grids[paper].fold, paper, true),
    );
  }
  let page = byId("rp-print-page");
  if (!page) {
    page = box("style");
    page.id = "rp-print-page";
    document.head.appendChild(page);
  }
  const [w, h] = cards ? cards.grids[paper].paper : paper === "a4" ? [210, 297] : [215.9, 279.4];
  // card sheets are placed on the whole sheet of paper; the roster sheet flows in margins
  // (named page rp-roster) so a second page of it is never printed into the paper's edge
  page.textContent = `@page { size: ${w}mm ${h}mm; margin: 0; } @page rp-roster { size: ${w}mm ${h}mm; margin: 12mm 12mm 14mm; }`;
  return made;
}
