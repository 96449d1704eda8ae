// The rules engine in a module Web Worker: Pyodide runs rulepress.engine.query.answer,
// the same function `rulepress query` calls, on the same JSON requests and data.
// Messages in:  {id, request}
// Messages out: {id, response}, or {type: "ready", ms, snapshot, marks, origin, files}
//
// Start-up is the slow part, so everything starts at once and in parallel: Pyodide's runtime,
// the build's memory snapshot (Python already started, engine imported: see
// generators/rulepress/bundle/snapshot.py), the engine wheel and the data. The WebAssembly
// and Pyodide's script come as gzip bytes that this worker inflates (`fetchBytes`); the
// other large files arrive compressed (Content-Encoding, from the build's .br/.gz copies)
// and the browser inflates them. Every file the worker loads is listed in
// engine/bundle.json with its SHA-256 (of the bytes sent) and is checked against it before
// it is used: Pyodide's scripts are imported from the checked bytes, and its own requests
// (the WebAssembly, the standard library) are answered from checked bytes too (`self.fetch`
// below), so it loads nothing unlisted and never asks another host. boot.mjs checks this
// script the same way before it runs it. Without a usable snapshot, Pyodide starts Python
// itself: the same answers, ~3 s later.

// The site's root comes in the worker's name ({root}); boot.mjs, which checked this script,
// leaves the listing it checked it with (and what it fetched) in self.rulepressBoot. A worker
// started from this script's own address works the root out and fetches the listing.
const given = (() => {
  try {
    return JSON.parse(self.name);
  } catch (error) {
    return { root: self.name };
  }
})();
const booted = self.rulepressBoot || { bundle: null, fetched: [] };
const site = new URL(given.root || "../../../", import.meta.url);
const marks = { module: performance.now() }; // for bench/browser.py: where start-up time goes
const nativeFetch = self.fetch.bind(self);

class IntegrityError extends Error {}
const fetched = [...booted.fetched]; // the addresses fetched, for offline/register.js to keep
// the addresses whose bytes did not match the listing: offline/register.js has the site's
// offline copy drop them (it may be what served them)
const refused = [];

async function fetchChecked({ url, integrity }) {
  let response;
  try {
    response = await nativeFetch(new URL(url, site), { integrity });
  } catch (error) {
    // the browser says only "Failed to fetch", also for a wrong hash
    const plain = await nativeFetch(new URL(url, site)).catch(() => null);
    if (plain && plain.ok) {
      refused.push(new URL(url, site).href);
      throw new IntegrityError(
        `${url.split("?")[0]} does not match its SHA-256 in ` +
          "engine/bundle.json (changed after the build?): refused",
        { cause: error },
      );
    }
    throw new Error(`${url} could not be loaded (${error.message})`, { cause: error });
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  fetched.push(new URL(url, site).href);
  return response;
}

// A file whose entry names its gzip bytes (`packed`, generators/rulepress/bundle/copies.py
// says why) comes as those bytes, checked, and is inflated here: on a 2-core machine that is
// about twice as quick as letting the browser inflate its Brotli copy.
async function fetchBytes(entry) {
  const packed = entry.packed && "DecompressionStream" in self;
  const response = await fetchChecked(packed ? entry.packed : entry);
  const body = packed ? response.body.pipeThrough(new DecompressionStream("gzip")) : response.body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

// Pyodide fetches some files itself (its WebAssembly, the standard library) and does not
// stop when one fails. So every runtime file is fetched and checked at once, here, and
// Pyodide's requests are answered from those checked bytes; it gets nothing else.
// The standard library is the exception: with the snapshot, Python has imported all of it
// and expects an empty zip in its place (bundle/snapshot.mjs puts one there), answered from
// EMPTY_ZIP; the library itself is fetched only if Python has to start without the snapshot.
const TYPES = { ".wasm": "application/wasm", ".zip": "application/zip" };
const STDLIB = "python_stdlib.zip";
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
const EMPTY_STDLIB = new URL("pyodide/empty-stdlib.zip", site); // never fetched: EMPTY_ZIP
let runtimeFiles = new Map(); // path in the site -> () => Promise of its checked bytes
self.fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : input, site);
  const bytes = url.origin === site.origin && runtimeFiles.get(url.pathname)?.();
  if (!bytes) throw new IntegrityError(`${url.href} is not listed in engine/bundle.json: refused`);
  const type = TYPES[url.pathname.slice(url.pathname.lastIndexOf("."))] || "text/javascript";
  const response = new Response(await bytes, { headers: { "Content-Type": type } });
  if (url.pathname.endsWith("/pyodide.asm.wasm")) runtimeWasm.add(response);
  return response;
};

// Pyodide compiles its WebAssembly only once every file is in; compiled here as soon as its
// checked bytes arrive (while the snapshot is still on its way), Pyodide's
// instantiateStreaming call gets that module instead.
let compiledWasm = null;
const runtimeWasm = new WeakSet(); // the responses self.fetch gave for pyodide.asm.wasm
const nativeInstantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  const module = runtimeWasm.has(response) && compiledWasm && (await compiledWasm.catch(() => null));
  if (!module) return nativeInstantiateStreaming(response, imports);
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

async function checkedModule(path) {
  // an ES module imported from its checked bytes
  const blob = URL.createObjectURL(new Blob([await runtimeFiles.get(path)()], { type: "text/javascript" }));
  try {
    return await import(blob);
  } finally {
    URL.revokeObjectURL(blob);
  }
}

// The snapshot file holds Pyodide's memory XOR the WebAssembly's data segments (which
// leaves it mostly zeros: generators/rulepress/bundle/snapshot.py, `delta`), without its
// zero pages (bundle/sparse.py), so the browser inflates and hashes 11 MB, not 31 MB.
// Lay the pages back into a zeroed image of the full length, then XOR the segments back in.
function unpackSparse(bytes) {
  // the reading of bundle/sparse.py's `unpack`
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 16 || view.getUint32(0, true) !== 0x315a5052) {
    // "RPZ1"
    throw new Error("engine-snapshot.bin: not a sparse snapshot");
  }
  const length = view.getUint32(4, true);
  const page = view.getUint32(8, true);
  const runs = view.getUint32(12, true);
  const image = new Uint8Array(length);
  let at = 16 + 8 * runs;
  for (let n = 0; n < runs; n++) {
    const start = view.getUint32(16 + 8 * n, true) * page;
    const size = Math.min(view.getUint32(20 + 8 * n, true) * page, length - start);
    if (size <= 0 || at + size > bytes.length) throw new Error("engine-snapshot.bin: a bad run");
    image.set(bytes.subarray(at, at + size), start);
    at += size;
  }
  if (at !== bytes.length) throw new Error("engine-snapshot.bin: bytes after its last run");
  return image;
}

function leb128(bytes, at, signed = false) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  if (signed && byte & 0x40) value -= 2 ** shift;
  return [value, at];
}

function undoDelta(image, wasm) {
  // the same reading of the data section as data_segments
  const start = new DataView(image.buffer).getUint32(4, true);
  let at = 8;
  while (at < wasm.length) {
    const section = wasm[at];
    let size;
    [size, at] = leb128(wasm, at + 1);
    if (section !== 11) {
      at += size;
      continue;
    }
    let count;
    [count, at] = leb128(wasm, at);
    for (let n = 0; n < count; n++) {
      let kind;
      let address = null;
      let length;
      [kind, at] = leb128(wasm, at);
      if (kind === 0 && wasm[at] === 0x41) {
        [address, at] = leb128(wasm, at + 1, true);
        if (wasm[at++] !== 0x0b) throw new Error("pyodide.asm.wasm: an unexpected data segment");
      } else if (kind !== 1) throw new Error(`pyodide.asm.wasm: data segment kind ${kind}`);
      [length, at] = leb128(wasm, at);
      if (address !== null) {
        const into = start + address;
        if (into + length > image.length) throw new Error("snapshot shorter than its segments");
        for (let i = 0; i < length; i++) image[into + i] ^= wasm[at + i];
      }
      at += length;
    }
    break;
  }
  marks.snapshot = performance.now();
  return image;
}

async function startPython(bundle, snapshot, started) {
  await Promise.all(started); // a file that fails its check stops the start
  const index = new URL("pyodide/", site);
  const [{ loadPyodide }, asm] = await Promise.all([
    checkedModule(new URL("pyodide.mjs", index).pathname),
    checkedModule(new URL("pyodide.asm.mjs", index).pathname),
  ]);
  const options = {
    indexURL: new URL("pyodide/", site).href,
    packageBaseUrl: new URL("pyodide/", site).href, // never a CDN
    createPyodideModule: asm.default,
    lockFileContents: bundle.lock,
  };
  try {
    return {
      py: await loadPyodide({ ...options, _loadSnapshot: snapshot, stdLibURL: EMPTY_STDLIB.href }),
      snapshot: true,
    };
  } catch (error) {
    // a snapshot that fails its check is not used either: safe to go on
    console.warn(`engine: start-up snapshot not used (${error}); starting Python instead`);
    return { py: await loadPyodide(options), snapshot: false };
  }
}

async function listing() {
  // Revalidated on every start (a new build must not meet files cached from an old one): by
  // boot.mjs, which hands it over, or here; the files it lists carry their hash in their
  // URLs, so those may come from the cache.
  let bundle = booted.bundle;
  if (!bundle) {
    const response = await nativeFetch(new URL("engine/bundle.json", site), { cache: "no-cache" });
    if (!response.ok) throw new Error(`engine/bundle.json: HTTP ${response.status}`);
    bundle = await response.json();
    fetched.push(response.url);
  }
  runtimeFiles = new Map(
    Object.values(bundle.runtime).map((entry) => {
      let bytes = null; // fetched on the first call
      return [new URL(entry.url, site).pathname, () => (bytes ??= fetchBytes(entry))];
    }),
  );
  runtimeFiles.set(EMPTY_STDLIB.pathname, () => Promise.resolve(EMPTY_ZIP));
  return bundle;
}

async function boot() {
  const bundle = await listing();
  const memory = fetchBytes(bundle.snapshot); // the largest: at once
  const started = Object.keys(bundle.runtime)
    .filter((name) => name !== STDLIB)
    .map((name) => runtimeFiles.get(new URL(bundle.runtime[name].url, site).pathname)());
  started.forEach((bytes) => bytes.catch(() => {})); // reported by startPython
  const wheel = fetchBytes(bundle.wheel);
  const data = fetchChecked(bundle.data).then((r) => r.text());
  const wasm = runtimeFiles.get(new URL(bundle.runtime["pyodide.asm.wasm"].url, site).pathname)();
  compiledWasm = wasm.then((bytes) => WebAssembly.compile(bytes));
  const image = memory.then(async (packed) => undoDelta(unpackSparse(packed), await wasm));
  image.catch(() => {}); // its failure is handled (and reported) in startPython
  const { py, snapshot } = await startPython(bundle, image, started);
  marks.python = performance.now();
  // The wheel is imported as a zip from this path (so a snapshot's imports stay valid).
  py.FS.writeFile(bundle.wheel.path, await wheel);
  py.globals.set("_wheel_path", bundle.wheel.path);
  py.globals.set("_data_json", await data);
  marks.files = performance.now();
  py.runPython(
    "import sys, json\n" +
      "if _wheel_path not in sys.path:\n    sys.path.insert(0, _wheel_path)\n" +
      "from rulepress.engine.query import answer_text\n" +
      "_DATA = json.loads(_data_json)\ndel _data_json, _wheel_path\n" +
      // answer_text never raises: bad JSON, deep nesting and long numbers come back as errors.
      "def _answer_json(text):\n    return answer_text(text, _DATA)\n",
  );
  marks.ready = performance.now();
  self.postMessage({
    type: "ready",
    ms: Math.round(marks.ready),
    snapshot,
    marks,
    origin: performance.timeOrigin,
    files: fetched,
  });
  return py.globals.get("_answer_json");
}

const ready = boot();
ready.catch((error) => self.postMessage({ type: "failed", error: String(error), refused }));

self.onmessage = async ({ data: { id, request } }) => {
  let answerJson;
  let response;
  try {
    answerJson = await ready;
  } catch (error) {
    const message = `The engine could not start: ${error.message || error}`;
    return self.postMessage({ id, response: { ok: false, error: { message, field: null } } });
  }
  try {
    // Requests travel as JSON text: user input is never pasted into Python code.
    response = JSON.parse(answerJson(JSON.stringify(request)));
  } catch (error) {
    // Never a Python traceback in the page: its last line says what went wrong.
    const lines = String(error).trim().split("\n");
    const what = lines[lines.length - 1].trim();
    response = {
      ok: false,
      error: {
        field: null,
        message:
          "The engine failed on this " +
          `question (a defect; please report it with the address of this page): ${what}`,
      },
    };
  }
  self.postMessage({ id, response });
};
