"""The site as an installable app, and "Keep every page" (issue 32): in Chromium the site's
manifest and icons make it installable, and after the button (its size shown first) a page
never opened on the device opens without a network, as does a calculator's engine."""

from __future__ import annotations

import pytest

import json
import re
import struct

from rulepress.website.offline_list import LIST

pytestmark = pytest.mark.offline_worker  # the offline copy is what these tests check


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_site_has_a_manifest_and_icons_for_its_root(built_site):
    manifest = json.loads((built_site / "app" / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "../"
    assert manifest["display"] == "standalone" and manifest["short_name"] == "rulepress"
    for icon in manifest["icons"]:
        if icon["type"] == "image/png":
            size = int(icon["sizes"].split("x")[0])
            assert png_size((built_site / "app" / icon["src"]).read_bytes()) == (size, size)
    sizes = {i["sizes"] for i in manifest["icons"] if i.get("purpose") == "maskable"}
    assert {"192x192", "512x512"} <= sizes
    home = (built_site / "index.html").read_text("utf-8")
    assert 'rel="manifest" href="app/manifest.webmanifest"' in home
    # the Evil Robots applet and table screen are apps of their own: their manifest only
    for app in ("applet", "table"):
        page = (built_site / "evilrobots" / app / "index.html").read_text("utf-8")
        assert page.count('rel="manifest"') == 1
        assert 'rel="manifest" href="manifest.webmanifest"' in page


def test_the_list_gives_every_page_with_its_sizes(built_site):
    listing = json.loads((built_site / LIST).read_text("utf-8"))
    addresses = {f[0] for f in listing["files"]}
    assert {"", "brikwars/dice/", "buttonmen/buttons/avis/", "search/search_index.json",
            "app/manifest.webmanifest"} <= addresses
    pages = sum(1 for p in built_site.rglob("index.html"))
    assert sum(1 for a in addresses if a == "" or a.endswith("/")) == pages
    assert not any(a.startswith(("pyodide/", "engine/")) or a.endswith((".br", ".gz"))
                   for a in addresses)
    for address, sent, kept in listing["files"]:
        assert 0 < sent <= kept or kept == 0
    assert listing["print"] and all(a.startswith("print/") for a, _, _ in listing["print"])
    assert listing["engine"]["sent"] > 1_000_000


def test_the_site_installs_as_an_app(browser, site_url):
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(site_url)
        page.wait_for_function("navigator.serviceWorker.controller !== null || "
                               "document.documentElement.dataset.offline === 'kept'",
                               timeout=60000)
        page.reload()  # now controlled by the offline worker
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert manifest["url"].endswith("/app/manifest.webmanifest")
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        # Playwright's contexts are private windows, which never install; nothing else stops it
        assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    finally:
        context.close()


def test_after_keep_every_page_a_page_never_opened_opens_offline(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(site_url + "offline-copy/")
        size = page.locator(".rp-keep__size")
        page.wait_for_function("/MB to download/.test(document.querySelector('.rp-keep__size')"
                               ".textContent)")
        text = size.inner_text()
        files, sent, kept = re.search(r"(\d+) files.*?([\d.]+) MB to download, ([\d.]+) MB kept",
                                      text).groups()
        assert int(files) > 1000 and 1 < float(sent) < float(kept)
        page.get_by_label("with the print-and-play PDFs").check()  # the PDFs add to the size
        page.wait_for_function(f"!document.querySelector('.rp-keep__size').textContent"
                               f".includes('{files} files')")
        page.get_by_label("with the print-and-play PDFs").uncheck()
        page.get_by_role("button", name="Keep every page").click()
        page.wait_for_function("document.documentElement.dataset.offlineEverything === 'kept'",
                               timeout=600000)
        assert page.locator(".rp-keep__status").inner_text().startswith("Done")
        context.set_offline(True)
        for address, heading in (("buttonmen/buttons/zeppo/", "Zeppo"),
                                 ("brikwars/heavy-weapons/", "Heavy weapons"),
                                 ("evilrobots/bots/", None)):
            page.goto(site_url + address)
            title = page.locator("h1").first.inner_text()
            assert title != "You are offline", address
            if heading:
                assert heading.lower() in title.lower(), (address, title)
        # a calculator never opened: its engine was kept, so a new question is answered
        page.goto(site_url + "calculators/dice-roll/?expr=2d6%2B1")
        page.wait_for_function("document.querySelector('.rp-calc').lastResponse?.expr === "
                               "'2d6 + 1'", timeout=120000)
    finally:
        context.close()
