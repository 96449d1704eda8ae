// A box that scrolls sideways (a wide table on a phone, a long list in a calculator) can
// be reached and scrolled with the keyboard: each one that overflows is put in the tab
// order. Material wraps tables after the page loads and the calculators redraw their
// answers, so the boxes are looked at again whenever the page's content changes.
// Material also gives each code block's copy button an unnamed <nav>: a landmark per code
// block, all alike (axe: landmark-unique). A button is not a way around the site, so that
// <nav> is taken out of the landmarks (role "none": its look is unchanged).
const BOXES = ".md-typeset__scrollwrap, .rp-scroll, .rp-rows, .rp-calc__result table";
let pending = 0;

function mark() {
  pending = 0;
  document.querySelectorAll("nav.md-code__nav:not([role])").forEach((nav) => {
    nav.setAttribute("role", "none");
  });
  document.querySelectorAll(BOXES).forEach((box) => {
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "0");
      box.dataset.rpScrollFocus = "";
    } else if (!scrolls && box.dataset.rpScrollFocus !== undefined) {
      box.removeAttribute("tabindex"); // only boxes that scroll take a tab stop
      delete box.dataset.rpScrollFocus;
    }
  });
}

function soon() {
  if (!pending) pending = setTimeout(mark, 50);
}

function start() {
  mark();
  new MutationObserver(soon).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", soon);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
