// Arrow keys in the index tables: through the filter chips, and through the rows shown (each
// row's first link, which Enter opens). A pure step (unit-tested in Node) and the handler.

const FORWARD = new Set(["ArrowDown", "ArrowRight"]);
const BACK = new Set(["ArrowUp", "ArrowLeft"]);

/** The index a key moves to among `count` items from `index` (-1: none focused yet), or
 *  null when the key is not one that moves. Home and End go to the ends; the arrows stop at
 *  them. `vertical`: only Up and Down move (in the rows, Left and Right scroll). */
export function stepIndex(count, index, key, vertical = false) {
  if (!count) return null;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  if (vertical && (key === "ArrowLeft" || key === "ArrowRight")) return null;
  if (FORWARD.has(key)) return index < 0 ? 0 : Math.min(count - 1, index + 1);
  if (BACK.has(key)) return index < 0 ? 0 : Math.max(0, index - 1);
  return null;
}

/** Arrow keys for one table's filters (`root`): `chips` (buttons), `rows` (the table's rows),
 *  `text` (the text filter or null). Only what is shown is stepped through. */
export function arrowKeys(root, chips, rows, text) {
  const shownChips = () => chips.filter((chip) => chip.offsetParent !== null);
  const rowLinks = () =>
    rows
      .filter((row) => !row.hidden)
      .map((row) => row.querySelector("a[href]"))
      .filter(Boolean);
  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    let list = null;
    let vertical = false;
    if (chips.includes(target)) list = shownChips();
    else if (target === text && event.key === "ArrowDown") list = rowLinks();
    else if (target instanceof Element && target.closest("tr") && rows.includes(target.closest("tr"))) {
      list = rowLinks();
      vertical = true;
      if (event.key === "Home" || event.key === "End") return; // they stay the link's own
    }
    if (!list) return;
    const at = list.indexOf(target);
    const next = stepIndex(list.length, at, event.key, vertical);
    if (next === null) return;
    event.preventDefault();
    if (vertical && next === at && at === 0 && event.key === "ArrowUp" && text) text.focus();
    else list[next].focus();
  });
}
