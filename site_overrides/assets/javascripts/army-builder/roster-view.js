// How the army builder draws its roster: the table's rows, the search's hits and the rules
// broken, as templates (shared/html.js: every name and message is text). The costs in a row
// are filled in afterwards, at once from the price list and again from the engine.
import { html, nothing } from "../shared/html.js";
import { itemId, lineName, oddsLink, unitOf } from "./roster.js";

/** The Cliché a line plays: a list of the spec's Clichés, for a unit with a Heroic Ego. */
function clichePicker(line, i, unit, cliches) {
  if (!unit || !unit.cliches || !cliches.length) return nothing;
  const now = (Array.isArray(line.cliches) && line.cliches[0]) || "";
  return html`<label class="rp-army__cliche">Cliché <select data-act="cliche" data-row=${i}>
      <option value="" ?selected=${!now}>none yet</option>
      ${cliches.map((c) => html`<option value=${c.id} ?selected=${c.id === now}>${c.name}</option>`)}
    </select></label>`;
}

/** Row `i` of the roster table. `page`: {byKey, attackUrl, maxCount, selected, rows,
 *  varieties, cliches}. */
export function rosterRow(line, i, page) {
  const unit = unitOf(line, page.byKey);
  const name = lineName(line, unit, page.varieties);
  const gear = (line.items || []).map((item, j) => {
    const p = page.byKey.get(`item:${itemId(item)}`);
    const label = p ? p.name : item;
    return html`${j ? " " : ""}<span class="rp-army__chip">${label} <button type="button" data-act="unitem" data-row=${i} data-item=${j} aria-label="remove ${label} from line ${i + 1}">×</button></span>`;
  });
  const selected = i === page.selected ? "rp-army__selected" : nothing;
  return html`<tr data-row=${i} class=${selected}>
        <td><a href=${unit.url} title="its rules">${name}</a> <a class="rp-army__odds" href=${oddsLink(line, page.byKey, page.attackUrl)} title="its attack odds">odds</a> ${clichePicker(line, i, unit, page.cliches)}</td>
        <td><input type="number" min="1" max=${page.maxCount} value=${line.count || 1} data-act="count" data-row=${i} aria-label="count of line ${i + 1}"></td>
        <td><input type="text" value=${line.squad_name || ""} data-act="squad" data-row=${i} aria-label="squad name of line ${i + 1}" placeholder="none"></td>
        <td>${gear} <select data-act="item" data-row=${i} aria-label="add gear to line ${i + 1}"><option value="">+ gear</option></select></td>
        <td class="rp-army__num" data-cell="each"></td><td class="rp-army__num" data-cell="cp"></td><td class="rp-army__num" data-cell="ui"></td>
        <td class="rp-army__acts"><button type="button" data-act="up" data-row=${i} aria-label="move line ${i + 1} up" ?disabled=${i === 0}>↑</button><button type="button" data-act="down" data-row=${i} aria-label="move line ${i + 1} down" ?disabled=${i === page.rows - 1}>↓</button><button type="button" data-act="duplicate" data-row=${i} aria-label="copy line ${i + 1}">Copy</button><button type="button" data-act="remove" data-row=${i} aria-label="remove line ${i + 1}">Remove</button></td></tr>`;
}

/** The gear a row's "+ gear" list offers (filled when the list is first used). */
export const gearOptions = (items) =>
  items.map((p) => html`<option value=${p.id}>${p.name} (${p.cp} CP)</option>`);

/** The search's hits, each a button that adds it. */
export const searchHits = (hits) =>
  hits.map(
    (p) =>
      html`<li><button type="button" data-key="${p.kind}:${p.id}">${p.name} <small>${p.kind} · ${p.cp ?? "?"} CP</small></button></li>`,
  );

/** The rules the army breaks and the warnings, each naming its line (`rowName(path)`). */
export function rulesBroken(response, rowName) {
  const list = (title, entries, cls) =>
    entries.length
      ? html`<h3>${title}</h3><ul class=${cls}>${entries.map((p) => html`<li>${rowName(p.line)}: ${p.message} <small>(${p.section}, ${p.rule})</small></li>`)}</ul>`
      : nothing;
  const fine = response.problems.length ? nothing : html`<p>No rule of 11.1–11.3 broken.</p>`;
  return html`${list("Problems", response.problems, "rp-army__bad")}${list("Warnings", response.warnings, "rp-army__warn")}${fine}`;
}
