// Point at (or tab to) a link to a record page (a button, skill, robot, weapon,
// specialist...) and a small card shows what that page says: its name, kind, opening
// lines and key values. The cards come from previews.json (built from the pages; see
// website/previews.py), fetched the first time one is wanted. All their text goes in
// with textContent, never as markup. A mouse shows a card on hover, a keyboard on focus;
// a touch screen never does (a tap follows the link). Escape hides it. The card floats
// above the page (position: absolute), so nothing on the page moves.
import { el } from "./shared/dom.js";

const root = new URL("../../", import.meta.url); // the site's root (this file: assets/javascripts/)
const SHOW_MS = 250;
const HIDE_MS = 200;
const LEAD = 2;
const FACTS = 8;
let data = null;
let loading = null;
let card = null;
let shownFor = null;
let wanted = null;
let showTimer = 0;
let hideTimer = 0;
const canHover = window.matchMedia ? window.matchMedia("(hover: hover)").matches : true;

function load() {
  if (!loading) {
    loading = fetch(new URL("previews.json", root).href)
      .then((r) => (r.ok ? r.json() : null))
      .then(
        (json) => {
          data = json && json.cards ? json.cards : {};
          return data;
        },
        () => {
          data = {};
          return data;
        },
      );
  }
  return loading;
}

// the previews.json key of a link to a record page, or null
function keyOf(link) {
  if (!(link instanceof HTMLAnchorElement) || !link.href) return null;
  if (!link.closest(".md-content") || link.closest(".rp-preview, .headerlink")) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== root.origin || url.pathname.indexOf(root.pathname) !== 0) return null;
  if (url.pathname === location.pathname) return null; // this very page
  const path = decodeURIComponent(url.pathname.slice(root.pathname.length));
  return /^[^/]+\/[^/]+\/[^/]+\/$/.test(path) ? path : null;
}

const element = (tag, className, text) => el(tag, { class: className || null, text });

function build(entry) {
  if (!card) {
    card = element("div", "rp-preview");
    card.id = "rp-preview";
    card.setAttribute("role", "tooltip");
    card.hidden = true;
    card.addEventListener("pointerenter", () => {
      clearTimeout(hideTimer);
    });
    card.addEventListener("pointerleave", () => {
      hideSoon();
    });
    document.body.appendChild(card);
  }
  card.replaceChildren();
  card.appendChild(element("p", "rp-preview__kind", entry.kind || ""));
  card.appendChild(element("p", "rp-preview__title", entry.title || ""));
  (entry.lead || []).slice(0, LEAD).forEach((text) => {
    card.appendChild(element("p", "rp-preview__lead", text));
  });
  const facts = (entry.facts || []).slice(0, FACTS);
  if (facts.length) {
    const list = element("dl", "rp-preview__facts");
    facts.forEach((pair) => {
      list.appendChild(element("dt", "", pair[0]));
      list.appendChild(element("dd", "", pair[1]));
    });
    card.appendChild(list);
  }
}

function place(link) {
  const box = link.getBoundingClientRect();
  card.style.left = "0px";
  card.style.top = "0px";
  const width = card.offsetWidth;
  const height = card.offsetHeight;
  const left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
  const below = box.bottom + 6;
  const top = below + height > window.innerHeight && box.top - height - 6 > 0 ? box.top - height - 6 : below;
  card.style.left = left + window.scrollX + "px";
  card.style.top = top + window.scrollY + "px";
}

function show(link) {
  const key = keyOf(link);
  if (!key) return;
  wanted = link;
  load().then(() => {
    if (wanted !== link || !data[key]) return;
    if (shownFor && shownFor !== link) shownFor.removeAttribute("aria-describedby");
    build(data[key]);
    card.hidden = false;
    place(link);
    shownFor = link;
    link.setAttribute("aria-describedby", card.id);
  });
}

function hide() {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  wanted = null;
  if (card) card.hidden = true;
  if (shownFor) shownFor.removeAttribute("aria-describedby");
  shownFor = null;
}

function hideSoon() {
  clearTimeout(hideTimer);
  hideTimer = setTimeout(hide, HIDE_MS);
}

document.addEventListener("pointerover", (event) => {
  if (event.pointerType === "touch" || !canHover) return;
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (!link || !keyOf(link)) return;
  clearTimeout(hideTimer);
  clearTimeout(showTimer);
  load();
  showTimer = setTimeout(() => {
    show(link);
  }, SHOW_MS);
});
document.addEventListener("pointerout", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (!link || !keyOf(link)) return;
  if (event.relatedTarget instanceof Node && link.contains(event.relatedTarget)) return;
  clearTimeout(showTimer);
  if (wanted === link || shownFor === link) hideSoon();
});
document.addEventListener("focusin", (event) => {
  const link = event.target;
  if (!(link instanceof HTMLAnchorElement) || !keyOf(link)) return;
  // a keyboard's focus, not a tap's or a click's
  let keyboard;
  try {
    keyboard = link.matches(":focus-visible");
  } catch {
    keyboard = true; // a browser without :focus-visible
  }
  if (keyboard) show(link);
});
document.addEventListener("focusout", (event) => {
  if (event.target === shownFor || event.target === wanted) hide();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && card && !card.hidden) hide();
});
window.addEventListener("pagehide", hide);
