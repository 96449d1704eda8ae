// Click to roll, on every page: each dice expression the build marked on the BrikWars pages
// (website/dice_marks.py: <span class="rp-roll" data-roll="1d6+1" data-rules="brikwars">)
// becomes a button that rolls it by the engine's plan (assets/roll-plans.json, read on the
// first roll), and a Button Men button page gets the sizes to choose and "Roll the button"
// (its dice as the engine's parse answer reads them, in data-roll-dice). The rolls are
// shown in the tray (roll-tray.js).
import { el } from "../shared/dom.js";
import { buttonChoices, buttonWords, rollButton, rollPlan, rollWords } from "./dice-roller.js";
import { showRoll } from "./roll-tray.js";

const PLANS = new URL("../../roll-plans.json", import.meta.url).href; // this file: assets/javascripts/roll/
let plans = null;

function readPlans() {
  if (!plans) {
    plans = fetch(PLANS).then((response) => {
      if (!response.ok) throw new Error(`the roll plans did not load (HTTP ${response.status})`);
      return response.json();
    });
    plans.catch(() => {
      plans = null; // asked again on the next roll
    });
  }
  return plans;
}

async function rollMarked(mark) {
  try {
    const plan = (await readPlans())[`${mark.dataset.rules} ${mark.dataset.roll}`];
    if (!plan) throw new Error(`no plan for ${mark.dataset.roll}`);
    showRoll(rollWords(rollPlan(plan)));
  } catch (error) {
    showRoll({ title: mark.dataset.roll, total: "", detail: `Not rolled: ${error.message}.`, note: "" });
  }
}

function wireMarks(root) {
  for (const mark of root.querySelectorAll(".rp-roll[data-roll]")) {
    mark.setAttribute("role", "button");
    mark.setAttribute("tabindex", "0");
    mark.setAttribute("title", `Roll ${mark.dataset.roll}`);
    mark.addEventListener("click", () => rollMarked(mark));
    mark.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      rollMarked(mark);
    });
  }
}

function wireButton(box) {
  let dice;
  let sizes;
  try {
    dice = JSON.parse(box.dataset.rollDice);
    sizes = JSON.parse(box.dataset.rollSwing);
  } catch {
    return; // nothing to roll: the box stays empty
  }
  const { swing, options } = buttonChoices(dice);
  const inputs = {};
  const fields = [];
  for (const [letter, [low, high]] of Object.entries(swing)) {
    const input = el("input", {
      type: "number",
      inputmode: "numeric",
      min: low,
      max: high,
      value: sizes[letter],
    });
    inputs[letter] = input;
    fields.push(el("label", { class: "rp-roll-button__size" }, [`Swing ${letter} (${low}–${high}) `, input]));
  }
  const selects = {};
  for (const { index, sizes: two } of options) {
    const select = el(
      "select",
      {},
      two.map((s) => el("option", { value: s, text: `${s} sides` })),
    );
    selects[index] = select;
    fields.push(el("label", { class: "rp-roll-button__size" }, [`${dice[index].text} `, select]));
  }
  const go = el("button", { type: "button", class: "md-button rp-roll-button__go", text: "Roll the button" });
  const problem = el("small", { class: "rp-roll-button__problem", role: "alert" });
  box.append(...fields, go, problem);
  go.addEventListener("click", () => {
    problem.textContent = "";
    const chosen = { swing: {}, options: {} };
    for (const [letter, input] of Object.entries(inputs)) {
      const [low, high] = swing[letter];
      const n = Number(input.value);
      if (!Number.isInteger(n) || n < low || n > high) {
        problem.textContent = `Swing ${letter} takes a whole number from ${low} to ${high}.`;
        input.focus();
        return;
      }
      chosen.swing[letter] = n;
    }
    for (const [index, select] of Object.entries(selects)) chosen.options[index] = Number(select.value);
    showRoll(buttonWords(box.dataset.name, rollButton(dice, chosen)));
  });
}

wireMarks(document);
document.querySelectorAll(".rp-roll-button[data-roll-dice]").forEach(wireButton);
