// Building elements one by one, for the parts of a page a script keeps and wires up (the
// phone applet's buttons, the table screen's rows). Text always goes in as textContent.

/** el("p", {class: "note", text: "Hi"}, [child, "more text"]): an element with attributes
 *  (`text` sets its text; null or undefined leaves an attribute out) and children (nodes,
 *  or strings as text). */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value === undefined || value === null ? "" : String(value);
    else if (value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children)
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  return node;
}

/** The element with this id (null when the page has none). */
export const byId = (id) => document.getElementById(id);

// The build's icons (game-icons.net, drawn by rulepress/icons.py) are an <svg> of <path>s.
// They are rebuilt here from an allow-list of elements and attributes, so even a changed
// icon set could not bring a script, a handler or a link into the page.
const SVG = "http://www.w3.org/2000/svg";
const ICON_ATTRIBUTES = { svg: ["class", "viewBox", "role", "aria-label"], path: ["d", "fill"] };

/** An icon's markup, as the build wrote it, as an SVG element. */
export function iconNode(markup) {
  const parsed = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
  const copy = (from) => {
    const name = from.localName;
    if (!(name in ICON_ATTRIBUTES) || from.namespaceURI !== SVG) return null;
    const node = document.createElementNS(SVG, name);
    for (const attribute of ICON_ATTRIBUTES[name]) {
      if (from.hasAttribute(attribute)) node.setAttribute(attribute, from.getAttribute(attribute));
    }
    for (const child of from.children) {
      const inner = copy(child);
      if (inner) node.append(inner);
    }
    return node;
  };
  return copy(parsed) || document.createElementNS(SVG, "svg");
}
