"""The whole site works offline once visited (issue 21, item 13): the service worker at the
site's root keeps pages, data, the search index and the calculator runtime; a new build's
worker replaces the old cache; compressed responses are kept inflated."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import time
from pathlib import Path

import pytest

from browser import serve_folder
from rulepress.engine.query import answer
from rulepress.website.offline import build_digest

pytestmark = pytest.mark.offline_worker  # the offline copy is what these tests check

LINK = "calculators/dice-roll/?expr=4d6%2B1d10"
OTHER = "calculators/dice-roll/?expr=3d6%2B2"  # never asked online
KEPT = "document.documentElement.dataset.offline === 'kept'"
ENGINE_KEPT = "document.documentElement.dataset.offlineEngine === 'kept'"


def answered(expr: str) -> str:
    return f"document.querySelector('.rp-calc').lastResponse?.expr === {json.dumps(expr)}"


def visit(page, url: str, ready: str = KEPT) -> None:
    page.goto(url)
    page.wait_for_function(ready, timeout=90000)


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


@pytest.fixture
def offline_context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


def test_after_one_visit_pages_search_and_a_calculator_work_offline(offline_context, site_url,
                                                                    engine_data):
    page = offline_context.new_page()
    visit(page, site_url + "evilrobots/")
    page.goto(site_url + LINK)  # a link with inputs: the engine starts at once
    page.wait_for_function(answered("4d6 + 1d10"), timeout=90000)
    page.wait_for_function(ENGINE_KEPT, timeout=90000)

    offline_context.set_offline(True)
    page.goto(site_url + "evilrobots/")
    assert "Evil Robots" in page.locator("h1").first.inner_text()
    page.keyboard.press("/")  # search, from the kept index
    page.wait_for_function("document.activeElement && "
                           "document.activeElement.matches('input.md-search__input')")
    page.locator("input.md-search__input").press_sequentially("BadBot", delay=10)
    first = page.locator(".md-search-result__item > a").first
    first.wait_for(timeout=15000)
    assert "evilrobots/bots/badbot/" in first.get_attribute("href")

    page.goto(site_url + OTHER)  # a new question: the kept engine works it out
    page.wait_for_function(answered("3d6 + 2"), timeout=90000)
    response = page.evaluate("document.querySelector('.rp-calc').lastResponse")
    assert response == answer({"game": "dice", "op": "distribution", "expr": "3d6+2",
                               "rules": "brikwars", "bonus_dice": True, "depth": 8,
                               "d10_as_2d6": False}, engine_data)

    response = page.goto(site_url + "brikwars/weapons/")  # never visited: the offline page
    assert "You are offline" in page.locator("h1").first.inner_text()
    # its words, never a 200: nothing may take the offline page for the page asked for
    assert response.status == 503 and not response.ok


def test_kept_responses_are_inflated_bytes_without_their_encoding(offline_context, site_url,
                                                                 built_site):
    """`rulepress serve` sends the runtime as Brotli; the cache holds what fetch() gave the
    worker (inflated), without the headers of the compressed form, so serving it from the
    cache neither inflates it again nor cuts it at the compressed length."""
    page = offline_context.new_page()
    page.goto(site_url + LINK)
    page.wait_for_function(ENGINE_KEPT, timeout=90000)
    bundle = json.loads((built_site / "engine" / "bundle.json").read_text(encoding="utf-8"))
    for entry in (bundle["runtime"]["pyodide.asm.wasm"]["packed"], bundle["snapshot"]):
        kept = page.evaluate("""async (url) => {
            const hit = await caches.match(new URL(url, location.origin + "/").href);
            return hit && {encoding: hit.headers.get("Content-Encoding"),
                           length: hit.headers.get("Content-Length"),
                           size: (await hit.arrayBuffer()).byteLength};
        }""", entry["url"])
        assert kept == {"encoding": None, "length": None,
                        "size": (built_site / entry["url"].split("?")[0]).stat().st_size}


def test_every_page_registers_the_worker_after_it_has_loaded(built_site):
    for page in ("index.html", "evilrobots/index.html", "calculators/dice-roll/index.html",
                 "buttonmen/skills/shadow/index.html"):
        html = (built_site / page).read_text(encoding="utf-8")
        # a module: deferred by nature, never in the way of the first paint
        tag = re.search(r'<script type="module" src="[^"]*assets/javascripts/offline/register\.js"',
                        html)
        assert tag, page


def test_the_build_names_the_cache_after_its_files(built_site):
    worker = (built_site / "offline-sw.js").read_text(encoding="utf-8")
    assert f'const BUILD = "{build_digest(built_site)}";' in worker
    assert not (built_site / "assets" / "javascripts" / "offline" / "service-worker.js").exists()
    assert (built_site / "offline" / "index.html").is_file()


def linked_copy(source: Path, target: Path, changed: dict[str, bytes]) -> Path:
    """`source` linked into `target`, but with the files `changed` names (and without
    their .gz/.br copies, so a server sends the changed bytes)."""
    target.mkdir(parents=True, exist_ok=True)
    tops = {Path(name).parts[0] for name in changed}
    for entry in source.iterdir():
        if entry.name in tops and entry.is_dir():
            inner = {str(Path(*Path(n).parts[1:])): b for n, b in changed.items()
                     if Path(n).parts[0] == entry.name}
            linked_copy(entry, target / entry.name, inner)
        elif not any(entry.name in (n, f"{n}.gz", f"{n}.br") for n in changed):
            (target / entry.name).symlink_to(entry)
    for name, body in changed.items():
        if len(Path(name).parts) == 1:
            (target / name).write_bytes(body)
    return target


def test_a_new_build_replaces_the_old_cache(offline_context, built_site, tmp_path):
    worker = (built_site / "offline-sw.js").read_text(encoding="utf-8")
    page_path = "evilrobots/index.html"
    old_page = (built_site / page_path).read_text(encoding="utf-8")
    assert "Evil Robots" in old_page

    def build(name: str, page: str) -> Path:
        stamped = re.sub(r'const BUILD = "[^"]*";', f'const BUILD = "{name}";', worker)
        return linked_copy(built_site, tmp_path / name, {"offline-sw.js": stamped.encode(),
                                                         page_path: page.encode()})

    first = build("first", old_page)
    second = build("second", old_page.replace("<h1", '<p id="second-build">new</p><h1', 1))
    later = time.time() + 120  # built later: its Last-Modified differs (no 304 from the server)
    for name in ("offline-sw.js", page_path):
        os.utime(second / name, (later, later))
    live = tmp_path / "live"
    live.symlink_to(first)
    with serve_folder(live) as url:
        page = offline_context.new_page()
        visit(page, url + "evilrobots/")
        assert "rulepress-site-first" in cache_names(page)
        live.unlink()
        live.symlink_to(second)  # the new build is published
        page.goto(url + "evilrobots/")  # a visit checks for a new worker
        page.wait_for_function("caches.keys().then((names) => "
                               "names.includes('rulepress-site-second') && "
                               "!names.includes('rulepress-site-first'))", timeout=30000)
        page.reload()
        page.wait_for_function(KEPT, timeout=30000)
        offline_context.set_offline(True)
        page.goto(url + "evilrobots/")  # from the new cache
        assert page.locator("#second-build").count() == 1


# --- a changed, cut or stale file is never kept (issue 30) --------------------------------

KEPT_DIGEST = """async (url) => {
    const hit = await caches.match(new URL(url, location.origin + "/").href);
    if (!hit) return null;
    const digest = await crypto.subtle.digest("SHA-256", await hit.arrayBuffer());
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}"""
ENGINE_FAILED = "window.rulepressEngine && window.rulepressEngine.state.status === 'failed'"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def served_as_of_last_year(path: Path) -> None:
    """A Last-Modified long past: the browser's HTTP cache takes the file as fresh for
    weeks (heuristic freshness), as it would a file a proxy kept."""
    old = time.time() - 365 * 86400
    os.utime(path, (old, old))


def test_the_worker_knows_every_versioned_files_hash(built_site):
    worker = (built_site / "offline-sw.js").read_text(encoding="utf-8")
    hashes = json.loads(re.search(r"^const HASHES = (\{.*?\});$", worker, re.S | re.M).group(1))
    bundle = json.loads((built_site / "engine" / "bundle.json").read_text(encoding="utf-8"))
    for entry in (bundle["snapshot"], bundle["wheel"], bundle["data"], bundle["worker"],
                  bundle["runtime"]["pyodide.asm.wasm"]["packed"]):
        assert hashes[entry["url"]] == entry["integrity"]
    material = [name for name in hashes if "?v=" not in name]
    assert any(re.fullmatch(r"assets/javascripts/bundle\.[0-9a-f]{8}\.min\.js", n)
               for n in material)
    for name in material:
        assert hashes[name] == "sha256-" + base64.b64encode(
            hashlib.sha256((built_site / name).read_bytes()).digest()).decode()


def test_a_changed_runtime_file_is_never_kept_and_the_site_mends(offline_context, built_site,
                                                                 tmp_path):
    """One byte of the WebAssembly's gzip bytes flipped on the server: the engine refuses
    it and the worker keeps none of it; once the server has the right file again, one
    reload starts the engine (the browser's HTTP cache, which still holds the changed
    bytes as fresh, is passed by)."""
    bundle = json.loads((built_site / "engine" / "bundle.json").read_text(encoding="utf-8"))
    entry = bundle["runtime"]["pyodide.asm.wasm"]["packed"]
    name = entry["url"].split("?")[0]
    good = (built_site / name).read_bytes()
    bad = bytearray(good)
    bad[len(bad) // 2] ^= 0x01
    live = linked_copy(built_site, tmp_path / "live", {name: bytes(bad)})
    served_as_of_last_year(live / name)
    with serve_folder(live) as url:
        page = offline_context.new_page()
        visit(page, url + "evilrobots/")  # the worker takes over
        page.goto(url + LINK)
        page.wait_for_function(ENGINE_FAILED, timeout=90000)
        assert "does not match its SHA-256" in page.evaluate("window.rulepressEngine.state.error")
        assert page.evaluate(KEPT_DIGEST, entry["url"]) is None
        page.reload()  # the server still sends the changed file: still refused, still not kept
        page.wait_for_function(ENGINE_FAILED, timeout=90000)
        assert page.evaluate(KEPT_DIGEST, entry["url"]) is None

        (live / name).write_bytes(good)  # the server is put right
        page.reload()
        page.wait_for_function(answered("4d6 + 1d10"), timeout=90000)
        page.wait_for_function(ENGINE_KEPT, timeout=90000)
        assert page.evaluate(KEPT_DIGEST, entry["url"]) == sha256(good)


def test_a_kept_file_the_engine_refuses_is_dropped(offline_context, built_site, tmp_path):
    """Whatever put it there (a disk error, an older worker), a kept file whose bytes the
    engine refuses is dropped from the offline copy when the page says so; the next
    visit fetches it again and works."""
    bundle = json.loads((built_site / "engine" / "bundle.json").read_text(encoding="utf-8"))
    entry = bundle["wheel"]
    live = linked_copy(built_site, tmp_path / "live", {})
    with serve_folder(live) as url:
        page = offline_context.new_page()
        visit(page, url + "evilrobots/")
        page.evaluate("""async (url) => {
            const name = (await caches.keys()).find((n) => n.startsWith("rulepress-site-"));
            const cache = await caches.open(name);
            await cache.put(new URL(url, location.origin + "/").href,
                            new Response(new Uint8Array([1, 2, 3])));
        }""", entry["url"])
        page.goto(url + LINK)
        page.wait_for_function(ENGINE_FAILED, timeout=90000)
        page.wait_for_function("document.documentElement.dataset.offlineDropped === '1'",
                               timeout=30000)
        assert page.evaluate(KEPT_DIGEST, entry["url"]) is None
        page.reload()
        page.wait_for_function(answered("4d6 + 1d10"), timeout=90000)
        page.wait_for_function(ENGINE_KEPT, timeout=90000)
        wheel = (built_site / entry["url"].split("?")[0]).read_bytes()
        assert page.evaluate(KEPT_DIGEST, entry["url"]) == sha256(wheel)


def test_a_changed_material_bundle_is_never_kept_and_the_site_mends(offline_context,
                                                                   built_site, tmp_path):
    """A changed copy of Material's script served once (no integrity value on its <script>)
    runs on that visit, as it would without the worker, but is never kept: once the server
    is put right, one reload runs the build's own script, and offline too."""
    script = next((built_site / "assets" / "javascripts").glob("bundle.*.min.js"))
    name = script.relative_to(built_site).as_posix()
    good = script.read_bytes()
    bad = good + b'\n;document.documentElement.dataset.tampered = "yes";\n'
    # (served as new: a script the server calls fresh for weeks would be taken again from
    # the page's own memory cache, with or without a worker; the runtime test above covers
    # a stale copy in the HTTP cache)
    live = linked_copy(built_site, tmp_path / "live", {name: bad})
    tampered = "document.documentElement.dataset.tampered"
    with serve_folder(live) as url:
        page = offline_context.new_page()
        visit(page, url + "evilrobots/")
        assert page.evaluate(tampered) == "yes"
        assert page.evaluate(KEPT_DIGEST, name) is None
        page.reload()  # now through the worker: served as it came, still not kept
        page.wait_for_function(KEPT, timeout=30000)
        assert page.evaluate(tampered) == "yes"
        assert page.evaluate(KEPT_DIGEST, name) is None

        (live / name).write_bytes(good)  # the server is put right
        page.reload()
        page.wait_for_function(KEPT, timeout=30000)
        assert page.evaluate(tampered) is None
        page.wait_for_function(f"({KEPT_DIGEST})({json.dumps(name)}).then((d) => d === "
                               f"{json.dumps(sha256(good))})", timeout=30000)
        offline_context.set_offline(True)
        page.goto(url + "evilrobots/")
        page.wait_for_function("document.querySelector('.md-header') !== null")
        assert page.evaluate(tampered) is None
