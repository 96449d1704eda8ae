// The round player's decisions timed inside Pyodide: `search` plays `maximize` on the
// strength match-ups, and every decision of `search` is timed (ms).
// usage: node play_decisions.mjs <pyodide dir> <engine wheel> <engine data json> <rounds>
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const [pyodideDir, engineWheel, dataFile, rounds] = process.argv.slice(2);
const { loadPyodide } = await import(join(resolve(pyodideDir), "pyodide.mjs"));
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
const loaded = await py.loadPackage(resolve(engineWheel), { messageCallback: () => {} });
if (!loaded.length) throw new Error(`could not load ${engineWheel}`);
py.globals.set("DATA_TEXT", readFileSync(dataFile, "utf8"));
py.globals.set("ROUNDS", Number(rounds));
const out = py.runPython(`
import json
from play_decisions_core import run
json.dumps(run(json.loads(DATA_TEXT), ROUNDS))
`.replace("from play_decisions_core import run", readFileSync(new URL("./play_decisions_core.py", import.meta.url), "utf8")));
console.log(out);
