/* What a robot card lets its holder do, read from its data (evilrobots/applet/data.json:
   each bot's scoring record), for the phone applet and the table screen alike. */

// Ids the rules engine names too (engine/evilrobots/turns.py, scoring.py).
export const COPYBOT = "copybot"; // may take any robot's action: every action's controls
export const GANDALFBOT = "gandalfbot"; // its action cancels the pass phase
export const FREEBOT = "freebot"; // may act at any level

const bot = (data, id) => data.bots.filter((b) => b.id === id)[0];
const effect = (data, id) => (id && bot(data, id) ? bot(data, id).scoring : { effect: "none" });

/** PlusBot's power bonus, from its card's scoring record (0 for other robots). */
export function powerBonus(data, id) {
  const rule = effect(data, id);
  return rule.effect === "power_bonus" ? rule.points : 0;
}

/** Which actions a robot records: a bet (BetBot), a pick (NegativeBot), a swap with the
    points card (SwapBot), "no pass phase" (GandalfBot); CopyBot may copy any of the first
    three. */
export function robotControls(data, id) {
  const kind = effect(data, id).effect;
  const copy = id === COPYBOT;
  return {
    bet: copy || kind === "bet",
    pick: copy || kind === "negate_target",
    swap: copy || kind === "swap_with_points",
    noPassPhase: id === GANDALFBOT,
  };
}

/** The turn actions a player holding robot `id` sees: those for everyone, and those for
    this robot, each in place of the action it `replaces`. */
export function actionsFor(data, id) {
  const mine = data.actions.filter((a) => (a.robots || []).indexOf(id) >= 0);
  const replaced = new Set(mine.map((a) => a.replaces).filter(Boolean));
  return data.actions.filter((a) => (a.robots || []).length === 0 && !replaced.has(a.id)).concat(mine);
}
