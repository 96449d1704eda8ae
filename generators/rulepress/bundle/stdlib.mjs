// Which files of Pyodide's standard library the engine needs (run by stdlib.py in Node).
// usage: node stdlib.mjs <pyodide dir> <engine wheel> <path of the wheel inside Pyodide> <modules>
// Prints a JSON list of names inside python_stdlib.zip: every module Python has imported
// once Pyodide has started, the engine's ops are loaded and <modules> (comma-separated: the
// standard modules the engine's code names in an import statement) are imported too.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const [pyodideDir, wheel, wheelPath, modules] = process.argv.slice(2);
const { loadPyodide } = await import(join(resolve(pyodideDir), "pyodide.mjs"));
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
py.FS.writeFile(wheelPath, new Uint8Array(readFileSync(wheel)));
py.globals.set("_wheel_path", wheelPath);
py.globals.set("_modules", modules);
console.log(py.runPython(`
import importlib, json, sys
sys.path.insert(0, _wheel_path)
from rulepress.engine.query import operations
operations()
for name in filter(None, _modules.split(",")):
    importlib.import_module(name)
stdlib = next(p for p in sys.path if p.endswith(".zip") and p != _wheel_path)
needed = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(stdlib + "/"):
        needed.add(origin[len(stdlib) + 1:])
json.dumps(sorted(needed))
`));
