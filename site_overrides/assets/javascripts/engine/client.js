// Talks to the engine worker. Starts it on demand (first use, or when the page is idle) or,
// when the address carries a calculator's inputs, at once: this script runs in the page's
// <head>, so Pyodide starts loading before the page body is even parsed. Keeps one worker
// across Material's instant page changes, and can cancel a request (a running Python call
// cannot be interrupted, so cancel restarts the worker).
(function () {
  "use strict";
  const siteRoot = new URL("../../../", document.currentScript.src).href;
  let worker = null;
  let generation = 0; // a cancel while the worker script is being checked wins
  let nextId = 1;
  const pending = new Map();
  const listeners = new Set();
  // files: the addresses the worker fetched (offline.js keeps them for the next visit)
  const state = { status: "idle", readyMs: null, snapshot: null, error: null, files: [] };

  function setState(change) {
    Object.assign(state, change);
    listeners.forEach((listener) => listener({ ...state }));
  }

  // The worker script is checked against its SHA-256 in engine/bundle.json and started from
  // those checked bytes, like every file the worker itself loads.
  async function checkedWorkerUrl() {
    const listing = await fetch(new URL("engine/bundle.json", siteRoot), { cache: "no-cache" });
    if (!listing.ok) throw new Error(`engine/bundle.json: HTTP ${listing.status}`);
    const bundle = await listing.json();
    const entry = bundle.worker;
    const url = new URL(entry.url, siteRoot);
    let response;
    try {
      response = await fetch(url, { integrity: entry.integrity });
    } catch (error) {
      const plain = await fetch(url).catch(() => null);
      throw new Error(plain && plain.ok
        ? `${entry.url.split("?")[0]} does not match its SHA-256 in engine/bundle.json ` +
          "(changed after the build?): refused"
        : `${entry.url} could not be loaded (${error.message})`);
    }
    if (!response.ok) throw new Error(`${entry.url}: HTTP ${response.status}`);
    const blob = URL.createObjectURL(new Blob([await response.arrayBuffer()],
                                              { type: "text/javascript" }));
    return { url: blob, bundle };
  }

  function start() {
    if (worker) return;
    setState({ status: "starting", error: null });
    performance.mark("rp-worker-start");
    const mine = ++generation;
    worker = checkedWorkerUrl().then(({ url, bundle }) => {
      if (mine !== generation) return null;
      // the worker gets the site's root and the listing just read (its name, so it has them
      // at once): it checks its files against the same listing this script checked it with
      const name = JSON.stringify({ root: siteRoot, bundle });
      const started = new Worker(url, { type: "module", name });
      started.addEventListener("message", () => URL.revokeObjectURL(url), { once: true });
      listen(started);
      return started;
    }, (error) => {
      if (mine === generation) setState({ status: "failed", error: String(error) });
      return null;
    });
  }

  function listen(running) {
    running.onmessage = ({ data }) => {
      if (data.type === "ready") {
        performance.mark("rp-engine-ready");
        // The worker's own timeline, on the page's clock (bench/browser.py reports it).
        for (const [name, ms] of Object.entries(data.marks)) {
          performance.mark(`rp-worker-${name}`, { startTime: data.origin + ms - performance.timeOrigin });
        }
        return setState({ status: "ready", readyMs: data.ms, snapshot: data.snapshot,
                          files: data.files });
      }
      if (data.type === "failed") return setState({ status: "failed", error: data.error });
      const entry = pending.get(data.id);
      if (!entry) return;
      pending.delete(data.id);
      entry.resolve(data.response);
    };
    running.onerror = (event) => setState({ status: "failed", error: event.message || "worker error" });
  }

  function ask(request) {
    start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.then((running) => {
        if (running) running.postMessage({ id, request });
        else if (pending.delete(id)) reject(new Error(state.error || "the engine did not start"));
      });
    });
  }

  function cancel() {
    if (!worker) return;
    generation++;
    worker.then((running) => running && running.terminate());
    worker = null;
    pending.forEach(({ reject }) => reject(new Error("cancelled")));
    pending.clear();
    setState({ status: "idle" });
  }

  function whenIdle(callback) {
    if ("requestIdleCallback" in window) requestIdleCallback(callback, { timeout: 4000 });
    else setTimeout(callback, 2000);
  }

  window.rulepressEngine = {
    ask,
    cancel,
    start,
    startWhenIdle: () => whenIdle(start),
    onState(listener) { listeners.add(listener); listener({ ...state }); return () => listeners.delete(listener); },
    get state() { return { ...state }; },
  };
  if (location.search) start(); // a link with inputs: its answer needs the engine
})();
