// Make a Pyodide memory snapshot with the engine already imported (run by snapshot.py in Node).
// usage: node snapshot.mjs <pyodide dir> <engine wheel> <path of the wheel inside Pyodide> <out>
//                          <modules>
// Restoring this snapshot in the browser skips Python's start-up (about 3 s on a 2-core box).
// The wheel goes on sys.path as a zip (zipimport), so the browser only has to write that one
// file back before the first question; no unpacking.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const [pyodideDir, wheel, wheelPath, out, modules] = process.argv.slice(2);
const { loadPyodide } = await import(join(resolve(pyodideDir), "pyodide.mjs"));
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", _makeSnapshot: true });
py.FS.writeFile(wheelPath, new Uint8Array(readFileSync(wheel)));
py.globals.set("_wheel_path", wheelPath);
py.globals.set("_modules", modules);
// Every game's ops are imported now, and every standard module the engine's code names (in
// function bodies too), so no question waits for an import later. Then nothing in the
// standard library's zip is still to be read: the zip is swapped for an empty one (worker.mjs
// gives Pyodide the same 22 bytes), so the browser fetches the 2.7 MB library only when
// Python has to start without this snapshot.
py.runPython(`
import gc, importlib, sys, zipimport
sys.path.insert(0, _wheel_path)
from rulepress.engine.query import operations
operations()
for _name in filter(None, _modules.split(",")):
    importlib.import_module(_name)
_zip = next(p for p in sys.path if p.endswith(".zip") and p != _wheel_path)
_read = {getattr(m.__spec__, "origin", None) for m in list(sys.modules.values())
         if getattr(m, "__spec__", None)}
_unread = [n for n in zipimport._zip_directory_cache[_zip]
           if not n.endswith("/") and f"{_zip}/{n}" not in _read]
if _unread:
    raise SystemExit(f"standard modules kept but not imported before the snapshot: {_unread}")
with open(_zip, "wb") as _file:
    _file.write(b"PK\\x05\\x06" + bytes(18))  # an empty zip: its end record only
sys.path_importer_cache[_zip].invalidate_caches()
del _wheel_path, _modules, operations, _name, _zip, _read, _unread, _file
gc.collect()
`);

// What the memory holds but no one uses is zeroed, so it packs away (sparse.py): the
// allocator's free blocks (each is taken, zeroed and given back; the footprint limit keeps
// the heap from growing meanwhile) and, below, the stack beneath its pointer.
const m = py._module;
m._malloc_set_footprint_limit(m._malloc_footprint());
const taken = [];
for (let size = 1 << 22; size >= 16; size >>= 1) {
  for (let block; (block = m._malloc(size)); taken.push(block)) m.HEAPU8.fill(0, block, block + size);
}
taken.forEach((block) => m._free(block));
m._malloc_set_footprint_limit(-1); // no limit again

const image = py.makeMemorySnapshot();
const memoryStart = new DataView(image.buffer, image.byteOffset).getUint32(4, true);
// The stack grows down from its base and nothing runs now: below the pointer is dead.
image.fill(0, memoryStart + m._emscripten_stack_get_end(),
           memoryStart + m._emscripten_stack_get_current());
writeFileSync(out, image);
