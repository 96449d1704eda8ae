// Point at (or tab to) a link to a record page (a button, skill, robot, weapon,
// specialist...) and a small card shows what that page says: its name, kind, opening
// lines and key values. The cards come from previews.json (built from the pages; see
// website/previews.py), fetched the first time one is wanted. All their text goes in
// with textContent, never as markup. A mouse shows a card on hover, a keyboard on focus;
// a touch screen never does (a tap follows the link). Escape hides it. The card floats
// above the page (position: absolute), so nothing on the page moves.
(function () {
  "use strict";
  var me = document.currentScript;
  if (!me || !window.fetch) return;
  var root = new URL("../../", me.src);  // the site's root
  var SHOW_MS = 250, HIDE_MS = 200, LEAD = 2, FACTS = 8;
  var data = null, loading = null;
  var card = null, shownFor = null, wanted = null, showTimer = 0, hideTimer = 0;
  var canHover = window.matchMedia ? window.matchMedia("(hover: hover)").matches : true;

  function load() {
    if (!loading) {
      loading = fetch(new URL("previews.json", root).href)
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (json) { data = json && json.cards ? json.cards : {}; return data; },
              function () { data = {}; return data; });
    }
    return loading;
  }

  // the previews.json key of a link to a record page, or null
  function keyOf(link) {
    if (!(link instanceof HTMLAnchorElement) || !link.href) return null;
    if (!link.closest(".md-content") || link.closest(".rp-preview, .headerlink")) return null;
    var url = new URL(link.href, location.href);
    if (url.origin !== root.origin || url.pathname.indexOf(root.pathname) !== 0) return null;
    if (url.pathname === location.pathname) return null;  // this very page
    var path = decodeURIComponent(url.pathname.slice(root.pathname.length));
    return /^[^/]+\/[^/]+\/[^/]+\/$/.test(path) ? path : null;
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function build(entry) {
    if (!card) {
      card = element("div", "rp-preview");
      card.id = "rp-preview";
      card.setAttribute("role", "tooltip");
      card.hidden = true;
      card.addEventListener("pointerenter", function () { clearTimeout(hideTimer); });
      card.addEventListener("pointerleave", function () { hideSoon(); });
      document.body.appendChild(card);
    }
    card.replaceChildren();
    card.appendChild(element("p", "rp-preview__kind", entry.kind || ""));
    card.appendChild(element("p", "rp-preview__title", entry.title || ""));
    (entry.lead || []).slice(0, LEAD).forEach(function (text) {
      card.appendChild(element("p", "rp-preview__lead", text));
    });
    var facts = (entry.facts || []).slice(0, FACTS);
    if (facts.length) {
      var list = element("dl", "rp-preview__facts");
      facts.forEach(function (pair) {
        list.appendChild(element("dt", "", pair[0]));
        list.appendChild(element("dd", "", pair[1]));
      });
      card.appendChild(list);
    }
  }

  function place(link) {
    var box = link.getBoundingClientRect();
    card.style.left = "0px";
    card.style.top = "0px";
    var width = card.offsetWidth, height = card.offsetHeight;
    var left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
    var below = box.bottom + 6;
    var top = below + height > window.innerHeight && box.top - height - 6 > 0
      ? box.top - height - 6 : below;
    card.style.left = (left + window.scrollX) + "px";
    card.style.top = (top + window.scrollY) + "px";
  }

  function show(link) {
    var key = keyOf(link);
    if (!key) return;
    wanted = link;
    load().then(function () {
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

  document.addEventListener("pointerover", function (event) {
    if (event.pointerType === "touch" || !canHover) return;
    var link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !keyOf(link)) return;
    clearTimeout(hideTimer);
    clearTimeout(showTimer);
    load();
    showTimer = setTimeout(function () { show(link); }, SHOW_MS);
  });
  document.addEventListener("pointerout", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !keyOf(link)) return;
    if (event.relatedTarget instanceof Node && link.contains(event.relatedTarget)) return;
    clearTimeout(showTimer);
    if (wanted === link || shownFor === link) hideSoon();
  });
  document.addEventListener("focusin", function (event) {
    var link = event.target;
    if (!(link instanceof HTMLAnchorElement) || !keyOf(link)) return;
    // a keyboard's focus, not a tap's or a click's
    var keyboard = true;
    try { keyboard = link.matches(":focus-visible"); } catch (error) { keyboard = true; }
    if (keyboard) show(link);
  });
  document.addEventListener("focusout", function (event) {
    if (event.target === shownFor || event.target === wanted) hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && card && !card.hidden) hide();
  });
  window.addEventListener("pagehide", hide);
})();
