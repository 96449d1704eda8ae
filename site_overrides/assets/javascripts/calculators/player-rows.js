// A "rows" field of a calculator (Evil Robots' players): one line of selects and inputs a
// player, with buttons to add and remove a line. Its value is a list of objects that leave
// out blank entries.
import { append, html, nothing, show } from "../shared/html.js";

function cell(column, value) {
  const v = value === undefined || value === null ? "" : value;
  if (column.kind === "select") {
    const options = column.options.map(
      ([ov, label]) => html`<option value=${ov} ?selected=${String(ov) === String(v)}>${label}</option>`,
    );
    return html`<select data-col=${column.name} aria-label=${column.label}>${options}</select>`;
  }
  if (column.kind === "checkbox") {
    return html`<input type="checkbox" data-col=${column.name} aria-label=${column.label} ?checked=${!!v}>`;
  }
  return html`<input type="text" data-col=${column.name} aria-label=${column.label} value=${v} size="8">`;
}

/** Draws the field into its box in `form`; `changed` is called after a line is added or
 *  removed. Returns {read, write}: the field's value, and setting it (from the address). */
export function playerRows(form, field, changed) {
  const box = form.querySelector(`[data-name="${field.name}"]`);
  const heads = field.columns.map((c) => html`<th>${c.label}</th>`);
  append(
    box,
    html`<table class="rp-rows__table rp-stack"><thead><tr><th>#</th>${heads}</tr></thead><tbody></tbody></table><div class="rp-rows__buttons"><button type="button" class="md-button" data-act="add">Add a player</button> <button type="button" class="md-button" data-act="remove">Remove the last</button></div>`,
  );
  const body = box.querySelector(".rp-rows__table tbody");
  const buttons = box.querySelector(".rp-rows__buttons");

  function addRow(values) {
    // data-label: a phone stacks the table, each cell under its column's name (calculators.css)
    const cells = field.columns.map((c) => html`<td data-label=${c.label}>${cell(c, values[c.name])}</td>`);
    append(body, html`<tr><td data-label="Player">${body.children.length + 1}</td>${cells}</tr>`);
  }
  function sync() {
    buttons.querySelector('[data-act="add"]').disabled = body.children.length >= field.high;
    buttons.querySelector('[data-act="remove"]').disabled = body.children.length <= field.low;
  }
  function write(list) {
    show(body, nothing);
    list.slice(0, field.high).forEach(addRow);
    while (body.children.length < field.low) addRow({});
    sync();
  }
  function read() {
    return [...body.children].map((tr) => {
      const row = {};
      for (const c of field.columns) {
        const input = tr.querySelector(`[data-col="${c.name}"]`);
        if (c.kind === "checkbox") {
          if (input.checked) row[c.name] = true;
        } else if (input.value !== "") row[c.name] = c.numeric ? Number(input.value) : input.value;
      }
      return row;
    });
  }
  buttons.addEventListener("click", (event) => {
    const act = event.target.dataset.act;
    if (act === "add" && body.children.length < field.high) addRow({});
    if (act === "remove" && body.children.length > field.low) body.lastElementChild.remove();
    sync();
    changed();
  });
  write(field.default);
  return { read, write };
}
