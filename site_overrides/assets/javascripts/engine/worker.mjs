// The rules engine in a module Web Worker: Pyodide runs rulepress.engine.query.answer,
// the same function `rulepress query` calls, on the same JSON requests and data.
// Messages in:  {id, request}     Messages out: {id, response} or {type: "ready", ms}
import { loadPyodide } from "../../../pyodide/pyodide.mjs";

const site = new URL("../../../", import.meta.url);
const started = performance.now();

async function boot() {
  // Fetch the data while Pyodide starts; both take a while.
  const data = fetch(new URL("engine/data.json", site)).then((r) => {
    if (!r.ok) throw new Error(`engine data: HTTP ${r.status}`);
    return r.text();
  });
  const py = await loadPyodide({ indexURL: new URL("pyodide/", site).href });
  // loadPackage resolves even when a package fails, so check what it loaded.
  const loaded = await py.loadPackage("rulepress-engine");
  if (!loaded.some((p) => p.name === "rulepress-engine")) {
    throw new Error("the rules engine wheel did not load");
  }
  py.globals.set("_data_json", await data);
  py.runPython(
    // Each game's ops are imported by its first question, so start-up stays short.
    "import json\nfrom rulepress.engine.query import answer\n" +
    "_DATA = json.loads(_data_json)\ndel _data_json\n" +
    "def _answer_json(text):\n    return json.dumps(answer(json.loads(text), _DATA))\n");
  self.postMessage({ type: "ready", ms: Math.round(performance.now() - started) });
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
