// Make a Pyodide memory snapshot with the engine already imported (run by snapshot.py in Node).
// usage: node snapshot.mjs <pyodide dir> <engine wheel> <path of the wheel inside Pyodide> <out>
// Restoring this snapshot in the browser skips Python's start-up (about 3 s on a 2-core box).
// The wheel goes on sys.path as a zip (zipimport), so the browser only has to write that one
// file back before the first question; no unpacking.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const [pyodideDir, wheel, wheelPath, out] = process.argv.slice(2);
const { loadPyodide } = await import(join(resolve(pyodideDir), "pyodide.mjs"));
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", _makeSnapshot: true });
py.FS.writeFile(wheelPath, new Uint8Array(readFileSync(wheel)));
py.globals.set("_wheel_path", wheelPath);
// Every game's ops are imported now, so no question waits for an import later.
py.runPython(
  "import sys, json\nsys.path.insert(0, _wheel_path)\ndel _wheel_path\n" +
  "from rulepress.engine.query import operations\noperations()\ndel operations\n");
writeFileSync(out, py.makeMemorySnapshot());
