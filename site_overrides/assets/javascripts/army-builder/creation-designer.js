// The army builder's Creation designer: a {creation: {...}} line put together part by part,
// previewed by the engine's `creation` op as it changes, then added to the roster.
import { byId } from "../shared/dom.js";
import { append, html, nothing, show } from "../shared/html.js";

/** Wires the designer's form. `spec.designer` lists its choices; `addLine(line)` puts the
 *  designed Creation in the roster. */
export function creationDesigner(spec, engine, addLine) {
  const d = spec.designer;
  const nameLength = spec.limits.name;
  const { size: maxSize, parts: maxParts } = spec.limits.design; // engine/brikwars/creation_price.py
  const fill = (id, options) => append(byId(id), options);
  fill(
    "rp-des-sl",
    d.levels.map((l) => html`<option value=${l} ?selected=${l === "1"}>${l}</option>`),
  );
  fill(
    "rp-des-prop",
    d.propulsion.map((p) => html`<option value=${p.id}>${p.name}</option>`),
  );
  fill(
    "rp-des-mind",
    d.minds.map((m) => html`<option value=${m.die}>${m.die} (${m.name})</option>`),
  );
  fill(
    "rp-des-weapon",
    d.weapons.map((w) => html`<option value=${w.id}>${w.name}</option>`),
  );
  fill(
    "rp-des-turret",
    d.turrets.map((r) => html`<option value=${r.id}>${r.name} (${r.inches} weapon inches)</option>`),
  );
  fill(
    "rp-des-specialty",
    d.specialties.map((r) => html`<option value=${r.id}>${r.name}</option>`),
  );
  fill(
    "rp-des-mod",
    d.mods.map((m) => html`<option value=${m}>${m}</option>`),
  );
  fill(
    "rp-des-sn",
    d.supernatural.map((r) => html`<option value=${r.die}>${r.die} (${r.name})</option>`),
  );

  const design = { weapons: [], turrets: [], specialties: [], supernatural_dice: [], mods: [] };
  const whole = (id, low, high = maxSize) =>
    Math.max(low, Math.min(high, Math.floor(Number(byId(id).value) || 0)));
  const named = (list, key, id) => (list.find((r) => r[key] === id) || { name: id }).name;
  const designName = () => byId("rp-des-name").value.slice(0, nameLength) || "Creation";

  function creationBody() {
    const creation = { size: whole("rp-des-size", 0), structure_level: byId("rp-des-sl").value };
    if (byId("rp-des-prop").value) {
      creation.propulsion = [{ type: byId("rp-des-prop").value, move: whole("rp-des-move", 0) }];
    }
    if (byId("rp-des-mind").value) creation.mind = { die: byId("rp-des-mind").value };
    for (const key of ["weapons", "turrets", "specialties", "supernatural_dice", "mods"]) {
      if (design[key].length) creation[key] = JSON.parse(JSON.stringify(design[key]));
    }
    return creation;
  }

  function drawParts() {
    const chips = [];
    const weapon = (w) => named(d.weapons, "id", w.weapon) + " " + w.size;
    design.weapons.forEach((w, i) =>
      chips.push([
        `${w.count > 1 ? w.count + " × " : ""}${weapon(w)}${w.mount === "hands" ? " (hands)" : ""}`,
        "weapons",
        i,
      ]),
    );
    design.turrets.forEach((t, i) =>
      chips.push([
        named(d.turrets, "id", t.turret) +
          (t.weapons.length
            ? `: ${t.weapons.map(weapon).join(", ")}`
            : " (empty: the next weapons go on it)"),
        "turrets",
        i,
      ]),
    );
    design.specialties.forEach((s, i) => chips.push([named(d.specialties, "id", s), "specialties", i]));
    design.supernatural_dice.forEach((s, i) => chips.push([`SuperNatural ${s}`, "supernatural_dice", i]));
    design.mods.forEach((s, i) => chips.push([`Mod: ${s}`, "mods", i]));
    show(
      byId("rp-des-parts"),
      chips.length
        ? chips.map(
            ([label, list, i], n) =>
              html`${n ? " " : ""}<span class="rp-army__chip">${label} <button type="button" data-list=${list} data-i=${i} aria-label="remove ${label}">×</button></span>`,
          )
        : "none yet",
    );
    preview();
  }

  let previewTimer = null;
  let previewGeneration = 0;
  function preview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(showPreview, 150);
  }
  async function showPreview() {
    const box = byId("rp-des-result");
    const mine = ++previewGeneration;
    box.textContent = "Working it out…";
    try {
      const r = await engine.ask({ game: "brikwars", op: "creation", name: designName(), ...creationBody() });
      if (mine !== previewGeneration) return;
      show(
        box,
        r.ok
          ? creationSummary(r)
          : html`<p class="rp-calc__error">${r.error.field || ""}: ${r.error.message}</p>`,
      );
    } catch (error) {
      if (mine === previewGeneration) box.textContent = `Stopped: ${error.message}`;
    }
  }

  byId("rp-des-parts").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b) {
      design[b.dataset.list].splice(Number(b.dataset.i), 1);
      drawParts();
    }
  });
  byId("rp-des-add-weapon").addEventListener("click", () => {
    if (!byId("rp-des-weapon").value) return;
    const w = { weapon: byId("rp-des-weapon").value, size: whole("rp-des-wsize", 1) };
    const count = whole("rp-des-wcount", 1, spec.limits.count);
    if (count > 1) w.count = count;
    const open = design.turrets.find((t) => !t.weapons.length); // a new turret takes the next weapon
    if (open) open.weapons.push(w);
    else {
      if (design.weapons.length >= maxParts) return;
      if (byId("rp-des-wmount").value === "hands") w.mount = "hands";
      design.weapons.push(w);
    }
    drawParts();
  });
  byId("rp-des-add-turret").addEventListener("click", () => {
    if (design.turrets.length < maxParts && byId("rp-des-turret").value) {
      design.turrets.push({ turret: byId("rp-des-turret").value, weapons: [] });
      drawParts();
    }
  });
  byId("rp-des-add-specialty").addEventListener("click", () => {
    const s = byId("rp-des-specialty").value;
    if (s && !design.specialties.includes(s) && design.specialties.length < maxParts) {
      design.specialties.push(s);
      drawParts();
    }
  });
  byId("rp-des-add-mod").addEventListener("click", () => {
    const s = byId("rp-des-mod").value;
    if (s && design.mods.length < maxParts) {
      design.mods.push(s);
      drawParts();
    }
  });
  byId("rp-des-add-sn").addEventListener("click", () => {
    const s = byId("rp-des-sn").value;
    if (s && design.supernatural_dice.length < maxParts) {
      design.supernatural_dice.push(s);
      drawParts();
    }
  });
  for (const id of ["rp-des-size", "rp-des-sl", "rp-des-prop", "rp-des-move", "rp-des-mind"]) {
    byId(id).addEventListener("change", preview);
  }
  byId("rp-des-add").addEventListener("click", () =>
    addLine({ name: designName(), creation: creationBody(), count: 1 }),
  );
  document.querySelector(".rp-army__design").addEventListener("toggle", (event) => {
    if (event.target.open) preview();
  });
  return { design: creationBody }; // a custom card may be priced as this design
}

/** The `creation` op's answer in a few lines: cost, stats, weapons, damage track, parts. */
function creationSummary(r) {
  const s = r.stats;
  const move =
    Object.entries(s.move || {})
      .map(([k, v]) => `${v}" (${k})`)
      .join(", ") || "none";
  const weapons = (s.weapons || []).concat(...(s.turrets || []).map((t) => t.weapons || []));
  const weaponRows = weapons.map(
    (w) =>
      html`<tr><td>${w.name} ${w.size ?? ""}</td><td>${w.use ?? "?"}</td><td>${w.range ?? "?"}</td><td>${w.damage ?? "?"}</td></tr>`,
  );
  const weaponTable = weapons.length
    ? html`<table><tr><th>Weapon</th><th>Use</th><th>Range</th><th>Damage</th></tr>${weaponRows}</table>`
    : nothing;
  const track = (s.damage_track || [])
    .map((t) => `${t.size_damage}: Size ${t.effective_size}, Armor ${t.armor ?? "—"}`)
    .join(" · ");
  const parts = (r.parts || []).map((x) => `${x.part} ${x.cp} CP (${x.rule})`).join(" · ");
  const problems = r.problems.length
    ? html`<ul class="rp-army__bad">${r.problems.map((x) => html`<li>${x.message} <small>(${x.section})</small></li>`)}</ul>`
    : nothing;
  return html`<p><b>${r.cost_cp ?? "?"} CP</b>, ${r.unit_inches ?? "?"} Ű · ${s.kind} · Structure Level ${s.structure_level} · Armor ${s.armor ?? "?"} · Move ${move}${s.half_speed ? " (Half Speed)" : ""} · Skill ${s.skill ?? "—"} · Actions ${s.actions} · Power ${s.power}</p>${weaponTable}<p>Damage track: ${track}</p><p><small>${parts}</small></p>${problems}`;
}
