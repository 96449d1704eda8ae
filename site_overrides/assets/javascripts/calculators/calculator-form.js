// A calculator's form: its values read from the inputs (with the words to show beside a
// field that cannot be read), fields switched off where they do not count, and the values
// kept in the page's address (so a link carries them; website/calc_links.py writes links the
// same way).
import { readQuery, updateQuery } from "../shared/url-state.js";
import { playerRows } from "./player-rows.js";
import { applies, paramText, readChoices, readDice, readNumber, readSizes, readSwing } from "./request.js";

export function calculatorForm(form, spec, changed) {
  const control = (name) => form.elements.namedItem(name) || form.querySelector(`[data-name="${name}"]`);
  const rows = {};
  for (const f of spec.fields) if (f.kind === "rows") rows[f.name] = playerRows(form, f, changed);

  // A field that does not count for the chosen value of another (bonus dice for plain
  // dice) is switched off at once: disabled, a box unticked until it counts again.
  function syncApplicable() {
    for (const f of spec.fields) {
      if (!f.applies) continue;
      const input = control(f.name);
      const on = f.applies[1].includes(String(control(f.applies[0]).value));
      if (input.disabled !== on) continue;
      input.disabled = !on;
      if (f.kind === "checkbox") {
        if (on) input.checked = input.dataset.kept === "1";
        else {
          input.dataset.kept = input.checked ? "1" : "0";
          input.checked = false;
        }
      }
    }
  }

  /** {values, problems}: each field's value (null: left out of the request), and the words
   *  for each field that cannot be read. */
  function readValues() {
    syncApplicable();
    const values = {};
    const problems = {};
    for (const f of spec.fields) {
      const input = control(f.name);
      if (!applies(f, values)) {
        values[f.name] = null; // left out of the request
        continue;
      }
      let read;
      if (f.kind === "rows") read = { value: rows[f.name].read() };
      else if (f.kind === "multi") {
        read = { value: [...form.querySelectorAll(`input[name="${f.name}"]:checked`)].map((b) => b.value) };
      } else if (f.kind === "swing") read = readSwing(input.value);
      else if (f.kind === "sizes") read = readSizes(input.value, f.optional);
      else if (f.kind === "dice") read = readDice(input.value);
      else if (f.kind === "choices") read = readChoices(input.value, f.optional);
      else if (f.kind === "checkbox") read = { value: input.checked };
      else if (f.kind === "number") read = readNumber(input.value, f);
      else if (f.optional && input.value.trim() === "") read = { value: null };
      else {
        read = { value: input.value };
        if (f.kind === "text" && input.value.trim() === "") read.problem = "This cannot be empty.";
      }
      values[f.name] = read.value;
      if (read.problem) problems[f.name] = read.problem;
    }
    return { values, problems };
  }

  /** Keeps the values in the address: a field at its default (or not counting) is left out. */
  function writeAddress(values) {
    updateQuery((params) => {
      for (const f of spec.fields) {
        const text = paramText(f, values[f.name], values);
        if (text === null) params.delete(f.name);
        else params.set(f.name, text);
      }
    });
  }

  /** Sets the inputs from the address (a shared link). */
  function readAddress() {
    const params = readQuery();
    for (const f of spec.fields) {
      if (!params.has(f.name)) continue;
      const input = control(f.name);
      const text = params.get(f.name);
      if (f.kind === "rows") {
        try {
          rows[f.name].write(JSON.parse(text));
        } catch {
          /* keep the defaults */
        }
      } else if (f.kind === "multi") {
        const chosen = new Set(text.split(",").filter(Boolean));
        form.querySelectorAll(`input[name="${f.name}"]`).forEach((b) => {
          b.checked = chosen.has(b.value);
        });
      } else if (f.kind === "checkbox") {
        input.checked = text === "1";
        input.dataset.kept = input.checked ? "1" : "0";
      } else if (f.kind === "choices") {
        input.value = text
          .split(/[,\s]+/)
          .filter(Boolean)
          .join(", ");
      } else input.value = text;
    }
  }

  /** Marks a field as not readable, with `message` beside it. */
  function markProblem(name, message) {
    control(name).setAttribute("aria-invalid", "true");
    form.querySelector(`[data-field="${name}"] .rp-calc__msg`).textContent = message;
  }

  function clearProblems() {
    form.querySelectorAll("[aria-invalid]").forEach((input) => input.removeAttribute("aria-invalid"));
    form.querySelectorAll(".rp-calc__msg").forEach((msg) => {
      msg.textContent = "";
    });
  }

  return { control, syncApplicable, readValues, writeAddress, readAddress, markProblem, clearProblems };
}
