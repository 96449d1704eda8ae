// The one way the site's scripts put markup on a page: lit-html's `html` and `svg` tagged
// templates (vendored from npm by the build into assets/javascripts/vendor/). A value in a
// template is always text (or an attribute's value), never markup: lit-html escapes by
// construction, so data cannot open an element, an attribute or a script. Nothing else
// writes innerHTML (eslint.config.js forbids it).
//
// `show` replaces a box's contents with freshly made nodes each time, as assigning
// innerHTML did: nothing of the last drawing (a focus, a ticked box) is carried over.
import { html, nothing, render, svg } from "../vendor/lit-html.js";

export { html, nothing, svg };

/** The nodes a template makes, as a DocumentFragment. */
export function fragment(template) {
  const box = document.createDocumentFragment();
  render(template, box);
  return box;
}

/** Replaces everything in `box` with what `template` makes (nothing: empties it). */
export function show(box, template) {
  box.replaceChildren(fragment(template));
}

/** Adds what `template` makes at the end of `box`. */
export function append(box, template) {
  box.append(fragment(template));
}

/** Draws `template` into `box`, changing only what differs from the last drawing there, so
 *  a control keeps its focus and what was typed into it (the Evil Robots table screen,
 *  which draws its whole state again after every change). */
export function update(box, template) {
  render(template, box);
}
