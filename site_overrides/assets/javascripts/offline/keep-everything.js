// "Keep the whole site on this device" (content/offline-copy.md): for a game night without
// signal, every page, data file and script is handed to the offline worker
// (service-worker.js, its "keep" message, in batches), and the calculators' engine is
// started once so its worker fetches (and the offline worker keeps) exactly its files.
// The size comes first: the build's list (website/offline_list.py) gives what each file
// downloads and what the device keeps. The print-and-play PDFs are a choice.
import { el } from "../shared/dom.js";

const root = new URL("../../../", import.meta.url).href; // this file: assets/javascripts/offline/
const LIST = new URL("offline/site-files.json", root).href;
const BATCH = 40; // addresses a message: the worker fetches a batch at once

export const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** What taking the site costs: {count, sent, kept} of the files (with the PDFs if asked)
 *  and the engine. */
export function sizeOf(listing, withPrint) {
  const files = withPrint ? [...listing.files, ...listing.print] : listing.files;
  return {
    count: files.length,
    sent: files.reduce((sum, f) => sum + f[1], 0) + listing.engine.sent,
    kept: files.reduce((sum, f) => sum + f[2], 0) + listing.engine.kept,
  };
}

/** The addresses in batches of `size`. */
export function batches(addresses, size = BATCH) {
  const out = [];
  for (let i = 0; i < addresses.length; i += size) out.push(addresses.slice(i, i + size));
  return out;
}

let nextId = 1;
function keep(worker, urls) {
  const id = `everything-${nextId++}`; // register.js numbers its own messages
  return new Promise((done) => {
    const heard = (event) => {
      if (!event.data || event.data.type !== "kept" || event.data.id !== id) return;
      navigator.serviceWorker.removeEventListener("message", heard);
      done();
    };
    navigator.serviceWorker.addEventListener("message", heard);
    worker.postMessage({ type: "keep", id, urls });
  });
}

async function keepEngine(worker, say) {
  say("Starting the calculators' engine, so its files are kept too…");
  const { engine } = await import("../engine/client.js");
  const files = await new Promise((done, fail) => {
    const off = engine.onState((state) => {
      if (state.status === "ready") done(state.files);
      else if (state.status === "failed") fail(new Error(state.error));
      else return;
      setTimeout(() => off()); // onState calls at once: `off` is set only after
    });
    engine.startWhenIdle();
  });
  await keep(worker, files);
}

async function takeAll(listing, withPrint, say, bar) {
  const registration = await navigator.serviceWorker.register(new URL("offline-sw.js", root).href, {
    scope: root,
  });
  await navigator.serviceWorker.ready;
  const worker = registration.active || (await navigator.serviceWorker.ready).active;
  const files = withPrint ? [...listing.files, ...listing.print] : listing.files;
  const parts = batches(files.map((f) => new URL(f[0], root).href));
  bar.max = parts.length + 1;
  for (const [i, part] of parts.entries()) {
    say(`Keeping the site: ${Math.min((i + 1) * BATCH, files.length)} of ${files.length} files…`);
    await keep(worker, part);
    bar.value = i + 1;
  }
  await keepEngine(worker, say);
  bar.value = bar.max;
  document.documentElement.dataset.offlineEverything = "kept";
  say(
    `Done: every page is kept on this device (${files.length} files and the engine). It works without a network now.`,
  );
}

function setUp(box) {
  if (!("serviceWorker" in navigator) || !window.caches) {
    box.append(
      el("p", { text: "This browser cannot keep pages for offline use (or this is a private window)." }),
    );
    return;
  }
  const size = el("p", { class: "rp-keep__size", text: "Reading the site's size…" });
  const withPrint = el("input", { type: "checkbox", id: "rp-keep-print" });
  const go = el("button", { type: "button", class: "md-button md-button--primary", text: "Keep every page" });
  go.disabled = true;
  const bar = el("progress", { class: "rp-keep__bar", value: 0, max: 1, "aria-label": "Kept so far" });
  const status = el("p", { class: "rp-keep__status", role: "status" });
  box.append(
    size,
    el("p", {}, [withPrint, el("label", { for: "rp-keep-print", text: " with the print-and-play PDFs" })]),
    go,
    bar,
    status,
  );
  const say = (text) => {
    status.textContent = text;
  };
  fetch(LIST)
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    })
    .then((listing) => {
      const describe = () => {
        const s = sizeOf(listing, withPrint.checked);
        size.textContent = `The whole site is ${s.count} files and the calculators' engine: about ${megabytes(s.sent)} to download, ${megabytes(s.kept)} kept on this device.`;
      };
      describe();
      withPrint.addEventListener("change", describe);
      go.disabled = false;
      go.addEventListener("click", () => {
        go.disabled = true;
        takeAll(listing, withPrint.checked, say, bar).catch((error) => {
          say(`Stopped: ${error.message}. Pages kept so far stay kept; try again when online.`);
          go.disabled = false;
        });
      });
    })
    .catch((error) => {
      size.textContent = `The site's list did not load (${error.message}): try again when online.`;
    });
}

if (typeof document !== "undefined") document.querySelectorAll(".rp-keep").forEach(setUp); // not in the unit tests
