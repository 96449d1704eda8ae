// Run the engine's tests inside real Pyodide (the npm package), in Node, offline.
// usage: node run_engine_tests.mjs <pyodide dir> <wheels dir> <stage dir>
// The stage dir holds tests/ (engine test modules and a conftest); the wheels dir holds the
// engine wheel and the pure-Python test tools. Prints pytest's report; exits with its code.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";

const [pyodideDir, wheelsDir, stageDir] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdout: console.log, stderr: console.error });

const wheels = readdirSync(wheelsDir).filter((f) => f.endsWith(".whl"));
for (const wheel of wheels) {
  // loadPackage resolves even when it fails, so check that each wheel really loaded.
  const loaded = await py.loadPackage(join(wheelsDir, wheel), { messageCallback: () => {} });
  if (!loaded.length) {
    console.error(`could not load ${wheel}`);
    process.exit(3);
  }
}

py.FS.mkdirTree("/stage");
py.FS.mount(py.FS.filesystems.NODEFS, { root: stageDir }, "/stage");
const code = py.runPython(`
import sys, pytest
sys.dont_write_bytecode = True
print("python", sys.version.split()[0], "on", sys.platform)
pytest.main(["/stage/tests", "-q", "-p", "no:cacheprovider", "--rootdir=/stage",
             "--import-mode=importlib", "-W", "ignore::pytest.PytestUnraisableExceptionWarning"])
`);
process.exit(Number(code));
