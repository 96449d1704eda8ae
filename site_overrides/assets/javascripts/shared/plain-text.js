// Invisible characters that change how text reads, taken out of anything a user types or
// opens: bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069)
// reorder the text around them where it is shown (a name typed with U+202E reads backwards
// on the roster, the cards and the table screen), and zero-width spaces and joiners, the
// word joiner and a byte-order mark (U+200B-U+200D, U+2060, U+FEFF) hide inside names. The
// same set a data file may not hold (INVISIBLE in generators/rulepress/data/yamlio.py; a test
// keeps the two alike); the command line strips them from a roster file too.
export const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]/g;

/** `text` without the invisible characters (anything else: as it is). */
export function plainText(text) {
  return typeof text === "string" ? text.replace(INVISIBLE, "") : text;
}

/** `value` (parsed JSON: a roster, a request) with every text in it, keys too, plain;
 *  without recursion (a value may nest deep before its checks refuse it). */
export function plainTexts(value) {
  const top = { value };
  const stack = [top];
  while (stack.length) {
    const holder = stack.pop();
    for (const key of Object.keys(holder)) {
      const item = holder[key];
      const clean = plainText(key);
      if (clean !== key) {
        delete holder[key];
        holder[clean] = item;
      }
      if (typeof item === "string") holder[clean] = plainText(item);
      else if (item && typeof item === "object") stack.push(item);
    }
  }
  return top.value;
}

/** Takes the invisible characters out of a text box as they are typed or pasted, keeping the
 *  caret where it was. */
function onInput(event) {
  const box = event.target;
  if (!(box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement)) return;
  const value = box.value;
  INVISIBLE.lastIndex = 0;
  if (!INVISIBLE.test(value)) return;
  const caret = box.selectionStart;
  const before = caret === null ? 0 : plainText(value.slice(0, caret)).length;
  box.value = plainText(value);
  if (caret !== null && box.setSelectionRange) {
    try {
      box.setSelectionRange(before, before);
    } catch {
      // a box without a caret (a number field)
    }
  }
}

/** Every text box of the page, now and later (captured before the page's own listeners, so
 *  they read the plain text). */
export function neutraliseTyping(root = document) {
  root.addEventListener("input", onInput, true);
}
