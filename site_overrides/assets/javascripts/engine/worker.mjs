// The rules engine in a module Web Worker: Pyodide runs rulepress.engine.query.answer,
// the same function `rulepress query` calls, on the same JSON requests and data.
// Messages in:  {id, request}
// Messages out: {id, response}, or {type: "ready", ms, snapshot, marks, origin}
//
// Start-up is the slow part, so everything starts at once and in parallel: Pyodide's runtime,
// the build's memory snapshot (Python already started, engine imported: see
// generators/rulepress/bundle/snapshot.py), the engine wheel and the data. Each of our files is
// checked against the SHA-256 in bundle.json (subresource integrity). Without a usable
// snapshot, Pyodide starts Python itself: the same answers, ~3 s later.
import { loadPyodide } from "../../../pyodide/pyodide.mjs";

const site = new URL("../../../", import.meta.url);
const marks = { module: performance.now() }; // for bench/browser.py: where start-up time goes

async function fetchChecked({ url, integrity }) {
  let response;
  try {
    response = await fetch(new URL(url, site), { integrity });
  } catch (error) { // the browser says only "Failed to fetch", also for a wrong hash
    throw new Error(`${url} could not be loaded, or does not match its SHA-256 (${error.message})`);
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function inflate(response) { // the snapshot ships gzipped (~31 MB -> ~6 MB)
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  const memory = new Uint8Array(await new Response(body).arrayBuffer());
  marks.snapshot = performance.now();
  return memory;
}

async function startPython(listed) {
  // Pyodide starts loading at once; only the snapshot and the lock wait for bundle.json.
  const options = { indexURL: new URL("pyodide/", site).href,
                    lockFileContents: listed.then((b) => b.lock) };
  try {
    const snapshot = listed.then((b) => fetchChecked(b.snapshot)).then(inflate);
    return { py: await loadPyodide({ ...options, _loadSnapshot: snapshot }), snapshot: true };
  } catch (error) {
    console.warn(`engine: start-up snapshot not used (${error}); starting Python instead`);
    return { py: await loadPyodide(options), snapshot: false };
  }
}

async function listing() {
  // Revalidated on every start (a new build must not meet files cached from an old one); the
  // files it lists carry their hash in their URLs, so those may come from the cache.
  const response = await fetch(new URL("engine/bundle.json", site), { cache: "no-cache" });
  if (!response.ok) throw new Error(`engine/bundle.json: HTTP ${response.status}`);
  return response.json();
}

async function boot() {
  const listed = listing();
  const wheel = listed.then((b) => fetchChecked(b.wheel)).then((r) => r.arrayBuffer());
  const data = listed.then((b) => fetchChecked(b.data)).then((r) => r.text());
  const { py, snapshot } = await startPython(listed);
  const bundle = await listed;
  marks.python = performance.now();
  // The wheel is imported as a zip from this path (so a snapshot's imports stay valid).
  py.FS.writeFile(bundle.wheel.path, new Uint8Array(await wheel));
  py.globals.set("_wheel_path", bundle.wheel.path);
  py.globals.set("_data_json", await data);
  marks.files = performance.now();
  py.runPython(
    "import sys, json\n" +
    "if _wheel_path not in sys.path:\n    sys.path.insert(0, _wheel_path)\n" +
    "from rulepress.engine.query import answer_text\n" +
    "_DATA = json.loads(_data_json)\ndel _data_json, _wheel_path\n" +
    // answer_text never raises: bad JSON, deep nesting and long numbers come back as errors.
    "def _answer_json(text):\n    return answer_text(text, _DATA)\n");
  marks.ready = performance.now();
  self.postMessage({ type: "ready", ms: Math.round(marks.ready), snapshot, marks,
                     origin: performance.timeOrigin });
  return py.globals.get("_answer_json");
}

const ready = boot();
ready.catch((error) => self.postMessage({ type: "failed", error: String(error) }));

self.onmessage = async ({ data: { id, request } }) => {
  let response;
  try {
    const answerJson = await ready;
    // Requests travel as JSON text: user input is never pasted into Python code.
    response = JSON.parse(answerJson(JSON.stringify(request)));
  } catch (error) {
    response = { ok: false, error: { message: `engine failure: ${error}`, field: null } };
  }
  self.postMessage({ id, response });
};
