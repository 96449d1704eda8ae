// The army's stat cards as data: the faces of cards/decks/army.py, rule for rule (line_face,
// creation_faces, custom_face, army_print), from the faces the print step made (the spec's
// `cards`). print-view.js draws them. Pure functions of the engine's answer.
import { itemId, kindOf, lineLabel, lineName } from "./roster.js";

/** The text size for `text` from the print step's steps: [[most characters, size], ...]. */
export function textSize(text, steps, smallest) {
  for (const [limit, size] of steps) if (text.length <= limit) return size;
  return smallest;
}

const txt = (v, none = "?") => (v === null || v === undefined ? none : String(v));
const subOf = (sub, a, squad) =>
  sub + ((a.count || 1) !== 1 ? ` · ×${a.count}` : "") + (squad ? ` · ${squad}` : "");
const costText = (a) => (a.each_cp === null || a.each_cp === undefined ? "?" : `${a.each_cp} CP`);

const GEAR_HEAD = ["Weapon", "Use", "Range", "Damage"];

/** legend (cards/decks/brikwars.py): the marks used in `values` explained, and S when a
 *  Damage in `damages` is written with the wielder's Skill die. */
export function legendOf(values, damages, words) {
  const marked = (value, mark) =>
    mark === "°"
      ? value.includes(mark)
      : value === mark || new RegExp(`\\d${mark.replace(/[*?]/g, "\\$&")}(\\s|$)`).test(value);
  const said = Object.entries(words.marks)
    .filter(([mark]) => values.some((v) => marked(String(v), mark)))
    .map(([, text]) => text)
    .join(" · ");
  const skill = new RegExp(words.skill_die_pattern);
  return damages.some((d) => skill.test(String(d))) ? `${words.skill_die} ${said}`.trim() : said;
}

/** gear_grid: the weapons a line carries, as its card's table (none: []). */
export function gearGrid(line, weapons) {
  const ids = [...new Set((line.items || []).map(itemId))];
  const rows = ids
    .filter((id) => weapons[id])
    .map((id) => {
      const w = weapons[id];
      return [w.name, w.use, w.range, w.damage];
    });
  return rows.length ? [GEAR_HEAD, ...rows] : [];
}

export function cardFaces(cards) {
  const bodySize = (text) => textSize(text, cards.steps.body, cards.steps.smallest);
  // a stats card's body: its values count twice (they are set larger), then its text and grid
  const statsSize = (rows, text, grid, extra = "") =>
    bodySize(
      rows
        .map((r) => r[1])
        .join(" ")
        .repeat(2) +
        text +
        grid.map((r) => r.join(" ")).join(" ") +
        extra,
    );
  const nameSize = (text) => textSize(text, cards.steps.name, cards.steps.smallest);
  const longest = cards.steps.body[cards.steps.body.length - 1][0];

  // line_face: a unit's or specialist's printed face, with this line's cost, count, gear,
  // Clichés and Horse varieties, its own name sized for it
  function lineFace(base, a, squad, cliches = [], name = "", gear = [], notes = []) {
    const f = { ...base.fields };
    if (name) f.name_size = nameSize(name);
    const rows = f.rows.map(([label, value]) => [
      label,
      label === "Cost" ? costText(a) : label === "Unit inches" ? txt(a.each_unit_inches) : value,
    ]);
    const told = new Set(notes.map((n) => n.split(":")[0])); // a variety's note names it
    const bought = (a.parts || [])
      .slice(1)
      .map((x) => x.part)
      .filter((p) => !told.has(p));
    let text =
      (bought.length ? `With: ${bought.join(", ")}. ` : "") +
      (cliches.length ? `Cliché: ${cliches.join("; ")}. ` : "") +
      notes.map((n) => `${n} `).join("");
    if ((text + f.text).length <= longest || !notes.length) text += f.text;
    const legend = legendOf(
      rows.map((r) => r[1]).concat(gear.slice(1).flatMap((r) => r.slice(1))),
      rows
        .filter((r) => r[0] === "Damage")
        .map((r) => r[1])
        .concat(gear.slice(1).map((r) => r[3])),
      cards.legend,
    );
    Object.assign(f, {
      rows,
      text,
      grid: gear,
      legend,
      sub: subOf(f.sub, a, squad),
      size: statsSize(rows, text + legend, gear),
    });
    return { template: base.template, fields: f };
  }

  // creation_faces: a designed Creation's stats in front, its damage track on the back
  function creationFaces(name, a, squad) {
    const s = a.creation.stats;
    const rows = [
      ["Size", `${s.size}"`],
      ["Structure Level", txt(s.structure_level)],
      ["Armor", txt(s.armor)],
      ["Move", moveText(s)],
      ["Skill", txt(s.skill, "—")],
      ["Actions", String(s.actions || 0)],
      ["Cost", costText(a)],
      ["Unit inches", txt(a.each_unit_inches)],
    ];
    const grid = [GEAR_HEAD, ...creationWeapons(s)];
    const kind = s.kind || "creation";
    const text = `${kind.charAt(0).toUpperCase() + kind.slice(1)}; Power ${s.power ?? "?"}.`;
    const front = {
      template: "stats",
      fields: {
        sub: subOf(`BrikWars creation · ${s.kind || ""}`.replace(/[ ·]+$/, ""), a, squad),
        rows,
        grid: grid.length > 1 ? grid : [],
        text,
        legend: "",
        size: statsSize(rows, text, grid),
        name_size: nameSize(name),
      },
    };
    const track = [["", "Size Dmg", "Size", "SL", "Armor", "Power"]];
    for (const r of s.damage_track || []) {
      track.push([
        "",
        String(r.size_damage),
        String(r.effective_size),
        txt(r.structure_level, "—"),
        txt(r.armor, "—"),
        txt(r.power),
      ]);
    }
    const notes = (s.damage_track || []).filter((r) => r.note).map((r) => r.note);
    const parts = (a.parts || []).map((x) => `${x.part} ${x.cp}`).join("; ");
    const entries = (notes.length ? [{ name: "Destroyed", text: notes.join(" ") }] : []).concat([
      { name: "Cost in CP", text: parts || "?" },
    ]);
    const back = {
      template: "entries",
      fields: {
        heading: `${name}: damage track`,
        grid: track,
        entries,
        size: bodySize(track.map((r) => r.join(" ")).join(" ") + parts + notes.join(" ")),
      },
    };
    return [front, back];
  }

  // custom_face: the player's own card, printed as given; a custom Creation with a design is
  // priced by the engine (`priced`: its `creation` answer), which fills its blank stats
  function customFace(card, priced) {
    const c = customValues(card, priced);
    const rows = [
      ["Skill", "skill"],
      ["Move", "move"],
      ["Armor", "armor"],
      ["Size", "size"],
      ["Cost", "cp"],
    ]
      .filter(([, k]) => c[k])
      .map(([l, k]) => [l, c[k]]);
    const grid = [["Weapon", "Use", "Range", "Damage"]].concat(
      c.weapons.map((w) => [w.name, w.use, w.range, w.damage]),
    );
    return {
      template: "stats",
      fields: {
        sub: `custom ${c.kind || "unit"} · your own card`,
        rows,
        grid: grid.length > 1 ? grid : [],
        text: c.notes,
        legend: "",
        image: c.image,
        size: statsSize(rows, c.notes, grid, c.image ? "x".repeat(120) : ""),
        name_size: nameSize(c.name),
      },
    };
  }

  /** army_print: {singles, folds, noCard}: the cards to print (single cards, fold-overs),
   *  and each line that prints none, with why. `price(card)`: a custom card's `creation`
   *  answer, if it has a design. */
  function armyCards(roster, response, paths, price = () => undefined) {
    const found = new Map();
    const noCard = [];
    for (const line of response.lines) {
      found.set(line.line, line);
      for (const m of line.members || []) found.set(m.line, m);
    }
    const singles = [];
    const folds = [];
    roster.lines.forEach((line, i) => {
      const a = found.get(paths[i]);
      if (!a) return;
      const squad = (line.squad_name || "").trim();
      const name = line.name ? a.name || "Unit" : lineName(line, { name: a.name || "Unit" }, cards.varieties);
      if ("creation" in line) {
        if (a.creation) {
          const [front, back] = creationFaces(name, a, squad);
          folds.push({ name, front, back });
        } else noCard.push(`${lineLabel(a.line)} (${name}): ${cards.no_card.creation}`);
        return;
      }
      const key = `${kindOf(line)}/${line[kindOf(line)]}`;
      const base = cards.faces[key];
      if (!base) {
        noCard.push(`${lineLabel(a.line)} (${name}): ${cards.no_card.lines[key] || cards.no_card.other}`);
        return;
      }
      const cliches = (Array.isArray(line.cliches) ? line.cliches : [])
        .filter((c) => typeof c === "string")
        .map((c) => (cards.cliches || {})[c] || c);
      const ids = [...new Set((line.items || []).map(itemId))];
      const notes = ids.filter((id) => cards.variety_text[id]).map((id) => cards.variety_text[id]);
      const front = lineFace(base.front, a, squad, cliches, name, gearGrid(line, cards.weapons), notes);
      (base.back ? folds : singles).push({ name, front, back: base.back });
    });
    roster.custom.forEach((c) => {
      const answer = price(c);
      singles.push({ name: c.name, front: customFace(c, answer && answer.ok ? answer : null), back: null });
    });
    return { singles, folds, noCard };
  }

  return { lineFace, creationFaces, customFace, armyCards };
}

/** move_text: a Creation's Move as its card says it. */
export function moveText(s) {
  const moves = Object.entries(s.move || {});
  const move =
    moves
      .map(([kind, inches]) => `${inches}"` + (moves.length > 1 ? ` ${kind.replace("-propulsion", "")}` : ""))
      .join(", ") || '0"';
  return move + (s.half_speed ? " (Half Speed)" : "");
}

/** creation_weapons: a Creation's weapons (body and turrets), one row each. */
export function creationWeapons(s) {
  const mounted = (s.weapons || []).map((w) => [w, ""]);
  for (const turret of s.turrets || []) for (const w of turret.weapons || []) mounted.push([w, turret.name]);
  return mounted.map(([w, turret]) => {
    const label =
      ((w.count || 1) !== 1 ? `${w.count} × ` : "") +
      w.name +
      (w.size ? ` ${w.size}` : "") +
      (w.heroic ? " (Heroic)" : "") +
      (turret ? `, ${turret}` : "");
    const range =
      w.range === null || w.range === undefined
        ? "?"
        : typeof w.range === "number"
          ? `${w.range}"`
          : String(w.range);
    return [label, txt(w.use), range, txt(w.damage)];
  });
}

/** custom_values: a custom card's texts; a priced Creation's cost is the engine's, and a
 *  stat left blank is the engine's too. */
export function customValues(card, priced) {
  const c = { ...card };
  if (!priced) return c;
  const s = priced.stats;
  const found = { skill: txt(s.skill, "—"), move: moveText(s), armor: txt(s.armor), size: `${s.size}"` };
  for (const [k, v] of Object.entries(found)) c[k] = c[k] || v;
  if (priced.cost_cp !== null && priced.cost_cp !== undefined)
    c.cp = `${priced.cost_cp} CP, priced by the rules engine`;
  if (!c.weapons.length) {
    c.weapons = creationWeapons(s).map(([name, use, range, damage]) => ({ name, use, range, damage }));
  }
  return c;
}
