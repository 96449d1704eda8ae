// The army's stat cards as data: the faces of cards/decks/army.py, rule for rule (line_face,
// creation_faces, custom_face, army_print), from the faces the print step made (the spec's
// `cards`). print-view.js draws them. Pure functions of the engine's answer.
import { kindOf, lineLabel } from "./roster.js";

/** The text size for `text` from the print step's steps: [[most characters, size], ...]. */
export function textSize(text, steps, smallest) {
  for (const [limit, size] of steps) if (text.length <= limit) return size;
  return smallest;
}

const txt = (v, none = "?") => (v === null || v === undefined ? none : String(v));
const subOf = (sub, a, squad) =>
  sub + ((a.count || 1) !== 1 ? ` · ×${a.count}` : "") + (squad ? ` · ${squad}` : "");
const costText = (a) => (a.each_cp === null || a.each_cp === undefined ? "?" : `${a.each_cp} CP`);

export function cardFaces(cards) {
  const bodySize = (text) => textSize(text, cards.steps.body, cards.steps.smallest);
  const nameSize = (text) => textSize(text, cards.steps.name, cards.steps.smallest);

  // line_face: a unit's or specialist's printed face, with this line's cost, count, gear and
  // Clichés, its own name sized for it
  function lineFace(base, a, squad, cliches = [], name = "") {
    const f = { ...base.fields };
    if (name) f.name_size = nameSize(name);
    const rows = f.rows.map(([label, value]) => [
      label,
      label === "Cost" ? costText(a) : label === "Unit inches" ? txt(a.each_unit_inches) : value,
    ]);
    const bought = (a.parts || []).slice(1).map((x) => x.part);
    const text =
      (bought.length ? `With: ${bought.join(", ")}. ` : "") +
      (cliches.length ? `Cliché: ${cliches.join(", ")}. ` : "") +
      f.text;
    Object.assign(f, {
      rows,
      text,
      sub: subOf(f.sub, a, squad),
      size: bodySize(
        rows
          .map((r) => r[1])
          .join(" ")
          .repeat(2) +
          text +
          f.legend,
      ),
    });
    return { template: base.template, fields: f };
  }

  // creation_faces: a designed Creation's stats in front, its damage track on the back
  function creationFaces(name, a, squad) {
    const s = a.creation.stats;
    const moves = Object.entries(s.move || {});
    const move =
      moves
        .map(
          ([kind, inches]) => `${inches}"` + (moves.length > 1 ? ` ${kind.replace("-propulsion", "")}` : ""),
        )
        .join(", ") || '0"';
    const rows = [
      ["Size", `${s.size}"`],
      ["Structure Level", txt(s.structure_level)],
      ["Armor", txt(s.armor)],
      ["Move", move + (s.half_speed ? " (Half Speed)" : "")],
      ["Skill", txt(s.skill, "—")],
      ["Actions", String(s.actions || 0)],
      ["Cost", costText(a)],
      ["Unit inches", txt(a.each_unit_inches)],
    ];
    const grid = [["Weapon", "Use", "Range", "Damage"]];
    const mounted = (s.weapons || []).map((w) => [w, ""]);
    for (const turret of s.turrets || [])
      for (const w of turret.weapons || []) mounted.push([w, turret.name]);
    for (const [w, turret] of mounted) {
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
      grid.push([label, txt(w.use), range, txt(w.damage)]);
    }
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
        size: bodySize(
          rows
            .map((r) => r[1])
            .join(" ")
            .repeat(2) +
            text +
            grid.map((r) => r.join(" ")).join(" "),
        ),
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

  // custom_face: the player's own card, printed as given
  function customFace(c) {
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
        size: bodySize(
          rows
            .map((r) => r[1])
            .join(" ")
            .repeat(2) +
            c.notes +
            grid.map((r) => r.join(" ")).join(" ") +
            (c.image ? "x".repeat(120) : ""),
        ),
        name_size: nameSize(c.name),
      },
    };
  }

  /** army_print: {singles, folds, noCard}: the cards to print (single cards, fold-overs),
   *  and each line that prints none, with why. */
  function armyCards(roster, response, paths) {
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
      const name = a.name || "Unit";
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
      const front = lineFace(base.front, a, squad, cliches, name);
      (base.back ? folds : singles).push({ name, front, back: base.back });
    });
    roster.custom.forEach((c) => singles.push({ name: c.name, front: customFace(c), back: null }));
    return { singles, folds, noCard };
  }

  return { lineFace, creationFaces, customFace, armyCards };
}
