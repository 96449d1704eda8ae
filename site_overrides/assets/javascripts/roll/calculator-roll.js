// "Roll it" on a dice calculator: rolls the question in the form once, fairly, in the
// browser. The plan (bonus dice, Critical Failure, d10 as 2d6-2) is the engine's roll_plan
// answer for the form's inputs (the spec's `roll` request, website/calculators/specs.py),
// so the roll plays the rules the exact answer counts; a BrikWars rule's answer lists its
// rolls in order, each with its label and how to read it.
import { el } from "../shared/dom.js";
import { fill } from "../calculators/request.js";
import { buttonChoices, buttonWords, rollButton, rollPlan, rollWords, ruleWords } from "./dice-roller.js";
import { showRoll } from "./roll-tray.js";

/** The sizes a button is rolled at: the form's swing sizes, and its option sizes in recipe
 *  order; a swing letter without a size is named (null: nothing missing). */
export function chosenSizes(dice, swing, options) {
  const { swing: letters, options: optionDice } = buttonChoices(dice);
  const missing = Object.keys(letters).filter((letter) => !Number.isInteger((swing || {})[letter]));
  const picked = {};
  optionDice.forEach((die, k) => {
    picked[die.index] = (options || [])[k] ?? die.sizes[0];
  });
  return { chosen: { swing: swing || {}, options: picked }, missing };
}

/** Each button's opening roll: its dice from the engine's parse answer (a recipe, or a
 *  button's name). */
async function rollButtons(buttons, engine) {
  for (const b of buttons) {
    let response = await engine.ask({ game: "buttonmen", op: "parse", recipe: b.recipe });
    if (!response.ok) {
      const named = await engine.ask({ game: "buttonmen", op: "parse", button: b.recipe });
      if (named.ok) response = named;
    }
    if (!response.ok) {
      showRoll({ title: b.label, total: "", detail: `Not rolled: ${response.error.message}`, note: "" });
      continue;
    }
    const { chosen, missing } = chosenSizes(response.dice, b.swing, b.options);
    if (missing.length) {
      showRoll({
        title: b.label,
        total: "",
        detail: `Not rolled: give a size for swing ${missing.join(", ")}.`,
        note: "",
      });
      continue;
    }
    showRoll(buttonWords(`${b.label} (${response.recipe})`, rollButton(response.dice, chosen)));
  }
}

/** Adds the button to the calculator's bar; `form` reads the inputs, `engine` answers. */
export function attachRoll(root, spec, form, engine) {
  if (!spec.roll) return;
  const go = el("button", { type: "button", class: "md-button rp-calc__roll", text: "Roll it" });
  root.querySelector(".rp-calc__bar").prepend(go);
  go.addEventListener("click", async () => {
    const { values, problems } = form.readValues();
    const request = fill(spec.roll, values);
    if (Object.keys(problems).length) {
      showRoll({
        title: request.expr || "",
        total: "",
        detail: "Not rolled: an input above needs a fix.",
        note: "",
      });
      return;
    }
    go.disabled = true;
    try {
      if (request.buttons) return await rollButtons(request.buttons, engine);
      const response = await engine.ask(request);
      if (response.ok && response.rolls) {
        if (!response.rolls.length)
          showRoll({ title: "", total: "", detail: "Nothing to roll for these inputs.", note: "" });
        // rolled in order; the tray lists the newest first, so a rule's rolls go in last to
        // first and read top down in the order they are rolled
        const words = response.rolls.map((entry) => ruleWords(entry, rollPlan(entry.plan)));
        for (const w of words.reverse()) showRoll(w, words.length);
      } else if (response.ok) showRoll(rollWords(rollPlan(response.plan)));
      else
        showRoll({
          title: request.expr || "",
          total: "",
          detail: `Not rolled: ${response.error.message}`,
          note: "",
        });
    } catch (error) {
      showRoll({ title: request.expr || "", total: "", detail: `Not rolled: ${error.message}.`, note: "" });
    } finally {
      go.disabled = false;
    }
  });
}
