"""The browser bundle: an engine-only wheel, our Pyodide lock file, the engine data,
the start-up snapshot and the manifest (bundle.json) the worker loads them by."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import subprocess
import sys
import zipfile

import pytest

from rulepress.bundle import snapshot as snapshot_module
from rulepress.bundle import lean_wheel as lean_wheel_module
from rulepress.bundle import sparse
from rulepress.bundle.step import cache_folder
from rulepress.bundle.wheel import build_engine_wheel


def test_wheel_holds_only_the_engine(tmp_path):
    wheel = build_engine_wheel(tmp_path)
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        modules = [n for n in archive.namelist() if n.endswith(".py")]
    assert "rulepress/__init__.py" in modules
    assert "rulepress/engine/query.py" in modules
    assert all(n == "rulepress/__init__.py" or n.startswith("rulepress/engine/")
               for n in modules), modules
    # every BMO skill, the BrikWars rules and the round player grew the engine; sent
    # Brotli-compressed (its entries are stored, so Brotli sees every module) it is still
    # under 120 KB (the round player added about 12 KB)
    import brotli
    assert len(brotli.compress(wheel.read_bytes(), quality=11, lgwin=24)) < 120_000


def test_the_lean_wheel_keeps_lines_and_answers(tmp_path, engine_data):
    """Comments and docstrings go, every line stays where it was, and the wheel's engine
    gives the source engine's answers."""
    source = ('"""Module doc."""\n# a comment\nX = 1  # why\n\n\ndef f():\n'
              '    """Two\n    lines."""\n    return "# not a comment"\n')
    lean = lean_wheel_module.lean_source(source)
    assert lean.count("\n") == source.count("\n")
    assert "comment\n" not in lean and "why" not in lean and "Two" not in lean
    assert "# not a comment" in lean
    namespace: dict = {}
    exec(compile(lean, "lean", "exec"), namespace)
    assert namespace["f"]() == "# not a comment" and namespace["X"] == 1
    assert lean_wheel_module.lean_source("def broken(:\n") == "def broken(:\n"

    wheel = build_engine_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        assert all(i.compress_type == zipfile.ZIP_STORED for i in archive.infolist())
        assert b"#" not in archive.read("rulepress/engine/budget.py").split(b"\n")[0]
    requests = [{"game": "dice", "op": "distribution", "expr": "3d6+2"},
                {"game": "brikwars", "op": "attack", "weapon": "hand-weapon",
                 "target": "minifig"},
                {"game": "buttonmen", "op": "odds",
                 "players": [{"recipe": "s(6) z(10) (12)"}, {"recipe": "(4) (8) (20)"}]},
                {"game": "dice", "op": "nope"}]
    data = tmp_path / "data.json"
    data.write_text(json.dumps(engine_data), encoding="utf-8")
    script = ("import json, sys\nfrom rulepress.engine.query import answer\n"
              "assert '.whl' in sys.modules['rulepress'].__file__\n"
              "data = json.load(open(sys.argv[1]))\n"
              "print(json.dumps([answer(r, data) for r in json.loads(sys.argv[2])]))\n")
    # -S: no site-packages, so the project's own (editable) rulepress cannot answer instead
    run = subprocess.run([sys.executable, "-S", "-c", script, str(data), json.dumps(requests)],
                         env={"PYTHONPATH": str(wheel)}, capture_output=True, text=True,
                         cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    from rulepress.engine.query import answer
    assert json.loads(run.stdout) == [answer(r, engine_data) for r in requests]


def test_unchanged_engine_is_not_rebuilt(tmp_path):
    first = build_engine_wheel(tmp_path)
    stamp = first.stat().st_mtime_ns
    assert build_engine_wheel(tmp_path) == first
    assert first.stat().st_mtime_ns == stamp


def test_site_has_runtime_lock_and_data(built_site, engine_data):
    pyodide = built_site / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"]["rulepress-engine"]
    wheel = pyodide / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide / name).is_file(), name
    data = json.loads((built_site / "engine" / "data.json").read_text(encoding="utf-8"))
    assert data == engine_data


def listed_file(built_site, entry: dict):
    """The site file a bundle.json entry names (its URL without the version)."""
    return built_site / entry["url"].split("?")[0]


def test_manifest_names_each_file_with_its_hash(built_site):
    manifest = json.loads((built_site / "engine" / "bundle.json").read_text(encoding="utf-8"))
    entries = {key: manifest[key] for key in ("worker", "wheel", "snapshot", "data")}
    entries.update(manifest["runtime"])
    # every file the worker loads: its own script and every file of Pyodide's runtime too
    assert set(manifest["runtime"]) == {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                        "python_stdlib.zip"}
    assert manifest["worker"]["url"].startswith("assets/javascripts/engine/worker.mjs?v=")
    for key, entry in entries.items():
        digest = hashlib.sha256(listed_file(built_site, entry).read_bytes())
        assert entry["integrity"] == \
            f"sha256-{base64.b64encode(digest.digest()).decode()}", key
        assert entry["url"].endswith(f"?v={digest.hexdigest()[:12]}")  # new file, new URL
    packed = {name: entry["packed"] for name, entry in manifest["runtime"].items()
              if "packed" in entry}
    assert set(packed) == {"pyodide.asm.wasm", "pyodide.asm.mjs"}
    for name, entry in packed.items():  # gzip bytes of the very file, checked the same way
        bytes_sent = listed_file(built_site, entry).read_bytes()
        assert entry["url"] == f"pyodide/{name}.gzbytes?v=" \
            f"{hashlib.sha256(bytes_sent).hexdigest()[:12]}"
        assert entry["integrity"] == \
            f"sha256-{base64.b64encode(hashlib.sha256(bytes_sent).digest()).decode()}"
        assert gzip.decompress(bytes_sent) == listed_file(built_site,
                                                          manifest["runtime"][name]).read_bytes()
    assert manifest["wheel"]["path"] == f"/lib/{listed_file(built_site, manifest['wheel']).name}"
    lock = json.loads((built_site / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert manifest["lock"] == lock  # the worker hands this to Pyodide: no lock-file fetch


def test_snapshot_is_a_pyodide_memory_image(built_site):
    packed = (built_site / "pyodide" / snapshot_module.SNAPSHOT_NAME).read_bytes()
    image = sparse.unpack(packed)
    assert len(packed) < 0.5 * len(image)  # the zero pages are left out
    magic, offset = int.from_bytes(image[:4], "little"), int.from_bytes(image[4:8], "little")
    assert magic == 0x706E7300  # Pyodide's snapshot magic (pyodide.asm.mjs checks it)
    assert (len(image) - offset) % 65536 == 0  # then whole WebAssembly memory pages
    # its copies hold the same bytes, for the server to send with Content-Encoding
    assert gzip.decompress((built_site / "pyodide" / (snapshot_module.SNAPSHOT_NAME + ".gz"))
                           .read_bytes()) == packed


def test_sparse_snapshots_keep_every_byte():
    for image in (b"", bytes(10), b"a" + bytes(5000) + b"b", bytes(8192) + b"x",
                  bytes(range(256)) * 40 + bytes(9000)):
        assert sparse.unpack(sparse.pack(image)) == image
    packed = sparse.pack(bytes(4096 * 3) + b"y" * 4096)
    assert len(packed) == 16 + 8 + 4096  # one run of one page
    with pytest.raises(sparse.SparseError):
        sparse.unpack(packed[:-1])
    with pytest.raises(sparse.SparseError):
        sparse.unpack(b"XXXX" + packed[4:])


def test_snapshot_holds_memory_xor_the_data_segments(built_site):
    """The data segments (3.2 MB, what the .wasm writes into memory at start) are XORed out,
    so what they left unchanged is zeros, and XORing them again gives the memory back."""
    wasm = (built_site / "pyodide" / "pyodide.asm.wasm").read_bytes()
    segments = snapshot_module.data_segments(wasm)
    assert sum(len(s) for _, s in segments) > 3_000_000
    image = sparse.unpack((built_site / "pyodide" / snapshot_module.SNAPSHOT_NAME).read_bytes())
    memory = snapshot_module.delta(image, wasm)
    start = int.from_bytes(image[4:8], "little")
    same = sum(memory[start + a:start + a + len(s)] == s for a, s in segments)
    assert same > 0.8 * len(segments)  # most segments are as the module wrote them
    address, segment = max(segments, key=lambda pair: len(pair[1]))
    held = image[start + address:start + address + len(segment)]
    assert held.count(0) > 0.9 * len(held)
    assert snapshot_module.delta(memory, wasm) == image


def test_data_segments_are_read_from_the_data_section():
    """A hand-made module: one active segment at 16, one passive (left out)."""
    def leb(n: int) -> bytes:
        return bytes([n]) if n < 0x40 else bytes([n & 0x7F | 0x80, n >> 7])
    body = b"\x02" + b"\x00\x41" + leb(16) + b"\x0b\x03abc" + b"\x01\x02zz"
    wasm = b"\0asm\x01\0\0\0" + b"\x05\x03\x01\x00\x01" + b"\x0b" + bytes([len(body)]) + body
    assert snapshot_module.data_segments(wasm) == [(16, b"abc")]
    image = (0x706E7300).to_bytes(4, "little") + (8).to_bytes(4, "little") + bytes(32)
    mixed = snapshot_module.delta(image, wasm)
    assert mixed[8 + 16:8 + 19] == b"abc" and snapshot_module.delta(mixed, wasm) == image


def test_snapshot_is_taken_from_the_cache_when_nothing_changed(built_site, root, monkeypatch):
    manifest = json.loads((built_site / "engine" / "bundle.json").read_text(encoding="utf-8"))
    wheel = listed_file(built_site, manifest["wheel"])
    cache = cache_folder(root)  # tests share one cache (conftest.py)
    monkeypatch.setattr(snapshot_module.shutil, "which", lambda name: None)  # no Node now
    # made from the site's own runtime (its cut-down standard library)
    made = snapshot_module.build_snapshot(built_site / "pyodide", wheel,
                                          manifest["wheel"]["path"], cache / "engine-snapshot")
    assert made.read_bytes() == listed_file(built_site, manifest["snapshot"]).read_bytes()


def test_missing_node_is_named_with_the_fix(tmp_path, root, monkeypatch):
    monkeypatch.setattr(snapshot_module.shutil, "which", lambda name: None)
    with pytest.raises(snapshot_module.SnapshotError, match="node is not installed"):
        snapshot_module.build_snapshot(root / "node_modules" / "pyodide",
                                       build_engine_wheel(tmp_path / "wheel"),
                                       "/lib/engine.whl", tmp_path / "snapshot")


CDN_HOSTS = (b"cdn.jsdelivr.net", b"jsdelivr.com", b"unpkg.com", b"cdnjs.cloudflare.com",
             b"esm.sh", b"cdn.skypack.dev", b"ajax.googleapis.com", b"fonts.googleapis.com",
             b"fonts.gstatic.com", b"code.jquery.com", b"bootstrapcdn.com")


def test_no_file_of_the_site_names_a_cdn(built_site):
    """No code path can fetch from a CDN: no file of the site (pages, Material's scripts,
    Pyodide's runtime, our scripts) even names one. Source maps (read only by a browser's
    developer tools; Material's quotes a comment that names unpkg.com) are left out."""
    named = {}
    for path in built_site.rglob("*"):
        if path.is_file() and path.suffix != ".map":
            body = path.read_bytes()
            hosts = [host.decode() for host in CDN_HOSTS if host in body]
            if hosts:
                named[path.relative_to(built_site).as_posix()] = hosts
    assert named == {}
