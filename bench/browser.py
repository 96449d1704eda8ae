"""Browser benchmark: how fast the calculators answer, and what each page downloads.

Measured in Debian's Chromium (Playwright), on the built site served from 127.0.0.1,
with a fresh browser context (empty cache) for every cold run:

- first answer visible: navigation start -> the calculator's answer is in the page and the
  page has painted (the later of the two; goal < 0.3 s);
- engine ready: navigation start -> Pyodide and the engine are loaded in the worker;
- custom answer, cold: a link with new inputs -> the engine's answer is shown (goal < 1.5 s),
  with where that time goes (the worker's own marks: started, scripts loaded, snapshot
  fetched and its data segments restored, Python restored, files written, engine ready, answer shown);
- warm query latency: round trip of one request to the ready worker (goal < 50 ms);
- search ready: on a rules page loaded and idle, the search box clicked -> its index ready;
- bytes per page: what a rules page, an entity page and a calculator page download, over
  the wire and inflated (pages without a calculator: at most 500 KB and no Pyodide bytes;
  a calculator's first visit, engine started: at most 8 MB; engine wheel sent < 100 KB);
- army builder: a change (a line's count +1) -> its new cost painted (goal < 0.3 s), on the
  page with the default roster and the engine ready;
- peer: the same questions in Pyodide, our engine against icepool 2.2.2 (side by side,
  same Pyodide, results checked equal), as a ratio.

usage: .venv/bin/python bench/browser.py [--runs 3] [--no-build] [--site FOLDER] [--bytes-only]
       [--army-only]
(--site measures another built site, e.g. an older build to compare with; implies --no-build)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "generators"), str(ROOT / "tests")]

from browser import (ARMY_CHANGE_TIMING, CHROMIUM, CHROMIUM_FLAGS, open_search,  # noqa: E402
                     serve_folder)
from rulepress.build import build_all  # noqa: E402

CALC = "calculators/dice-roll/"
# The cold custom answer's timeline: (mark, what happened by then)
STAGES = (("rp-worker-start", "worker started by the page"),
          ("rp-worker-module", "worker code running (boot.mjs checked it)"),
          ("rp-worker-snapshot", "snapshot fetched, checked, segments XORed back"),
          ("rp-worker-python", "Pyodide compiled and Python restored"),
          ("rp-worker-files", "wheel and data written into Pyodide"),
          ("rp-worker-ready", "engine ready (data parsed)"),
          ("rp-engine-answer", "answer shown"))
CUSTOM = CALC + "?expr=4d6%2B1d10"
WARM_REQUESTS = [{"game": "dice", "op": "distribution", "expr": e}
                 for e in ("2d6", "3d6+2", "1d10+1d8", "4d6", "2d10 Exp")]
PEER_WHEEL = ROOT / ".cache" / "bench-wheels" / "icepool-2.2.2-py3-none-any.whl"


def mark(page, name: str, timeout: float = 60000) -> float:
    page.wait_for_function(f"performance.getEntriesByName('{name}').length > 0",
                           timeout=timeout)
    return page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")


def paint(page) -> float:
    """First contentful paint, ms from navigation start."""
    page.wait_for_function(
        "performance.getEntriesByName('first-contentful-paint').length > 0")
    return page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0].startTime")


def cold_run(browser, base: str) -> dict:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + CALC)
    # visible needs both: the answer in the page and the page painted
    first = max(mark(page, "rp-first-answer"), paint(page))
    page.evaluate("rulepressEngine.start()")  # as a first interaction would
    ready = mark(page, "rp-engine-ready")
    warm = []
    for request in WARM_REQUESTS * 2:
        warm.append(page.evaluate("""async (request) => {
            const t = performance.now(); await rulepressEngine.ask(request);
            return performance.now() - t; }""", request))
    context.close()
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + CUSTOM)
    custom = mark(page, "rp-engine-answer")
    stages = page.evaluate("""(names) => Object.fromEntries(names.map((n) =>
        [n, performance.getEntriesByName(n)[0]?.startTime ?? null]))""",
                           [name for name, _ in STAGES])
    snapshot = page.evaluate("rulepressEngine.state.snapshot")
    context.close()
    return {"first": first, "ready": ready, "custom": custom, "warm": statistics.median(warm),
            "stages": stages, "snapshot": snapshot, "search": search_ready(browser, base)}


def search_ready(browser, base: str) -> float:
    """A rules page, loaded and idle: its search box clicked -> the index ready (ms)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "brikwars/")
    page.wait_for_load_state("networkidle")
    started = time.perf_counter()
    open_search(page)
    ms = (time.perf_counter() - started) * 1000
    context.close()
    return ms


def page_bytes(browser, url: str, wait_engine: bool | str) -> tuple[int, int, int]:
    """(bytes over the wire, the same bodies uncompressed, Pyodide bytes over the wire)
    that loading `url` transfers, workers included; the browser asks for gzip and br."""
    context = browser.new_context()
    finished: list = []
    context.on("requestfinished", lambda request: finished.append(request))
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("networkidle")
    if wait_engine == "search":  # the reader opens search: the index arrives
        open_search(page, timeout=30000)
        page.wait_for_load_state("networkidle")
    elif wait_engine:
        page.evaluate("rulepressEngine.start()")
        mark(page, "rp-engine-ready")
        page.wait_for_load_state("networkidle")
    wire = [(r.url, r.sizes()["responseBodySize"]) for r in finished]
    plain = 0
    for request in finished:
        response = request.response()
        try:
            plain += len(response.body()) if response else 0
        except Exception:  # noqa: BLE001  a body the browser no longer holds (a worker's)
            plain += request.sizes()["responseBodySize"]
    context.close()
    return (sum(s for _, s in wire), plain, sum(s for u, s in wire if "/pyodide/" in u))


def peer(site: Path, repeats: int) -> dict:
    if not PEER_WHEEL.is_file():
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                        "--only-binary=:all:", "--python-version", "3.14", "-d",
                        str(PEER_WHEEL.parent), "icepool==2.2.2"], check=True)
    wheel = next((site / "pyodide").glob("rulepress_engine-*.whl"))
    run = subprocess.run(["node", str(ROOT / "bench" / "pyodide_peer.mjs"),
                          str(ROOT / "node_modules" / "pyodide"), str(wheel), str(PEER_WHEEL),
                          str(repeats)], capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def army_change(browser, base: str, times: int = 10) -> list[float]:
    """ms from a change on the army builder to its new cost painted, `times` changes."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "calculators/army/")
    page.locator("#rp-army-rows tr").nth(1).wait_for()
    page.wait_for_function("!document.getElementById('rp-army-total').textContent"
                           ".includes('checking')", timeout=120000)
    timings = page.evaluate(ARMY_CHANGE_TIMING, times)
    context.close()
    if not all(t["shown"] for t in timings):
        raise SystemExit("the army builder did not show the new cost")
    return [t["ms"] for t in timings]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--site", type=Path, help="a built site folder (default: site/)")
    parser.add_argument("--bytes-only", action="store_true",
                        help="only the bytes per page (no timings, no peer)")
    parser.add_argument("--army-only", action="store_true",
                        help="only the army builder's change-to-cost time")
    args = parser.parse_args()
    if not args.no_build and args.site is None:
        build_all(ROOT, progress=lambda line: None)
    site = args.site or ROOT / "site"
    from playwright.sync_api import sync_playwright

    with serve_folder(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        army = army_change(browser, base)
        if args.army_only:
            browser.close()
            _print_army(army)
            return 0
        runs = [] if args.bytes_only else [cold_run(browser, base) for _ in range(args.runs)]
        pages = {name: page_bytes(browser, base + path, engine) for name, path, engine in (
            ("home", "", False), ("rules page", "evilrobots/", False),
            ("entity page", "buttonmen/skills/shadow/", False),
            ("rules page, search opened", "evilrobots/", "search"),
            ("calculator (engine started)", CALC, True))}
        browser.close()

    if args.bytes_only:
        _print_bytes(pages)
        return 0

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    wheel_file = next((site / "pyodide").glob("rulepress_engine-*.whl"))
    sent_copy = wheel_file.with_name(wheel_file.name + ".br")  # what `rulepress serve` sends
    wheel = (sent_copy if sent_copy.is_file() else wheel_file).stat().st_size
    checks = [
        ("first answer visible", med("first"), "ms", med("first") < 300),
        ("engine ready (cold)", med("ready"), "ms", None),
        ("custom answer from a link (cold)", med("custom"), "ms", med("custom") < 1500),
        ("warm query latency (median)", med("warm"), "ms", med("warm") < 50),
        ("search ready after opening", med("search"), "ms", None),
        ("engine wheel, sent", wheel / 1024, "KB", wheel < 100 * 1024),
    ]
    print(f"Chromium, {args.runs} cold runs each, site served from 127.0.0.1\n")
    for name, value, unit, ok in checks:
        verdict = "" if ok is None else ("  goal met" if ok else "  GOAL MISSED")
        print(f"  {name:<36} {value:10.1f} {unit}{verdict}")
    print(f"\nWhere the cold custom answer's time goes (median ms from navigation start; "
          f"snapshot used: {sum(bool(r['snapshot']) for r in runs)}/{len(runs)} runs):")
    before = 0.0
    for name, label in STAGES:
        seen = [r["stages"][name] for r in runs if r["stages"][name] is not None]
        if not seen:  # e.g. no snapshot mark when Python started without one
            continue
        at = statistics.median(seen)
        print(f"  {label:<52} {at:7.0f}   (+{at - before:.0f})")
        before = at
    for snapshot in (site / "pyodide").glob("*snapshot*.bin"):
        sent = snapshot.with_name(snapshot.name + ".br")  # what `rulepress serve` sends
        sent = sent if sent.is_file() else snapshot
        print(f"  (the snapshot adds {sent.stat().st_size / 1e6:.1f} MB to a calculator's "
              "first visit)")
    _print_bytes(pages)
    _print_army(army)
    result = peer(site, 5)
    print(f"\nThe same questions in Pyodide (Node), rulepress engine vs icepool "
          f"{result['icepool']}, results checked equal; x = icepool time / ours:")
    print(f"  {'case':<24} {'first call':>28}   {'repeated (icepool caches)':>28}")
    firsts = []
    for row in result["rows"]:
        first = row["peer_first"] / max(row["ours_first"], 1e-6)
        repeat = row["peer_repeat"] / max(row["ours_repeat"], 1e-6)
        firsts.append(first)
        print(f"  {row['case']:<24} {row['ours_first']:7.2f} vs {row['peer_first']:7.2f} ms "
              f"x{first:5.1f}   {row['ours_repeat']:7.2f} vs {row['peer_repeat']:7.2f} ms "
              f"x{repeat:5.1f}  {'same' if row['same'] else 'DIFFERENT'}")
    print(f"  geometric mean, first call: x{statistics.geometric_mean(firsts):.1f}")
    return 0


def _print_army(army: list[float]) -> None:
    worst = max(army)
    print(f"\nArmy builder, a change -> its new cost painted ({len(army)} changes): median "
          f"{statistics.median(army):.1f} ms, worst {worst:.1f} ms"
          f"{'  goal met' if worst < 300 else '  GOAL MISSED (300 ms)'}")


def _print_bytes(pages: dict) -> None:
    print("\nBytes per page (over the wire / uncompressed / of which Pyodide, over the wire;\n"
          "  the .gzbytes files count as sent: the engine's worker inflates them itself):")
    for name, (wire, plain, pyodide) in pages.items():
        goal = "" if "search" in name else (
            ("  goal met" if wire <= 8 << 20 else "  GOAL MISSED (8 MB)") if "calculator" in name
            else ("  goal met" if wire <= 500 * 1024 else "  GOAL MISSED (500 KB)"))
        print(f"  {name:<36} {wire / 1024:8.0f} KB / {plain / 1024:8.0f} KB / "
              f"{pyodide / 1024:.0f} KB{goal}")
    no_pyodide = all(p == 0 for n, (_, _, p) in pages.items() if "calculator" not in n)
    print(f"  pages without a calculator load no Pyodide bytes: {'yes' if no_pyodide else 'NO'}")


if __name__ == "__main__":
    sys.exit(main())
