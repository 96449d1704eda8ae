// From a calculator's form values to the engine's request, and from the engine's error back
// to the form: pure functions of the page's spec (website/calculators/specs.py writes it),
// so they are unit-tested in Node (tests/frontend/calculators.test.js).
import { canonicalJson } from "../shared/canonical-json.js";

/** The request template with "$name" replaced by each field's value. A blank optional
 *  field (null) leaves its key out, as in calculators/model.py. */
export function fill(template, values) {
  if (typeof template === "string" && template.startsWith("$")) return values[template.slice(1)];
  if (Array.isArray(template)) return template.map((t) => fill(t, values));
  if (template && typeof template === "object") {
    return Object.fromEntries(
      Object.entries(template)
        .map(([k, v]) => [k, fill(v, values)])
        .filter(([, v]) => v !== null),
    );
  }
  return template;
}

/** Which form field feeds a request key ("$name" in the template), or null. */
function fieldForRequestKey(template, key) {
  const value = template[key];
  return typeof value === "string" && value.startsWith("$") ? value.slice(1) : null;
}

/** The form field an error's JSON path goes beside: the spec's patterns, else the field
 *  that feeds the path's top-level key. */
export function fieldForError(spec, path) {
  const mapped = (spec.errors || []).find(([pattern]) => new RegExp(pattern).test(path));
  return mapped ? mapped[1] : fieldForRequestKey(spec.request, path);
}

/** An engine message as shown beside its field: without the request path
 *  ("players[0].dice[0] ", "x.y: ", "expr: ") or the column (the message names the text
 *  itself: "'3d' needs a die size, like 3d6"), and with the request's own words in the
 *  form's (the spec's `words`). */
export function plainWords(spec, message) {
  let text = String(message)
    .replace(/^[A-Za-z_]\w*(\[\d+\])*(\.\w+(\[\d+\])*|\[\d+\])+:?\s+/, "")
    .replace(/^[A-Za-z_]\w*:\s+/, "")
    .replace(/^column \d+:\s+/, "");
  for (const [pattern, words] of spec.words || []) text = text.replace(new RegExp(pattern, "g"), words);
  return text;
}

/** Whether a field counts: some only do for some values of another (`applies`). */
export function applies(field, values) {
  return !field.applies || field.applies[1].includes(String(values[field.applies[0]]));
}

/** The inputs of a pinned answer that differ from the current ones, in the form's words:
 *  "Dice: 3d6; Bonus dice: yes", or "the same inputs". */
export function describeDifference(fields, values, now) {
  const differ = fields.filter(
    (f) => values && now && canonicalJson(values[f.name]) !== canonicalJson(now[f.name]),
  );
  if (!differ.length) return "the same inputs";
  return differ
    .map((f) => {
      const v = values[f.name];
      if (v === null || v === undefined) return `${f.label}: (not used)`;
      const option = (f.options || []).find(([ov]) => String(ov) === String(v));
      const text =
        f.kind === "checkbox"
          ? v
            ? "yes"
            : "no"
          : option
            ? option[1]
            : Array.isArray(v)
              ? v.join(", ")
              : String(v);
      return `${f.label}: ${text}`;
    })
    .join("; ");
}

// --- text fields: what a reader types, read into a request value ---------------------------
// Each returns {value, problem}: `problem` is the words shown beside the field (or absent).
const parts = (text) => text.split(/[,\s]+/).filter(Boolean);

/** Swing sizes by letter: "X=8, U=16" -> {X: 8, U: 16}. */
export function readSwing(text) {
  const sizes = {};
  let problem;
  for (const part of parts(text)) {
    const m = /^([A-Z])=(\d+)$/.exec(part);
    if (m) sizes[m[1]] = Number(m[2]);
    else problem = `Write sizes like X=8, U=16 ("${part}" is not one).`;
  }
  return { value: sizes, problem };
}

/** Die sizes in recipe order: "4, 20" -> [4, 20]; blank and optional -> null. */
export function readSizes(text, optional) {
  const list = parts(text);
  if (!list.length && optional) return { value: null };
  const problem = list.some((part) => !/^\d{1,4}$/.test(part))
    ? "Write die sizes as whole numbers, e.g. 4, 12."
    : undefined;
  return { value: list.map(Number), problem };
}

/** One choice per die as its letters (each plasma die's skills): "z, sp" -> ["z", "sp"].
 *  A choice is letters; sizes, braces or a whole die ("{z,f}(6)") are not one. */
export function readChoices(text, optional) {
  const list = parts(text);
  if (!list.length && optional) return { value: null };
  const bad = list.find((part) => part.length > 20 || /[\d(){}/=;:]/.test(part));
  const problem =
    bad === undefined
      ? undefined
      : `Write one choice per die as its letters, e.g. z, sp ("${bad}" is not one).`;
  return { value: list, problem };
}

/** Dice with what they show: "(6)=3 s(10)=7 (X=12)=5" -> [{recipe: "(6)", value: 3}, …,
 *  {recipe: "(X)", sides: 12, value: 5}]; a die without "=value" (a captured one) has none.
 *  A swing die carries its size inside its brackets, as the engine's answers write it. */
export function readDice(text) {
  const tokens = text.match(/[^\s,()]*\([^()]*\)[^\s,()=]*(?:=\d+)?/g) || [];
  const left = tokens.reduce((rest, token) => rest.replace(token, " "), text).replace(/[\s,]+/g, "");
  if (left) return { value: [], problem: `Write dice like (6)=3 s(10)=7 (X=12)=5 ("${left}" is not one).` };
  const value = tokens.map((token) => {
    const [, written, shows] = /^(.*?)(?:=(\d+))?$/.exec(token);
    const die = {};
    const swing = /\(([A-Z])=(\d+)\)/.exec(written);
    die.recipe = swing ? written.replace(swing[0], `(${swing[1]})`) : written;
    if (swing) die.sides = Number(swing[2]);
    if (shows !== undefined) die.value = Number(shows);
    return die;
  });
  return { value };
}

/** Dice as readDice reads them back. */
export function diceText(dice) {
  return dice
    .map((d) => {
      const written = d.sides ? d.recipe.replace(/\(([A-Z])\)/, `($1=${d.sides})`) : d.recipe;
      return d.value === undefined ? written : `${written}=${d.value}`;
    })
    .join(" ");
}

/** A whole number within the field's low and high; blank and optional -> null. */
export function readNumber(text, field) {
  if (field.optional && text.trim() === "") return { value: null };
  const n = Number(text);
  let problem;
  if (text.trim() === "" || !Number.isInteger(n)) problem = "Enter a whole number.";
  else if (field.low !== null && n < field.low) problem = `At least ${field.low}.`;
  else if (field.high !== null && n > field.high) problem = `At most ${field.high}.`;
  return { value: n, problem };
}

// --- the address: a calculator's inputs as the query keeps them -------------------------------
// website/calc_links.py writes links the same way (and its tests pin the format).

/** A field's value as its query parameter's text, or null when the address leaves it out
 *  (the field does not count, or holds its default). */
export function paramText(field, value, values) {
  if (!applies(field, values) || canonicalJson(value) === canonicalJson(field.default)) return null;
  if (field.kind === "rows") return JSON.stringify(value);
  if (field.kind === "multi" || field.kind === "sizes" || field.kind === "choices") return value.join(",");
  if (value === null) return "";
  if (field.kind === "swing") {
    return Object.entries(value)
      .map(([k, n]) => `${k}=${n}`)
      .join(",");
  }
  if (field.kind === "checkbox") return value ? "1" : "0";
  if (field.kind === "dice") return diceText(value);
  return String(value);
}
