// Talks to the engine worker. Starts it on demand (first use, or when the page is idle) or,
// when the address carries a calculator's inputs, at once: this script runs in the page's
// <head>, so Pyodide starts loading before the page body is even parsed. Keeps one worker
// across Material's instant page changes, and can cancel a request (a running Python call
// cannot be interrupted, so cancel restarts the worker).
(function () {
  "use strict";
  const workerUrl = new URL("worker.mjs", document.currentScript.src);
  let worker = null;
  let nextId = 1;
  const pending = new Map();
  const listeners = new Set();
  const state = { status: "idle", readyMs: null, snapshot: null, error: null };

  function setState(change) {
    Object.assign(state, change);
    listeners.forEach((listener) => listener({ ...state }));
  }

  function start() {
    if (worker) return;
    setState({ status: "starting", error: null });
    performance.mark("rp-worker-start");
    worker = new Worker(workerUrl, { type: "module" });
    worker.onmessage = ({ data }) => {
      if (data.type === "ready") {
        performance.mark("rp-engine-ready");
        // The worker's own timeline, on the page's clock (bench/browser.py reports it).
        for (const [name, ms] of Object.entries(data.marks)) {
          performance.mark(`rp-worker-${name}`, { startTime: data.origin + ms - performance.timeOrigin });
        }
        return setState({ status: "ready", readyMs: data.ms, snapshot: data.snapshot });
      }
      if (data.type === "failed") return setState({ status: "failed", error: data.error });
      const entry = pending.get(data.id);
      if (!entry) return;
      pending.delete(data.id);
      entry.resolve(data.response);
    };
    worker.onerror = (event) => setState({ status: "failed", error: event.message || "worker error" });
  }

  function ask(request) {
    start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  }

  function cancel() {
    if (!worker) return;
    worker.terminate();
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
