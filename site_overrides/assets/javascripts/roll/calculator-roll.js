// "Roll it" on a dice calculator: rolls the question in the form once, fairly, in the
// browser. The plan (bonus dice, Critical Failure, d10 as 2d6-2) is the engine's roll_plan
// answer for the form's inputs (the spec's `roll` request, website/calculators/specs.py),
// so the roll plays the rules the exact answer counts.
import { el } from "../shared/dom.js";
import { fill } from "../calculators/request.js";
import { rollPlan, rollWords } from "./dice-roller.js";
import { showRoll } from "./roll-tray.js";

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
      const response = await engine.ask(request);
      if (response.ok) showRoll(rollWords(rollPlan(response.plan)));
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
