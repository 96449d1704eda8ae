// The army builder's custom stat cards: the player's own cards (with an optional picture),
// kept in the roster, printed as given and never priced or uploaded.
import { byId, el } from "../shared/dom.js";

/** Wires the custom-card form. `limits` is the spec's; `roster()` the roster being edited;
 *  `change(fn)` edits it and redraws; `storeNote()` says why the browser did not keep it. */
export function customCards(limits, roster, change, storeNote) {
  let picture = "";
  const note = byId("rp-cus-note");
  const kb = limits.image_bytes / 1024;

  byId("rp-cus-image").addEventListener("change", (event) => {
    const file = event.target.files[0];
    picture = "";
    if (!file) return;
    if (!limits.image_types.includes(file.type)) {
      note.textContent = `${file.name} is not a PNG, JPEG or GIF picture.`;
      event.target.value = "";
      return;
    }
    if (file.size > limits.image_bytes) {
      note.textContent = `${file.name} is ${Math.ceil(file.size / 1024)} KB; a card's picture may be at most ${kb} KB: make it smaller.`;
      event.target.value = "";
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      picture = String(reader.result);
      note.textContent = `${file.name} will go on the card.`;
    };
    reader.onerror = () => {
      note.textContent = `${file.name} could not be read.`;
    };
    reader.readAsDataURL(file);
  });

  byId("rp-cus-add").addEventListener("click", () => {
    const card = { weapons: [], image: picture };
    for (const key of ["name", "skill", "move", "armor", "size", "cp", "notes"]) {
      card[key] = byId(`rp-cus-${key}`).value.slice(0, limits.custom_text[key]);
    }
    card.kind = byId("rp-cus-kind").value === "creation" ? "creation" : "unit";
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

/** The list of the roster's custom cards, each with its Remove button. */
export function drawCustomList(roster) {
  byId("rp-cus-list").replaceChildren(
    ...roster.custom.map((c, i) =>
      el("li", {}, [
        `${c.name} (${c.kind}${c.image ? ", with a picture" : ""})`,
        el("button", { type: "button", "data-i": String(i), text: "Remove" }),
      ]),
    ),
  );
}
