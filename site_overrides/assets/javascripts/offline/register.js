// Keeps the site for offline use (service-worker.js, which the build serves from the site's
// root as offline-sw.js). Registered once the page has loaded, so it never delays the first
// paint. The worker only sees requests made after it took over, so the page tells it what it
// loaded before that (and anything it loads later, such as the search index), and a
// calculator page tells it the engine's files once the engine is ready: one visit is enough
// to work offline.
//
// The engine is read from window.rulepressEngine (set by engine/client.js on pages that
// have it), never imported: importing it would start the engine on every page.
const root = new URL("../../../", import.meta.url).href; // this file: assets/javascripts/offline/
const sent = new Set();
let waiting = [];
let nextId = 1;

function send(urls, done) {
  const fresh = urls
    .map((url) => url.split("#")[0])
    .filter((url) => {
      if (!url.startsWith(root) || sent.has(url)) return false;
      sent.add(url);
      return true;
    });
  navigator.serviceWorker.ready.then((registration) => {
    const worker = registration.active;
    if (!worker) return;
    const id = nextId++;
    if (done) waiting.push([id, done]);
    worker.postMessage({ type: "keep", id, urls: fresh });
  });
}

function listen() {
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type !== "kept" && data.type !== "dropped") return;
    waiting = waiting.filter(([id, done]) => {
      if (id !== data.id) return true;
      done();
      return false;
    });
  });
}

const loaded = () => [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];

// what the engine's worker fetched (packed copies, not their sources)
const keepEngine = (files) => new Promise((done) => send(files, done));

// The engine refused files whose bytes did not match its listing: the offline copy may be
// what served them, so it drops them and asks the server for them next time.
function dropRefused(urls) {
  navigator.serviceWorker.ready.then((registration) => {
    const worker = registration.active;
    if (!worker) return;
    const id = nextId++;
    waiting.push([
      id,
      () => {
        document.documentElement.dataset.offlineDropped = String(urls.length);
      },
    ]);
    worker.postMessage({ type: "drop", id, urls });
  });
}

/** Calls `listener` with the engine's state until it returns true. */
function untilDone(engine, listener) {
  let off = null;
  let done = false;
  off = engine.onState((state) => {
    if (done || !listener(state)) return;
    done = true;
    setTimeout(() => off()); // onState calls at once: `off` is set only after
  });
}

function start() {
  navigator.serviceWorker
    .register(new URL("offline-sw.js", root).href, { scope: root })
    .then(() => {
      send(loaded(), () => {
        document.documentElement.dataset.offline = "kept";
      });
      if ("PerformanceObserver" in window) {
        new PerformanceObserver((list) => send(list.getEntries().map((entry) => entry.name))).observe({
          type: "resource",
        });
      }
      const engine = window.rulepressEngine;
      if (engine) {
        untilDone(engine, (state) => {
          if (state.status === "failed" && state.refused && state.refused.length) {
            dropRefused(state.refused);
            return true;
          }
          if (state.status !== "ready") return false;
          keepEngine(state.files)
            .then(() => {
              document.documentElement.dataset.offlineEngine = "kept";
            })
            .catch(() => {});
          return true;
        });
      }
    })
    .catch(() => {}); // no offline copy (a private window, file://): the site works
}

// A page whose engine is starting (a calculator opened from a link with inputs) registers
// once the engine is ready: the worker's first fetches would share the two cores with the
// engine's start and hold the first answer back by about a quarter of a second.
function afterEngine() {
  const engine = window.rulepressEngine;
  if (!engine || engine.state.status !== "starting") return start();
  untilDone(engine, (state) => {
    if (state.status === "starting") return false;
    start();
    return true;
  });
}

if ("serviceWorker" in navigator && window.caches) {
  listen();
  if (document.readyState === "complete") afterEngine();
  else window.addEventListener("load", afterEngine);
}
