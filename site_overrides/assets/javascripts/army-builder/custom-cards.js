// The army builder's custom stat cards: the player's own cards (with an optional picture),
// kept in the roster, printed as given and never uploaded. A custom Creation may carry the
// design made in the Creation designer: the engine's `creation` op then prices it.
import { byId, el } from "../shared/dom.js";
import { pictureUrl } from "./roster-file.js";

/** Wires the custom-card form. `limits` is the spec's; `roster()` the roster being edited;
 *  `change(fn)` edits it and redraws; `storeNote()` says why the browser did not keep it;
 *  `design()` is the Creation designer's current design (the `creation` op's fields). */
export function customCards(limits, roster, change, storeNote, design) {
  let picture = "";
  const note = byId("rp-cus-note");

  byId("rp-cus-image").addEventListener("change", (event) => {
    const file = event.target.files[0];
    picture = "";
    if (!file) return;
    // by its bytes, as the command line checks it (roster-file.js): not by its name
    pictureUrl(file, limits).then(
      (url) => {
        picture = url;
        note.textContent = `${file.name} will go on the card.`;
      },
      (error) => {
        note.textContent = error.message;
        event.target.value = "";
      },
    );
  });

  byId("rp-cus-add").addEventListener("click", () => {
    const card = { weapons: [], image: picture };
    for (const key of ["name", "skill", "move", "armor", "size", "cp", "notes"]) {
      card[key] = byId(`rp-cus-${key}`).value.slice(0, limits.custom_text[key]);
    }
    card.kind = byId("rp-cus-kind").value === "creation" ? "creation" : "unit";
    if (card.kind === "creation" && byId("rp-cus-priced").checked) card.creation = design();
    const w = limits.weapon_text;
    card.weapons = byId("rp-cus-weapons")
      .value.split("\n")
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, limits.custom_weapons)
      .map((l) => {
        const [name = "", use = "", range = "", damage = ""] = l.split(";").map((x) => x.trim());
        return {
          name: name.slice(0, w.name),
          use: use.slice(0, w.use),
          range: range.slice(0, w.range),
          damage: damage.slice(0, w.damage),
        };
      });
    if (!card.name.trim()) {
      note.textContent = "Give the card a name.";
      return;
    }
    if (roster().custom.length >= limits.custom_cards) {
      note.textContent = `At most ${limits.custom_cards} custom cards.`;
      return;
    }
    change(() => roster().custom.push(card));
    note.textContent = storeNote() || `${card.name} added: it prints with the army.`;
    picture = "";
    byId("rp-cus-image").value = "";
  });

  byId("rp-cus-list").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b) change(() => roster().custom.splice(Number(b.dataset.i), 1));
  });
}

/** What the list says of a custom card's price: `answer` is its `creation` answer (or
 *  undefined while it is asked, or for a card without a design). */
export function priceText(card, answer) {
  if (!card.creation) return card.cp ? `${card.cp} CP as given, not checked` : "not priced";
  if (!answer) return "being priced…";
  if (!answer.ok) return `the rules engine refused its design: ${answer.error.message}`;
  return `${answer.cost_cp ?? "?"} CP, priced by the rules engine; not in the total`;
}

/** The list of the roster's custom cards, each with its price and its Remove button;
 *  `price(card)` is its `creation` answer, if any. */
export function drawCustomList(roster, price = () => undefined) {
  byId("rp-cus-list").replaceChildren(
    ...roster.custom.map((c, i) =>
      el("li", {}, [
        `${c.name} (${c.kind}${c.image ? ", with a picture" : ""}; ${priceText(c, price(c))})`,
        el("button", { type: "button", "data-i": String(i), text: "Remove" }),
      ]),
    ),
  );
}
