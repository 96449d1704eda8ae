// Rolling dice fairly, by a plan the rules engine wrote (no rule is written here twice):
// a BrikWars expression by the engine's `roll_plan` answer (bonus dice, Critical Failure,
// penalty; website/dice_marks.py keeps one per expression), a Button Men button by its
// `parse` answer (each die's kind, size, swing range, option sizes, twin halves).
//
// Every face comes from crypto.getRandomValues, made uniform by rejection: a 32-bit word at
// or above the largest multiple of n below 2^32 is drawn again, so no face is likelier.
// The source of words is a parameter, so the tests can hand it a script.

const WORD = 2 ** 32;

/** A random 32-bit word from the browser's cryptographic generator. */
export function cryptoWord() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** A whole number from 0 to n-1, each exactly as likely (n from 1 to 2^32). */
export function randomBelow(n, word = cryptoWord) {
  if (!Number.isInteger(n) || n < 1 || n > WORD) throw new RangeError(`cannot draw below ${n}`);
  const limit = WORD - (WORD % n); // the largest multiple of n not above 2^32
  for (;;) {
    const w = word();
    if (w < limit) return w % n;
  }
}

/** One face of a die of `sides` sides: 1 to sides. */
export const rollFace = (sides, word = cryptoWord) => 1 + randomBelow(sides, word);

/** One natural die rolled by the plan: its faces (the natural one, then its bonus dice, each
 *  {sides, face}) and its value after the penalty. */
function rollNatural(plan, sides, word) {
  const faces = [{ sides, face: rollFace(sides, word) }];
  let value = faces[0].face - plan.penalty;
  for (let last = faces[0]; faces.length <= plan.most_bonus;) {
    const bonus = plan.bonus[String(last.sides)];
    if (!bonus || last.face !== bonus.on) break;
    last = { sides: bonus.die, face: rollFace(bonus.die, word), bonus: true };
    faces.push(last);
    value += last.face - (plan.penalty_on_bonus_dice ? plan.penalty : 0);
  }
  return { faces, value };
}

/** A roll of an expression by its plan: each die (sign, tag, faces, value), the total, and
 *  whether it is a Critical Failure (every natural die added shows the plan's face). */
export function rollPlan(plan, word = cryptoWord) {
  const dice = [];
  let total = plan.modifier;
  for (const term of plan.terms) {
    for (let i = 0; i < term.count; i++) {
      const die = rollNatural(plan, term.sides, word);
      dice.push({ ...die, sign: term.sign, tag: term.tag });
      total += term.sign * die.value;
    }
  }
  const added = dice.filter((d) => d.sign > 0);
  const critical =
    plan.critical_failure.counts !== "ignore" &&
    added.length > 0 &&
    added.every((d) => d.faces[0].face === plan.critical_failure.face);
  if (plan.floor) total = Math.max(0, total);
  return {
    text: plan.text,
    dice,
    modifier: plan.modifier,
    total,
    critical,
    counts: plan.critical_failure.counts,
  };
}

/** The sizes a Button Men die can be given before a roll: {swing letters: [low, high]} and
 *  the option dice (their index and sizes), from the engine's `parse` answer. */
export function buttonChoices(dice) {
  const swing = {};
  const options = [];
  dice.forEach((die, index) => {
    for (const part of [die, ...(die.twin || [])]) if (part.swing) swing[part.swing] = part.range;
    if (die.kind === "option") options.push({ index, sizes: die.options });
  });
  return { swing, options };
}

/** The halves' sizes of a die with the chosen swing sizes and option sizes (null: a die that
 *  is not rolled here, a Wildcard's card). */
export function dieSizes(die, index, chosen) {
  if (die.kind === "wildcard" || (die.twin || []).some((p) => p.wildcard)) return null;
  if (die.kind === "option") return [chosen.options[index] ?? die.options[0]];
  if (die.kind === "twin") return die.twin.map((p) => (p.swing ? chosen.swing[p.swing] : p.sides));
  if (die.kind === "swing") return [chosen.swing[die.swing]];
  return [die.sides];
}

/** The opening roll of a whole button: each die's sizes and the value it shows (a twin die
 *  shows the sum of its halves; a 0-sided half shows 0). */
export function rollButton(dice, chosen, word = cryptoWord) {
  return dice.map((die, index) => {
    const sizes = dieSizes(die, index, chosen);
    if (sizes === null) return { text: die.text, kind: die.kind, sizes: null, value: null };
    const faces = sizes.map((s) => (s > 0 ? rollFace(s, word) : 0));
    return { text: die.text, kind: die.kind, sizes, faces, value: faces.reduce((a, b) => a + b, 0) };
  });
}

const CRITICAL = {
  zero: "Critical Failure: every die shows 1 (a Damage roll does no damage)",
  fail: "Critical Failure: every die shows 1 (the roll fails)",
};

/** A roll in words: {title, total, detail, note}; each die "d6: 6, bonus d6: 2", a die taken
 *  off with "minus", the modifier last. */
export function rollWords(roll) {
  const dice = roll.dice.map((d) => {
    const faces = d.faces.map((f) => `${f.bonus ? "bonus " : ""}d${f.sides}: ${f.face}`).join(", ");
    return `${d.sign < 0 ? "minus " : ""}${faces}${d.tag ? ` (${d.tag})` : ""}`;
  });
  if (roll.modifier) dice.push(roll.modifier > 0 ? `+${roll.modifier}` : `${roll.modifier}`);
  return {
    title: roll.text,
    // a Critical Failure that counts as 0 (a Damage roll) totals 0, as the exact answers count it
    total: roll.critical && roll.counts === "zero" ? "0" : String(roll.total),
    detail: dice.join("; "),
    note: roll.critical ? CRITICAL[roll.counts] || "Critical Failure: every die shows 1" : "",
  };
}

/** One roll of a BrikWars rule (an entry of the engine's brikwars `roll_plan` answer: label,
 *  plan, reads) in words: titled by its label, its note how to read it, then a Critical
 *  Failure if it is one. */
export function ruleWords(entry, roll) {
  const words = rollWords(roll);
  return { ...words, title: entry.label, note: [entry.reads, words.note].filter(Boolean).join(". ") };
}

/** A whole button's roll in words: each die as written with the value it shows. */
export function buttonWords(name, roll) {
  const shown = roll.map((d) => {
    if (d.sizes === null) return `${d.text}: not rolled here (a Wildcard draws a card)`;
    // a die whose size was chosen (swing, option) says the size; a twin die its halves
    const size = d.kind === "fixed" ? "" : ` at ${d.sizes.join(",")}`;
    const halves = d.sizes.length > 1 ? ` (${d.faces.join(" + ")})` : "";
    return `${d.text}${size}: ${d.value}${halves}`;
  });
  const rolled = roll.filter((d) => d.sizes !== null);
  return {
    title: name,
    total: rolled.map((d) => d.value).join(" · "),
    detail: shown.join("; "),
    note: "",
  };
}
