"""Evil Robots benchmark: exact round odds against brute force, and the phone applet.

1. round_odds, side by side with the naive exact method (the peer): walk every ordered
   deal of the unknown power cards and every coin outcome. Results are checked equal;
   the ratio is peer time / our time.
2. The applet in Debian's Chromium at phone size (fresh context, empty cache, built site
   on 127.0.0.1): navigation start -> dealt cards visible, bytes downloaded, and whether
   any Pyodide file was fetched (it must not be).

usage: .venv/bin/python bench/evilrobots.py [--repeat 3] [--no-browser]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "generators"), str(ROOT / "tests")]

from evilrobots_oracle import brute_force, deck  # noqa: E402
from rulepress.data.load import load_catalog  # noqa: E402
from rulepress.engine.evilrobots.odds import _ways  # noqa: E402
from rulepress.engine.query import answer  # noqa: E402

CASES = {
    "3 players, nothing known": [{}, {}, {}],
    "4 players, one known": [{"power": 7, "team": "Good"}, {}, {}, {}],
    "5 players, two known": [{"power": 7, "team": "Good"}, {"power": 3, "team": "Evil"},
                             {"team": "Evil"}, {}, {}],
}


def fresh_answer(request: dict, data: dict) -> dict:
    _ways.cache_clear()  # time the whole computation, not a cache hit
    return answer(request, data)


def timed(fn, repeat: int):
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def bench_odds(repeat: int) -> None:
    data = load_catalog(ROOT).engine_data()
    print(f"{'round_odds case':<28}{'rulepress':>12}{'brute force':>13}{'ratio':>9}")
    for name, players in CASES.items():
        request = {"game": "evilrobots", "op": "round_odds", "players": players}
        ours, got = timed(lambda: fresh_answer(request, data), repeat)
        theirs, want = timed(lambda: brute_force(players, deck()), 1)
        same = {k: Fraction(v) for k, v in got["odds"].items() if Fraction(v)} == {
            k: v for k, v in want.items() if v}
        print(f"{name:<28}{ours * 1000:>10.1f}ms{theirs * 1000:>11.0f}ms"
              f"{theirs / ours:>8.0f}x  {'equal' if same else 'DIFFERENT'}")
    nine = {"game": "evilrobots", "op": "round_odds", "players": [{}] * 9}
    ours, _ = timed(lambda: fresh_answer(nine, data), repeat)
    print(f"{'9 players, nothing known':<28}{ours * 1000:>10.1f}ms"
          "   (peer not run: 18P9 deals x 3^9 coins)")


def bench_applet(repeat: int) -> None:
    from rulepress.build import build_all

    from conftest import copy_project  # builds a copy, never touching site/

    with tempfile.TemporaryDirectory() as folder:
        site = build_all(copy_project(Path(folder)), progress=lambda line: None)
        _measure(site, repeat)


def _measure(site: Path, repeat: int) -> None:
    from browser import CHROMIUM, CHROMIUM_FLAGS, serve_folder
    from playwright.sync_api import sync_playwright

    with serve_folder(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        runs, sizes, pyodide = [], [], []
        for _ in range(repeat):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            fetched: list[int] = []  # the site-wide search index loads later, off the path
            page.on("requestfinished", lambda r: None if "search_index" in r.url else
                    fetched.append((r.sizes() or {}).get("responseBodySize", 0)))
            page.on("request", lambda r: pyodide.append(r.url) if "pyodide" in r.url else None)
            start = time.perf_counter()
            page.goto(url + "evilrobots/applet/")
            page.wait_for_selector("#er-applet[data-ready=true]")
            page.fill("#er-code", "PLUM-42")
            page.click("#er-deal")
            page.wait_for_selector("#er-robot-name:not(:empty)")
            runs.append(time.perf_counter() - start)
            sizes.append(sum(fetched))
            context.close()
        browser.close()
    print(f"applet, cold, navigation -> cards dealt: median {statistics.median(runs) * 1000:.0f} ms"
          f" over {repeat} runs; {statistics.median(sizes) / 1024:.0f} KB downloaded; "
          f"Pyodide requests: {len(pyodide)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    bench_odds(args.repeat)
    if not args.no_browser:
        bench_applet(args.repeat)


if __name__ == "__main__":
    main()
