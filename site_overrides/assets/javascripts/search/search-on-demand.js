// The search index (about 2 MB) is fetched only when the reader opens search.
// Material's bundle asks for search/search_index.json as soon as a page has a search
// form; this script runs before the bundle and holds that one request back until the
// search box is focused or clicked, its icon is pressed, or a search shortcut key is
// typed (pointing at the box starts it a moment earlier). Every other request is left
// alone, and search works as before once the index has arrived.
//
// It also points Material at the site's own search worker (search-worker.js, which wraps
// Material's worker and reads queries the way a player means them): the theme reads
// the worker's address from its #__config block, which comes before this script.
//
// A page that needs no search at all (the phone applet: an element with data-rp-no-search)
// loses its search form here, before the theme starts, so no search worker starts either.
//
// A classic script, not a module: a module runs only after the page is parsed, after the
// theme's bundle has already asked for the index.
(function () {
  "use strict";
  if (!document.querySelector("[data-rp-no-search]")) return;
  document
    .querySelectorAll('[data-md-component="search"], label[for="__search"]')
    .forEach((node) => node.remove());
})();
(function () {
  "use strict";
  const me = document.currentScript;
  const config = document.getElementById("__config");
  try {
    const app = JSON.parse(config.textContent);
    if (app.search && me) {
      const own = new URL("search-worker.js", me.src);
      own.searchParams.set("material", new URL(app.search, location.href).href);
      app.search = own.href;
      config.textContent = JSON.stringify(app);
    }
  } catch (error) {
    // no config (or not ours to read): Material's own worker is used
  }
})();
(function () {
  "use strict";
  const INDEX = /\/search\/search_index\.json(?:$|[?#])/;
  const held = [];
  let opened = false;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;

  XMLHttpRequest.prototype.open = function (method, url) {
    this.rulepressHeld = INDEX.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if (this.rulepressHeld && !opened) {
      held.push([this, arguments]);
      return undefined;
    }
    return send.apply(this, arguments);
  };

  function release() {
    if (opened) return;
    opened = true;
    window.rulepressSearchRequested = performance.now();
    held.splice(0).forEach((pair) => {
      send.apply(pair[0], pair[1]);
    });
  }
  window.rulepressOpenSearch = release;

  function inSearch(target) {
    return target instanceof Element && !!target.closest(".md-search, label[for='__search'], #__search");
  }
  function typing(target) {
    return (
      target instanceof Element &&
      (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
    );
  }
  document.addEventListener(
    "focusin",
    (event) => {
      if (inSearch(event.target)) release();
    },
    true,
  );
  ["pointerdown", "click", "pointerover", "touchstart"].forEach((type) => {
    document.addEventListener(
      type,
      (event) => {
        if (inSearch(event.target)) release();
      },
      { capture: true, passive: true },
    );
  });
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (
        event.key === "/" ||
        event.key === "s" ||
        event.key === "f" ||
        event.key === "S" ||
        event.key === "F"
      )
        release();
    },
    true,
  );
  document.addEventListener(
    "change",
    (event) => {
      if (event.target instanceof Element && event.target.id === "__search") release();
    },
    true,
  );
})();
