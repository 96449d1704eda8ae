// How the army builder draws its roster: the table's rows, the search's hits and the rules
// broken, as templates (shared/html.js: every name and message is text). The costs in a row
// are filled in afterwards, at once from the price list and again from the engine.
import { html, nothing } from "../shared/html.js";
import { itemId, oddsLink, unitOf } from "./roster.js";

/** Row `i` of the roster table. `page`: {byKey, attackUrl, maxCount, selected}. */
export function rosterRow(line, i, page) {
  const unit = unitOf(line, page.byKey);
  const gear = (line.items || []).map((item, j) => {
    const p = page.byKey.get(`item:${itemId(item)}`);
    const name = p ? p.name : item;
    return html`${j ? " " : ""}<span class="rp-army__chip">${name} <button type="button" data-act="unitem" data-row=${i} data-item=${j} aria-label="remove ${name}">×</button></span>`;
  });
  const selected = i === page.selected ? "rp-army__selected" : nothing;
  return html`<tr data-row=${i} class=${selected}>
        <td><a href=${unit.url} title="its rules">${line.name || unit.name}</a> <a class="rp-army__odds" href=${oddsLink(line, page.byKey, page.attackUrl)} title="its attack odds">odds</a></td>
        <td><input type="number" min="1" max=${page.maxCount} value=${line.count || 1} data-act="count" data-row=${i} aria-label="count"></td>
        <td><input type="text" value=${line.squad_name || ""} data-act="squad" data-row=${i} aria-label="squad name" placeholder="none"></td>
        <td>${gear} <select data-act="item" data-row=${i} aria-label="add gear"><option value="">+ gear</option></select></td>
        <td class="rp-frac" data-cell="each"></td><td class="rp-frac" data-cell="cp"></td><td class="rp-frac" data-cell="ui"></td>
        <td><button type="button" data-act="remove" data-row=${i} aria-label="remove line">Remove</button></td></tr>`;
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
