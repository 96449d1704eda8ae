"""What a page weighs: compressed copies, served with their encoding; the search index
fetched only when search is opened; a page without a calculator under 500 KB."""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path

import pytest

from browser import serve_folder
from rulepress.commands.serve import _accepted
from rulepress.website import compress

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
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    return (sum(r.sizes()["responseBodySize"] for r in finished),
            [r.url for r in finished])


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
