// The rolls shown: a box at the foot of the screen listing the latest rolls, newest first
// (a log a screen reader reads out), with a button that closes it. Every text in it is text.
import { el } from "../shared/dom.js";

const KEEP = 6; // rolls listed

let tray = null;

function open() {
  if (tray && tray.isConnected) return tray;
  const list = el("ol", { class: "rp-rolls__list", role: "log", "aria-live": "polite" });
  const close = el("button", { type: "button", class: "rp-rolls__close", text: "Close" });
  tray = el("section", { class: "rp-rolls", "aria-label": "Dice rolls" }, [
    el("p", { class: "rp-rolls__head", text: "Rolled here, with fair dice" }),
    close,
    list,
  ]);
  close.addEventListener("click", () => {
    tray.remove();
  });
  document.body.append(tray);
  return tray;
}

/** Shows a roll in words ({title, total, detail, note}, dice-roller.js) at the top; `keep`:
 *  the rolls kept listed, at least KEEP (a rule's rolls stay together). */
export function showRoll(words, keep = KEEP) {
  const list = open().querySelector(".rp-rolls__list");
  const item = el("li", { class: "rp-rolls__roll" }, [
    el("span", { class: "rp-rolls__title", text: words.title }),
    " ",
    el("b", { class: "rp-rolls__total", text: words.total }),
    el("span", { class: "rp-rolls__detail", text: words.detail }),
  ]);
  if (words.note) item.append(el("strong", { class: "rp-rolls__note", text: words.note }));
  list.prepend(item);
  while (list.children.length > Math.max(KEEP, keep)) list.lastElementChild.remove();
  return item;
}
