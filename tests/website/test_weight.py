"""What a page weighs: compressed copies, served with their encoding; the search index
fetched only when search is opened; a page without a calculator under 500 KB; a
calculator's first visit under 8 MB, with a cut-down runtime that still answers every
documented question."""

from __future__ import annotations

import gzip
import json
import urllib.request
import zipfile
from pathlib import Path

import pytest

from browser import Requests, serve_folder
from rulepress.commands.serve import _accepted
from rulepress.engine.query import answer, answer_text
from rulepress.website import compress

pytestmark = pytest.mark.offline_worker  # a first visit's bytes include what the offline worker keeps

BUDGET = 500 * 1024  # bytes over the wire for a page without a calculator (issue 21, item 12)
PAGES = ("", "evilrobots/", "buttonmen/skills/shadow/", "brikwars/weapons/",
         "buttonmen/buttons/")


def _get(url: str, encoding: str | None) -> tuple[dict, bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding or "identity"})
    with urllib.request.urlopen(request) as response:
        return dict(response.headers), response.read()


@pytest.fixture
def small_site(tmp_path: Path) -> Path:
    (tmp_path / "app.js").write_text("console.log('a rule');\n" * 400)
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "index.html").write_text("<p>the turn order</p>\n" * 300)
    (tmp_path / "tiny.css").write_text("p{}")  # too small to be worth a copy
    compress.compress_site(tmp_path)
    return tmp_path


def test_the_build_writes_compressed_copies_of_large_files_only(small_site):
    assert (small_site / "app.js.gz").is_file()
    assert gzip.decompress((small_site / "app.js.gz").read_bytes()) == \
        (small_site / "app.js").read_bytes()
    assert not (small_site / "tiny.css.gz").exists()
    if compress.brotli is not None:
        assert compress.brotli.decompress((small_site / "app.js.br").read_bytes()) == \
            (small_site / "app.js").read_bytes()


def test_serve_sends_the_copy_the_browser_accepts(small_site):
    original = (small_site / "app.js").read_bytes()
    with serve_folder(small_site) as base:
        headers, body = _get(base + "app.js", "gzip, deflate")
        assert headers["Content-Encoding"] == "gzip"
        assert headers["Content-Type"] == "text/javascript"
        assert headers["Vary"] == "Accept-Encoding"
        assert gzip.decompress(body) == original
        headers, body = _get(base + "app.js", None)  # no encoding accepted: as it is
        assert "Content-Encoding" not in headers and body == original
        headers, body = _get(base + "notes/", "gzip")  # a folder's index.html too
        assert headers["Content-Type"] == "text/html"
        assert gzip.decompress(body) == (small_site / "notes" / "index.html").read_bytes()
        if compress.brotli is not None:
            headers, body = _get(base + "app.js", "gzip, br")
            assert headers["Content-Encoding"] == "br"
            assert compress.brotli.decompress(body) == original
            headers, _ = _get(base + "app.js", "gzip, br;q=0")  # br refused
            assert headers["Content-Encoding"] == "gzip"


def test_accept_encoding_is_read_with_its_weights():
    assert _accepted("gzip, deflate, br") == {"gzip", "deflate", "br"}
    assert _accepted("br;q=0, gzip;q=0.5") == {"gzip"}
    assert _accepted("identity") == {"identity"}
    assert {"br", "gzip"} <= _accepted("*")


def test_the_built_search_index_has_a_compressed_copy(built_site):
    index = built_site / "search" / "search_index.json"
    assert (built_site / "search" / "search_index.json.gz").is_file()
    assert (index.with_name(index.name + ".gz")).stat().st_size < index.stat().st_size / 3


def _transfer(page, url: str) -> tuple[int, list[str]]:
    """Bytes over the wire for a first visit, the offline worker's included (it keeps the
    offline page and the search index once the page has loaded)."""
    requests = Requests(page.context)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.wait_for_function("document.documentElement.dataset.offline === 'kept'",
                           timeout=30000)
    requests.wait_until_all_ended(page)  # each one's bytes are counted
    finished = requests.finished
    return (sum(r.sizes()["responseBodySize"] for r in finished),
            [r.url for r in finished if _from_page(r, page)])


def _from_page(request, page) -> bool:
    try:
        return request.frame.page == page
    except Exception:  # noqa: BLE001  a service worker's request has no frame
        return False


@pytest.mark.parametrize("path", PAGES)
def test_a_page_without_a_calculator_stays_under_500_kb(page, site_url, path):
    size, urls = _transfer(page, site_url + path)
    assert not any("search_index" in url for url in urls)  # held back until search opens
    assert size <= BUDGET, f"{path or 'home'} transferred {size} bytes"


def test_opening_search_fetches_the_index_and_search_works(page, site_url):
    _, urls = _transfer(page, site_url + "evilrobots/")
    assert not any("search_index" in url for url in urls)
    page.keyboard.press("/")  # Material's shortcut opens search
    box = page.locator("input.md-search__input")
    page.wait_for_function("document.activeElement && "
                           "document.activeElement.matches('input.md-search__input')")
    box.press_sequentially("BadBot", delay=10)
    first = page.locator(".md-search-result__item > a").first
    first.wait_for(timeout=15000)
    assert "evilrobots/bots/badbot/" in first.get_attribute("href")


# --- The calculator runtime (issue 21, item 12): at most 8 MB for a calculator's first visit.

CALCULATOR_BUDGET = 8 * 1024 * 1024
LINK = "calculators/dice-roll/?expr=4d6%2B1d10"  # a link with inputs: the engine starts at once
ANSWERED = "document.querySelector('.rp-calc').lastResponse?.expr === '4d6 + 1d10'"


def test_a_calculator_first_visit_transfers_at_most_8_mb(browser, site_url):
    context = browser.new_context()  # empty cache; the workers' requests are counted too
    finished = []
    context.on("requestfinished", lambda request: finished.append(request))
    page = context.new_page()
    page.goto(site_url + LINK)
    page.wait_for_function(ANSWERED, timeout=90000)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("rulepressEngine.state.snapshot") is True
    sizes = {r.url.split("?")[0].removeprefix(site_url): r.sizes()["responseBodySize"]
             for r in finished}
    context.close()
    # the WebAssembly and Pyodide's script come as gzip bytes, inflated by the worker; the
    # standard library is not fetched at all (the snapshot has imported what it needs)
    assert {"pyodide/pyodide.asm.wasm.gzbytes", "pyodide/pyodide.asm.mjs.gzbytes",
            "pyodide/engine-snapshot.bin"} <= set(sizes)
    assert not {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"} & set(sizes)
    assert sum(sizes.values()) <= CALCULATOR_BUDGET, sizes


@pytest.mark.parametrize("name", ["pyodide.asm.wasm", "engine-snapshot.bin",
                                  "python_stdlib.zip", "pyodide.asm.mjs"])
def test_the_runtime_files_are_sent_compressed(built_site, site_url, name):
    """The large files go out as Brotli (or gzip) copies made once (bundle/step.py); what
    the browser inflates is the file bundle.json's hash is of."""
    original = (built_site / "pyodide" / name).read_bytes()
    headers, body = _get(site_url + "pyodide/" + name, "gzip, deflate, br")
    expected = "br" if compress.brotli is not None else "gzip"
    assert headers["Content-Encoding"] == expected
    assert len(body) < len(original) / 3
    assert (compress.brotli.decompress(body) if expected == "br" else
            gzip.decompress(body)) == original
    headers, body = _get(site_url + "pyodide/" + name, "gzip")
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == original


@pytest.mark.parametrize("name", ["pyodide.asm.wasm", "pyodide.asm.mjs"])
def test_packed_files_are_sent_as_their_gzip_bytes(built_site, site_url, name):
    """The worker fetches these as gzip bytes and inflates them itself: the server must send
    the bytes as they are (no Content-Encoding, which would make fetch() inflate them)."""
    original = (built_site / "pyodide" / name).read_bytes()
    headers, body = _get(site_url + f"pyodide/{name}.gzbytes", "gzip, deflate, br")
    assert "Content-Encoding" not in headers
    assert gzip.decompress(body) == original and len(body) < len(original) / 2


def test_the_standard_library_is_cut_down_to_what_the_engine_uses(built_site, root):
    from rulepress.bundle.stdlib import named_modules

    pyodide = built_site / "pyodide"
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as archive:
        names = set(archive.namelist())
    with zipfile.ZipFile(root / "node_modules" / "pyodide" / "python_stdlib.zip") as archive:
        stock = set(archive.namelist())
    wheel = next(pyodide.glob("rulepress_engine-*.whl"))
    for module in named_modules(wheel):  # each standard module the engine imports is there
        path = module.replace(".", "/")
        files = {f"{path}.py", f"{path}/__init__.py"}
        assert files & names or not files & stock, module  # (or built into Python: math)
    assert "fractions.py" in names and "json/decoder.py" in names
    assert not names & {"tkinter/__init__.py", "unittest/__init__.py", "doctest.py",
                        "pydoc.py", "sqlite3/__init__.py"}
    assert (pyodide / "python_stdlib.zip").stat().st_size < 3_500_000  # stock: 9.6 MB inside


# did-you-mean (difflib), refusals and parse errors: the paths a happy question never takes
HOSTILE = ['{"game": "dice", "op": "distribution", "exprr": "2d6"}',
           '{"game": "dice", "op": "distribution", "expr": "2d6+"}',
           '{"game": "buttonmen", "op": "parse", "recipe": "(4) (8"}',
           '{"game": "dice", "op": "distribution", "expr": "' + "9" * 400 + 'd6"}',
           '{"game": "dice", "op": "distribution", "expr": "900d100"}',
           '{"game": "dice", "op": "distribution", "expr": ' + "[" * 600 + "]" * 600 + "}"]

ASK_TEXT = """async (texts) => {
  const results = [];
  for (const text of texts) results.push(await rulepressEngine.ask(JSON.parse(text)));
  return results;
}"""


def _documented_requests(root: Path) -> list:
    from test_query_docs import examples

    return [request for request, _ in examples(root)]


def _ask_everything(page, url: str, root: Path, engine_data) -> bool:
    page.goto(url + LINK)
    page.wait_for_function(ANSWERED, timeout=90000)
    requests = _documented_requests(root)
    assert len(requests) >= 50
    got = page.evaluate(ASK_TEXT, [json.dumps(r) for r in requests])
    assert got == [answer(r, engine_data) for r in requests]
    got = page.evaluate(ASK_TEXT, HOSTILE)
    assert got == [json.loads(answer_text(text, engine_data)) for text in HOSTILE]
    assert not any(r["ok"] for r in got)
    return page.evaluate("rulepressEngine.state.snapshot")


def test_the_cut_down_runtime_answers_every_documented_question(page, site_url, root,
                                                                 engine_data):
    """Every example of the query reference (every op) and some hostile questions, asked of
    the engine restored from the snapshot, with the cut-down standard library."""
    assert _ask_everything(page, site_url, root, engine_data) is True


def test_the_cut_down_runtime_also_starts_python_without_the_snapshot(page, built_site,
                                                                      tmp_path, root,
                                                                      engine_data):
    """Python's own start (when a snapshot cannot be used) needs more of the library."""
    from calculators.test_engine_start import site_changed

    site = site_changed(built_site, tmp_path, "pyodide/engine-snapshot.bin",
                        lambda data: b"\0" * len(data))
    with serve_folder(site) as url:
        assert _ask_everything(page, url, root, engine_data) is False


def test_a_rebuild_takes_the_copies_of_unchanged_files_from_the_last_build(small_site,
                                                                        tmp_path_factory):
    new = tmp_path_factory.mktemp("rebuilt")
    for name in ("app.js", "notes/index.html", "tiny.css"):
        (new / name).parent.mkdir(exist_ok=True)
        (new / name).write_bytes((small_site / name).read_bytes())
    (new / "notes" / "index.html").write_text("<p>the new turn order</p>\n" * 300)
    assert compress.compress_site(new, previous=small_site) == (2, 2 * len(compress.encoders()))
    for suffix in compress.encoders():
        unchanged, changed = new / f"app.js{suffix}", new / f"notes/index.html{suffix}"
        assert unchanged.stat().st_ino == (small_site / f"app.js{suffix}").stat().st_ino
        assert changed.stat().st_ino != (small_site / f"notes/index.html{suffix}").stat().st_ino
    assert gzip.decompress((new / "notes/index.html.gz").read_bytes()) == \
        (new / "notes/index.html").read_bytes()
    assert not (new / "tiny.css.gz").exists()
