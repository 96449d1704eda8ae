// The compare page: two to four records of one kind side by side, their rows from
// previews.json (the record pages' own values), and for buttons who goes first, exactly,
// from the engine worker the calculators use (op "initiative"): the first button against
// each other one. The choice lives in the address (?kind=buttons&a=bauer&b=dietrich&as=X8,
// and c, d for a third and fourth), so a link shares it. Every name and value is data: it
// goes into the page as text only.
import { engine } from "./engine/client.js";
import { el } from "./shared/dom.js";
import { percent } from "./shared/fraction.js";
import { readQuery, updateQuery, writeQuery } from "./shared/url-state.js";

const site = new URL("../../", import.meta.url); // this file: assets/javascripts/compare.js
const element = (tag, text, className) => el(tag, { text, class: className });
const percentText = (fraction) => percent(fraction).toFixed(1) + " %";
const SIDES = ["a", "b", "c", "d"]; // c and d may be left empty ("none")
const OPTIONAL = ["c", "d"];

/** What the engine did not play, said once in plain words ("" when it played everything):
 *  the answer's `not_modelled` (skill letters) and its `warning` say the same thing. */
export function caveatText(response) {
  const missing = []
    .concat(response.not_modelled || [])
    .map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
  if (missing.length) {
    const names =
      missing.length > 1 ? missing.slice(0, -1).join(", ") + " and " + missing.at(-1) : missing[0];
    return (
      `Caution: the skill${missing.length > 1 ? "s" : ""} ${names} ${missing.length > 1 ? "are" : "is"} ` +
      "not played here (the dice play as if without it), so these odds may be off."
    );
  }
  return response.warning ? `Caution: ${response.warning}.` : "";
}

function setUp(root, spec) {
  const form = root.querySelector("form");
  const kindBox = form.elements.kind;
  const boxes = Object.fromEntries(SIDES.map((side) => [side, form.elements[side]]));
  const chosen = () => SIDES.filter((side) => boxes[side].value);
  const firstBox = root.querySelector(".rp-compare__first");
  const sideBox = root.querySelector(".rp-compare__side");
  let cards = null;
  let asked = 0; // the newest who-goes-first request; older answers are dropped

  function recordsOf(kind) {
    const folder = spec.kinds[kind].folder + "/";
    return Object.keys(cards)
      .filter((key) => key.startsWith(folder))
      .map((key) => ({ id: key.slice(folder.length, -1), key, card: cards[key] }))
      .sort((x, y) => x.card.title.localeCompare(y.card.title));
  }

  function fill(select, items, chosen) {
    select.replaceChildren(...items.map((item) => el("option", { value: item.value, text: item.label })));
    if (chosen !== null && items.some((i) => i.value === chosen)) select.value = chosen;
  }

  // "X8,Y4" in the address -> {X: 8, Y: 4}, within each letter's sizes (else the middle)
  function swingOf(side, params) {
    const button = spec.buttons[boxes[side].value];
    const sizes = button ? button.swing : {};
    const given = {};
    for (const item of (params.get(side + "s") || "").split(",")) {
      const m = /^([A-Za-z])(\d+)$/.exec(item);
      if (m) given[m[1]] = Number(m[2]);
    }
    const out = {};
    for (const letter of Object.keys(sizes).sort()) {
      const [low, high] = sizes[letter];
      const value = given[letter];
      out[letter] = value >= low && value <= high ? value : Math.floor((low + high) / 2);
    }
    return out;
  }

  function drawSwing(side, chosen) {
    const box = root.querySelector(`.rp-compare__swing[data-side="${side}"]`);
    const button = spec.buttons[boxes[side].value];
    box.replaceChildren(
      ...Object.keys(chosen).map((letter) => {
        const [low, high] = button.swing[letter];
        const input = el("input", {
          type: "number",
          min: String(low),
          max: String(high),
          "data-letter": letter,
        });
        input.value = String(chosen[letter]);
        input.addEventListener("change", changed);
        return el("label", {}, [`swing ${letter} (${low}–${high}) `, input]);
      }),
    );
  }

  function readSwing(side) {
    const out = {};
    root.querySelectorAll(`.rp-compare__swing[data-side="${side}"] input`).forEach((input) => {
      const n = Number(input.value);
      const low = Number(input.min);
      const high = Number(input.max);
      out[input.getAttribute("data-letter")] =
        Number.isInteger(n) && n >= low && n <= high ? n : Math.floor((low + high) / 2);
    });
    return out;
  }

  const swingText = (swing) =>
    Object.keys(swing)
      .map((l) => l + swing[l])
      .join(",");

  function save() {
    const params = new URLSearchParams();
    params.set("kind", kindBox.value);
    for (const side of chosen()) params.set(side, boxes[side].value);
    if (kindBox.value === "buttons") {
      for (const side of chosen()) {
        const text = swingText(readSwing(side));
        if (text) params.set(side + "s", text);
      }
    }
    writeQuery(params, { commas: true });
  }

  function drawSide() {
    const folder = spec.kinds[kindBox.value].folder;
    const sides = chosen();
    const records = Object.fromEntries(sides.map((side) => [side, cards[`${folder}/${boxes[side].value}/`]]));
    const table = element("table"); // no class: the theme styles it as the pages' tables
    table.style.setProperty("--rp-cols", String(sides.length)); // its least width (rulepress.css)
    const head = table.createTHead().insertRow();
    head.appendChild(element("th", ""));
    for (const side of sides) {
      const th = element("th");
      const link = element("a", records[side] ? records[side].title : "");
      link.href = new URL(`${folder}/${boxes[side].value}/`, site).href;
      th.appendChild(link);
      th.scope = "col";
      head.appendChild(th);
    }
    head.cells[0].replaceChildren(element("span", "Record", "rp-compare__hidden"));
    const labels = [];
    for (const side of sides) {
      for (const [label] of records[side] ? records[side].facts : [])
        if (!labels.includes(label)) labels.push(label);
    }
    const body = table.createTBody();
    function row(label, values) {
      const tr = body.insertRow();
      const th = element("th", label);
      th.scope = "row";
      tr.appendChild(th);
      values.forEach((value) => tr.appendChild(element("td", value)));
    }
    row(
      "In short",
      sides.map((side) => (records[side] ? (records[side].lead || []).join(" ") : "")),
    );
    for (const label of labels) {
      row(
        label,
        sides.map((side) => {
          const found = (records[side] ? records[side].facts : []).find((p) => p[0] === label);
          return found ? found[1] : "—";
        }),
      );
    }
    sideBox.replaceChildren(table);
  }

  function whoGoesFirst() {
    const mine = ++asked;
    firstBox.replaceChildren();
    if (kindBox.value !== "buttons") return;
    // the first button against each other one, each answer in its own box
    for (const side of chosen().slice(1)) {
      const box = el("div", { class: "rp-compare__pair" });
      firstBox.appendChild(box);
      askPair(mine, "a", side, box);
    }
  }

  function askPair(mine, sideA, sideB, firstBox) {
    const a = spec.buttons[boxes[sideA].value];
    const b = spec.buttons[boxes[sideB].value];
    if (!a || !b) return;
    firstBox.appendChild(
      element(
        "p",
        "Who goes first: working it out (the engine starts on first use and may take a few seconds)…",
        "rp-compare__wait",
      ),
    );
    const player = (button, side) => {
      const out = { button: button.name, swing: readSwing(side) };
      if (button.plasma) out.plasma = button.plasma; // each plasma die's first set of skills
      return out;
    };
    const request = { game: "buttonmen", op: "initiative", players: [player(a, sideA), player(b, sideB)] };
    const played = [a, b]
      .filter((button) => button.plasma)
      .map(
        (button) =>
          `${button.name}'s plasma ${button.plasma.length > 1 ? "dice" : "die"} as ${button.plasma.join(", ")}`,
      );
    engine.ask(request).then(
      (response) => {
        if (mine !== asked) return;
        firstBox.replaceChildren();
        if (!response || !response.ok) {
          const message = response && response.error ? response.error.message : "no answer";
          firstBox.appendChild(
            element("p", "Who goes first cannot be worked out: " + message, "rp-compare__error"),
          );
          return;
        }
        const tie =
          response.tie && response.tie !== "0"
            ? `, a tie ${percentText(response.tie)} (${response.tie})`
            : "";
        firstBox.appendChild(
          el("p", { class: "rp-compare__answer" }, [
            element("strong", "Who goes first: "),
            `${a.name} ${percentText(response.first[0])} (${response.first[0]}), ` +
              `${b.name} ${percentText(response.first[1])} (${response.first[1]})${tie}. ` +
              "Exact, from the engine's initiative query.",
          ]),
        );
        if (played.length) {
          // the choice made for the player is said, never hidden
          firstBox.appendChild(
            element(
              "p",
              `Played with ${played.join(" and ")} (their first choices; the who-goes-first calculator lets you choose).`,
              "rp-compare__note",
            ),
          );
        }
        // what the engine does not play is said with the answer, once and plainly
        const caveat = caveatText(response);
        if (caveat) firstBox.appendChild(element("p", caveat, "rp-compare__error"));
      },
      (error) => {
        if (mine !== asked) return;
        firstBox.replaceChildren(
          element(
            "p",
            "Who goes first cannot be worked out: " + String((error && error.message) || error),
            "rp-compare__error",
          ),
        );
      },
    );
  }

  function changed() {
    save();
    drawSide();
    whoGoesFirst();
  }

  function load() {
    const params = readQuery();
    const kinds = Object.keys(spec.kinds).map((k) => ({ value: k, label: spec.kinds[k].label }));
    const kind = spec.kinds[params.get("kind")] ? params.get("kind") : "buttons";
    fill(kindBox, kinds, kind);
    const records = recordsOf(kindBox.value).map((r) => ({ value: r.id, label: r.card.title }));
    // a kind opens on its pair of well-known records (the buttons: Aysez and Bauer)
    const pair = (!params.has("a") && !params.has("b") && spec.kinds[kindBox.value].pair) || [];
    const a = params.has("a") ? params.get("a") : pair[0] || null;
    const b = params.has("b") ? params.get("b") : pair[1] || null;
    fill(boxes.a, records, a);
    // the second defaults to another record than the first
    const other = records.find((r) => r.value !== boxes.a.value);
    fill(boxes.b, records, b !== null ? b : other ? other.value : null);
    if (b === null && other) boxes.b.value = other.value;
    for (const side of OPTIONAL)
      fill(boxes[side], [{ value: "", label: "none" }, ...records], params.get(side) || "");
    for (const side of SIDES) {
      drawSwing(
        side,
        kindBox.value === "buttons" && spec.buttons[boxes[side].value] ? swingOf(side, params) : {},
      );
    }
    changed();
  }

  kindBox.addEventListener("change", () => {
    writeQuery(new URLSearchParams({ kind: kindBox.value }));
    load();
  });
  for (const side of SIDES) {
    boxes[side].addEventListener("change", () => {
      updateQuery((params) => {
        if (boxes[side].value) params.set(side, boxes[side].value);
        else params.delete(side);
        params.delete(side + "s"); // another button's swing letters
      });
      load();
    });
  }

  firstBox.appendChild(element("p", "Loading the records…"));
  fetch(new URL("previews.json", site).href)
    .then((r) => r.json())
    .then(
      (json) => {
        cards = json.cards || {};
        load();
      },
      (error) => {
        firstBox.replaceChildren(element("p", "The records could not be loaded: " + String(error)));
      },
    );
}

const page = document.querySelector("[data-rp-compare]");
if (page) setUp(page, JSON.parse(document.getElementById("rp-compare-spec").textContent));
