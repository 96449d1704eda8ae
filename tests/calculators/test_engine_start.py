"""How the engine starts in Chromium: at once for a link with inputs, from the build's
snapshot, with every file checked against its hash, and still exact without a snapshot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from browser import Requests, serve_folder
from rulepress.engine.query import answer

LINK = "calculators/dice-roll/?expr=4d6%2B1d10"
REQUEST = {"game": "dice", "op": "distribution", "expr": "4d6+1d10", "rules": "brikwars",
           "bonus_dice": True, "depth": 8, "d10_as_2d6": False}
ANSWERED = "document.querySelector('.rp-calc').lastResponse?.expr === '4d6 + 1d10'"


def site_with(built_site: Path, folder: Path, damaged: str) -> Path:
    """A copy of the site (linked, not copied) whose file `damaged` holds other bytes
    (and has no .gz/.br copies, which a server would send instead)."""
    return site_changed(built_site, folder, damaged, lambda data: b"\0" * len(data))


def site_changed(built_site: Path, folder: Path, changed: str, change) -> Path:
    """A copy of the site (linked, not copied) whose file `changed` (a path in the site)
    holds change(its bytes); its compressed copies (.gz, .br) are left out, so a server
    sends the changed bytes."""
    source, target = built_site, folder
    for part in Path(changed).parts:
        for entry in source.iterdir():
            if entry.name not in (part, f"{part}.gz", f"{part}.br"):
                (target / entry.name).symlink_to(entry)
        source, target = source / part, target / part
        if source.is_dir():
            target.mkdir()
    target.write_bytes(change(source.read_bytes()))
    return folder


def listed(built_site: Path, key: str) -> str:
    """Where bundle.json's `key` file is in the site (its URL without the version)."""
    manifest = json.loads((built_site / "engine" / "bundle.json").read_text(encoding="utf-8"))
    return manifest[key]["url"].split("?")[0]


def test_a_link_with_inputs_starts_the_engine_from_the_snapshot(page, site_url, engine_data):
    page.goto(site_url + LINK)
    page.wait_for_function(ANSWERED, timeout=60000)
    started, parsed = page.evaluate("""() => [
        performance.getEntriesByName('rp-worker-start')[0].startTime,
        performance.getEntriesByType('navigation')[0].domInteractive]""")
    assert started < parsed  # the worker started from the <head>, before the body was parsed
    assert page.evaluate("rulepressEngine.state.snapshot") is True
    assert page.evaluate("document.querySelector('.rp-calc').lastResponse") == answer(
        REQUEST, engine_data)
    assert page.offsite == []


@pytest.mark.parametrize("damaged, from_snapshot", [
    ("snapshot", False),  # without a usable snapshot, Python starts itself
    ("pyodide/python_stdlib.zip", True)])  # with it, the library is not even fetched
def test_a_damaged_snapshot_or_standard_library_still_gives_the_answer(
        page, built_site, tmp_path, engine_data, damaged, from_snapshot):
    """The snapshot has imported every module the engine uses and expects an empty zip in
    the library's place (bundle/snapshot.mjs): the library is fetched only without it."""
    site = site_with(built_site, tmp_path,
                     listed(built_site, damaged) if damaged == "snapshot" else damaged)
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    with serve_folder(site) as url:
        page.goto(url + LINK)
        page.wait_for_function(ANSWERED, timeout=90000)
        assert page.evaluate("rulepressEngine.state.snapshot") is from_snapshot
        assert page.evaluate("document.querySelector('.rp-calc').lastResponse") == answer(
            REQUEST, engine_data)
    library = [address for address in asked if "python_stdlib" in address]
    assert bool(library) is not from_snapshot, asked


def test_a_wheel_that_does_not_match_its_hash_is_refused(page, built_site, tmp_path):
    wheel = listed(built_site, "wheel")
    site = site_with(built_site, tmp_path, wheel)
    with serve_folder(site) as url:
        page.goto(url + LINK)
        page.wait_for_function("rulepressEngine.state.status === 'failed'", timeout=60000)
        page.locator(".rp-calc__status").filter(has_text="does not match its SHA-256").wait_for()
        assert wheel in page.locator(".rp-calc__status").inner_text()
        assert page.evaluate("document.querySelector('.rp-calc').lastResponse?.expr") != \
            "4d6 + 1d10"


def test_cancel_stops_a_long_question_and_the_engine_starts_again(page, site_url, engine_data):
    page.goto(site_url + "calculators/dice-roll/?expr=12d10+Exp&depth=40")  # seconds of work
    page.locator(".rp-calc__cancel").click()
    page.locator(".rp-calc__status").filter(has_text="Stopped: cancelled").wait_for()
    page.locator("#rp-expr").fill("2d6")
    page.wait_for_function("document.querySelector('.rp-calc').lastResponse?.expr === '2d6'",
                           timeout=60000)
    assert page.evaluate("document.querySelector('.rp-calc').lastResponse") == answer(
        {**REQUEST, "expr": "2d6", "depth": 40}, engine_data)
    assert page.evaluate("rulepressEngine.state.snapshot") is True  # a new worker, started fast


@pytest.mark.parametrize("changed", [
    "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs.gzbytes", "pyodide/pyodide.asm.wasm.gzbytes",
    "assets/javascripts/engine/worker.mjs"])
def test_a_changed_runtime_file_is_refused_and_the_engine_never_ready(page, built_site,
                                                                       tmp_path, changed):
    """A line added to any file the engine runs (Pyodide's scripts, the gzip bytes of its
    script and its WebAssembly, the worker itself) is caught by its SHA-256 before it is
    used. (The standard library is not fetched with the snapshot: the next test.)"""
    site = site_changed(built_site, tmp_path, changed,
                        lambda body: body + b"\nconsole.log('TAMPERED LINE RAN');\n")
    states = []
    page.on("console", lambda message: states.append(message.text))
    requests = Requests(page.context)
    with serve_folder(site) as url:
        page.goto(url + LINK)
        page.wait_for_function("rulepressEngine.state.status === 'failed'", timeout=60000)
        status = page.locator(".rp-calc__status")
        status.filter(has_text="does not match its SHA-256").wait_for()
        assert changed in status.inner_text()
        # every file the worker asked for has come (and been refused): nothing is left
        # that could still make it ready
        requests.wait_until_all_ended(page)
        assert page.evaluate("rulepressEngine.state.status") == "failed"  # never "ready"
        assert "TAMPERED LINE RAN" not in " ".join(states)  # the added line never ran
        assert page.evaluate("document.querySelector('.rp-calc').lastResponse?.expr") != \
            "4d6 + 1d10"
