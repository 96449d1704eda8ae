// Talks to the engine worker. Starts it on demand (first use, or when the page is idle) or,
// when the address carries a calculator's inputs, at once: this script runs in the page's
// <head>, so Pyodide starts loading before the page body is even parsed. Keeps one worker
// across Material's instant page changes, and can cancel a request (a running Python call
// cannot be interrupted, so cancel restarts the worker).
// Every page script that asks the engine imports `engine` from here (one worker a page);
// it is also `window.rulepressEngine`, for the tests and bench/browser.py.
const siteRoot = new URL("../../../", import.meta.url).href; // this file: assets/javascripts/engine/
let worker = null;
let nextId = 1;
const pending = new Map();
const listeners = new Set();
// files: the addresses the worker fetched (offline/register.js keeps them for the next visit);
// refused: those whose bytes did not match engine/bundle.json (register.js has them dropped)
const state = { status: "idle", readyMs: null, snapshot: null, error: null, files: [], refused: [] };

function setState(change) {
  Object.assign(state, change);
  listeners.forEach((listener) => listener({ ...state }));
}

// The worker starts from boot.mjs at once, by its address: it reads the listing and checks
// worker.mjs against it itself, so nothing waits for this page's main thread, which is busy
// building the page while the engine's files download.
function start() {
  if (worker) return;
  setState({ status: "starting", error: null });
  performance.mark("rp-worker-start");
  const started = new Worker(new URL("assets/javascripts/engine/boot.mjs", siteRoot), {
    type: "module",
    name: JSON.stringify({ root: siteRoot }),
  });
  listen(started);
  worker = Promise.resolve(started);
}

function listen(running) {
  running.onmessage = ({ data }) => {
    if (data.type === "ready") {
      performance.mark("rp-engine-ready");
      // The worker's own timeline, on the page's clock (bench/browser.py reports it).
      for (const [name, ms] of Object.entries(data.marks)) {
        performance.mark(`rp-worker-${name}`, { startTime: data.origin + ms - performance.timeOrigin });
      }
      return setState({ status: "ready", readyMs: data.ms, snapshot: data.snapshot, files: data.files });
    }
    if (data.type === "failed") {
      return setState({ status: "failed", error: data.error, refused: data.refused || [] });
    }
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
      if (!running) {
        if (pending.delete(id)) reject(new Error(state.error || "the engine did not start"));
        return;
      }
      try {
        running.postMessage({ id, request });
      } catch (error) {
        // a request the browser cannot copy to the worker (nested thousands deep: "Maximum
        // call stack size exceeded"): the question fails, it never waits for an answer
        if (pending.delete(id))
          reject(new Error(`the question could not be sent to the engine (${error.message})`));
      }
    });
  });
}

function cancel() {
  if (!worker) return;
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

export const engine = {
  ask,
  cancel,
  start,
  startWhenIdle: () => whenIdle(start),
  onState(listener) {
    listeners.add(listener);
    listener({ ...state });
    return () => listeners.delete(listener);
  },
  get state() {
    return { ...state };
  },
};
window.rulepressEngine = engine;
if (location.search) start(); // a link with inputs: its answer needs the engine
